#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A type whose JSON object is written by hand, straight into the bytes, when `JSONCoding`
/// encodes it (also inside another value). For the few types that cross the socket by the
/// hundreds: an agenda's items. Issue 20's profile of `items.list` had the generic encoder's
/// containers (a reference per container, an existential per value, the members sorted at the
/// end) at a third of the daemon's time.
///
/// The bytes must be exactly what `encode(to:)` gives: compact, members in key order, absent
/// optionals left out. `DirectJSONCodingProperties` checks each conforming type against
/// Foundation's encoder, which does not know this protocol.
public protocol JSONDirectlyEncodable: Encodable {
  /// Writes the members, in ascending key order.
  func writeJSON(into object: inout JSONObjectWriter)
}

/// A type read by hand from a `JSONValue` object when `JSONCoding` decodes it (also inside
/// another value): the CLI's side of the same agenda, where the generic decoder's containers
/// were a quarter of `outpost agenda`'s time.
///
/// It must accept and refuse what `init(from:)` accepts and refuses, and blame the same field:
/// read the members in declaration order, as the synthesized `init(from:)` does.
public protocol JSONDirectlyDecodable: Decodable {
  init(json object: JSONObjectReader) throws
}

/// Writes one object's members into the output. Keys are plain ASCII that needs no escape,
/// given in ascending order (checked in debug builds).
public struct JSONObjectWriter {
  var out: [UInt8]
  private var isEmpty = true
  #if DEBUG
    private var lastKey = ""
  #endif

  /// Writes `value`'s object onto the end of `out`.
  static func write(_ value: some JSONDirectlyEncodable, into out: inout [UInt8]) {
    var writer = JSONObjectWriter(out: [])
    swap(&writer.out, &out)
    writer.out.append(UInt8(ascii: "{"))
    value.writeJSON(into: &writer)
    writer.out.append(UInt8(ascii: "}"))
    swap(&writer.out, &out)
  }

  private init(out: [UInt8]) { self.out = out }

  private mutating func key(_ key: StaticString) {
    #if DEBUG
      let text = key.description
      precondition(text > lastKey, "JSONObjectWriter: \(text) after \(lastKey); keys go in ascending order")
      precondition(text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F && $0 != 0x22 && $0 != 0x5C })
      lastKey = text
    #endif
    if !isEmpty { out.append(UInt8(ascii: ",")) }
    isEmpty = false
    out.append(UInt8(ascii: "\""))
    out.append(contentsOf: UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount))
    out.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
  }

  public mutating func member(_ key: StaticString, _ value: String) {
    self.key(key)
    JSONValue.writeString(value, into: &out)
  }

  public mutating func member(_ key: StaticString, _ value: String?) {
    if let value { member(key, value) }
  }

  public mutating func member(_ key: StaticString, _ value: Int64) {
    self.key(key)
    JSONValue.int(value).write(into: &out)
  }

  public mutating func member(_ key: StaticString, _ value: Bool?) {
    guard let value else { return }
    self.key(key)
    out.append(contentsOf: value ? "true".utf8 : "false".utf8)
  }

  /// A date as `JSONCoding` writes dates: ISO 8601 to the second.
  public mutating func member(_ key: StaticString, _ value: Date?) {
    guard let value else { return }
    member(key, ISO8601Seconds.format(value))
  }

  public mutating func member(_ key: StaticString, _ value: JSONValue) {
    self.key(key)
    value.write(into: &out)
  }

  public mutating func member(_ key: StaticString, _ value: (some JSONDirectlyEncodable)?) {
    guard let value else { return }
    self.key(key)
    Self.write(value, into: &out)
  }

  public mutating func member(_ key: StaticString, _ values: [some JSONDirectlyEncodable]) {
    self.key(key)
    out.append(UInt8(ascii: "["))
    for (offset, value) in values.enumerated() {
      if offset > 0 { out.append(UInt8(ascii: ",")) }
      Self.write(value, into: &out)
    }
    out.append(UInt8(ascii: "]"))
  }
}

/// Reads one object's members with `JSONTreeDecoder`'s rules and errors: a missing member is
/// `keyNotFound`, a wrong one a `typeMismatch` or `valueNotFound` naming its path, and an
/// optional member may be absent or null.
public struct JSONObjectReader {
  private let members: [String: JSONValue]
  public let codingPath: [any CodingKey]

