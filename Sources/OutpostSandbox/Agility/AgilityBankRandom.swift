import OutpostModel

/// SplitMix64: the generator's only source of variety, so one seed gives the same files on every
/// machine and every run (the expected summaries are fixed by construction, not measured).
struct AgilityBankRandom {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  /// An independent seed for one stream of a generation (one file, its Plaid matches): SplitMix64
  /// streams from nearby seeds are the same sequence shifted, so seeds are mixed, not added.
  static func derive(_ seed: UInt64, _ stream: UInt64) -> UInt64 {
    var random = AgilityBankRandom(seed: seed ^ (stream &* 0xD1B5_4A32_D192_ED03))
    return random.next()
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// Uniform in `range` (the modulo bias is irrelevant for test data).
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
  }

  mutating func chance(_ percent: Int) -> Bool { int(0...99) < percent }

  mutating func pick<T>(_ items: [T]) -> T { items[int(0...(items.count - 1))] }
}

/// Calendar days as day numbers (days since 1970-01-01), written the ways banks write them.
enum AgilityBankDay {
  static func civil(_ dayNumber: Int) -> (year: Int, month: Int, day: Int) {
    GregorianDays.civil(dayNumber)
  }

  static func number(year: Int, month: Int, day: Int) -> Int {
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    return era * 146_097 + yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear - 719_468
  }

  static func number(iso: String) -> Int? {
    let parts = iso.split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
      return nil
    }
    return number(year: year, month: month, day: day)
  }

  private static func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }

  static func iso(_ dayNumber: Int) -> String {
    let (year, month, day) = civil(dayNumber)
    return "\(year)-\(two(month))-\(two(day))"
  }

  static func mdy(_ dayNumber: Int) -> String {
    let (year, month, day) = civil(dayNumber)
    return "\(two(month))/\(two(day))/\(year)"
  }

  static func dmy(_ dayNumber: Int) -> String {
    let (year, month, day) = civil(dayNumber)
    return "\(two(day))/\(two(month))/\(year)"
  }
}

/// Amounts written the ways statements write them, from signed cents.
enum AgilityBankMoney {
  /// `-1234.56`
  static func plain(_ cents: Int64) -> String {
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return (cents < 0 ? "-" : "") + "\(magnitude / 100)" + (fraction < 10 ? ".0" : ".") + "\(fraction)"
  }

  /// `1,234.56` (unsigned) with `separator` between thousands and `decimal` before the cents.
  static func grouped(_ cents: Int64, separator: String = ",", decimal: String = ".") -> String {
    let magnitude = cents.magnitude
    var whole = String(magnitude / 100)
    var groups: [String] = []
    while whole.count > 3 {
      groups.insert(String(whole.suffix(3)), at: 0)
      whole = String(whole.dropLast(3))
    }
    groups.insert(whole, at: 0)
    let fraction = magnitude % 100
    return groups.joined(separator: separator) + decimal + (fraction < 10 ? "0" : "") + "\(fraction)"
  }
}
