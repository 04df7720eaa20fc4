import OutpostModel
import PropertyBased

/// Random JSON values for the property tests: every kind of scalar (integers at the edges of
/// Int64, doubles that are not whole, strings with quotes, backslashes, control characters,
/// non-Latin and non-BMP scalars) and nested containers a few levels deep.
enum JSONSampler {
  static let value = Generator<JSONValue, Shrink.None<JSONValue>> { rng in sample(depth: 0, using: &rng) }
  static let object = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
    .object(members(depth: 1, using: &rng))
  }

  /// Characters that stress the writer's escaping and the parser's decoding.
  static let alphabet: [Character] = Array("aZ09 _-\"\\/\n\r\t\u{0}\u{1}\u{1f}\u{7f}éü€😀𝄞中ÿ\u{2028}\u{feff}")

  static func string(using rng: inout any SeededRandomNumberGenerator) -> String {
    let length = Int.random(in: 0...12, using: &rng)
    return String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
  }

  static func members(depth: Int, using rng: inout any SeededRandomNumberGenerator) -> [String: JSONValue] {
    var members: [String: JSONValue] = [:]
    for _ in 0..<Int.random(in: 0...4, using: &rng) { members[string(using: &rng)] = sample(depth: depth, using: &rng) }
    return members
  }

  static func sample(depth: Int, using rng: inout any SeededRandomNumberGenerator) -> JSONValue {
    let choices = depth >= 3 ? 6 : 8
    switch Int.random(in: 0..<choices, using: &rng) {
    case 0: return .null
    case 1: return .bool(Bool.random(using: &rng))
    case 2:
      let edges: [Int64] = [0, -1, 1, .max, .min, 9_007_199_254_740_993]
      return .int(
        Bool.random(using: &rng) ? edges.randomElement(using: &rng)! : Int64.random(in: .min ... .max, using: &rng))
    case 3:
      let magnitude = Double.random(in: -1e6...1e6, using: &rng)
      let whole = [0, -0.0, 1e3, 123_456_789_012_345, 1e15, 1e16, -2e300].randomElement(using: &rng)!
      return .double(
        Bool.random(using: &rng) ? whole : magnitude * [1e-300, 1e-9, 1, 1e12, 1e290].randomElement(using: &rng)!)
    case 4, 5: return .string(string(using: &rng))
    case 6: return .array((0..<Int.random(in: 0...4, using: &rng)).map { _ in sample(depth: depth + 1, using: &rng) })
    default: return .object(members(depth: depth + 1, using: &rng))
    }
  }

  /// Whether `read` holds the same values as `written`: numbers by their value as a double
  /// (RFC 8259 §6), since a whole double below 2^53 is written as digits (1e3 as 1000, as
  /// JSONEncoder writes it) and then reads back as an integer. Integers are compared exactly.
  static func same(_ written: JSONValue, _ read: JSONValue) -> Bool {
    switch (written, read) {
    case (.double(let number), .int(let integer)), (.int(let integer), .double(let number)):
      return Double(integer) == number
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { same($0, $1) }
    case (.object(let left), .object(let right)):
      return left.count == right.count && left.allSatisfy { key, value in right[key].map { same(value, $0) } ?? false }
    default: return written == read
    }
  }
}
