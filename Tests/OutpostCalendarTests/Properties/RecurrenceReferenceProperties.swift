import Foundation
import OutpostCalendar
import OutpostTestSupport
import PropertyBased
import Testing

/// Property test (issue 19): RRULE expansion against a reference nobody here wrote, Python's
/// `dateutil.rrule` (python-dateutil, which Python's icalendar depends on). Random rules of
/// every frequency with INTERVAL, COUNT or UNTIL, BYDAY (with and without ordinals),
/// BYMONTHDAY (negative too), BYMONTH and BYSETPOS, starting in Europe/Zurich or UTC: the same
/// instants, in the same order, across DST changes and short months.
@Suite(.offThePool) struct RecurrenceReferenceProperties {
  struct Case: Sendable, CustomStringConvertible {
    var start: String
    var zone: String
    var rule: String
    var description: String { "DTSTART;TZID=\(zone):\(start) RRULE:\(rule)" }
  }

  static let days = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

  static let rules = Generator<Case, Shrink.None<Case>> { rng in
    // 10:00 to 20:59 local: outside the hour that does not exist in spring.
    let start = String(
      format: "%04d%02d%02dT%02d%02d00", Int.random(in: 2024...2030, using: &rng), Int.random(in: 1...12, using: &rng),
      Int.random(in: 1...28, using: &rng), Int.random(in: 10...20, using: &rng),
      [0, 15, 30, 45].randomElement(using: &rng)!)
    var parts: [String] = []
    let frequency = ["DAILY", "WEEKLY", "MONTHLY", "YEARLY"].randomElement(using: &rng)!
    parts.append("FREQ=\(frequency)")
    if Bool.random(using: &rng) { parts.append("INTERVAL=\(Int.random(in: 2...4, using: &rng))") }
    func someDays(_ rng: inout any SeededRandomNumberGenerator) -> [String] {
      let chosen = days.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
      return chosen.isEmpty ? [days.randomElement(using: &rng)!] : chosen
    }
    switch frequency {
    case "WEEKLY":
      if Bool.random(using: &rng) { parts.append("BYDAY=" + someDays(&rng).joined(separator: ",")) }
    case "MONTHLY":
      switch Int.random(in: 0..<4, using: &rng) {
      case 0:
        let ordinal = [1, 2, 3, 4, -1, -2].randomElement(using: &rng)!
        parts.append("BYDAY=\(ordinal)\(days.randomElement(using: &rng)!)")
      case 1:
        let monthDays = (0..<Int.random(in: 1...3, using: &rng)).map { _ in
          [1, 15, 28, 29, 30, 31, -1, -3].randomElement(using: &rng)!
        }
        parts.append("BYMONTHDAY=" + Set(monthDays).sorted().map(String.init).joined(separator: ","))
      case 2:
        parts.append("BYDAY=MO,TU,WE,TH,FR")
        parts.append("BYSETPOS=\([1, -1, 2].randomElement(using: &rng)!)")
      default: break
      }
    case "YEARLY":
      if Bool.random(using: &rng) {
        parts.append(
          "BYMONTH="
            + Set((0..<2).map { _ in Int.random(in: 1...12, using: &rng) }).sorted().map(String.init).joined(
              separator: ","))
        if Bool.random(using: &rng) {
          parts.append("BYDAY=\([1, -1].randomElement(using: &rng)!)\(days.randomElement(using: &rng)!)")
        }
      }
    default:
      if Bool.random(using: &rng) { parts.append("BYDAY=" + someDays(&rng).joined(separator: ",")) }
    }
    if Int.random(in: 0..<3, using: &rng) == 0 {
      // UNTIL in UTC, as RFC 5545 wants with a TZID start: somewhere in the next three years.
      let year = Int(start.prefix(4))! + Int.random(in: 0...2, using: &rng)
      parts.append(
        String(
          format: "UNTIL=%04d%02d%02dT235959Z", year, Int.random(in: 1...12, using: &rng),
          Int.random(in: 1...28, using: &rng)))
    } else {
      parts.append("COUNT=\(Int.random(in: 1...25, using: &rng))")
    }
    return Case(
      start: start, zone: Bool.random(using: &rng) ? "Europe/Zurich" : "UTC", rule: parts.joined(separator: ";"))
  }

  /// Ours: the event's instants over a window wide enough for every generated rule.
  func ours(_ rule: Case) throws -> [String] {
    let ics = "BEGIN:VEVENT\nUID:p\nDTSTART;TZID=\(rule.zone):\(rule.start)\nRRULE:\(rule.rule)\nEND:VEVENT"
    let calendar = try ICalParser.parse(Fixtures.wrapped(ics), floatingTimeZone: zurich)
    #expect(calendar.warnings == [])
    // Every generated rule ends by then: 25 instances four years apart from 2030.
    let window = utc("2020-01-01T00:00:00Z")...utc("2140-01-01T00:00:00Z")
    return calendar.occurrences(in: window, limit: 5000).map { UTCText.of($0.start, allDay: false) }
  }

  static let reference = #"""
    import sys
    from datetime import datetime, timezone
    try:
        from dateutil import rrule, tz
    except ImportError as error:
        print("MISSING: " + str(error)); sys.exit(3)
    start, zone, rule = sys.argv[1:4]
    local = datetime.strptime(start, "%Y%m%dT%H%M%S").replace(tzinfo=tz.gettz(zone))
    print(local.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
    for instant in rrule.rrulestr(rule, dtstart=local):
        print(instant.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"))
    """#

  /// dateutil's instants, with DTSTART first where the rule does not produce it: RFC 5545
  /// calls such a set undefined (§3.8.5.3) but also says DTSTART "always counts as the first
  /// occurrence" (§3.3.10, COUNT); Outpost keeps it first and counts it, dateutil leaves it out.
  func reference(_ rule: Case) throws -> [String]? {
    Prerequisites.ensure()
    let result = try runCommand("/usr/bin/python3", ["-c", Self.reference, rule.start, rule.zone, rule.rule])
    guard result.status == 0 else {
      Issue.record("python-dateutil failed (exit \(result.status)) on \(rule): \(result.stderr)")
      return nil
    }
    var lines = result.stdout.split(separator: "\n").map(String.init)
    guard !lines.isEmpty else { return [] }
    let start = lines.removeFirst()
    guard lines.first != start else { return lines }
    lines.insert(start, at: 0)
    if let count = rule.rule.split(separator: ";").first(where: { $0.hasPrefix("COUNT=") }).flatMap({
      Int($0.dropFirst(6))
    }) {
      lines = Array(lines.prefix(count))
    }
    return lines
  }

  @Test func expansionMatchesDateutil() async {
    await propertyCheck(count: 150, input: Self.rules) { rule in
      guard let expected = try reference(rule) else { return }
      #expect(try ours(rule) == expected, "\(rule)")
    }
  }
}
