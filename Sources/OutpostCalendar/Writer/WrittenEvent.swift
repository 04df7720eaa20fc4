import Foundation
import OutpostModel

/// An item's event under a calendar's settings (`EventContent`: its texts, labels and
/// redaction), built once and used for everything a regeneration needs of it: its digest, the
/// instants at which the clock changes it and its VEVENT. A regeneration built each event's
/// content five times (digest, the account's file, all.ics, the vdir file, the clock's
/// boundaries), a quarter of the daemon's own time in a 10,000-event first sync (issue 20).
public struct EventDraft: Sendable {
  public let item: Item
  let content: EventContent
}

/// One VEVENT, written once and copied into every file that holds it: its account's calendar,
/// all.ics and its vdir file. The bytes do not depend on the calendar's name, the one setting in
/// which those files differ.
public struct WrittenEvent: Sendable {
  public let uid: String
  public let sequence: Int
  public let lastModified: Date
  /// The item's start: a calendar's events are in this order, then by UID.
  let start: Date
  let timing: EventContent.Timing
  /// `BEGIN:VEVENT` to `END:VEVENT`, folded, with CRLF.
  let bytes: [UInt8]

  /// Of two events with one UID, the one a calendar keeps: the higher SEQUENCE, then the later
  /// change; on a tie the one seen first.
  public func supersedes(_ other: WrittenEvent) -> Bool {
    (sequence, lastModified) > (other.sequence, other.lastModified)
  }
}

extension CalendarWriter {
  /// The drafts of `items`, nil for an item without a start (no event). The labels are looked
  /// up once; many items are built on all cores (`ParallelChunks`).
  public static func drafts(of items: some RandomAccessCollection<Item>, settings: CalendarSettings) -> [EventDraft?] {
    drafts(of: items, settings: settings, parallelism: .machine)
  }

  static func drafts(
    of items: some RandomAccessCollection<Item>, settings: CalendarSettings, parallelism: Parallelism
  ) -> [EventDraft?] {
    let labels = CalendarLabels.forLanguage(settings.language)
    return ParallelChunks.array(items.count, parallelism) { offset in
      let item = items[items.index(items.startIndex, offsetBy: offset)]
      // Not `Optional.map`: that copied the content (a retain per string) into the draft.
      guard let content = EventContent(item, settings: settings, labels: labels) else { return nil }
      return EventDraft(item: item, content: content)
    }
  }

  /// `contentDigest(_:settings:)` of the draft's item.
  public static func contentDigest(_ draft: EventDraft, settings: CalendarSettings) -> String {
    HexDigest.sha256(digestedBytes(uid: CalendarEntry.uid(for: draft.item), content: draft.content, settings: settings))
  }

  /// `contentDigest(_:settings:)` of each draft (nil where there is none), on all cores, with one
  /// writer and one table of the zone's offsets for all of them: the table answers as the zone
  /// does, so each digest is the one its draft alone gives (a writer and a table made per event
  /// were a fifth of a regeneration's digests, issue 20).
  public static func contentDigests(_ drafts: [EventDraft?], settings: CalendarSettings) -> [String?] {
    contentDigests(drafts, settings: settings, parallelism: .machine)
  }

  static func contentDigests(
    _ drafts: [EventDraft?], settings: CalendarSettings, parallelism: Parallelism
  ) -> [String?] {
    let offsets = offsetTable(
      years(of: drafts.lazy.compactMap { $0?.content.timing }, settings: settings), zone: settings.timeZone)
    let eventWriter = EventWriter(settings: settings, offsets: offsets)
    return ParallelChunks.array(drafts.count, parallelism) { index in
      // Read in place: a copy of the draft retains every string of its item.
      guard drafts[index] != nil else { return nil }
      var writer = ContentLineWriter(reservingCapacity: 1024)
      eventWriter.write(
        uid: CalendarEntry.uid(for: drafts[index]!.item), content: drafts[index]!.content, stamp: nil, asOf: nil,
        into: &writer)
      return HexDigest.sha256(writer.bytes)
    }
  }

