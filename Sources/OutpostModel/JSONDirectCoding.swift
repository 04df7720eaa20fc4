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

  public mutating func member(_ key: StaticString, _ values: [String]?) {
    guard let values else { return }
    array(key, values) { JSONValue.writeString($0, into: &$1) }
  }

  /// A date as `JSONCoding` writes dates: ISO 8601 to the second.
  public mutating func member(_ key: StaticString, _ value: Date?) {
    guard let value else { return }
    self.key(key)
    ISO8601Seconds.writeJSONString(value, into: &out)
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
    array(key, values) { Self.write($0, into: &$1) }
  }

  /// `key` and an array of `values`, each written by `element`.
  private mutating func array<Element>(
    _ key: StaticString, _ values: [Element], _ element: (Element, inout [UInt8]) -> Void
  ) {
    self.key(key)
    out.append(UInt8(ascii: "["))
    for (offset, value) in values.enumerated() {
      if offset > 0 { out.append(UInt8(ascii: ",")) }
      element(value, &out)
    }
    out.append(UInt8(ascii: "]"))
  }
}
