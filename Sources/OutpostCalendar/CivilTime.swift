import Foundation
import OutpostModel

/// A calendar day with no time zone (proleptic Gregorian). Recurrence rules are civil: "every
/// Tuesday at 19:00" means 19:00 on the wall clock of the event's zone whatever DST does, so
/// expansion works on these values and turns them into instants only at the end.
public struct CivilDate: Hashable, Comparable, Sendable {
  public internal(set) var year: Int
  public internal(set) var month: Int
  public internal(set) var day: Int

  /// Nil for a day that does not exist (February 30).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...12).contains(month), day >= 1, day <= Self.daysIn(year: year, month: month) else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `dayNumber` days after 1970-01-01 (negative before it).
  public init(dayNumber: Int) {
    (year, month, day) = GregorianDays.civil(dayNumber)
  }

  /// Days since 1970-01-01.
  public var dayNumber: Int {
    GregorianDays.days(year: year, month: month, day: day)
  }

  /// 0 = Monday … 6 = Sunday (ISO order, which is also RFC 5545's default week start).
  public var weekday: Int { ((dayNumber % 7) + 7 + 3) % 7 }

  public func adding(days: Int) -> CivilDate { CivilDate(dayNumber: dayNumber + days) }

  static func daysIn(year: Int, month: Int) -> Int {
    GregorianDays.daysIn(month: month, year: year)
  }

  static func isLeap(_ year: Int) -> Bool { GregorianDays.isLeap(year) }

  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool { lhs.dayNumber < rhs.dayNumber }

  /// `YYYYMMDD`, the DATE form of RFC 5545.
  var basicFormat: String { pad(year, 4) + pad(month, 2) + pad(day, 2) }
}

/// A wall-clock reading: a day and a time of day, in no particular zone.
struct CivilDateTime: Hashable, Comparable, Sendable {
  var date: CivilDate
  /// Seconds since midnight, 0..<86_400.
  var secondOfDay: Int

  /// Seconds since 1970-01-01T00:00 as if the reading were UTC: the zone's offset still has to be
  /// taken off to get an instant.
  var secondsAsIfUTC: Int { date.dayNumber * 86_400 + secondOfDay }

  static func < (lhs: CivilDateTime, rhs: CivilDateTime) -> Bool { lhs.secondsAsIfUTC < rhs.secondsAsIfUTC }

  /// The reading `date` at `time` in `zone`, as RFC 5545 §3.3.5 wants it: a time skipped by a
  /// spring-forward gap is read with the offset in force before the gap (02:30 becomes 03:30
  /// summer time), and a time repeated by a fall-back overlap means its first occurrence.
  func instant(in zone: TimeZone) -> Date {
    let local = secondsAsIfUTC
    // Transitions are months apart, so the offsets a day either side are the two candidates.
    let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local - 86_400)))
    let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local + 86_400)))
    // Mostly both are the same: then so is the answer, consistent or not (the gap's fallback
    // below is that offset too), without asking the zone a third time (issue 20).
    if before == after { return Date(timeIntervalSince1970: Double(local - before)) }
    // The larger offset gives the earlier instant: the first of two readings in an overlap.
    for offset in [max(before, after), min(before, after)] {
      let instant = Date(timeIntervalSince1970: Double(local - offset))
      if zone.secondsFromGMT(for: instant) == offset { return instant }
    }
    // In a gap no candidate is consistent: use the offset before it.
    return Date(timeIntervalSince1970: Double(local - before))
  }

  /// The wall-clock reading of `instant` in `zone`.
  init(_ instant: Date, in zone: TimeZone) {
    let seconds = Int(instant.timeIntervalSince1970.rounded(.down)) + zone.secondsFromGMT(for: instant)
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    date = CivilDate(dayNumber: days)
    secondOfDay = seconds - days * 86_400
  }

  init(date: CivilDate, secondOfDay: Int) {
    self.date = date
    self.secondOfDay = secondOfDay
  }
}

/// Zero-padded decimal, for the basic formats of RFC 5545.
func pad(_ number: Int, _ width: Int) -> String {
  let digits = String(number)
  return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}
