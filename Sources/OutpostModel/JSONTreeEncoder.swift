#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Encodes an `Encodable` value straight into a `JSONValue` tree, with `JSONCoding`'s rules:
/// ISO 8601 dates to the second, URLs as their text, `Data` in Base64, non-finite numbers refused.
/// `JSONValue.serialized` then writes the bytes `JSONEncoder` would have written. Foundation's
/// encoder was most of the daemon's time on the RPC path (issue 20's profiles: 60 % of an agenda's
/// `items.list`); this one writes no intermediate bytes and parses nothing back.
public enum JSONTreeEncoder {
  public static func encode(_ value: some Encodable) throws -> JSONValue {
    try box(value, codingPath: []).resolved()
  }

  /// The same value as compact JSON bytes, written straight from the encoded containers (no
  /// dictionaries built on the way): what `JSONCoding.encode` returns.
  public static func encodeBytes(_ value: some Encodable) throws -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    try box(value, codingPath: []).write(into: &out)
    return out
  }

  /// One value: the types `JSONEncoder` treats specially, else the value's own `encode(to:)`.
  /// The coding path is asked for only where it is used (a nested encoder, an error): building
  /// it for every value, an "Index n" string for each element of an array, was most of the time
  /// the daemon spent encoding a small reply (issue 20, `daemon.hello` under load).
  static func box<T: Encodable>(_ value: T, codingPath: @autoclosure () -> [any CodingKey]) throws -> PendingValue {
    if T.self == JSONValue.self { return .value(value as! JSONValue) }
    if T.self == String.self { return .value(.string(value as! String)) }
    if T.self == Date.self { return .value(.string(ISO8601Seconds.format(value as! Date))) }
    if T.self == URL.self { return .value(.string((value as! URL).absoluteString)) }
    if T.self == Data.self { return .value(.string((value as! Data).base64EncodedString())) }
    if T.self == Decimal.self { return .value(number(value as! Decimal)) }
    if let direct = value as? any JSONDirectlyEncodable { return .direct(DirectValue(direct)) }
    let encoder = TreeEncoder(codingPath: codingPath())
    try value.encode(to: encoder)
    return encoder.storage ?? .object(PendingObject())
  }

  static func number(_ value: Decimal) -> JSONValue {
    let text = value.description
    if let whole = Int64(text) { return .int(whole) }
    return .double(Double(text) ?? 0)
  }

  static func number(_ value: Double, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath(), debugDescription: "Unable to encode Double.\(value) directly in JSON."))
    }
    // The tree reads as the written bytes would parse: digits without a point or an exponent
    // are an integer (1000.0 is written 1000; -0.0 is written -0 and stays a double).
    // (Swift writes whole doubles past 2^53 with an exponent: those stay doubles.)
    if value.rounded() == value, value != 0 || value.sign == .plus, !value.description.contains("e"),
      let whole = Int64(exactly: value)
    {
      return .int(whole)
    }
    return .double(value)
  }

  /// A Float as `JSONEncoder` writes it, from its own shortest digits (0.1, not 0.10000000149).
  static func number(_ value: Float, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath(), debugDescription: "Unable to encode Float.\(value) directly in JSON."))
    }
    return try number(Double(value.description) ?? Double(value), codingPath: codingPath())
  }

  static func integer(_ value: some BinaryInteger, codingPath: @autoclosure () -> [any CodingKey]) throws -> JSONValue {
    guard let exact = Int64(exactly: value) else {
      // A UInt64 above Int64.max: JSON has no limit, JSONValue keeps integers as Int64.
      return .double(Double(value))
    }
    return .int(exact)
  }
}

/// A hand-written value in the tree, by reference, so that `PendingValue` stays a word or two:
/// the existential inline made every copy and destroy of it (sorting an object's members, on
/// every reply) go through value witnesses, 11 % of the daemon's RPC throughput (issue 20).
final class DirectValue {
  let value: any JSONDirectlyEncodable
  init(_ value: any JSONDirectlyEncodable) { self.value = value }
}

/// A container's value while it is being filled: nested containers are references, so that a
/// nested container handed out earlier still writes into its parent.
final class PendingArray {
  var elements: [PendingValue] = []
}

/// Members in the order they were encoded; a key encoded twice keeps its last value (as in a
/// dictionary). Sorted only when written.
final class PendingObject {
  var members: [(key: String, value: PendingValue)] = []

  func set(_ key: String, _ value: PendingValue) { members.append((key, value)) }

