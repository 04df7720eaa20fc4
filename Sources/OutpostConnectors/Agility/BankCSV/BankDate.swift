/// A calendar day as a bank writes it on a statement line: no time, no zone. Kept apart from
/// OutpostCalendar's dates so the CSV reader stands on its own; the day number makes the ±3-day
/// window of agility.md §5.4 a subtraction.
public struct BankDate: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
  public let year: Int
  public let month: Int
  public let day: Int
  /// Days since 1970-01-01 (proleptic Gregorian).
  public let dayNumber: Int

  /// Nil for a day that does not exist (February 30, month 13).
  public init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month), day >= 1,
      day <= Self.daysIn(month: month, year: year)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
    dayNumber = Self.daysFromCivil(year: year, month: month, day: day)
  }

  /// `YYYY-MM-DD`, the form the server's `date` columns use.
  public init?(iso: String) {
    let parts = iso.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }

  /// `YYYY-MM-DD`.
  public var iso: String { String(decoding: isoBytes, as: UTF8.self) }

  /// `YYYY-MM-DD` as bytes, for the fingerprint of every row.
  var isoBytes: [UInt8] {
    func digit(_ value: Int) -> UInt8 { UInt8(ascii: "0") + UInt8(value % 10) }
    return [
      digit(year / 1000), digit(year / 100), digit(year / 10), digit(year), UInt8(ascii: "-"), digit(month / 10),
      digit(month), UInt8(ascii: "-"), digit(day / 10), digit(day),
    ]
  }

  public var description: String { iso }

  /// The day `days` later (earlier when negative).
  public func adding(days: Int) -> BankDate {
    Self(dayNumber: dayNumber + days)
  }

  /// The day with this day number (Howard Hinnant's civil_from_days).
  public init(dayNumber: Int) {
    let z = dayNumber + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.month = month
    self.day = day
    self.dayNumber = dayNumber
  }

  public static func < (a: BankDate, b: BankDate) -> Bool { a.dayNumber < b.dayNumber }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = BankDate(iso: text) else {
      throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a YYYY-MM-DD date: \(text)")
    }
    self = date
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(iso)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }
}
