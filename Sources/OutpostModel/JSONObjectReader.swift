#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Reads one object's members with `JSONTreeDecoder`'s rules and errors: a missing member is
/// `keyNotFound`, a wrong one a `typeMismatch` or `valueNotFound` naming its path, and an
/// optional member may be absent or null. The object is a `JSONValue` tree's, or a `JSONTape`'s
/// (read in place from the bytes); both read the same values and throw the same errors, since
/// whatever the tape does not read itself goes through the tree decoder's helpers.
public struct JSONObjectReader {
  private enum Source {
    case tree([String: JSONValue])
    case tape(JSONTape, object: Int)
  }

  /// A member found: a tree's value or a tape's entry.
  private enum Member {
    case tree(JSONValue)
    case tape(Int)
  }

  private let source: Source
  public let codingPath: [any CodingKey]

  init(_ value: JSONValue, codingPath: [any CodingKey]) throws {
    guard case .object(let members) = value else {
      throw JSONTreeDecoder.mismatch([String: Any].self, value, codingPath)
    }
    self.source = .tree(members)
    self.codingPath = codingPath
  }

  init(tape: JSONTape, entry: Int, codingPath: [any CodingKey]) throws {
    guard tape.kind(at: entry) == .object else {
      throw JSONTreeDecoder.mismatch([String: Any].self, tape.value(at: entry), codingPath)
    }
    self.source = .tape(tape, object: entry)
    self.codingPath = codingPath
  }

  private func find(_ key: String) -> Member? {
    switch source {
    case .tree(let members): members[key].map(Member.tree)
    case .tape(let tape, let object): tape.member(key, of: object).map(Member.tape)
    }
  }

  private func member(_ key: String) throws -> Member {
    guard let value = find(key) else {
      throw DecodingError.keyNotFound(
        JSONKey(stringValue: key),
        .init(codingPath: codingPath, debugDescription: "No value associated with key \(key) (\"\(key)\")."))
    }
    return value
  }

  /// The member, or nil if it is absent or null (what `decodeIfPresent` reads as nil).
  private func presentMember(_ key: String) -> Member? {
    guard let found = find(key) else { return nil }
    switch (found, source) {
    case (.tree(let value), _): return value == .null ? nil : found
    case (.tape(let entry), .tape(let tape, _)): return tape.isNull(at: entry) ? nil : found
    case (.tape, .tree): return nil
    }
  }

  /// The member as a tree (a tape's is built from its bytes).
  private func tree(_ member: Member) -> JSONValue {
    switch (member, source) {
    case (.tree(let value), _): value
    case (.tape(let entry), .tape(let tape, _)): tape.value(at: entry)
    case (.tape, .tree): .null
    }
  }

  /// The member's tape and entry, when it is read in place.
  private func onTape(_ member: Member) -> (JSONTape, Int)? {
    guard case .tape(let entry) = member, case .tape(let tape, _) = source else { return nil }
    return (tape, entry)
  }

  /// The path to a member: made only for an error (an array per member read was a tenth of
  /// reading an agenda).
  private func path(_ key: String) -> [any CodingKey] { codingPath + [JSONKey(stringValue: key)] }

  public func string(_ key: String) throws -> String { try string(member(key), key) }

  public func stringIfPresent(_ key: String) throws -> String? {
    try presentMember(key).map { try string($0, key) }
  }

  public func int64(_ key: String) throws -> Int64 {
    let value = tree(try member(key))
    if case .int(let number) = value { return number }
    return try JSONTreeDecoder.integer(value, as: Int64.self, path(key))
  }

  /// Any integer type, read as `JSONDecoder` reads it (1.0 and 1e2 are integers; a number that
  /// does not fit is refused, naming the member).
  public func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: String) throws -> T {
    let value = tree(try member(key))
    if case .int(let number) = value, let exact = T(exactly: number) { return exact }
    return try JSONTreeDecoder.integer(value, as: T.self, path(key))
  }

  public func double(_ key: String) throws -> Double { try JSONTreeDecoder.double(tree(try member(key)), path(key)) }

  public func boolIfPresent(_ key: String) throws -> Bool? {
    try presentMember(key).map { member in
      if let (tape, entry) = onTape(member), let bool = tape.bool(at: entry) { return bool }
      let value = tree(member)
      if case .bool(let bool) = value { return bool }
      return try JSONTreeDecoder.bool(value, path(key))
    }
  }

  public func date(_ key: String) throws -> Date { try date(member(key), key) }

  public func dateIfPresent(_ key: String) throws -> Date? { try presentMember(key).map { try date($0, key) } }

  /// The common case inline; the tree decoder's helpers only for what they refuse or repair.
  private func string(_ member: Member, _ key: String) throws -> String {
    if let (tape, entry) = onTape(member), let text = tape.string(at: entry) { return text }
    let value = tree(member)
    if case .string(let text) = value { return text }
    return try JSONTreeDecoder.string(value, path(key))
  }

  private func date(_ member: Member, _ key: String) throws -> Date {
    if let (tape, entry) = onTape(member), let date = tape.date(at: entry) { return date }
    let value = tree(member)
    if case .string(let text) = value, let date = ISO8601Seconds.parse(text) { return date }
    return try JSONTreeDecoder.date(value, path(key))
  }

  /// The member as it is, null included.
  public func value(_ key: String) throws -> JSONValue { tree(try member(key)) }

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

  private func reader(_ member: Member, _ codingPath: [any CodingKey]) throws -> JSONObjectReader {
    if let (tape, entry) = onTape(member) {
      return try JSONObjectReader(tape: tape, entry: entry, codingPath: codingPath)
    }
    return try JSONObjectReader(tree(member), codingPath: codingPath)
  }

  /// A member that reads itself by hand too, without the tree decoder's look-ups on the way.
  public func object<T: JSONDirectlyDecodable>(_ type: T.Type, _ key: String) throws -> T {
    try T(json: reader(member(key), path(key)))
  }

  public func objectIfPresent<T: JSONDirectlyDecodable>(_ type: T.Type, _ key: String) throws -> T? {
    try presentMember(key).map { try T(json: reader($0, path(key))) }
  }

  /// An array of values that read themselves by hand; each element's errors name its index.
  public func array<T: JSONDirectlyDecodable>(of type: T.Type, _ key: String) throws -> [T] {
    let found = try member(key)
    let arrayPath = path(key)
    let elements: [Member]
    if let (tape, entry) = onTape(found), tape.kind(at: entry) == .array {
      elements = tape.elements(of: entry).map(Member.tape)
    } else if case .array(let values) = tree(found) {
      elements = values.map(Member.tree)
    } else {
      throw JSONTreeDecoder.mismatch([Any].self, tree(found), arrayPath)
    }
    var result: [T] = []
    result.reserveCapacity(elements.count)
    for (index, element) in elements.enumerated() {
      result.append(try T(json: reader(element, arrayPath + [JSONKey(index: index)])))
    }
    return result
  }

  /// Any other `Decodable` member, through the tree decoder.
  public func decode<T: Decodable>(_ type: T.Type, _ key: String) throws -> T {
    try JSONTreeDecoder.unbox(tree(member(key)), as: type, codingPath: path(key))
  }

  public func decodeIfPresent<T: Decodable>(_ type: T.Type, _ key: String) throws -> T? {
    try presentMember(key).map { try JSONTreeDecoder.unbox(tree($0), as: type, codingPath: path(key)) }
  }
}
