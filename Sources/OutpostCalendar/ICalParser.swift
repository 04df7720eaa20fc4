import Foundation

/// Why a feed could not be read at all. Everything short of this is a warning.
public enum ICalParseError: Error, Sendable, Equatable, CustomStringConvertible {
  /// No `BEGIN:VCALENDAR` anywhere: an HTML error page, JSON, an empty body.
  case notACalendar

  public var description: String {
    switch self {
    case .notACalendar: "not an iCalendar feed (no BEGIN:VCALENDAR)"
    }
  }
}

/// RFC 5545 parsing, as pure functions over bytes: lenient about everything producers get
/// wrong, strict only about there being a calendar at all.
public enum ICalParser {
  /// Parses a feed. `floatingTimeZone` is the zone of all-day dates and of floating times (the
  /// user's; for floating times the feed's `X-WR-TIMEZONE` comes first). Several VCALENDARs in
  /// one input are read as one calendar. `readingEvents: false` reads only whether there is a
  /// calendar, its name and whether it ended early (no events, no warnings): a feed's check
  /// when it is added, whose events the first sync reads anyway.
  public static func parse(
    _ bytes: [UInt8], floatingTimeZone: TimeZone = .current, readingEvents: Bool = true
  ) throws(ICalParseError) -> ICalendar {
    guard readingEvents else {
      let outline = CalendarOutline.read(bytes)
      guard outline.hasCalendar else { throw .notACalendar }
      return ICalendar(name: outline.name, events: [], warnings: [], endedEarly: outline.endedEarly)
    }
    var warnings = Warnings()
    let lines = ContentLineParts.read(bytes, warnings: &warnings)
    let calendars = ComponentBuilder.build(lines.joined(), warnings: &warnings).filter { $0.name == "VCALENDAR" }
    guard !calendars.isEmpty else { throw .notACalendar }

    var definitions: [String: Component] = [:]
    for zone in calendars.flatMap({ $0.children("VTIMEZONE") }) {
      if let tzid = zone.first("TZID")?.value.trimmingSpaces() { definitions[tzid] = zone }
    }
    let calendarZone = calendars.lazy.compactMap { $0.first("X-WR-TIMEZONE") }.first
      .flatMap { ZoneResolver.systemZone(named: $0.value) }
    var reader = EventReader(
      resolver: ZoneResolver(days: floatingTimeZone, floating: calendarZone, definitions: definitions))
    reader.warnings = warnings
    var events: [ICalEvent] = []
    for calendar in calendars {
      for component in calendar.children("VEVENT") {
        if let event = reader.read(component) { events.append(event) }
      }
    }
    warnings = reader.warnings
    events = deduplicated(events, warnings: &warnings)

    return ICalendar(
      name: name(of: calendars), events: events, warnings: warnings.list,
      endedEarly: calendars.contains(where: \.endedEarly))
  }

  /// The first non-empty `X-WR-CALNAME` (or RFC 7986's `NAME`).
  private static func name(of calendars: [Component]) -> String? {
    calendars.lazy.compactMap { calendar in
      (calendar.first("X-WR-CALNAME") ?? calendar.first("NAME")).map { TextValue.unescape($0.value).trimmingSpaces() }
    }.first { !$0.isEmpty }
  }

  /// One event per UID and RECURRENCE-ID: the highest SEQUENCE, then the latest LAST-MODIFIED,
  /// then the last in the feed. Duplicates come from merged feeds and careless exports; left in,
  /// they would give two items the same identity.
  static func deduplicated(_ events: [ICalEvent], warnings: inout Warnings) -> [ICalEvent] {
    struct Key: Hashable {
      var uid: String
      var recurrenceID: Date?
    }
    var chosen: [Key: Int] = [:]
    var order: [Key] = []
    var dropped = 0
    for (index, event) in events.enumerated() {
      let key = Key(uid: event.uid, recurrenceID: event.recurrenceID)
      guard let previous = chosen[key] else {
        chosen[key] = index
        order.append(key)
        continue
      }
      dropped += 1
      let old = events[previous]
      let newer =
        (event.sequence, event.lastModified ?? .distantPast) >= (old.sequence, old.lastModified ?? .distantPast)
      if newer { chosen[key] = index }
    }
    if dropped > 0 { warnings.add("\(dropped) duplicate event(s) with the same UID were dropped") }
    return order.map { events[chosen[$0]!] }
  }
}
