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
  public static func render(_ entries: [CalendarEntry], settings: CalendarSettings, asOf: Date? = nil) -> [UInt8] {
    let events = prepared(entries, settings: settings)
    var writer = ContentLineWriter(reservingCapacity: 1024 + events.picked.count * 900)
    writer.begin("VCALENDAR")
    writeHeader(settings, feed: true, into: &writer)
    // Timings only: copying whole contents (strings) cost more than reading their years.
    let offsets = writeTimeZone(events.picked.lazy.map(\.content.timing), settings: settings, into: &writer)
    let eventWriter = EventWriter(settings: settings, offsets: offsets)
    for position in events.order {
      let entry = entries[events.picked[position].index]
      eventWriter.write(
        uid: entry.uid, content: events.picked[position].content,
        stamp: .init(sequence: entry.sequence, lastModified: entry.lastModified), asOf: asOf, into: &writer)
    }
    writer.end("VCALENDAR")
    return writer.bytes
  }

  /// One VEVENT in its own VCALENDAR (with its VTIMEZONE): a vdir file or a CalDAV resource.
  /// Without METHOD, which a CalDAV resource must not have (RFC 4791 §4.1), and without the
  /// feed's name, colour and refresh interval, which belong to a whole calendar. Empty for an
  /// entry without a start.
  public static func renderSingle(_ entry: CalendarEntry, settings: CalendarSettings, asOf: Date? = nil) -> [UInt8] {
    guard let content = EventContent(entry.item, settings: settings) else { return [] }
    var writer = ContentLineWriter(reservingCapacity: 2048)
    writer.begin("VCALENDAR")
    writeHeader(settings, feed: false, into: &writer)
    let offsets = writeTimeZone(CollectionOfOne(content.timing), settings: settings, into: &writer)
    EventWriter(settings: settings, offsets: offsets).write(
      uid: entry.uid, content: content, stamp: .init(sequence: entry.sequence, lastModified: entry.lastModified),
      asOf: asOf, into: &writer)
    writer.end("VCALENDAR")
    return writer.bytes
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
    var writer = ContentLineWriter(reservingCapacity: 1024)
    if let content = EventContent(item, settings: settings) {
      let offsets = offsetTable(years(of: CollectionOfOne(content.timing), settings: settings), zone: settings.timeZone)
      EventWriter(settings: settings, offsets: offsets).write(
        uid: CalendarEntry.uid(for: item), content: content, stamp: nil, asOf: nil, into: &writer)
    }
    return HexDigest.sha256(writer.bytes)
  }

  /// Entries with their content, one per UID (`picked`: the entry's index and its content), and
  /// the order to write them in (`order`: positions in `picked`, by start then UID). Indices
  /// rather than copies: an entry and its content are large, and 10,000 of them were copied
  /// into a dictionary and out again.
  private static func prepared(
    _ entries: [CalendarEntry], settings: CalendarSettings
  ) -> (picked: [(index: Int, content: EventContent)], order: [Int]) {
    var positions = UIDPositions(capacity: entries.count)
    var picked: [(index: Int, content: EventContent)] = []
    picked.reserveCapacity(entries.count)
    let labels = CalendarLabels.forLanguage(settings.language)
    for (index, entry) in entries.enumerated() {
      guard let content = EventContent(entry.item, settings: settings, labels: labels) else { continue }
      guard let position = positions.position(of: entry.uid, uidAt: { entries[picked[$0].index].uid }) else {
        positions.insert(entry.uid, at: picked.count)
        picked.append((index, content))
        continue
      }
      let other = entries[picked[position].index]
      if (other.sequence, other.lastModified) >= (entry.sequence, entry.lastModified) { continue }
      picked[position] = (index, content)
    }
    let starts = picked.map { entries[$0.index].item.startsAt ?? .distantPast }
    let order = picked.indices.sorted { left, right in
      starts[left] != starts[right]
        ? starts[left] < starts[right] : entries[picked[left].index].uid < entries[picked[right].index].uid
    }
    return (picked, order)
  }

  private static func writeHeader(_ settings: CalendarSettings, feed: Bool, into writer: inout ContentLineWriter) {
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
  private static func writeTimeZone(
    _ timings: some Sequence<EventContent.Timing>, settings: CalendarSettings, into writer: inout ContentLineWriter
  ) -> ZoneOffsetTable {
    let years = years(of: timings, settings: settings)
    if let years { TimeZoneComponent.write(settings.timeZone, years: years, into: &writer) }
    return offsetTable(years, zone: settings.timeZone)
  }

  private static func offsetTable(_ years: ClosedRange<Int>?, zone: TimeZone) -> ZoneOffsetTable {
    years.map { ZoneOffsetTable.cached(zone: zone, years: $0) } ?? ZoneOffsetTable(zone: zone)
  }

  /// The local years of the timed events, within 1970–2100: nil when there is none, or when
  /// times are written in UTC.
  private static func years(of timings: some Sequence<EventContent.Timing>, settings: CalendarSettings)
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
