/// An RRULE (RFC 5545 §3.3.10), restricted to what expansion supports: DAILY, WEEKLY, MONTHLY
/// and YEARLY with INTERVAL, COUNT, UNTIL, BYDAY (with ordinals in monthly and yearly rules),
/// BYMONTHDAY, BYMONTH, BYSETPOS and WKST. Rules using anything else are refused at parse time,
/// so that the event keeps its first instance and the feed gets a warning.
struct RecurrenceRule: Sendable, Equatable {
  enum Frequency: String, Sendable {
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"
  }

  /// A BYDAY entry: `TU` (ordinal 0, every Tuesday), `2TU`, `-1FR`.
  struct WeekdayEntry: Hashable, Sendable {
    var ordinal: Int
    /// 0 = Monday … 6 = Sunday.
    var weekday: Int
  }

  var frequency: Frequency
  var interval = 1
  var count: Int?
  var until: DateTimeValue?
  var byDay: [WeekdayEntry] = []
  var byMonthDay: [Int] = []
  var byMonth: Set<Int> = []
  var bySetPos: [Int] = []
  /// 0 = Monday, RFC 5545's default.
  var weekStart = 0

  static let weekdays = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

  /// The rule, or why it cannot be expanded. `start` is the event's DTSTART: BYHOUR, BYMINUTE
  /// and BYSECOND that only repeat its time are harmless and accepted.
  static func parse(_ raw: String, start: CivilDateTime) -> Result<RecurrenceRule, Refusal> {
    var parts: [String: String] = [:]
    for part in raw.trimmingSpaces().uppercased().split(separator: ";") where !part.isEmpty {
      let pair = part.split(separator: "=", maxSplits: 1).map(String.init)
      guard pair.count == 2 else { return .failure(.malformed) }
      parts[pair[0].trimmingSpaces()] = pair[1].trimmingSpaces()
    }
    guard let name = parts["FREQ"] else { return .failure(.malformed) }
    guard let frequency = Frequency(rawValue: name) else { return .failure(.unsupported("FREQ=\(sanitized(name))")) }
    var rule = RecurrenceRule(frequency: frequency)
    for (key, value) in parts {
      switch key {
      case "FREQ": continue
      case "INTERVAL":
        guard let interval = Int(value), interval >= 1 else { return .failure(.malformed) }
        rule.interval = interval
      case "COUNT":
        guard let count = Int(value), count >= 1 else { return .failure(.malformed) }
        rule.count = count
      case "UNTIL":
        guard let until = DateTimeValue(value) else { return .failure(.malformed) }
        rule.until = until
      case "BYDAY":
        guard let entries = weekdayEntries(value) else { return .failure(.malformed) }
        rule.byDay = entries
      case "BYMONTHDAY":
        guard let days = integers(value, in: 1...31, negative: true) else { return .failure(.malformed) }
        rule.byMonthDay = days
      case "BYMONTH":
        guard let months = integers(value, in: 1...12, negative: false) else { return .failure(.malformed) }
        rule.byMonth = Set(months)
      case "BYSETPOS":
        guard let positions = integers(value, in: 1...366, negative: true) else { return .failure(.malformed) }
        rule.bySetPos = positions
      case "WKST":
        guard let day = weekdays.firstIndex(of: value) else { return .failure(.malformed) }
        rule.weekStart = day
      case "BYHOUR", "BYMINUTE", "BYSECOND":
        let own =
          key == "BYHOUR"
          ? start.secondOfDay / 3600 : key == "BYMINUTE" ? start.secondOfDay / 60 % 60 : start.secondOfDay % 60
        guard Int(value) == own else { return .failure(.unsupported(key)) }
      case "BYWEEKNO", "BYYEARDAY": return .failure(.unsupported(key))
      default:
        // X-names and future parts: unknown parts change nothing we can tell, so they are ignored.
        continue
      }
    }
    return .success(rule)
  }

  enum Refusal: Error, Equatable {
    case malformed
    case unsupported(String)
  }

  /// `MO,2TU,-1FR`; ordinals only between -53 and 53, never 0.
  private static func weekdayEntries(_ value: String) -> [WeekdayEntry]? {
    var entries: [WeekdayEntry] = []
    for item in value.split(separator: ",") {
      let text = item.trimmingSpaces()
      guard text.count >= 2, let weekday = weekdays.firstIndex(of: String(text.suffix(2))) else { return nil }
      let prefix = text.dropLast(2)
      var ordinal = 0
      if !prefix.isEmpty {
        guard let number = Int(prefix.hasPrefix("+") ? String(prefix.dropFirst()) : String(prefix)), number != 0,
          abs(number) <= 53
        else { return nil }
        ordinal = number
      }
      entries.append(WeekdayEntry(ordinal: ordinal, weekday: weekday))
    }
    return entries.isEmpty ? nil : entries
  }

  private static func integers(_ value: String, in range: ClosedRange<Int>, negative: Bool) -> [Int]? {
    var numbers: [Int] = []
    for item in value.split(separator: ",") {
      guard let number = Int(item.trimmingSpaces()), range.contains(abs(number)), negative || number > 0 else {
        return nil
      }
      numbers.append(number)
    }
    return numbers.isEmpty ? nil : numbers
  }

  /// A frequency fit for a warning: the standard ones as they are, anything else as "?".
  private static func sanitized(_ text: String) -> String {
    ["SECONDLY", "MINUTELY", "HOURLY"].contains(text) ? text : "?"
  }
}