  /// The members by key, each key once (its last value).
  var sortedMembers: [(key: String, value: PendingValue)] {
    let order = members.indices.sorted { left, right in
      members[left].key == members[right].key ? left < right : members[left].key < members[right].key
    }
    var sorted: [(key: String, value: PendingValue)] = []
    sorted.reserveCapacity(order.count)
    for (position, index) in order.enumerated() {
      if position + 1 < order.count, members[order[position + 1]].key == members[index].key { continue }
      sorted.append(members[index])
    }
    return sorted
  }
}

enum PendingValue {
  case value(JSONValue)
  case array(PendingArray)
  case object(PendingObject)
  /// Writes itself (`JSONDirectlyEncodable`).
  case direct(DirectValue)

  func resolved() throws -> JSONValue {
    switch self {
    case .value(let value): return value
    case .array(let array): return .array(try array.elements.map { try $0.resolved() })
    case .object(let object):
      return .object(
        Dictionary(try object.members.map { ($0.key, try $0.value.resolved()) }, uniquingKeysWith: { _, last in last }))
    case .direct(let box):
      var bytes: [UInt8] = []
      JSONObjectWriter.write(box.value, into: &bytes)
      return try JSONParser.parse(bytes)
    }
  }

  /// `resolved.serialized`, without building the dictionaries.
  func write(into out: inout [UInt8]) {
    switch self {
    case .value(let value): value.write(into: &out)
    case .direct(let box): JSONObjectWriter.write(box.value, into: &out)
    case .array(let array):
      out.append(UInt8(ascii: "["))
      for (offset, element) in array.elements.enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        element.write(into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let object):
      out.append(UInt8(ascii: "{"))
      for (offset, member) in object.sortedMembers.enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        JSONValue.writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        member.value.write(into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }
}

final class TreeEncoder: Encoder {
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }
  var storage: PendingValue?

  init(codingPath: [any CodingKey]) { self.codingPath = codingPath }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    let object: PendingObject
    if case .object(let existing)? = storage {
      object = existing
    } else {
      object = PendingObject()
      storage = .object(object)
    }
    return KeyedEncodingContainer(TreeKeyedEncodingContainer<Key>(object: object, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    let array: PendingArray
    if case .array(let existing)? = storage {
      array = existing
    } else {
      array = PendingArray()
      storage = .array(array)
    }
    return TreeUnkeyedEncodingContainer(array: array, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer { TreeSingleValueEncodingContainer(encoder: self) }
}

struct TreeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let object: PendingObject
  let codingPath: [any CodingKey]

  private func set(_ value: JSONValue, _ key: Key) { object.set(key.stringValue, .value(value)) }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try JSONTreeEncoder.number(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try JSONTreeEncoder.number(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(.int(Int64(value)), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(.int(Int64(value)), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(.int(Int64(value)), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(.int(Int64(value)), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(.int(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws {
    set(try JSONTreeEncoder.integer(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(.int(Int64(value)), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(.int(Int64(value)), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(.int(Int64(value)), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    set(try JSONTreeEncoder.integer(value, codingPath: codingPath + [key]), key)
  }
  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    object.set(key.stringValue, try JSONTreeEncoder.box(value, codingPath: codingPath + [key]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let nested = PendingObject()
    object.set(key.stringValue, .object(nested))
    return KeyedEncodingContainer(TreeKeyedEncodingContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let nested = PendingArray()
    object.set(key.stringValue, .array(nested))
    return TreeUnkeyedEncodingContainer(array: nested, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder { superEncoder(named: JSONKey.super) }
  mutating func superEncoder(forKey key: Key) -> any Encoder { superEncoder(named: key) }

  private func superEncoder(named key: any CodingKey) -> any Encoder {
    let encoder = ReferencingEncoder(codingPath: codingPath + [key]) { [object] value in
      object.set(key.stringValue, value)
    }
    return encoder
  }
}

struct TreeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
  let array: PendingArray
  let codingPath: [any CodingKey]
  var count: Int { array.elements.count }

  private var nextPath: [any CodingKey] { codingPath + [JSONKey(index: count)] }
  private func append(_ value: JSONValue) { array.elements.append(.value(value)) }

  mutating func encodeNil() throws { append(.null) }
  mutating func encode(_ value: Bool) throws { append(.bool(value)) }
  mutating func encode(_ value: String) throws { append(.string(value)) }
  mutating func encode(_ value: Double) throws { append(try JSONTreeEncoder.number(value, codingPath: nextPath)) }
  mutating func encode(_ value: Float) throws { append(try JSONTreeEncoder.number(value, codingPath: nextPath)) }
  mutating func encode(_ value: Int) throws { append(.int(Int64(value))) }
  mutating func encode(_ value: Int8) throws { append(.int(Int64(value))) }
  mutating func encode(_ value: Int16) throws { append(.int(Int64(value))) }
  mutating func encode(_ value: Int32) throws { append(.int(Int64(value))) }
  mutating func encode(_ value: Int64) throws { append(.int(value)) }
  mutating func encode(_ value: UInt) throws { append(try JSONTreeEncoder.integer(value, codingPath: nextPath)) }
  mutating func encode(_ value: UInt8) throws { append(.int(Int64(value))) }
  mutating func encode(_ value: UInt16) throws { append(.int(Int64(value))) }
  mutating func encode(_ value: UInt32) throws { append(.int(Int64(value))) }
  mutating func encode(_ value: UInt64) throws { append(try JSONTreeEncoder.integer(value, codingPath: nextPath)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    array.elements.append(try JSONTreeEncoder.box(value, codingPath: nextPath))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
    NestedKey
  > {
    let path = nextPath
    let nested = PendingObject()
    array.elements.append(.object(nested))
    return KeyedEncodingContainer(TreeKeyedEncodingContainer<NestedKey>(object: nested, codingPath: path))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let path = nextPath
    let nested = PendingArray()
    array.elements.append(.array(nested))
    return TreeUnkeyedEncodingContainer(array: nested, codingPath: path)
  }

  mutating func superEncoder() -> any Encoder {
    let index = count
    array.elements.append(.value(.null))
    return ReferencingEncoder(codingPath: codingPath + [JSONKey(index: index)]) { [array] value in
      array.elements[index] = value
    }
  }
}

struct TreeSingleValueEncodingContainer: SingleValueEncodingContainer {
  let encoder: TreeEncoder
  var codingPath: [any CodingKey] { encoder.codingPath }

  private func set(_ value: JSONValue) { encoder.storage = .value(value) }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  mutating func encode(_ value: String) throws { set(.string(value)) }
  mutating func encode(_ value: Double) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath)) }
  mutating func encode(_ value: Float) throws { set(try JSONTreeEncoder.number(value, codingPath: codingPath)) }
  mutating func encode(_ value: Int) throws { set(.int(Int64(value))) }
  mutating func encode(_ value: Int8) throws { set(.int(Int64(value))) }
  mutating func encode(_ value: Int16) throws { set(.int(Int64(value))) }
  mutating func encode(_ value: Int32) throws { set(.int(Int64(value))) }
  mutating func encode(_ value: Int64) throws { set(.int(value)) }
  mutating func encode(_ value: UInt) throws { set(try JSONTreeEncoder.integer(value, codingPath: codingPath)) }
  mutating func encode(_ value: UInt8) throws { set(.int(Int64(value))) }
  mutating func encode(_ value: UInt16) throws { set(.int(Int64(value))) }
  mutating func encode(_ value: UInt32) throws { set(.int(Int64(value))) }
  mutating func encode(_ value: UInt64) throws { set(try JSONTreeEncoder.integer(value, codingPath: codingPath)) }
  mutating func encode<T: Encodable>(_ value: T) throws {
    encoder.storage = try JSONTreeEncoder.box(value, codingPath: codingPath)
  }
}

/// The encoder of `superEncoder()`: what is encoded through it lands in its parent's slot when it
/// is released (as in Foundation's encoder).
final class ReferencingEncoder: Encoder {
  private let inner: TreeEncoder
  private let store: (PendingValue) -> Void
  var codingPath: [any CodingKey] { inner.codingPath }
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(codingPath: [any CodingKey], store: @escaping (PendingValue) -> Void) {
    inner = TreeEncoder(codingPath: codingPath)
    self.store = store
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    inner.container(keyedBy: type)
  }
  func unkeyedContainer() -> any UnkeyedEncodingContainer { inner.unkeyedContainer() }
  func singleValueContainer() -> any SingleValueEncodingContainer { inner.singleValueContainer() }

  deinit { store(inner.storage ?? .object(PendingObject())) }
}

/// Array indexes and `super` in coding paths (what Foundation's `_JSONKey` is).
struct JSONKey: CodingKey {
  var stringValue: String
  var intValue: Int?

  init(stringValue: String) { self.stringValue = stringValue }
  init(intValue: Int) {
    stringValue = "Index \(intValue)"
    self.intValue = intValue
  }
  init(index: Int) { self.init(intValue: index) }

  static let `super` = JSONKey(stringValue: "super")
}