  init(_ value: JSONValue, codingPath: [any CodingKey]) throws {
    guard case .object(let members) = value else {
      throw JSONTreeDecoder.mismatch([String: Any].self, value, codingPath)
    }
    self.members = members
    self.codingPath = codingPath
  }

  private func member(_ key: String) throws -> JSONValue {
    guard let value = members[key] else {
      throw DecodingError.keyNotFound(
        JSONKey(stringValue: key),
        .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key)\")."))
    }
    return value
  }

  /// The member, or nil if it is absent or null (what `decodeIfPresent` reads as nil).
  private func presentMember(_ key: String) -> JSONValue? {
    guard let value = members[key], value != .null else { return nil }
    return value
  }

  /// The path to a member: made only for an error (an array per member read was a tenth of
  /// reading an agenda).
  private func path(_ key: String) -> [any CodingKey] { codingPath + [JSONKey(stringValue: key)] }

  public func string(_ key: String) throws -> String { try string(member(key), key) }

  public func stringIfPresent(_ key: String) throws -> String? {
    try presentMember(key).map { try string($0, key) }
  }

  public func int64(_ key: String) throws -> Int64 {
    let value = try member(key)
    if case .int(let number) = value { return number }
    return try JSONTreeDecoder.integer(value, as: Int64.self, path(key))
  }

  public func boolIfPresent(_ key: String) throws -> Bool? {
    try presentMember(key).map { value in
      if case .bool(let bool) = value { return bool }
      return try JSONTreeDecoder.bool(value, path(key))
    }
  }

  public func date(_ key: String) throws -> Date { try date(member(key), key) }

  public func dateIfPresent(_ key: String) throws -> Date? { try presentMember(key).map { try date($0, key) } }

  /// The common case inline; the tree decoder's helpers only for what they refuse or repair.
  private func string(_ value: JSONValue, _ key: String) throws -> String {
    if case .string(let text) = value { return text }
    return try JSONTreeDecoder.string(value, path(key))
  }

  private func date(_ value: JSONValue, _ key: String) throws -> Date {
    if case .string(let text) = value, let date = ISO8601Seconds.parse(text) { return date }
    return try JSONTreeDecoder.date(value, path(key))
  }

  /// The member as it is, null included.
  public func value(_ key: String) throws -> JSONValue { try member(key) }

  /// A string member that names a case (`ItemStatus`), refused as the synthesized
  /// `RawRepresentable` decoding refuses an unknown one.
  public func rawValue<T: RawRepresentable>(_ type: T.Type, _ key: String) throws -> T where T.RawValue == String {
    let text = try string(key)
    guard let value = T(rawValue: text) else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: path(key), debugDescription: "Cannot initialize \(T.self) from invalid String value \(text)"))
    }
    return value
  }

  /// A member that reads itself by hand too, without the tree decoder's look-ups on the way.
  public func object<T: JSONDirectlyDecodable>(_ type: T.Type, _ key: String) throws -> T {
    try T(json: JSONObjectReader(member(key), codingPath: path(key)))
  }

  public func objectIfPresent<T: JSONDirectlyDecodable>(_ type: T.Type, _ key: String) throws -> T? {
    try presentMember(key).map { try T(json: JSONObjectReader($0, codingPath: path(key))) }
  }

  /// An array of values that read themselves by hand; each element's errors name its index.
  public func array<T: JSONDirectlyDecodable>(of type: T.Type, _ key: String) throws -> [T] {
    let value = try member(key)
    guard case .array(let elements) = value else { throw JSONTreeDecoder.mismatch([Any].self, value, path(key)) }
    let arrayPath = path(key)
    var result: [T] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      result.append(try T(json: JSONObjectReader(element, codingPath: arrayPath + [JSONKey(index: index)])))
    }
    return result
  }

  /// Any other `Decodable` member, through the tree decoder.
  public func decode<T: Decodable>(_ type: T.Type, _ key: String) throws -> T {
    try JSONTreeDecoder.unbox(member(key), as: type, codingPath: path(key))
  }

  public func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
    try presentMember(key).map { try JSONTreeDecoder.unbox($0, as: type, codingPath: path(key)) }
  }
}
