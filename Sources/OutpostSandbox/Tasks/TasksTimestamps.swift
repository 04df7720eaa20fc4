/// `timestamptz` text as PostgreSQL writes and reads it, on Unix microseconds. Postgres keeps
/// microseconds and prints as few fractional digits as needed (`.5`, `.123456`, none for a
/// whole second), so a client that assumes six digits is caught here rather than in production.
enum TasksTimestamps {
  /// `2026-11-25T12:00:00.123456+00:00`, the JSON form of a `timestamptz` in UTC.
  static func postgres(_ microseconds: Int64) -> String {
    format(microseconds) + "+00:00"
  }

  /// `2026-11-25T12:00:00.123456Z`, as Supabase Auth writes its timestamps.
  static func auth(_ microseconds: Int64) -> String {
    format(microseconds) + "Z"
  }

  private static func format(_ microseconds: Int64) -> String {
    let seconds = Int(microseconds.floorDivided(by: 1_000_000))
    let fraction = Int(microseconds - Int64(seconds) * 1_000_000)
    let text = String(SandboxTime.upstream(seconds).prefix(19))
    guard fraction > 0 else { return text }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    while digits.last == "0" { digits.removeLast() }
    return text + "." + digits
  }

  /// Reads what `timestamptz` input accepts in practice: a date, optionally a time with up to
  /// six fractional digits (more are rounded away), and a zone (`Z`, `+00`, `+02:00`, `-0330`);
  /// no zone means UTC (Supabase's database time zone). Nil for anything else.
  static func parse(_ text: String) -> Int64? {
    let match = text.wholeMatch(
      of: /(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?)? ?(Z|z|[+-]\d\d(?::?\d\d)?)?/)
    guard let match, let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
      (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    let hour = match.4.flatMap { Int($0) } ?? 0
    let minute = match.5.flatMap { Int($0) } ?? 0
    let second = match.6.flatMap { Int($0) } ?? 0
    guard hour < 24, minute < 60, second < 61 else { return nil }
    var offset = 0
    if let zone = match.8, zone != "Z", zone != "z" {
      let digits = zone.dropFirst().filter(\.isNumber)
      let hours = Int(digits.prefix(2)) ?? 0
      let minutes = digits.count > 2 ? Int(digits.suffix(2)) ?? 0 : 0
      offset = (hours * 3600 + minutes * 60) * (zone.first == "-" ? -1 : 1)
    }
    let whole =
      SandboxTime.seconds(
        SandboxTime.Civil(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) - offset
    return Int64(whole) * 1_000_000 + fractionMicroseconds(match.7.map(String.init) ?? "")
  }

  private static func fractionMicroseconds(_ digits: String) -> Int64 {
    guard !digits.isEmpty else { return 0 }
    let padded = (digits + "000000").prefix(7)
    let micros = Int64(padded.prefix(6)) ?? 0
    return padded.last.map { $0 >= "5" } == true ? micros + 1 : micros
  }
}

extension Int64 {
  fileprivate func floorDivided(by divisor: Int64) -> Int64 {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }
}
