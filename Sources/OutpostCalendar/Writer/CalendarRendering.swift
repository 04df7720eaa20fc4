import Foundation
import OutpostModel

extension CalendarWriter {
  /// The whole VCALENDAR: header, the VTIMEZONE of the settings' zone, then one VEVENT per entry,
  /// sorted by start and then UID. Nothing depends on the clock: DTSTAMP is each entry's
  /// `lastModified`, and `asOf` (when given) only decides which events are past and so get no
  /// alarms. Entries without a start are skipped; of entries sharing a UID, the one with the
  /// highest SEQUENCE (then the latest change) is written.
  ///
  /// Written straight into one buffer (going through `writeEvents` and `assemble`, an array per
  /// event, cost a third more for a calendar rendered once: an export, the bench), each event's
  /// content built and written in one go on all cores (issue 20). Keeping every event's draft
  /// first, as the daemon does to reuse them, cost a copy of each item and a second pass.
  public static func render(_ entries: [CalendarEntry], settings: CalendarSettings, asOf: Date? = nil) -> [UInt8] {
    render(entries, settings: settings, asOf: asOf, parallelism: .machine)
  }

  static func render(
    _ entries: [CalendarEntry], settings: CalendarSettings, asOf: Date?, parallelism: Parallelism
  ) -> [UInt8] {
    let labels = CalendarLabels.forLanguage(settings.language)
    return entries.withUnsafeBufferPointer { entries in
      let order = writingOrder(entries, hasEvent: { entries[$0].item.startsAt != nil })
      let timing = { EventContent.timing(of: entries.baseAddress! + $0, settings: settings) }
      return render(entries, order: order, timing: timing, settings: settings, asOf: asOf, parallelism) {
        index, eventWriter, writer in
        // Every ordered entry has a start, so a content.
        let entry = entries.baseAddress! + index
        guard let content = EventContent(at: itemPointer(entry), settings: settings, labels: labels) else { return }
        eventWriter.write(uid: entry.pointee.uid, content: content, stamp: stamp(entry), asOf: asOf, into: &writer)
      }
    }
  }

  /// The same with the entries' drafts already built (`drafts[i]` is `entries[i]`'s).
  public static func render(
    _ entries: [CalendarEntry], drafts: [EventDraft?], settings: CalendarSettings, asOf: Date? = nil
  ) -> [UInt8] {
    render(entries, drafts: drafts, settings: settings, asOf: asOf, parallelism: .machine)
  }

  static func render(
    _ entries: [CalendarEntry], drafts: [EventDraft?], settings: CalendarSettings, asOf: Date?,
    parallelism: Parallelism
  ) -> [UInt8] {
    precondition(entries.count == drafts.count, "one draft (or nil) per entry")
    // Entries and drafts are read in place, through buffer pointers: an array's subscript copied
    // each one out, a retain and a release for every string of its item (from every core).
    return entries.withUnsafeBufferPointer { entries in
      drafts.withUnsafeBufferPointer { drafts in
        let order = writingOrder(entries, hasEvent: { drafts[$0] != nil })
        // Timings only: copying whole contents (strings) cost more than reading their years.
        let timing = { drafts[$0]?.content.timing }
        return render(entries, order: order, timing: timing, settings: settings, asOf: asOf, parallelism) {
          index, eventWriter, writer in
          eventWriter.write(
            uid: entries[index].uid, content: drafts[index]!.content, stamp: stamp(entries.baseAddress! + index),
            asOf: asOf,
            into: &writer)
        }
      }
    }
  }

  /// The indices of the entries a calendar writes, in the order it writes them: of those with an
  /// event, one per UID (`WrittenEvent.supersedes`), by start and then UID.
  static func writingOrder(_ entries: UnsafeBufferPointer<CalendarEntry>, hasEvent: (Int) -> Bool) -> [Int] {
    var positions = UIDPositions(capacity: entries.count)
    var picked: [Int] = []
    picked.reserveCapacity(entries.count)
    for index in entries.indices where hasEvent(index) {
      guard
        let position = positions.firstPosition(
          of: entries[index].uid, else: picked.count, uidAt: { entries[picked[$0]].uid })
      else {
        picked.append(index)
        continue
      }
      let (this, other) = (stamp(entries.baseAddress! + index), stamp(entries.baseAddress! + picked[position]))
      if (this.sequence, this.lastModified) > (other.sequence, other.lastModified) { picked[position] = index }
    }
    let starts = picked.map { entries[$0].item.startsAt ?? .distantPast }
    return picked.indices.sorted { left, right in
      starts[left] != starts[right]
        ? starts[left] < starts[right] : entries[picked[left]].uid < entries[picked[right]].uid
    }.map { picked[$0] }
  }

  /// The entry's item where it is, for `EventContent(at:…)`.
  private static func itemPointer(_ entry: UnsafePointer<CalendarEntry>) -> UnsafePointer<Item> {
    (UnsafeRawPointer(entry) + MemoryLayout<CalendarEntry>.offset(of: \.item)!).assumingMemoryBound(to: Item.self)
  }

  private static func stamp(_ entry: UnsafePointer<CalendarEntry>) -> EventWriter.Stamp {
    .init(sequence: entry.pointee.sequence, lastModified: entry.pointee.lastModified)
  }

  /// Header and VTIMEZONE (for the years of the timed events among `order`'s, `timing(index)`
  /// telling an entry's), then `writeEvent(index, …)` for each entry of `order`, then the end. The
  /// years are found and the events written in as many parts as there are cores; the first part
  /// of the events straight into the calendar, the others into their own buffers, appended in
  /// order once all are written.
  private static func render(
    _ entries: UnsafeBufferPointer<CalendarEntry>, order: [Int], timing: (Int) -> EventContent.Timing?,
    settings: CalendarSettings, asOf: Date?, _ parallelism: Parallelism,
    writeEvent: (Int, EventWriter, inout ContentLineWriter) -> Void
  ) -> [UInt8] {
    var writer = ContentLineWriter(reservingCapacity: 1024 + order.count * 900)
    writer.begin("VCALENDAR")
    writeHeader(settings, feed: true, into: &writer)
    var years: ClosedRange<Int>?
    if !settings.writesUTC {
      let spans = ParallelChunks.map(order.count, parallelism) { _, range in
        yearSpan(of: order[range].lazy.compactMap(timing), zone: settings.timeZone)
      }
      years = spans.compactMap { $0 }.reduce(nil) { span, part in span?.union(part) ?? part }.map(clamped)
    }
    let offsets = writeTimeZone(years: years, settings: settings, into: &writer)
    let eventWriter = EventWriter(settings: settings, offsets: offsets)
    let parts = ParallelChunks.map(order.count, parallelism) { chunk, range -> [UInt8] in
      guard chunk > 0 else {
        for index in order[range] { writeEvent(index, eventWriter, &writer) }
        return []
      }
      var part = ContentLineWriter(reservingCapacity: range.count * 900)
      for index in order[range] { writeEvent(index, eventWriter, &part) }
      return part.bytes
    }
    for part in parts.dropFirst() { writer.append(part) }
    writer.end("VCALENDAR")
    return writer.bytes
  }
}
