import OutpostModel

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
    // `YYYY-MM-DD` in ASCII digits (what the store holds for every transaction) from the
    // bytes; any other text by characters, which reads these the same.
    var iso = iso
    if let date = iso.withUTF8(Self.plainISO) {
      guard let date else { return nil }
      self = date
      return
    }
    self.init(isoByCharacters: iso)
  }

  /// nil when the bytes are not ten of `dddd-dd-dd`; otherwise the date, or nil for a day
  /// that does not exist.
  private static func plainISO(_ bytes: UnsafeBufferPointer<UInt8>) -> BankDate?? {
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = bytes[index] &- UInt8(ascii: "0")
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10)
    else { return nil }
    return .some(BankDate(year: year, month: month, day: day))
  }

  init?(isoByCharacters iso: String) {
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

  /// The day with this day number.
  public init(dayNumber: Int) {
    (year, month, day) = GregorianDays.civil(dayNumber)
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
    GregorianDays.daysIn(month: month, year: year)
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
  static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
    GregorianDays.days(year: year, month: month, day: day)
  }
}
