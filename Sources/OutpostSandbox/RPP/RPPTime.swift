/// The two partner time zones, computed from their rules (like `SandboxTime`'s Zurich) so the
/// sandbox answers byte for byte the same on every machine, and RFC 3339 in and out.
enum RPPZone: String, Sendable {
  case losAngeles = "America/Los_Angeles"
  case zurich = "Europe/Zurich"

  /// Seconds east of UTC at a UTC instant.
  func offset(utc seconds: Int) -> Int {
    switch self {
    case .zurich: return SandboxTime.zurichOffset(utc: seconds)
    case .losAngeles:
      // PDT (-7 h) from the second Sunday of March 02:00 PST (10:00 UTC) to the first Sunday of
      // November 02:00 PDT (09:00 UTC); PST (-8 h) otherwise (US rules since 2007).
      let year = SandboxTime.civil(seconds: seconds).year
      func sunday(month: Int, nth: Int) -> Int {
        let first = SandboxTime.days(year: year, month: month, day: 1)
        return first + (7 - SandboxTime.weekday(days: first)) % 7 + 7 * (nth - 1)
      }
      let start = sunday(month: 3, nth: 2) * 86_400 + 10 * 3600
      let end = sunday(month: 11, nth: 1) * 86_400 + 9 * 3600
      return seconds >= start && seconds < end ? -7 * 3600 : -8 * 3600
    }
  }

  /// The UTC instant of a wall-clock time (as seconds since the epoch of that local calendar).
  func utc(local: Int) -> Int {
    let standard = self == .zurich ? 3600 : -8 * 3600
    let summer = standard + 3600
    return offset(utc: local - summer) == summer ? local - summer : local - standard
  }

  /// The local calendar day (days since 1970-01-01) of a UTC instant.
  func localDay(utc seconds: Int) -> Int { (seconds + offset(utc: seconds)).floorDivided(by: 86_400) }
}

enum RPPTime {
  /// `2026-03-10T16:05:02.204Z`: every instant the API stamps.
  static func utc(_ milliseconds: Int64) -> String {
    let seconds = Int(milliseconds.flooredDivision(by: 1000))
    let fraction = Int(milliseconds - Int64(seconds) * 1000)
    let c = SandboxTime.civil(seconds: seconds)
    return "\(date(c))T\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second)).\(pad3(fraction))Z"
  }

  /// `2026-03-14T09:00:00-07:00`: appointment times, in the property's offset.
  static func local(_ milliseconds: Int64, _ zone: RPPZone) -> String {
    let seconds = Int(milliseconds.flooredDivision(by: 1000))
    let offset = zone.offset(utc: seconds)
    let c = SandboxTime.civil(seconds: seconds + offset)
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset)
    return
      "\(date(c))T\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second))\(sign)\(pad(magnitude / 3600)):\(pad(magnitude % 3600 / 60))"
  }

  /// `2026-03-14` of a day number.
  static func day(_ days: Int) -> String {
    let (year, month, day) = SandboxTime.civil(days: days)
    return date(SandboxTime.Civil(year: year, month: month, day: day))
  }

  /// RFC 3339 with an explicit zone (`Z` or `±hh:mm`) and 0–9 fraction digits, as milliseconds;
  /// nil for anything else (a zone-less time included).
  static func parse(_ text: String) -> Int64? {
    let match = text.wholeMatch(
      of: /(\d{4})-(\d\d)-(\d\d)[Tt](\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?(Z|z|[+-]\d\d:\d\d)/)
    guard let match, let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
      let hour = Int(match.4), let minute = Int(match.5), let second = Int(match.6),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
    else { return nil }
    var offset = 0
    let zone = match.8
    if zone != "Z" && zone != "z" {
      let digits = zone.dropFirst().split(separator: ":")
      guard let hours = Int(digits[0]), let minutes = Int(digits[1]), hours < 24, minutes < 60 else { return nil }
      offset = (hours * 3600 + minutes * 60) * (zone.first == "-" ? -1 : 1)
    }
    var milliseconds: Int64 = 0
    if let fraction = match.7 {
      let padded = (fraction + "00").prefix(3)
      milliseconds = Int64(padded) ?? 0
    }
    let seconds =
      SandboxTime.seconds(
        SandboxTime.Civil(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) - offset
    return Int64(seconds) * 1000 + milliseconds
  }

  /// `YYYY-MM-DD` as a day number.
  static func parseDay(_ text: String) -> Int? {
    guard let match = text.wholeMatch(of: /(\d{4})-(\d\d)-(\d\d)/), let year = Int(match.1),
      let month = Int(match.2), let day = Int(match.3), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let days = SandboxTime.days(year: year, month: month, day: day)
    // 2026-02-31 is not a date.
    let back = SandboxTime.civil(days: days)
    return back.year == year && back.month == month && back.day == day ? days : nil
  }

  private static func date(_ c: SandboxTime.Civil) -> String { "\(c.year)-\(pad(c.month))-\(pad(c.day))" }
  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
  private static func pad3(_ value: Int) -> String {
    value < 10 ? "00\(value)" : value < 100 ? "0\(value)" : "\(value)"
  }
}

extension Int64 {
  static let minuteMs: Int64 = 60_000
  static let hourMs: Int64 = 3_600_000
  static let dayMs: Int64 = 86_400_000
}

extension Int64 {
  /// Division rounding towards minus infinity (instants before 1970 stay on their day).
  func flooredDivision(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
