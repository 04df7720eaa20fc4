#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// UTC instants as text, written and read by hand: a sync of thousands of items formats and
/// parses thousands of them, and Foundation's format styles cost microseconds each. Reads every
/// form the services use: `2025-12-08T19:30:00.000000+00:00`, `…Z`, `…+01:00`, 0–9 fraction
/// digits.
public enum UTCTimestamp {
  public static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// The same, from the text's bytes (a column read in place).
  public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
    guard bytes.count >= 19, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
      bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        guard index < bytes.count, (48...57).contains(bytes[index]) else { return nil }
        value = value * 10 + Int(bytes[index] - 48)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10), let hour = number(11..<13),
      let minute = number(14..<16), let second = number(17..<19)
    else { return nil }
    var index = 19
    var fraction = 0.0
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      var scale = 0.1
      while index < bytes.count, (48...57).contains(bytes[index]) {
        fraction += Double(bytes[index] - 48) * scale
        scale /= 10
        index += 1
      }
    }
    var offset = 0
    if index < bytes.count {
      let sign = bytes[index]
      if sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        guard let hours = number((index + 1)..<(index + 3)) else { return nil }
        let minutesStart = index + 3 < bytes.count && bytes[index + 3] == UInt8(ascii: ":") ? index + 4 : index + 3
        let minutes = number(minutesStart..<(minutesStart + 2)) ?? 0
        offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "-") ? -1 : 1)
      } else if sign != UInt8(ascii: "Z") {
        return nil
      }
    }
    let seconds = secondsSinceEpoch(year: year, month: month, day: day) + hour * 3600 + minute * 60 + second
    return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
  }

  /// Midnight UTC of the day, as `timegm` counts it, out-of-range fields carried over the same
  /// way (month 13 is January of the next year, February 30 is March 1 or 2), without `timegm`'s
  /// normalisation and locking (a store read parses three instants per item).
  static func secondsSinceEpoch(year: Int, month: Int, day: Int) -> Int {
    // Months counted from March, so that the leap day is the last of the year.
    let monthsFromJanuary = month - 1
    var year = year + (monthsFromJanuary >= 0 ? monthsFromJanuary / 12 : (monthsFromJanuary - 11) / 12)
    let month = ((monthsFromJanuary % 12) + 12) % 12 + 1
    if month <= 2 { year -= 1 }
    let era = (year >= 0 ? year : year - 399) / 400
    let yearOfEra = year - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return (era * 146_097 + dayOfEra - 719_468 + day - 1) * 86_400
  }

  /// `2026-11-22T04:01:14.123Z`: what the store keeps and what VolleyManager's filters take.
  public static func format(_ date: Date) -> String {
    let totalMillis = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    var seconds = time_t(totalMillis >= 0 ? totalMillis / 1000 : (totalMillis - 999) / 1000)
    let millis = Int(totalMillis - Int64(seconds) * 1000)
    var parts = tm()
    gmtime_r(&seconds, &parts)
    var bytes = [UInt8](repeating: 0, count: 24)
    func put(_ value: Int, at offset: Int, width: Int) {
      var value = value
      for index in stride(from: offset + width - 1, through: offset, by: -1) {
        bytes[index] = UInt8(48 + value % 10)
        value /= 10
      }
    }
    put(Int(parts.tm_year) + 1900, at: 0, width: 4)
    put(Int(parts.tm_mon) + 1, at: 5, width: 2)
    put(Int(parts.tm_mday), at: 8, width: 2)
    put(Int(parts.tm_hour), at: 11, width: 2)
    put(Int(parts.tm_min), at: 14, width: 2)
    put(Int(parts.tm_sec), at: 17, width: 2)
    put(millis, at: 20, width: 3)
    for (offset, character) in [(4, "-"), (7, "-"), (10, "T"), (13, ":"), (16, ":"), (19, "."), (23, "Z")] {
      bytes[offset] = UInt8(ascii: Unicode.Scalar(character)!)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}
