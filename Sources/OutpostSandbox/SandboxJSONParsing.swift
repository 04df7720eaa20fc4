import Foundation

/// Reading JSON into `SandboxJSON`. JSONDecoder (not JSONSerialization) does the parsing because
/// it keeps `true` and `1` apart; `[String: Any]` from JSONSerialization does not on every
/// platform, and strict request checks depend on that difference.
extension SandboxJSON: Decodable {
  private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  init(from decoder: any Decoder) throws {
    if let object = try? decoder.container(keyedBy: AnyKey.self) {
      // Sorted, so the same body always reads the same way (JSONDecoder's key order is not fixed).
      self = .object(
        try object.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
          ($0.stringValue, try object.decode(SandboxJSON.self, forKey: $0))
        })
      return
    }
    if var array = try? decoder.unkeyedContainer() {
      var items: [SandboxJSON] = []
      while !array.isAtEnd { items.append(try array.decode(SandboxJSON.self)) }
      self = .array(items)
      return
    }
    let value = try decoder.singleValueContainer()
    if value.decodeNil() {
      self = .null
    } else if let flag = try? value.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? value.decode(Int.self) {
      self = .int(number)
    } else if let number = try? value.decode(Double.self) {
      self = .double(number)
    } else {
      self = .string(try value.decode(String.self))
    }
  }

  /// The JSON value in `bytes`; nil when they are not JSON (or not UTF-8).
  static func parse(_ bytes: [UInt8]) -> SandboxJSON? {
    guard !bytes.isEmpty else { return nil }
    return try? JSONDecoder().decode(SandboxJSON.self, from: Data(bytes))
  }

  /// The members of an object by name; nil for anything else.
  var members: [String: SandboxJSON]? {
    guard case .object(let pairs) = self else { return nil }
    return Dictionary(pairs, uniquingKeysWith: { _, last in last })
  }

  var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  var boolValue: Bool? {
    if case .bool(let flag) = self { return flag }
    return nil
  }

  /// Whole numbers only; `2.0` counts, `2.5` does not.
  var intValue: Int? {
    switch self {
    case .int(let number): number
    case .double(let number) where number.rounded() == number && abs(number) < 1e15: Int(number)
    default: nil
    }
  }

  var doubleValue: Double? {
    switch self {
    case .int(let number): Double(number)
    case .double(let number): number
    default: nil
    }
  }

  var isNull: Bool {
    if case .null = self { return true }
    return false
  }

  /// The JSON type name PostgreSQL-style messages use ("string", "number", …).
  var typeName: String {
    switch self {
    case .string: "string"
    case .int, .double: "number"
    case .bool: "boolean"
    case .null: "null"
    case .array: "array"
    case .object: "object"
    }
  }
}
