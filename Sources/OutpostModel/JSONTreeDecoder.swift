#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Decodes a `Decodable` value straight from a `JSONValue` tree, with `JSONCoding`'s rules (ISO
/// 8601 dates, URLs from their text, `Data` from Base64). The RPC layer already holds every
/// request and reply as a `JSONValue` (its parser is the fast one); going through Foundation's
/// decoder meant writing the tree back to bytes and parsing them a second time.
///
/// Errors are the `DecodingError`s `JSONDecoder` throws, with the same coding paths, so that
/// "params.when must be an ISO 8601 date-time string" and the like read as before. Where
/// `JSONDecoder` refused a number without naming the field ("not valid JSON" for 1.5 as an
/// integer), this decoder names it.
public enum JSONTreeDecoder {
  public static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
    try unbox(value, as: type, codingPath: [])
  }

  static func unbox<T: Decodable>(_ value: JSONValue, as type: T.Type, codingPath: @autoclosure () -> [any CodingKey])
    throws -> T
  {
    if T.self == JSONValue.self { return value as! T }
    if T.self == String.self { return try string(value, codingPath()) as! T }
    if T.self == Date.self { return try date(value, codingPath()) as! T }
    if T.self == URL.self { return try url(value, codingPath()) as! T }
    if T.self == Data.self { return try data(value, codingPath()) as! T }
    if T.self == Decimal.self { return try decimal(value, codingPath()) as! T }
    if let direct = T.self as? any JSONDirectlyDecodable.Type {
      return try direct.init(json: JSONObjectReader(value, codingPath: codingPath())) as! T
    }
    return try T(from: TreeDecoder(value: value, codingPath: codingPath()))
  }

  static func mismatch(_ type: Any.Type, _ value: JSONValue, _ codingPath: [any CodingKey]) -> DecodingError {
    if value == .null {
      return .valueNotFound(
        type,
        .init(codingPath: codingPath, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }
    let found = value.typeName == "object" ? "a dictionary" : value.typeName == "array" ? "an array" : value.typeName
    return .typeMismatch(
      type, .init(codingPath: codingPath, debugDescription: "Expected to decode \(type) but found \(found) instead."))
  }

  static func bool(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Bool {
    guard case .bool(let bool) = value else { throw mismatch(Bool.self, value, codingPath()) }
    return bool
  }

  static func string(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> String {
    guard case .string(let text) = value else { throw mismatch(String.self, value, codingPath()) }
    return text
  }

  /// An integer type from a JSON number that holds exactly such a value (1.0 and 1e2 are
  /// integers, as for `JSONDecoder`; 1.5 is not).
  static func integer<T: FixedWidthInteger>(
    _ value: JSONValue, as type: T.Type, _ codingPath: @autoclosure () -> [any CodingKey]
  ) throws
    -> T
  {
    switch value {
    case .int(let number):
      if let exact = T(exactly: number) { return exact }
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath(), debugDescription: "The number \(number) does not fit in \(T.self)."))
    case .double(let number):
      if number.rounded() != number { throw mismatch(T.self, value, codingPath()) }
      // Past 2^53 a double's binary value is not the decimal the JSON said: JSONDecoder reads
      // -8.570702957868545e+17 as -857070295786854500, from the digits. So do we.
      let exact = abs(number) < 9.0e15 ? T(exactly: number) : wholeDigits(number.description).flatMap { T($0) }
      if let exact { return exact }
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath(), debugDescription: "The number \(number) does not fit in \(T.self)."))
    default: throw mismatch(T.self, value, codingPath())
    }
  }

  /// The decimal digits of a whole number written as Swift writes doubles ("1e+16",
  /// "-8.570702957868545e+17", "123456789012345.0"); nil if it has a fraction.
  static func wholeDigits(_ text: String) -> String? {
    var mantissa = Substring(text)
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      guard let power = Int(text[text.index(after: e)...]) else { return nil }
      exponent = power
      mantissa = text[..<e]
    }
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    var digits = String(mantissa)
    if let dot = mantissa.firstIndex(of: ".") {
      let fraction = mantissa[mantissa.index(after: dot)...]
      digits = String(mantissa[..<dot]) + fraction
      exponent -= fraction.count
    }
    if exponent < 0 {
      guard digits.suffix(-exponent).allSatisfy({ $0 == "0" }) else { return nil }
      digits = String(digits.dropLast(-exponent))
    } else {
      digits += String(repeating: "0", count: exponent)
    }
    if digits.isEmpty { digits = "0" }
    return (negative ? "-" : "") + digits
  }

  static func double(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Double {
    switch value {
    case .int(let number): return Double(number)
    case .double(let number): return number
    default: throw mismatch(Double.self, value, codingPath())
    }
  }

  static func float(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Float {
    let wide = try double(value, codingPath())
    let narrow = Float(wide)
    guard narrow.isFinite else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath(), debugDescription: "The number \(wide) does not fit in Float."))
    }
    return narrow
  }

  static func date(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Date {
    if value == .null { throw mismatch(Date.self, value, codingPath()) }
    let text = try string(value, codingPath())
    if let date = ISO8601Seconds.parse(text) ?? ISO8601Seconds.parseAnyForm(text) { return date }
    throw DecodingError.dataCorrupted(
      .init(codingPath: codingPath(), debugDescription: "Expected date string to be ISO8601-formatted."))
  }

  static func url(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> URL {
    if value == .null { throw mismatch(URL.self, value, codingPath()) }
    guard let url = URL(string: try string(value, codingPath())) else {
      throw DecodingError.dataCorrupted(.init(codingPath: codingPath(), debugDescription: "Invalid URL string."))
    }
    return url
  }

  static func data(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Data {
    if value == .null { throw mismatch(Data.self, value, codingPath()) }
    guard let data = Data(base64Encoded: try string(value, codingPath())) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: codingPath(), debugDescription: "Encountered Data is not valid Base64."))
    }
    return data
  }

  static func decimal(_ value: JSONValue, _ codingPath: @autoclosure () -> [any CodingKey]) throws -> Decimal {
    switch value {
    case .int(let number): return Decimal(number)
    case .double(let number): return Decimal(string: "\(number)") ?? Decimal(number)
    default: throw mismatch(Decimal.self, value, codingPath())
    }
  }
}

