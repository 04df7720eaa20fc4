import Foundation

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
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  static func civil(_ days: Int) -> (year: Int, month: Int, day: Int) {
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
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
