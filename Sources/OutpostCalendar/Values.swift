/// Readers for the value types of RFC 5545 §3.3 that events use.
enum TextValue {
  /// A TEXT value (§3.3.11) unescaped: `\\`, `\;`, `\,`, `\n` and `\N`. Any other escaped
  /// character stands for itself (some producers write `\:`), a trailing lone backslash stays.
  static func unescape(_ raw: String) -> String {
    // Byte-wise: every escape is ASCII, and long DESCRIPTIONs make Character iteration costly.
    let backslash = UInt8(ascii: "\\")
    guard raw.utf8.contains(backslash) else { return raw }
    var raw = raw
    // The runs between escapes copied whole, straight into the string (an append per byte into
    // an array, then a copy, was most of a feed's text, issue 20). The bytes stay valid UTF-8:
    // a backslash is ASCII, never inside a character, and what replaces an escape is ASCII.
    return raw.withUTF8 { bytes in
      String(unsafeUninitializedCapacity: bytes.count) { out in
        var written = 0
        var index = 0
        while index < bytes.count {
          var end = index
          while end < bytes.count, bytes[end] != backslash { end += 1 }
          if end > index {
            (out.baseAddress! + written).update(from: bytes.baseAddress! + index, count: end - index)
            written += end - index
          }
          guard end < bytes.count else { break }
          if end + 1 < bytes.count {
            let byte = bytes[end + 1]
            out[written] = byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? 0x0A : byte
            index = end + 2
          } else {
            out[written] = backslash  // A trailing lone backslash stays.
            index = end + 1
          }
          written += 1
        }
        return written
      }
    }
  }

  /// A list of TEXT values (CATEGORIES), split on commas that are not escaped, each unescaped.
  static func list(_ raw: String) -> [String] {
    var items: [String] = []
    var current = ""
    var escaped = false
    for character in raw {
      if escaped {
        current.append("\\")
        current.append(character)
        escaped = false
      } else if character == "\\" {
        escaped = true
      } else if character == "," {
        items.append(current)
        current = ""
      } else {
        current.append(character)
      }
    }
    if escaped { current.append("\\") }
    items.append(current)
    return items.map { unescape($0).trimmingSpaces() }.filter { !$0.isEmpty }
  }
}

/// A DATE or DATE-TIME value as written (§3.3.4, §3.3.5), before its zone is resolved.
struct DateTimeValue: Sendable, Equatable {
  enum Form: Sendable, Equatable {
    /// A day, no time: all-day.
    case date
    /// Ends in `Z`.
    case utc
    /// With a TZID parameter (the name as written).
    case zoned(String)
    /// No zone at all: the wall clock of wherever the user is.
    case floating
  }

  var civil: CivilDateTime
  var form: Form

  var isDate: Bool { form == .date }

  /// Reads `value` with the property's VALUE and TZID parameters. Lenient about case, about a
  /// missing seconds field, and about a DATE written without `VALUE=DATE`; nil for anything else.
  init?(_ value: String, parameters: [String: [String]] = [:]) {
    let text = Array(value.trimmingSpaces().uppercased().utf8)
    guard text.count >= 8, let date = Self.date(text[0..<8]) else { return nil }
    if text.count == 8 {
      civil = CivilDateTime(date: date, secondOfDay: 0)
      form = .date
      return
    }
    guard text[8] == UInt8(ascii: "T") else { return nil }
    var rest = text[9...]
    let isUTC = rest.last == UInt8(ascii: "Z")
    if isUTC { rest = rest.dropLast() }
    guard rest.count == 6 || rest.count == 4, let fields = Self.number(rest) else { return nil }
    let (hour, minute, second) =
      rest.count == 6 ? (fields / 10_000, fields / 100 % 100, fields % 100) : (fields / 100, fields % 100, 0)
    // Second 60 is a leap second (§3.3.5); it is read as 59 rather than rolled into the next day.
    guard hour < 24, minute < 60, second <= 60 else { return nil }
    civil = CivilDateTime(date: date, secondOfDay: hour * 3600 + minute * 60 + min(second, 59))
    if isUTC {
      form = .utc
    } else if let zone = parameters["TZID"]?.first?.trimmingSpaces(), !zone.isEmpty {
      form = .zoned(zone)
    } else {
      form = .floating
    }
  }

  init(civil: CivilDateTime, form: Form) {
    self.civil = civil
    self.form = form
  }

  /// A comma-separated list (EXDATE, RDATE), skipping entries that do not parse.
  static func list(_ line: ContentLine) -> [DateTimeValue] {
    line.value.split(separator: ",").compactMap { DateTimeValue(String($0), parameters: line.parameters) }
  }

  private static func date(_ digits: ArraySlice<UInt8>) -> CivilDate? {
    guard let number = number(digits) else { return nil }
    return CivilDate(year: number / 10_000, month: number / 100 % 100, day: number % 100)
  }

  private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    var result = 0
    for digit in digits {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
      result = result * 10 + Int(digit - UInt8(ascii: "0"))
    }
    return result
  }
}

/// A DURATION value (§3.3.6). Days and weeks are nominal (a day is the same wall-clock time the
/// next day, 23 or 25 hours across a DST change); hours, minutes and seconds are exact.
struct DurationValue: Sendable, Equatable {
  var days: Int
  var seconds: Int

  static let zero = DurationValue(days: 0, seconds: 0)

  /// Exact length, counting a day as 24 hours: for alarms, where the difference does not matter.
  var approximateSeconds: Int { days * 86_400 + seconds }

  init(days: Int, seconds: Int) {
    self.days = days
    self.seconds = seconds
  }

  /// Reads `[+|-]P[nW][nD][T[nH][nM][nS]]`; nil when malformed.
  init?(_ raw: String) {
    var text = Substring(raw.trimmingSpaces().uppercased())
    var sign = 1
    if text.first == "+" || text.first == "-" {
      if text.first == "-" { sign = -1 }
      text = text.dropFirst()
    }
    guard text.first == "P" else { return nil }
    text = text.dropFirst()
    var days = 0
    var seconds = 0
    var number: Int?
    var inTime = false
    var sawField = false
    for character in text {
      if let digit = character.wholeNumberValue, character.isASCII {
        number = (number ?? 0) * 10 + digit
        guard number! < 100_000_000 else { return nil }
        continue
      }
      if character == "T" {
        guard number == nil, !inTime else { return nil }
        inTime = true
        continue
      }
      guard let value = number else { return nil }
      switch (character, inTime) {
      case ("W", false): days += value * 7
      case ("D", false): days += value
      case ("H", true): seconds += value * 3600
      case ("M", true): seconds += value * 60
      case ("S", true): seconds += value
      default: return nil
      }
      number = nil
      sawField = true
    }
    guard sawField, number == nil else { return nil }
    self.days = sign * days
    self.seconds = sign * seconds
  }
}
