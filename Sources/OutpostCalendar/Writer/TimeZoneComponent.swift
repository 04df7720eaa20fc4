import Foundation
import Synchronization

/// Writes the VTIMEZONE for a zone (RFC 5545 §3.6.5), from the zone's real transitions in the
/// years a calendar covers. Regular changes (EU: last Sunday of March and October; US: second
/// Sunday of March, first of November; the southern hemisphere alike) become one observance
/// with a yearly RRULE; irregular ones (Morocco around Ramadan, a rule change) become
/// observances of their own. Only the covered years have to be right: every time the calendar
/// writes lies in them.
enum TimeZoneComponent {
  /// One STANDARD or DAYLIGHT: the changes that share offsets, month, weekday and time of day in
  /// consecutive years, and the rule that yields exactly them.
  struct Observance: Equatable {
    var members: [ZoneTransition]
    /// `BYDAY=-1SU`, `BYDAY=2SU` or `BYDAY=SU;BYMONTHDAY=23,24,…`; nil for a single change.
    var byDay: String?
  }

  static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

  private struct CacheKey: Hashable {
    var zone: TimeZone
    var years: ClosedRange<Int>
  }

  /// Blocks already written: a vdir or CalDAV sync writes one file per event, nearly all with
  /// the same zone and year, and finding the transitions costs thousands of offset look-ups.
  private static let cache = Mutex<[CacheKey: [UInt8]]>([:])

  /// The VTIMEZONE describing `zone` for events in `years` (local years).
  static func write(_ zone: TimeZone, years: ClosedRange<Int>, into writer: inout ContentLineWriter) {
    let key = CacheKey(zone: zone, years: years)
    if let block = cache.withLock({ $0[key] }) {
      writer.append(block)
      return
    }
    var block = ContentLineWriter()
    build(zone, years: years, into: &block)
    cache.withLock { blocks in
      if blocks.count >= 64 { blocks.removeAll() }
      blocks[key] = block.bytes
    }
    writer.append(block.bytes)
  }

  private static func build(_ zone: TimeZone, years: ClosedRange<Int>, into writer: inout ContentLineWriter) {
    // The offset table's span has a year either side: an event early in the first year lies
    // after the previous autumn's change, and the last rule is seen to go on (it is then written
    // without an end). Its changes are found once for the table and for this block.
    let table = ZoneOffsetTable.cached(zone: zone, years: years)
    let from = table.from
    let transitions = table.transitions
    let observances = observances(transitions)
    let lastYear = years.upperBound + 1

    writer.begin("VTIMEZONE")
    writer.text("TZID", zone.identifier)
    let firstEventSecond = (CivilDate(year: years.lowerBound, month: 1, day: 1)?.dayNumber ?? 0) * 86_400
    if transitions.first.map({ $0.instant > firstEventSecond }) ?? true {
      // No change before the first event's year: an observance for the offset in force at the
      // start, so that no time falls before every onset (clients then guess).
      let offset = table.initialOffset
      let daylight = zone.isDaylightSavingTime(for: Date(timeIntervalSince1970: Double(from)))
      let onset = transitions.isEmpty ? "19700101T000000" : civilReading(from + offset).basicFormat
      writeObservance(daylight, onset: onset, from: offset, to: offset, rule: nil, into: &writer)
    }
    for observance in observances {
      let first = observance.members[0]
      var rule = observance.byDay.map { "FREQ=YEARLY;BYMONTH=\(first.onset.date.month);\($0)" }
      if rule != nil, let last = observance.members.last {
        // A rule still in force at the end of the scan goes on, as the zone's does; any other
        // ends with its last change (UNTIL in UTC, §3.3.10).
        let isLive = last.onset.date.year == lastYear && isLatest(observance, of: observances)
        if !isLive { rule? += ";UNTIL=" + civilReading(last.instant).basicFormat + "Z" }
      }
      writeObservance(
        first.isDaylight, onset: first.onset.basicFormat, from: first.offsetFrom, to: first.offsetTo, rule: rule,
        into: &writer)
    }
    writer.end("VTIMEZONE")
  }

  private static func writeObservance(
    _ isDaylight: Bool, onset: String, from: Int, to: Int, rule: String?, into writer: inout ContentLineWriter
  ) {
    let name: StaticString = isDaylight ? "DAYLIGHT" : "STANDARD"
    writer.begin(name)
    writer.line("DTSTART", raw: onset)
    if let rule { writer.line("RRULE", raw: rule) }
    writer.line("TZOFFSETFROM", raw: offsetText(from))
    writer.line("TZOFFSETTO", raw: offsetText(to))
    writer.end(name)
  }

  /// Whether no later observance of the same kind follows (only the latest may run on).
  private static func isLatest(_ observance: Observance, of all: [Observance]) -> Bool {
    let kind = observance.members[0].isDaylight
    let start = observance.members[0].instant
    return !all.contains { $0.members[0].isDaylight == kind && $0.members[0].instant > start }
  }

  /// Groups changes into observances, in order of their first change.
  static func observances(_ transitions: [ZoneTransition]) -> [Observance] {
    var observances: [Observance] = []
    // The open observance of each kind (daylight, standard) that a next change may extend.
    var open: [Bool: Int] = [:]
    for transition in transitions {
      if let index = open[transition.isDaylight], let byDay = rule(observances[index].members + [transition]) {
        observances[index].members.append(transition)
        observances[index].byDay = byDay
      } else {
        open[transition.isDaylight] = observances.count
        observances.append(Observance(members: [transition], byDay: nil))
      }
    }
    return observances
  }

  /// The BYDAY (and BYMONTHDAY) that yields exactly these changes, one a year; nil when they
  /// differ in anything but the day of the month, or skip a year.
  static func rule(_ members: [ZoneTransition]) -> String? {
    guard members.count >= 2 else { return nil }
    let first = members[0]
    let onsets = members.map(\.onset)
    for (index, member) in members.enumerated() {
      let onset = onsets[index]
      guard member.offsetFrom == first.offsetFrom, member.offsetTo == first.offsetTo,
        onset.date.month == onsets[0].date.month, onset.date.weekday == onsets[0].date.weekday,
        onset.secondOfDay == onsets[0].secondOfDay, onset.date.year == onsets[0].date.year + index
      else { return nil }
    }
    let weekday = weekdayCodes[onsets[0].date.weekday]
    let days = onsets.map(\.date.day)
    let isLast = onsets.allSatisfy {
      $0.date.day + 7 > CivilDate.daysIn(year: $0.date.year, month: $0.date.month)
    }
    if isLast { return "BYDAY=-1" + weekday }
    let ordinals = Set(days.map { ($0 - 1) / 7 + 1 })
    if ordinals.count == 1, let ordinal = ordinals.first { return "BYDAY=\(ordinal)" + weekday }
    // "The first Friday on or after the 23rd" (Israel: the Friday before the last Sunday).
    guard let low = days.min(), let high = days.max(), high - low <= 6 else { return nil }
    let window = (high - 6)...high
    guard window.lowerBound >= 1 else { return nil }
    return "BYDAY=" + weekday + ";BYMONTHDAY=" + window.map(String.init).joined(separator: ",")
  }

  /// `+0100`, `-0500`, `+053000` (§3.3.14: seconds only when there are any).
  static func offsetText(_ seconds: Int) -> String {
    let magnitude = abs(seconds)
    var text = (seconds < 0 ? "-" : "+") + pad(magnitude / 3600, 2) + pad(magnitude / 60 % 60, 2)
    if magnitude % 60 != 0 { text += pad(magnitude % 60, 2) }
    return text
  }
}
