import Foundation
import OutpostModel

/// Turns stored items into iCalendar (RFC 5545, with RFC 7986's calendar properties): pure
/// functions, deterministic to the byte so that an unchanged calendar keeps its ETag.
public enum CalendarWriter {
  /// The whole VCALENDAR: header, the VTIMEZONE of the settings' zone, then one VEVENT per entry,
  /// sorted by start and then UID. Nothing depends on the clock: DTSTAMP is each entry's
  /// `lastModified`, and `asOf` (when given) only decides which events are past and so get no
  /// alarms. Entries without a start are skipped; of entries sharing a UID, the one with the
  /// highest SEQUENCE (then the latest change) is written.
  /// Written straight into one buffer: going through `writeEvents` and `assemble` (one array
  /// per event, then copied) cost a third more for a calendar rendered once (the feed, an export).
  public static func render(_ entries: [CalendarEntry], settings: CalendarSettings, asOf: Date? = nil) -> [UInt8] {
    render(
      entries, drafts: drafts(of: entries.lazy.map { $0.item }, settings: settings), settings: settings, asOf: asOf)
  }

  /// The same with the entries' drafts already built (`drafts[i]` is `entries[i]`'s).
  public static func render(
    _ entries: [CalendarEntry], drafts: [EventDraft?], settings: CalendarSettings, asOf: Date? = nil
  ) -> [UInt8] {
    precondition(entries.count == drafts.count, "one draft (or nil) per entry")
    // One entry per UID (`WrittenEvent.supersedes`), then by start and UID.
    var positions = UIDPositions(capacity: entries.count)
    var picked: [Int] = []
    picked.reserveCapacity(entries.count)
    // Entries and drafts are read in place: a copy of either retains every string of its item.
    for index in entries.indices where drafts[index] != nil {
      let uid = entries[index].uid
      guard let position = positions.position(of: uid, uidAt: { entries[picked[$0]].uid }) else {
        positions.insert(uid, at: picked.count)
        picked.append(index)
        continue
      }
      let other = picked[position]
      if (entries[index].sequence, entries[index].lastModified) > (entries[other].sequence, entries[other].lastModified)
      {
        picked[position] = index
      }
    }
    let starts = picked.map { entries[$0].item.startsAt ?? .distantPast }
    let order = picked.indices.sorted { left, right in
      starts[left] != starts[right]
        ? starts[left] < starts[right] : entries[picked[left]].uid < entries[picked[right]].uid
    }
    var writer = ContentLineWriter(reservingCapacity: 1024 + picked.count * 900)
    writer.begin("VCALENDAR")
    writeHeader(settings, feed: true, into: &writer)
    // Timings only: copying whole contents (strings) cost more than reading their years.
    let offsets = writeTimeZone(picked.lazy.map { drafts[$0]!.content.timing }, settings: settings, into: &writer)
    let eventWriter = EventWriter(settings: settings, offsets: offsets)
    for position in order {
      let index = picked[position]
      eventWriter.write(
        uid: entries[index].uid, content: drafts[index]!.content,
        stamp: .init(sequence: entries[index].sequence, lastModified: entries[index].lastModified), asOf: asOf,
        into: &writer)
    }
    writer.end("VCALENDAR")
    return writer.bytes
  }

  /// One VEVENT in its own VCALENDAR (with its VTIMEZONE): a vdir file or a CalDAV resource.
  /// Without METHOD, which a CalDAV resource must not have (RFC 4791 §4.1), and without the
  /// feed's name, colour and refresh interval, which belong to a whole calendar. Empty for an
  /// entry without a start.
  public static func renderSingle(_ entry: CalendarEntry, settings: CalendarSettings, asOf: Date? = nil) -> [UInt8] {
    let draft = drafts(of: CollectionOfOne(entry.item), settings: settings)
    guard let event = writeEvents([entry], drafts: draft, settings: settings, asOf: asOf).first else { return [] }
    return assembleSingle(event, settings: settings)
  }

  /// Which items become events: those of the kinds the connectors declare as appointments
  /// (`kinds`) that have a start. Cancelled ones stay (STATUS:CANCELLED, so that subscribers see
  /// the game called off rather than vanish) until they are over at `asOf`; without `asOf` they
  /// always stay. Exchange-board entries are someone else's games and compensations are money,
  /// not appointments.
  public static func isCalendarItem(
    _ item: Item, asOf: Date? = nil, kinds: Set<ItemKind> = CalendarSettings.defaultEventKinds
  ) -> Bool {
    guard kinds.contains(item.kind), let start = item.startsAt else { return false }
    guard item.status == .cancelled, let asOf else { return true }
    return max(start, item.endsAt ?? start) > asOf
  }

