import Foundation
import OutpostModel

/// Calendar arithmetic and the timestamp formats VolleyManager writes, done with integers on
/// Unix seconds. Foundation's formatters depend on ICU and locale data and are not `Sendable`;
/// the sandbox needs byte-identical output on every machine, so it computes dates itself.
enum SandboxTime {
  struct Civil: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour = 0
    var minute = 0
    var second = 0
  }

  /// Days since 1970-01-01 for a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
  static func days(year: Int, month: Int, day: Int) -> Int {
    GregorianDays.days(year: year, month: month, day: day)
  }

  /// The inverse of `days(year:month:day:)`.
  static func civil(days: Int) -> (year: Int, month: Int, day: Int) {
    GregorianDays.civil(days)
  }

  static func seconds(_ civil: Civil) -> Int {
    days(year: civil.year, month: civil.month, day: civil.day) * 86_400 + civil.hour * 3600 + civil.minute * 60
      + civil.second
  }

  static func civil(seconds: Int) -> Civil {
    let day = seconds.floorDivided(by: 86_400)
    let rest = seconds - day * 86_400
    let (year, month, dayOfMonth) = civil(days: day)
    return Civil(
      year: year, month: month, day: dayOfMonth, hour: rest / 3600, minute: rest % 3600 / 60, second: rest % 60)
  }

  /// 0 = Sunday … 6 = Saturday (1970-01-01 was a Thursday).
  static func weekday(days: Int) -> Int { (days + 4).floorModulo(7) }

  // MARK: Europe/Zurich

  /// The offset of Swiss local time at a UTC instant: CET (+1 h), or CEST (+2 h) from the last
  /// Sunday of March to the last Sunday of October, switching at 01:00 UTC (EU rules since 1996).
  static func zurichOffset(utc seconds: Int) -> Int {
    let year = civil(seconds: seconds).year
    func lastSunday(month: Int) -> Int {
      let last = days(year: year, month: month + 1, day: 1) - 1
      return last - weekday(days: last)
    }
    let start = lastSunday(month: 3) * 86_400 + 3600
    let end = lastSunday(month: 10) * 86_400 + 3600
    return seconds >= start && seconds < end ? 7200 : 3600
  }

  /// The UTC instant of a Swiss wall-clock time (games are scheduled in local time).
  static func utc(zurichLocal local: Int) -> Int {
    let summer = local - 7200
    return zurichOffset(utc: summer) == 7200 ? summer : local - 3600
  }

  static func zurichCivil(utc seconds: Int) -> Civil { civil(seconds: seconds + zurichOffset(utc: seconds)) }

  // MARK: Formats

  /// `2025-12-08T19:30:00.000000+00:00`: how every upstream JSON timestamp looks.
  static func upstream(_ seconds: Int) -> String {
    let c = civil(seconds: seconds)
    return "\(c.year)-\(pad(c.month))-\(pad(c.day))T\(pad(c.hour)):\(pad(c.minute)):\(pad(c.second)).000000+00:00"
  }

  /// `2025-12-15`, as `paymentValueDate` often is.
  static func dateOnly(_ seconds: Int) -> String {
    let c = civil(seconds: seconds)
    return "\(c.year)-\(pad(c.month))-\(pad(c.day))"
  }

  /// `20250911T181500`, the value after `DTSTART;TZID=UTC:`.
  static func iCal(_ seconds: Int) -> String {
    let c = civil(seconds: seconds)
    return "\(c.year)\(pad(c.month))\(pad(c.day))T\(pad(c.hour))\(pad(c.minute))\(pad(c.second))"
  }

  /// `11.09.2025 20:15` in Swiss local time, as the feed's description and `displayName` show it.
  static func swissDisplay(_ seconds: Int) -> String {
    let c = zurichCivil(utc: seconds)
    return "\(pad(c.day)).\(pad(c.month)).\(c.year) \(pad(c.hour)):\(pad(c.minute))"
  }

  static let shortWeekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
  static let longWeekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
  private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

  /// The local weekday of a game, `Sat` or (`long`) `Saturday`.
  static func weekdayName(_ seconds: Int, long: Bool = false) -> String {
    let local = seconds + zurichOffset(utc: seconds)
    let index = weekday(days: local.floorDivided(by: 86_400))
    return long ? longWeekdays[index] : shortWeekdays[index]
  }

  /// RFC 9110 IMF-fixdate, for Last-Modified: `Sun, 06 Nov 1994 08:49:37 GMT`.
  static func httpDate(_ seconds: Int) -> String {
    let c = civil(seconds: seconds)
    let name = shortWeekdays[weekday(days: seconds.floorDivided(by: 86_400))]
    return
      "\(name), \(pad(c.day)) \(months[c.month - 1]) \(c.year) \(pad(c.hour)):\(pad(c.minute)):\(pad(c.second)) GMT"
  }

  /// Parses an IMF-fixdate (the only form RFC 9110 requires senders to use); nil otherwise.
  static func parseHTTPDate(_ text: String) -> Int? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[5] == "GMT", let day = Int(parts[1]), let year = Int(parts[3]),
      let month = months.firstIndex(of: String(parts[2]))
    else { return nil }
    let time = parts[4].split(separator: ":").compactMap { Int($0) }
    guard time.count == 3 else { return nil }
    return seconds(Civil(year: year, month: month + 1, day: day, hour: time[0], minute: time[1], second: time[2]))
  }

  /// ISO 8601 date-times as clients send them (`2025-12-07T23:00:00.000Z`, any number of
  /// fractional digits, `Z` or `±hh:mm`). Fractions are dropped. Nil for anything else.
  static func parseISO(_ text: String) -> Int? {
    let match = text.wholeMatch(
      of: /(\d{4})-(\d\d)-(\d\d)[T ](\d\d):(\d\d):(\d\d)(?:\.\d+)?(Z|z|[+-]\d\d:?\d\d)?/)
    guard let match, let year = Int(match.1), let month = Int(match.2), let day = Int(match.3),
      let hour = Int(match.4), let minute = Int(match.5), let second = Int(match.6),
      (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 61
    else { return nil }
    var offset = 0
    if let zone = match.7, zone != "Z", zone != "z" {
      let digits = zone.dropFirst().filter(\.isNumber)
      guard let hours = Int(digits.prefix(2)), let minutes = Int(digits.suffix(2)) else { return nil }
      offset = (hours * 3600 + minutes * 60) * (zone.first == "-" ? -1 : 1)
    }
    return seconds(Civil(year: year, month: month, day: day, hour: hour, minute: minute, second: second)) - offset
  }

  private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}

extension Int {
  func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
  }

  func floorModulo(_ divisor: Int) -> Int { self - floorDivided(by: divisor) * divisor }
}

/// The sandbox's idea of "now". Normally the wall clock; with a configured reference date the
/// sandbox behaves as if it had been started at that instant, so generated data and every
/// "is the game in the future" decision are reproducible.
struct SandboxClock: Sendable {
  let reference: Int
  let startedAt: ContinuousClock.Instant

  init(referenceDate: Date?, startedAt: ContinuousClock.Instant = .now) {
    reference = Int((referenceDate ?? Date()).timeIntervalSince1970.rounded(.down))
    self.startedAt = startedAt
  }

  /// Unix seconds at a monotonic instant (the one a request is judged at).
  func seconds(at instant: ContinuousClock.Instant) -> Int {
    reference + Int((instant - startedAt).components.seconds)
  }

  /// Midnight UTC of the reference day: generated games are laid out from here, so two
  /// sandboxes with the same seed started on the same day hold identical data.
  var anchorDay: Int { reference.floorDivided(by: 86_400) }
}