final class TreeDecoder: Decoder {
  let value: JSONValue
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(value: JSONValue, codingPath: [any CodingKey]) {
    self.value = value
    self.codingPath = codingPath
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    guard case .object(let members) = value else {
      throw JSONTreeDecoder.mismatch([String: Any].self, value, codingPath)
    }
    return KeyedDecodingContainer(TreeKeyedDecodingContainer<Key>(members: members, codingPath: codingPath))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    guard case .array(let elements) = value else { throw JSONTreeDecoder.mismatch([Any].self, value, codingPath) }
    return TreeUnkeyedDecodingContainer(elements: elements, codingPath: codingPath)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    TreeSingleValueDecodingContainer(value: value, codingPath: codingPath)
  }
}

struct TreeKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let members: [String: JSONValue]
  let codingPath: [any CodingKey]

  var allKeys: [Key] { members.keys.compactMap { Key(stringValue: $0) } }

  func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

  private func member(_ key: Key) throws -> JSONValue {
    guard let value = members[key.stringValue] else {
      throw DecodingError.keyNotFound(
        key,
        .init(
          codingPath: codingPath,
          debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }
    return value
  }

  func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }
  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try JSONTreeDecoder.bool(member(key), codingPath + [key])
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try JSONTreeDecoder.string(member(key), codingPath + [key])
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try JSONTreeDecoder.double(member(key), codingPath + [key])
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try JSONTreeDecoder.float(member(key), codingPath + [key])
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try JSONTreeDecoder.unbox(member(key), as: type, codingPath: codingPath + [key])
  }

  private func integer<T: FixedWidthInteger>(_ key: Key) throws -> T {
    try JSONTreeDecoder.integer(member(key), as: T.self, codingPath + [key])
  }

  func nestedContainer<NestedKey: CodingKey>(
    keyedBy type: NestedKey.Type, forKey key: Key
  ) throws -> KeyedDecodingContainer<NestedKey> {
    try TreeDecoder(value: member(key), codingPath: codingPath + [key]).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try TreeDecoder(value: member(key), codingPath: codingPath + [key]).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    TreeDecoder(value: members[JSONKey.super.stringValue] ?? .null, codingPath: codingPath + [JSONKey.super])
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    TreeDecoder(value: members[key.stringValue] ?? .null, codingPath: codingPath + [key])
  }
}

