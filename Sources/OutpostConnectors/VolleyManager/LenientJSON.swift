import OutpostModel

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The service types loosely: numbers as strings, booleans as "0"/"1", dates with microseconds
/// and any offset, `""` for null. These readers accept every form seen and return nil, never
/// throw, for anything else.
extension JSONValue {
  subscript(path path: String) -> JSONValue? {
    var current: JSONValue? = self
    for key in path.split(separator: ".") { current = current?[String(key)] }
    if case .null? = current { return nil }
    return current
  }

  var lenientString: String? {
    switch self {
    case .string(let text): text.isEmpty ? nil : text
    case .int(let number): "\(number)"
    case .double(let number): "\(number)"
    default: nil
    }
  }

  var lenientInt: Int64? {
    switch self {
    case .int(let number): number
    case .double(let number) where number.rounded() == number: Int64(number)
    case .string(let text): Int64(text.trimmingCharacters(in: .whitespaces))
    default: nil
    }
  }

  var lenientBool: Bool? {
    switch self {
    case .bool(let flag): flag
    case .int(let number): number != 0
    case .string(let text):
      switch text.lowercased() {
      case "1", "true", "yes": true
      case "0", "false", "no", "": false
      default: nil
      }
    default: nil
    }
  }

  var lenientDate: Date? { lenientString.flatMap(ServiceDate.parse) }
}

/// `2025-12-08T19:30:00.000000+00:00`, `…Z`, `…+01:00`, with 0–9 fraction digits.
enum ServiceDate {
  static func parse(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
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
    var parts = tm()
    parts.tm_year = Int32(year - 1900)
    parts.tm_mon = Int32(month - 1)
    parts.tm_mday = Int32(day)
    parts.tm_hour = Int32(hour)
    parts.tm_min = Int32(minute)
    parts.tm_sec = Int32(second)
    let seconds = timegm(&parts)
    return Date(timeIntervalSince1970: Double(seconds - offset) + fraction)
  }

  /// What the service's filters take: UTC with milliseconds and `Z`.
  static func format(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    gmtime_r(&seconds, &parts)
    let millis = Int((date.timeIntervalSince1970 - Double(seconds)) * 1000)
    func pad(_ value: Int32, _ width: Int) -> String {
      let text = String(value)
      return String(repeating: "0", count: max(0, width - text.count)) + text
    }
    return "\(pad(parts.tm_year + 1900, 4))-\(pad(parts.tm_mon + 1, 2))-\(pad(parts.tm_mday, 2))T"
      + "\(pad(parts.tm_hour, 2)):\(pad(parts.tm_min, 2)):\(pad(parts.tm_sec, 2)).\(pad(Int32(millis), 3))Z"
  }
}