  /// `clockBoundaries(_:settings:)` of the draft's item.
  public static func clockBoundaries(_ draft: EventDraft, settings: CalendarSettings) -> [Date] {
    clockBoundaries(draft.item, content: draft.content, settings: settings)
  }

  /// Each entry's VEVENT (`drafts[i]` is `entries[i]`'s; an entry without a draft has no event),
  /// with one table of the zone's offsets for all of them. `asOf` as in `render`.
  public static func writeEvents(
    _ entries: [CalendarEntry], drafts: [EventDraft?], settings: CalendarSettings, asOf: Date?,
    parallelism: Parallelism = .machine
  ) -> [WrittenEvent] {
    precondition(entries.count == drafts.count, "one draft (or nil) per entry")
    let offsets = offsetTable(
      years(of: drafts.lazy.compactMap { $0?.content.timing }, settings: settings),
      zone: settings.timeZone)
    let eventWriter = EventWriter(settings: settings, offsets: offsets)
    let written = entries.indices.filter { drafts[$0] != nil }
    // On all cores, as `render` writes (issue 20). Entries and drafts are read in place: a copy
    // of either retains every string of its item.
    return ParallelChunks.array(written.count, parallelism) { position in
      let index = written[position]
      let (uid, sequence, lastModified) = (entries[index].uid, entries[index].sequence, entries[index].lastModified)
      var writer = ContentLineWriter(reservingCapacity: 1024)
      eventWriter.write(
        uid: uid, content: drafts[index]!.content, stamp: .init(sequence: sequence, lastModified: lastModified),
        asOf: asOf, into: &writer)
      return WrittenEvent(
        uid: uid, sequence: sequence, lastModified: lastModified, start: entries[index].item.startsAt ?? .distantPast,
        timing: drafts[index]!.content.timing, bytes: writer.bytes)
    }
  }

  /// The whole VCALENDAR of `events`, as `render` writes it: header, the VTIMEZONE of their
  /// years, then one VEVENT per UID (`WrittenEvent.supersedes`), by start and then UID.
  public static func assemble(_ events: [WrittenEvent], settings: CalendarSettings) -> [UInt8] {
    let picked = pickedPerUID(events)
    let starts = picked.map { events[$0].start }
    let order = picked.indices.sorted { left, right in
      starts[left] != starts[right]
        ? starts[left] < starts[right] : events[picked[left]].uid < events[picked[right]].uid
    }
    var writer = ContentLineWriter(reservingCapacity: 4096 + picked.reduce(0) { $0 + events[$1].bytes.count })
    writer.begin("VCALENDAR")
    writeHeader(settings, feed: true, into: &writer)
    _ = writeTimeZone(picked.lazy.map { events[$0].timing }, settings: settings, into: &writer)
    for position in order { writer.append(events[picked[position]].bytes) }
    writer.end("VCALENDAR")
    return writer.bytes
  }

  /// One event in its own VCALENDAR, as `renderSingle` writes it: a vdir file.
  public static func assembleSingle(_ event: WrittenEvent, settings: CalendarSettings) -> [UInt8] {
    var writer = ContentLineWriter(reservingCapacity: 1024 + event.bytes.count)
    writer.begin("VCALENDAR")
    writeHeader(settings, feed: false, into: &writer)
    _ = writeTimeZone(CollectionOfOne(event.timing), settings: settings, into: &writer)
    writer.append(event.bytes)
    writer.end("VCALENDAR")
    return writer.bytes
  }

  /// The indices of the events a calendar keeps, one per UID, in the order first seen.
  static func pickedPerUID(_ events: [WrittenEvent]) -> [Int] {
    var positions = UIDPositions(capacity: events.count)
    var picked: [Int] = []
    picked.reserveCapacity(events.count)
    for (index, event) in events.enumerated() {
      guard let position = positions.firstPosition(of: event.uid, else: picked.count, uidAt: { events[picked[$0]].uid })
      else {
        picked.append(index)
        continue
      }
      if event.supersedes(events[picked[position]]) { picked[position] = index }
    }
    return picked
  }
}