struct TreeUnkeyedDecodingContainer: UnkeyedDecodingContainer {
  let elements: [JSONValue]
  let codingPath: [any CodingKey]
  var currentIndex = 0

  init(elements: [JSONValue], codingPath: [any CodingKey]) {
    self.elements = elements
    self.codingPath = codingPath
  }

  var count: Int? { elements.count }
  var isAtEnd: Bool { currentIndex >= elements.count }

  private var path: [any CodingKey] { codingPath + [JSONKey(index: currentIndex)] }

  /// The next element, consumed only once it has been decoded (as in `JSONDecoder`: a failed
  /// decode leaves the container where it was).
  private func next(_ type: Any.Type) throws -> JSONValue {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type, .init(codingPath: path, debugDescription: "Unkeyed container is at end."))
    }
    return elements[currentIndex]
  }

  /// `decode` is handed the element and a way to its path, made only if it is asked for.
  private mutating func take<T>(_ decode: (JSONValue, () -> [any CodingKey]) throws -> T) throws -> T {
    let result = try decode(next(T.self), { path })
    currentIndex += 1
    return result
  }

  mutating func decodeNil() throws -> Bool {
    guard try next(Never.self) == .null else { return false }
    currentIndex += 1
    return true
  }
  mutating func decode(_ type: Bool.Type) throws -> Bool { try take { try JSONTreeDecoder.bool($0, $1()) } }
  mutating func decode(_ type: String.Type) throws -> String { try take { try JSONTreeDecoder.string($0, $1()) } }
  mutating func decode(_ type: Double.Type) throws -> Double { try take { try JSONTreeDecoder.double($0, $1()) } }
  mutating func decode(_ type: Float.Type) throws -> Float { try take { try JSONTreeDecoder.float($0, $1()) } }
  mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
  mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
  mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
  mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
  mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
  mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try take { value, path in try JSONTreeDecoder.unbox(value, as: type, codingPath: path()) }
  }

  private mutating func integer<T: FixedWidthInteger>() throws -> T {
    try take { value, path in try JSONTreeDecoder.integer(value, as: T.self, path()) }
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
    NestedKey
  > {
    try take { value, path in try TreeDecoder(value: value, codingPath: path()).container(keyedBy: type) }
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try take { value, path in try TreeDecoder(value: value, codingPath: path()).unkeyedContainer() }
  }

  mutating func superDecoder() throws -> any Decoder {
    try take { value, path in TreeDecoder(value: value, codingPath: path()) }
  }
}

struct TreeSingleValueDecodingContainer: SingleValueDecodingContainer {
  let value: JSONValue
  let codingPath: [any CodingKey]

  func decodeNil() -> Bool { value == .null }
  func decode(_ type: Bool.Type) throws -> Bool { try JSONTreeDecoder.bool(value, codingPath) }
  func decode(_ type: String.Type) throws -> String { try JSONTreeDecoder.string(value, codingPath) }
  func decode(_ type: Double.Type) throws -> Double { try JSONTreeDecoder.double(value, codingPath) }
  func decode(_ type: Float.Type) throws -> Float { try JSONTreeDecoder.float(value, codingPath) }
  func decode(_ type: Int.Type) throws -> Int { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: Int8.Type) throws -> Int8 { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: Int16.Type) throws -> Int16 { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: Int32.Type) throws -> Int32 { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: Int64.Type) throws -> Int64 { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: UInt.Type) throws -> UInt { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: UInt8.Type) throws -> UInt8 { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: UInt16.Type) throws -> UInt16 { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: UInt32.Type) throws -> UInt32 { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode(_ type: UInt64.Type) throws -> UInt64 { try JSONTreeDecoder.integer(value, as: type, codingPath) }
  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try JSONTreeDecoder.unbox(value, as: type, codingPath: codingPath)
  }
}
