import Foundation
import OutpostModel

/// Turns stored items into iCalendar (RFC 5545, with RFC 7986's calendar properties): pure
/// functions, deterministic to the byte so that an unchanged calendar keeps its ETag.
public enum CalendarWriter {
  /// The members of an item's details that its event is written from (`EventDetails`): a
  /// calendar's items can be read with only these (`Store.items(detailKeys:)`), the rest of
  /// each item's details stepped over rather than parsed (issue 20).
  public static let detailKeys = Set(EventDetails.names)

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
    writeTimeZone(years: years(of: timings, settings: settings), settings: settings, into: &writer)
  }

  /// The VTIMEZONE for `years` (`years(of:settings:)`), none for nil; the zone's offsets for them.
  static func writeTimeZone(
    years: ClosedRange<Int>?, settings: CalendarSettings, into writer: inout ContentLineWriter
  ) -> ZoneOffsetTable {
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
    return yearSpan(of: timings, zone: settings.timeZone).map(clamped)
  }

  /// The lowest and the highest local year of the timed events; nil when there is none.
  static func yearSpan(of timings: some Sequence<EventContent.Timing>, zone: TimeZone) -> YearSpan? {
    var lowest = Int.max
    var highest = Int.min
    for timing in timings {
      guard case .timed(let start, let end) = timing else { continue }
      let first = ZoneOffsetTable.localYear(of: EventWriter.wholeSeconds(start), in: zone)
      let last = end.map { ZoneOffsetTable.localYear(of: EventWriter.wholeSeconds($0), in: zone) } ?? first
      lowest = min(lowest, first, last)
      highest = max(highest, first, last)
    }
    return lowest <= highest ? YearSpan(lowest: lowest, highest: highest) : nil
  }

  struct YearSpan {
    var lowest: Int
    var highest: Int

    /// Both spans' years.
    func union(_ other: YearSpan) -> YearSpan {
      YearSpan(lowest: min(lowest, other.lowest), highest: max(highest, other.highest))
    }
  }

  /// `span` within 1970–2100. A garbage date (year 1 or 9999) must not make the writer scan
  /// millennia of offsets; the zone's rules outside this window are guesses anyway.
  static func clamped(_ span: YearSpan) -> ClosedRange<Int> {
    let lower = min(max(span.lowest, 1970), 2100)
    return lower...max(lower, min(span.highest, 2100))
  }
}
