#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Dates as `JSONEncoder`'s `.iso8601` strategy writes them ("2026-11-27T18:30:00Z", UTC, to the
/// second, fractions dropped towards the past), formatted and read on bytes. Every item carries
/// dates, and Foundation's formatter was a large part of encoding an agenda. The forms the fast
/// path does not cover go to Foundation, so the results are the same: years before 1600 (its
/// calendar is Julian before October 1582) or after 9999, offsets, fractions and the lenient
/// forms `JSONDecoder` accepts.
public enum ISO8601Seconds {
  /// The years where Foundation's Gregorian calendar is the proleptic one computed here.
  static let fastYears = 1600...9999

  public static func format(_ date: Date) -> String {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard seconds.isFinite, abs(seconds) < 2.0e11 else { return foundationFormat(date) }
    let whole = Int(seconds)
    let (days, secondOfDay) = whole.quotientAndRemainder(dividingBy: 86_400)
    let (day, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
    let (year, month, dayOfMonth) = civil(fromDays: day)
    guard fastYears.contains(year) else { return foundationFormat(date) }
    return String(unsafeUninitializedCapacity: 20) { buffer in
      func put(_ value: Int, digits: Int, at offset: Int) {
        var rest = value
        for place in stride(from: offset + digits - 1, through: offset, by: -1) {
          buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
          rest /= 10
        }
      }
      put(year, digits: 4, at: 0)
      buffer[4] = UInt8(ascii: "-")
      put(month, digits: 2, at: 5)
      buffer[7] = UInt8(ascii: "-")
      put(dayOfMonth, digits: 2, at: 8)
      buffer[10] = UInt8(ascii: "T")
      put(second / 3600, digits: 2, at: 11)
      buffer[13] = UInt8(ascii: ":")
      put(second / 60 % 60, digits: 2, at: 14)
      buffer[16] = UInt8(ascii: ":")
      put(second % 60, digits: 2, at: 17)
      buffer[19] = UInt8(ascii: "Z")
      return 20
    }
  }

  /// Reads exactly "YYYY-MM-DDTHH:MM:SSZ" with every field in its range; nil for anything else.
  public static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { bytes -> Date? in
      guard bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
        bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
        bytes[19] == UInt8(ascii: "Z")
      else { return nil }
      func number(_ offset: Int, _ digits: Int) -> Int? {
        var value = 0
        for index in offset..<(offset + digits) {
          let digit = Int(bytes[index]) - 48
          guard (0...9).contains(digit) else { return nil }
          value = value * 10 + digit
        }
        return value
      }
      guard let year = number(0, 4), let month = number(5, 2), let day = number(8, 2), let hour = number(11, 2),
        let minute = number(14, 2), let second = number(17, 2), fastYears.contains(year), (1...12).contains(month),
        day >= 1, day <= daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
      else { return nil }
      let days = self.days(fromCivil: year, month, day)
      return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
    }
  }

  /// Whatever `JSONDecoder`'s `.iso8601` strategy reads, read by it.
  public static func parseAnyForm(_ text: String) -> Date? {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return try? decoder.decode(Date.self, from: Data(JSONValue.string(text).serialized))
  }

  static func foundationFormat(_ date: Date) -> String {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    guard let bytes = try? encoder.encode(date), bytes.count >= 2 else { return "" }
    return String(decoding: bytes.dropFirst().dropLast(), as: UTF8.self)
  }

  static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's `days_from_civil`).
  static func days(fromCivil year: Int, _ month: Int, _ day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The inverse of `days(fromCivil:)` (`civil_from_days`).
  static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
  }
}
