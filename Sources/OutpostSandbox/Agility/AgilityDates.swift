import Foundation
import OutpostModel

/// Civil-date arithmetic for `date` columns: day numbers (days since 1970-01-01) and their
/// `YYYY-MM-DD` text, plus local days and midnights in the demo zone. Pure integer arithmetic
/// (Hinnant's days-from-civil), so seeds and the overdue job never depend on the host's zone.
enum AgilityDates {
  static func day(_ text: String) -> Int? {
    guard let match = text.wholeMatch(of: /(\d{4})-(\d\d)-(\d\d)/), let year = Int(match.1), let month = Int(match.2),
      let dayOfMonth = Int(match.3), (1...12).contains(month), (1...31).contains(dayOfMonth)
    else { return nil }
    return days(year: year, month: month, day: dayOfMonth)
  }

  static func days(year: Int, month: Int, day: Int) -> Int {
    GregorianDays.days(year: year, month: month, day: day)
  }

  static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
    GregorianDays.civil(days)
  }

  static func text(_ days: Int) -> String {
    let (year, month, day) = civil(days)
    return String(format: "%04d-%02d-%02d", year, month, day)
  }

  /// 0 = Sunday … 6 = Saturday.
  static func weekday(_ days: Int) -> Int { ((days % 7) + 11) % 7 }

  static func offset(_ unixSeconds: Int, zone: TimeZone = AgilityDemo.zone) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(unixSeconds)))
  }

  /// The local day number of an instant.
  static func localDay(_ unixSeconds: Int, zone: TimeZone = AgilityDemo.zone) -> Int {
    (unixSeconds + offset(unixSeconds, zone: zone)).floorDivided(by: 86_400)
  }

  /// The UTC instant of a wall-clock time on a local day.
  static func instant(localDay day: Int, hour: Int = 0, minute: Int = 0, zone: TimeZone = AgilityDemo.zone) -> Int {
    let wall = day * 86_400 + hour * 3600 + minute * 60
    let guess = wall - offset(wall, zone: zone)
    return wall - offset(guess, zone: zone)
  }
}