  /// The instants at which the clock changes what this item's event says: its start (from then on
  /// it is past and written without alarms) and, for a cancelled one, its end (then it leaves the
  /// calendar, `isCalendarItem`). A calendar written at `asOf` stays right until the earliest of
  /// its events' instants after `asOf`.
  public static func clockBoundaries(_ item: Item, settings: CalendarSettings) -> [Date] {
    guard let content = EventContent(item, settings: settings) else { return [] }
    return clockBoundaries(item, content: content, settings: settings)
  }

  static func clockBoundaries(_ item: Item, content: EventContent, settings: CalendarSettings) -> [Date] {
    var instants: [Date]
    switch content.timing {
    case .timed(let start, _): instants = [start]
    case .allDay(let from, _): instants = [from.instant(in: settings.timeZone)]
    }
    if item.status == .cancelled, let start = item.startsAt { instants.append(max(start, item.endsAt ?? start)) }
    return instants
  }

  /// SHA-256 (hex) of what the item's VEVENT says under these settings, without DTSTAMP,
  /// SEQUENCE and LAST-MODIFIED: the caller bumps SEQUENCE when this changes. Alarms count as
  /// configured (not whether the event is past), so the digest does not change with the clock.
  public static func contentDigest(_ item: Item, settings: CalendarSettings) -> String {
    guard let content = EventContent(item, settings: settings) else { return HexDigest.sha256([]) }
    return HexDigest.sha256(digestedBytes(uid: CalendarEntry.uid(for: item), content: content, settings: settings))
  }

  /// The VEVENT that `contentDigest` digests.
  static func digestedBytes(uid: String, content: EventContent, settings: CalendarSettings) -> [UInt8] {
    var writer = ContentLineWriter(reservingCapacity: 1024)
    let offsets = offsetTable(years(of: CollectionOfOne(content.timing), settings: settings), zone: settings.timeZone)
    EventWriter(settings: settings, offsets: offsets).write(
      uid: uid, content: content, stamp: nil, asOf: nil, into: &writer)
    return writer.bytes
  }

  static func writeHeader(_ settings: CalendarSettings, feed: Bool, into writer: inout ContentLineWriter) {
    writer.line("VERSION", raw: "2.0")
    writer.text("PRODID", settings.productID)
    writer.line("CALSCALE", raw: "GREGORIAN")
    guard feed else { return }
    writer.line("METHOD", raw: "PUBLISH")
    writer.text("NAME", settings.name)
    writer.text("X-WR-CALNAME", settings.name)
    writer.text("X-WR-TIMEZONE", settings.timeZone.identifier)
    if let color = settings.color.flatMap(CSSColors.resolve) {
      writer.line("COLOR", raw: color.name)
      writer.line("X-APPLE-CALENDAR-COLOR", raw: color.hex)
    }
    let interval = DurationText.format(settings.refreshInterval)
    writer.line("REFRESH-INTERVAL", [("VALUE", "DURATION")], raw: interval)
    writer.line("X-PUBLISHED-TTL", raw: interval)
  }

  /// The VTIMEZONE for the years of the timed events; none when no time is written with a TZID.
  /// Returns the zone's offsets for those years, for the events' times.
  static func writeTimeZone(
    _ timings: some Sequence<EventContent.Timing>, settings: CalendarSettings, into writer: inout ContentLineWriter
  ) -> ZoneOffsetTable {
    let years = years(of: timings, settings: settings)
    if let years { TimeZoneComponent.write(settings.timeZone, years: years, into: &writer) }
    return offsetTable(years, zone: settings.timeZone)
  }

  static func offsetTable(_ years: ClosedRange<Int>?, zone: TimeZone) -> ZoneOffsetTable {
    years.map { ZoneOffsetTable.cached(zone: zone, years: $0) } ?? ZoneOffsetTable(zone: zone)
  }

  /// The local years of the timed events, within 1970–2100: nil when there is none, or when
  /// times are written in UTC.
  static func years(of timings: some Sequence<EventContent.Timing>, settings: CalendarSettings)
    -> ClosedRange<Int>?
  {
    guard !settings.writesUTC else { return nil }
    var lowest = Int.max
    var highest = Int.min
    for timing in timings {
      guard case .timed(let start, let end) = timing else { continue }
      for instant in [start, end ?? start] {
        let year = ZoneOffsetTable.localYear(of: EventWriter.wholeSeconds(instant), in: settings.timeZone)
        lowest = min(lowest, year)
        highest = max(highest, year)
      }
    }
    guard lowest <= highest else { return nil }
    // A garbage date (year 1 or 9999) must not make the writer scan millennia of offsets; the
    // zone's rules outside this window are guesses anyway.
    let lower = min(max(lowest, 1970), 2100)
    return lower...max(lower, min(highest, 2100))
  }
}
