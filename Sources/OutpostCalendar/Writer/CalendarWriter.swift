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
    var writer = ContentLineWriter(reservingCapacity: 1024 + events.count * 900)
    writer.begin("VCALENDAR")
    writeHeader(settings, feed: true, into: &writer)
    writeTimeZone(events.map(\.content), settings: settings, into: &writer)
    let eventWriter = EventWriter(settings: settings)
    for (entry, content) in events {
      eventWriter.write(
        uid: entry.uid, content: content, stamp: .init(sequence: entry.sequence, lastModified: entry.lastModified),
        asOf: asOf, into: &writer)
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
    writeTimeZone([content], settings: settings, into: &writer)
    EventWriter(settings: settings).write(
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

  /// SHA-256 (hex) of what the item's VEVENT says under these settings, without DTSTAMP,
  /// SEQUENCE and LAST-MODIFIED: the caller bumps SEQUENCE when this changes. Alarms count as
  /// configured (not whether the event is past), so the digest does not change with the clock.
  public static func contentDigest(_ item: Item, settings: CalendarSettings) -> String {
    var writer = ContentLineWriter(reservingCapacity: 1024)
    if let content = EventContent(item, settings: settings) {
      EventWriter(settings: settings).write(
        uid: CalendarEntry.uid(for: item), content: content, stamp: nil, asOf: nil, into: &writer)
    }
    return HexDigest.sha256(writer.bytes)
  }

  /// Entries with their content, sorted by start then UID, one per UID.
  private static func prepared(
    _ entries: [CalendarEntry], settings: CalendarSettings
  ) -> [(entry: CalendarEntry, content: EventContent)] {
    var chosen: [String: (entry: CalendarEntry, content: EventContent)] = [:]
    for entry in entries {
      guard let content = EventContent(entry.item, settings: settings) else { continue }
      if let other = chosen[entry.uid]?.entry,
        (other.sequence, other.lastModified) >= (entry.sequence, entry.lastModified)
      {
        continue
      }
      chosen[entry.uid] = (entry, content)
    }
    // Sorting the keys, not the (large) pairs, keeps the sort cheap for 10,000 events.
    let order = chosen.map { uid, pair in (start: pair.entry.item.startsAt ?? .distantPast, uid: uid) }
      .sorted { $0.start != $1.start ? $0.start < $1.start : $0.uid < $1.uid }
    return order.map { chosen[$0.uid]! }
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
  private static func writeTimeZone(
    _ contents: [EventContent], settings: CalendarSettings, into writer: inout ContentLineWriter
  ) {
    guard !settings.writesUTC else { return }
    var years: ClosedRange<Int>?
    for content in contents {
      guard case .timed(let start, let end) = content.timing else { continue }
      for instant in [start, end ?? start] {
        let year = CivilDateTime(instant, in: settings.timeZone).date.year
        years = years.map { min($0.lowerBound, year)...max($0.upperBound, year) } ?? year...year
      }
    }
    guard let years else { return }
    // A garbage date (year 1 or 9999) must not make the writer scan millennia of offsets; the
    // zone's rules outside this window are guesses anyway.
    let lower = min(max(years.lowerBound, 1970), 2100)
    TimeZoneComponent.write(settings.timeZone, years: lower...max(lower, min(years.upperBound, 2100)), into: &writer)
  }
}
