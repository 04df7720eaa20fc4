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
    guard let fields = fastFields(date) else { return foundationFormat(date) }
    return String(unsafeUninitializedCapacity: 20) { fill($0, fields) }
  }

  /// The same text, as a JSON string (quoted) straight onto the end of `out`: an agenda's reply
  /// writes three dates per entry, and a `String` each was an allocation each.
  static func writeJSONString(_ date: Date, into out: inout [UInt8]) {
    guard let fields = fastFields(date) else { return JSONValue.writeString(foundationFormat(date), into: &out) }
    out.append(UInt8(ascii: "\""))
    let start = out.count
    out.append(contentsOf: repeatElement(0, count: 20))
    out.withUnsafeMutableBufferPointer { buffer in
      _ = fill(UnsafeMutableBufferPointer(rebasing: buffer[start..<start + 20]), fields)
    }
    out.append(UInt8(ascii: "\""))
  }

  /// Year, month, day and second of the day, where the fast path covers the date.
  private static func fastFields(_ date: Date) -> (year: Int, month: Int, day: Int, second: Int)? {
    let seconds = date.timeIntervalSince1970.rounded(.down)
    guard seconds.isFinite, abs(seconds) < 2.0e11 else { return nil }
    let whole = Int(seconds)
    let (days, secondOfDay) = whole.quotientAndRemainder(dividingBy: 86_400)
    let (day, second) = secondOfDay < 0 ? (days - 1, secondOfDay + 86_400) : (days, secondOfDay)
    let (year, month, dayOfMonth) = GregorianDays.civil(day)
    guard fastYears.contains(year) else { return nil }
    return (year, month, dayOfMonth, second)
  }

  /// Writes the 20 bytes of "YYYY-MM-DDTHH:MM:SSZ"; returns 20.
  private static func fill(
    _ buffer: UnsafeMutableBufferPointer<UInt8>, _ fields: (year: Int, month: Int, day: Int, second: Int)
  ) -> Int {
    func put(_ value: Int, digits: Int, at offset: Int) {
      var rest = value
      for place in stride(from: offset + digits - 1, through: offset, by: -1) {
        buffer[place] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
    }
    put(fields.year, digits: 4, at: 0)
    buffer[4] = UInt8(ascii: "-")
    put(fields.month, digits: 2, at: 5)
    buffer[7] = UInt8(ascii: "-")
    put(fields.day, digits: 2, at: 8)
    buffer[10] = UInt8(ascii: "T")
    put(fields.second / 3600, digits: 2, at: 11)
    buffer[13] = UInt8(ascii: ":")
    put(fields.second / 60 % 60, digits: 2, at: 14)
    buffer[16] = UInt8(ascii: ":")
    put(fields.second % 60, digits: 2, at: 17)
    buffer[19] = UInt8(ascii: "Z")
    return 20
  }

  /// Reads exactly "YYYY-MM-DDTHH:MM:SSZ" with every field in its range; nil for anything else.
  public static func parse(_ text: String) -> Date? {
    var text = text
    return text.withUTF8 { parse(utf8: $0) }
  }

  /// The same, from the bytes of the text (a reply's string read in place).
  static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Date? {
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
      day >= 1, day <= GregorianDays.daysIn(month: month, year: year), hour < 24, minute < 60, second < 60
    else { return nil }
    let days = GregorianDays.days(year: year, month: month, day: day)
    return Date(timeIntervalSince1970: Double(days * 86_400 + hour * 3600 + minute * 60 + second))
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

}
