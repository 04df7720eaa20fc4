/// Why a time of day or a duration could not be read: a `problem` the CLI words in the user's
/// language, and an English `description` for the daemon's replies. Shared by the daemon (config,
/// RPC) and the CLI (checks before sending), so both read times and durations alike.
public struct ReminderParseError: Error, Equatable, CustomStringConvertible {
  public enum Problem: Sendable, Equatable {
    case notATime(String)
    case empty
    case badUnit(String, unit: Character)
    case noNumber(String)
    case noUnit(String, digits: String)
    case zero
    case tooLong(String, maximum: String)
  }

  public let problem: Problem

  public init(_ problem: Problem) { self.problem = problem }

  public var description: String {
    switch problem {
    case .notATime(let text): "“\(text)” is not a time of day: write HH:MM on the 24-hour clock, e.g. 20:00"
    case .empty: "no duration given: write e.g. 15m, 1h or 1d"
    case .badUnit(let text, let unit) where unit.isLetter:
      "unknown unit “\(unit)” in “\(text)”: use m (minutes), h (hours) or d (days), e.g. 15m"
    case .badUnit(let text, _): "“\(text)” is not a duration: write e.g. 15m, 1h or 1d"
    case .noNumber(let text): "“\(text)” is not a duration: a number comes before each unit, e.g. 15m"
    case .noUnit(let text, let digits):
      "“\(text)” has no unit: write \(digits)m (minutes), \(digits)h (hours) or \(digits)d (days)"
    case .zero: "a duration must be longer than zero"
    case .tooLong(let text, let maximum): "“\(text)” is too long: at most \(maximum)"
    }
  }
}

/// A time of day on the local clock, such as the 20:00 of "the evening before at 20:00".
public struct LocalTime: Sendable, Hashable, Comparable, CustomStringConvertible {
  public let hour: Int
  public let minute: Int

  /// Nil outside 00:00–23:59.
  public init?(hour: Int, minute: Int) {
    guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
    self.hour = hour
    self.minute = minute
  }

  /// `H:MM` or `HH:MM`, 24-hour: "20:00", "7:30".
  public static func parse(_ text: String) throws(ReminderParseError) -> LocalTime {
    let trimmed = text.trimmingWhitespace()
    // By bytes: the daemon parses its reminder times at every start, and splitting and
    // trimming by Characters instantiated a dozen generic types there (0.5 ms of a
    // socket-activated start, docs/performance.md).
    var bytes = Array(trimmed.utf8)
    func digit(_ byte: UInt8) -> Int? { (0x30...0x39).contains(byte) ? Int(byte - 0x30) : nil }
    if bytes.count == 4 { bytes.insert(0x30, at: 0) }
    guard bytes.count == 5, bytes[2] == UInt8(ascii: ":"), let h1 = digit(bytes[0]), let h2 = digit(bytes[1]),
      let m1 = digit(bytes[3]), let m2 = digit(bytes[4]), let time = LocalTime(hour: h1 * 10 + h2, minute: m1 * 10 + m2)
    else {
      throw ReminderParseError(.notATime(trimmed))
    }
    return time
  }

  /// "20:00", "07:30".
  public var description: String {
    (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
  }

  public static func < (lhs: LocalTime, rhs: LocalTime) -> Bool {
    (lhs.hour, lhs.minute) < (rhs.hour, rhs.minute)
  }
}

/// Durations as people type them (`outpost reminders snooze 4 15m`): a number and a unit —
/// `s`, `m`, `h` or `d` — or several ("1h30m"). Spaces inside are ignored ("1h 30m").
public enum ReminderDuration {
  /// The longest duration accepted: a year.
  public static let maximum: Duration = .seconds(366 * 86_400)

  static let units: [(Character, Int64)] = [("d", 86_400), ("h", 3_600), ("m", 60), ("s", 1)]

  /// "5m", "15m", "1h", "90m", "1d", "1h30m"; more than zero and at most `maximum`.
  public static func parse(_ text: String) throws(ReminderParseError) -> Duration {
    let trimmed = text.lowercased().filter { !$0.isWhitespace }
    guard !trimmed.isEmpty else { throw ReminderParseError(.empty) }
    var seconds: Int64 = 0
    var digits = ""
    for character in trimmed {
      if character.isASCIIDigit {
        digits.append(character)
        guard digits.count <= 9 else { throw tooLong(trimmed) }
        continue
      }
      guard let unit = units.first(where: { $0.0 == character }) else {
        throw ReminderParseError(.badUnit(trimmed, unit: character))
      }
      guard let value = Int64(digits) else { throw ReminderParseError(.noNumber(trimmed)) }
      seconds += value * unit.1
      guard seconds <= maximum.components.seconds else { throw tooLong(trimmed) }
      digits = ""
    }
    guard digits.isEmpty else { throw ReminderParseError(.noUnit(trimmed, digits: digits)) }
    guard seconds > 0 else { throw ReminderParseError(.zero) }
    return .seconds(seconds)
  }

  /// The shortest way to write `duration` back: "1d", "1h30m", "90s". Sub-second parts are
  /// dropped; zero (or less) is "0m".
  public static func format(_ duration: Duration) -> String {
    var rest = duration.components.seconds
    guard rest > 0 else { return "0m" }
    var text = ""
    for (unit, size) in units where rest >= size {
      text += String(rest / size) + String(unit)
      rest %= size
    }
    return text
  }

  static func tooLong(_ text: String) -> ReminderParseError {
    ReminderParseError(.tooLong(text, maximum: format(maximum)))
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
