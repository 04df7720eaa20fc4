#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Any JSON value, kept exactly: integers stay integers so that a value read and written again is
/// the same JSON. Used for RPC params and results that are passed through untyped, and for event
/// payloads.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  case int(Int64)
  case double(Double)
  case string(String)
  case array([JSONValue])
  case object([String: JSONValue])

  public subscript(key: String) -> JSONValue? {
    if case .object(let members) = self { return members[key] }
    return nil
  }

  public var stringValue: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  public var int64Value: Int64? {
    switch self {
    case .int(let number): return number
    case .double(let number) where number.rounded() == number && abs(number) < 9.0e15:
      return Int64(number)
    default: return nil
    }
  }

  /// A short name of the value's JSON type, for error messages ("expected an object, got array").
  public var typeName: String {
    switch self {
    case .null: "null"
    case .bool: "boolean"
    case .int, .double: "number"
    case .string: "string"
    case .array: "array"
    case .object: "object"
    }
  }
}

extension JSONValue: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Int64.self) {
      self = .int(value)
    } else if let value = try? container.decode(Double.self) {
      self = .double(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSONValue].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSONValue].self))
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    switch self {
    case .null: try container.encodeNil()
    case .bool(let value): try container.encode(value)
    case .int(let value): try container.encode(value)
    case .double(let value): try container.encode(value)
    case .string(let value): try container.encode(value)
    case .array(let value): try container.encode(value)
    case .object(let value): try container.encode(value)
    }
  }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
  ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral
{
  public init(stringLiteral value: String) { self = .string(value) }
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(booleanLiteral value: Bool) { self = .bool(value) }
  public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
  public init(dictionaryLiteral elements: (String, JSONValue)...) {
    self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }
  public init(nilLiteral: ()) { self = .null }
}

/// The one JSON configuration used on the wire, in the store and in snapshots: sorted keys
/// (stable output, byte-comparable examples), no escaped slashes, ISO 8601 dates to the second.
/// Values are encoded and decoded through `JSONValue` trees (`JSONTreeEncoder`,
/// `JSONTreeDecoder`, `JSONParser`, `JSONValue.serialized`): byte for byte what Foundation's
/// encoder configured by `encoder()` writes, at a fraction of its cost.
public enum JSONCoding {
  /// Foundation's encoder with the same settings, for what the tree encoder does not do
  /// (indented output for people) and as the reference the tests compare with.
  public static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    encoder.dateEncodingStrategy = .iso8601
    return encoder
  }

  /// Foundation's decoder with the same settings (the tests' reference).
  public static func decoder() -> JSONDecoder {
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .iso8601
    return decoder
  }

  /// Reads JSON bytes as `type`. Bytes that are not JSON throw `DecodingError.dataCorrupted`,
  /// as `JSONDecoder` does.
  /// A hand-written type (`JSONDirectlyDecodable`) reads the bytes in place (`JSONTape`).
  public static func decode<T: Decodable>(_ type: T.Type, from bytes: some Sequence<UInt8>) throws -> T {
    let array = bytes as? [UInt8] ?? Array(bytes)
    do {
      if T.self is any JSONDirectlyDecodable.Type { return try JSONTape(parsing: array).decode(type) }
      return try JSONTreeDecoder.decode(type, from: try JSONParser.parse(array))
    } catch let error as JSONParser.Failure {
      throw DecodingError.dataCorrupted(
        .init(codingPath: [], debugDescription: "The given data was not valid JSON: \(error)", underlyingError: error))
    }
  }

  /// Re-reads a JSON value as a typed value.
  public static func convert<T: Decodable>(_ value: JSONValue, to type: T.Type) throws -> T {
    try JSONTreeDecoder.decode(type, from: value)
  }

  /// Encodes a value as one line of compact JSON.
  public static func encode(_ value: some Encodable) throws -> [UInt8] {
    try JSONTreeEncoder.encodeBytes(value)
  }
}
