#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif

/// A JSON document checked as `JSONParser.parse` checks it, but kept as its bytes and a list of
/// where each value lies, instead of a `JSONValue` tree. Values are built only when read: a
/// string from its bytes, an object's member found by its name. For large replies read into
/// hand-written types (`JSONDirectlyDecodable`): the CLI's `outpost agenda` spent a third of its
/// time building the reply's tree (a dictionary per object, a string per member) and reading it
/// back (issue 20).
///
/// It accepts and refuses exactly what `parse` does (`JSONTapeProperties`), and `value(at:)`
/// is the tree `parse` gives.
public final class JSONTape: Sendable {
  enum Kind: UInt8 {
    case object, array, string, number, literal
  }

  /// One value: where its bytes are, and the entry after everything inside it. An object's
  /// members follow it as name and value; an array's elements follow it.
  struct Entry {
    var kind: Kind
    /// A string holding an escape (built through the parser; the others straight from bytes).
    var escaped: Bool
    var start: UInt32
    var end: UInt32
    var next: UInt32
  }

  let bytes: [UInt8]
  let entries: [Entry]

  /// Checks and indexes a whole document. Larger than 2 GiB is refused (an RPC line never is).
  public init(parsing bytes: [UInt8]) throws(JSONParser.Failure) {
    guard bytes.count < Int(UInt32.max) else {
      throw JSONParser.Failure(offset: 0, reason: "document too large")
    }
    // An agenda's reply has an entry per 12 bytes or so; room reserved and not used is not
    // touched, so costs nothing, while growing copies the whole tape.
    var entries: [Entry] = []
    entries.reserveCapacity(bytes.count / 8)
    try bytes.withUnsafeBufferPointer { buffer throws(JSONParser.Failure) in
      var parser = JSONParser(bytes: buffer)
      parser.skipWhitespace()
      try parser.tapeValue(depth: 0, into: &entries)
      parser.skipWhitespace()
      guard parser.index == buffer.count else { throw parser.failure("unexpected data after the JSON value") }
    }
    self.bytes = bytes
    self.entries = entries
  }

  /// The value at `entry` as a tree (what `parse` gives for the same bytes).
  public func value(at entry: Int = 0) -> JSONValue {
    let value = entries[entry]
    switch value.kind {
    // The values every entry of an agenda holds (`"details":{}`, strings, literals) without
    // the parser; the others parsed from their bytes in place.
    case .object where Int(value.next) == entry + 1: return .object([:])
    case .array where Int(value.next) == entry + 1: return .array([])
    case .string where !value.escaped: return string(at: entry).map(JSONValue.string) ?? .null
    case .literal: return bool(at: entry).map(JSONValue.bool) ?? .null
    default:
      // Checked when the tape was made, so parsing its bytes again does not fail (and if it
      // ever did, null makes the caller's decoding say what is wrong instead of a crash).
      return bytes.withUnsafeBufferPointer { buffer in
        (try? JSONParser.document(
          UnsafeBufferPointer(rebasing: buffer[Int(value.start)..<Int(value.end)]), keeping: nil)) ?? .null
      }
    }
  }

  /// The value at `entry` as `type`: a hand-written type reads the bytes in place, any other
  /// goes through the tree (`JSONCoding.convert`), with the same values and errors.
  public func decode<T: Decodable>(_ type: T.Type, at entry: Int = 0) throws -> T {
    if let direct = T.self as? any JSONDirectlyDecodable.Type {
      return try direct.init(json: JSONObjectReader(tape: self, entry: entry, codingPath: [])) as! T
    }
    return try JSONTreeDecoder.decode(type, from: value(at: entry))
  }

  /// The entry of an object's member (its last, if named twice, as `parse` keeps), or nil.
  public func member(_ key: String, of object: Int) -> Int? {
    guard entries[object].kind == .object else { return nil }
    var found: Int?
    var name = object + 1
    let end = Int(entries[object].next)
    while name < end {
      if isString(at: name, equalTo: key) { found = name + 1 }
      name = Int(entries[name + 1].next)
    }
    return found
  }

  /// The entries of an array's elements.
  func elements(of array: Int) -> [Int] {
    var result: [Int] = []
    var element = array + 1
    while element < Int(entries[array].next) {
      result.append(element)
      element = Int(entries[element].next)
    }
    return result
  }

  func kind(at entry: Int) -> Kind { entries[entry].kind }

  public func isObject(at entry: Int = 0) -> Bool { entries[entry].kind == .object }

  func isNull(at entry: Int) -> Bool {
    entries[entry].kind == .literal && bytes[Int(entries[entry].start)] == UInt8(ascii: "n")
  }

  /// A bool literal's value; nil for anything else.
  func bool(at entry: Int) -> Bool? {
    guard entries[entry].kind == .literal else { return nil }
    switch bytes[Int(entries[entry].start)] {
    case UInt8(ascii: "t"): return true
    case UInt8(ascii: "f"): return false
    default: return nil
    }
  }

  /// A string's text; nil for anything else.
  func string(at entry: Int) -> String? {
    let value = entries[entry]
    guard value.kind == .string else { return nil }
    guard !value.escaped else {
      guard case .string(let text) = self.value(at: entry) else { return nil }
      return text
    }
    // Checked for UTF-8 when the tape was made: nothing to repair.
    return bytes.withUnsafeBufferPointer { buffer in
      String(decoding: UnsafeBufferPointer(rebasing: buffer[Int(value.start + 1)..<Int(value.end - 1)]), as: UTF8.self)
    }
  }

  /// A date written as `JSONCoding` writes them, read without making a string; nil for anything
  /// else (the caller then goes the general way, which says what is wrong).
  func date(at entry: Int) -> Date? {
    let value = entries[entry]
    guard value.kind == .string, !value.escaped else { return nil }
    return bytes.withUnsafeBufferPointer { buffer in
      ISO8601Seconds.parse(utf8: UnsafeBufferPointer(rebasing: buffer[Int(value.start + 1)..<Int(value.end - 1)]))
    }
  }

  /// Whether a member's name is `key`: the length first, which tells most names apart.
  private func isString(at entry: Int, equalTo key: String) -> Bool {
    let value = entries[entry]
    guard !value.escaped else { return string(at: entry) == key }
    let start = Int(value.start) + 1
    let count = Int(value.end) - 1 - start
    guard key.utf8.count == count else { return false }
    guard count > 0 else { return true }
    return bytes.withUnsafeBufferPointer { buffer in
      key.utf8.withContiguousStorageIfAvailable { wanted in
        memcmp(wanted.baseAddress!, buffer.baseAddress! + start, count) == 0
      } ?? key.utf8.elementsEqual(buffer[start..<start + count])
    }
  }
}

extension JSONParser {
  /// One value onto the tape, checked as `parseValue` checks it, at the same depths.
  mutating func tapeValue(depth: Int, into entries: inout [JSONTape.Entry]) throws(Failure) {
    guard let byte = current else { throw failure("unexpected end of input") }
    let at = entries.count
    let start = UInt32(index)
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard depth + 1 <= Self.maximumDepth else { throw failure("nested too deeply") }
      let isObject = byte == UInt8(ascii: "{")
      let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
      entries.append(.init(kind: isObject ? .object : .array, escaped: false, start: start, end: 0, next: 0))
      index += 1
      skipWhitespace()
      if current == close {
        index += 1
      } else {
        members: while true {
          skipWhitespace()
          if isObject {
            guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
            try tapeString(into: &entries)
            skipWhitespace()
            guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
            index += 1
            skipWhitespace()
          }
          try tapeValue(depth: depth + 1, into: &entries)
          skipWhitespace()
          switch current {
          case UInt8(ascii: ",")?: index += 1
          case close?:
            index += 1
            break members
          default: throw failure(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
          }
        }
      }
      entries[at].end = UInt32(index)
      entries[at].next = UInt32(entries.count)
    case UInt8(ascii: "\""):
      try tapeString(into: &entries)
    default:
      let kind: JSONTape.Kind
      switch byte {
      case UInt8(ascii: "t"):
        _ = try parseLiteral("true", .bool(true))
        kind = .literal
      case UInt8(ascii: "f"):
        _ = try parseLiteral("false", .bool(false))
        kind = .literal
      case UInt8(ascii: "n"):
        _ = try parseLiteral("null", .null)
        kind = .literal
      case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
        _ = try parseNumber()
        kind = .number
      default: throw failure("unexpected character")
      }
      entries.append(.init(kind: kind, escaped: false, start: start, end: UInt32(index), next: UInt32(at + 1)))
    }
  }

  /// A string onto the tape, checked as `parseString` checks it: control characters, escapes
  /// (surrogates paired) and UTF-8. An escape is ASCII and whatever it stands for is whole
  /// UTF-8, so checking the raw bytes between the quotes is checking the text.
  private mutating func tapeString(into entries: inout [JSONTape.Entry]) throws(Failure) {
    let start = index
    let escaped = try scanString()
    entries.append(
      .init(kind: .string, escaped: escaped, start: UInt32(start), end: UInt32(index), next: UInt32(entries.count + 1)))
  }

  /// Steps over a string (from its opening quote to after its closing one), checking it as
  /// `parseString` does; true if it holds an escape.
  mutating func scanString() throws(Failure) -> Bool {
    let start = index
    index += 1
    var bitsSeen: UInt8 = 0
    var escaped = false
    var scratch: [UInt8] = []
    while true {
      skipPlainBytes(seen: &bitsSeen)
      guard index < bytes.count else { throw failure("unterminated string") }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") { break }
      if byte == UInt8(ascii: "\\") {
        escaped = true
        try parseEscape(into: &scratch)
        scratch.removeAll(keepingCapacity: true)
        continue
      }
      if byte < 0x20 {
        index -= 1
        throw failure("control character in a string")
      }
      bitsSeen |= byte
    }
    if bitsSeen >= 0x80, !Self.isUTF8(UnsafeBufferPointer(rebasing: bytes[start + 1..<index - 1])) {
      index -= 1
      throw failure("invalid UTF-8 in a string")
    }
    return escaped
  }

  /// Well-formed UTF-8 as Unicode defines it (no overlong forms, no surrogates, nothing past
  /// U+10FFFF): what `String(decoding:)` takes without repairing.
  static func isUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 0
    while index < bytes.count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      let following: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: following = 1
      case 0xE0:
        following = 2
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: following = 2
      case 0xED:
        following = 2
        high = 0x9F
      case 0xF0:
        following = 3
        low = 0x90
      case 0xF1...0xF3: following = 3
      case 0xF4:
        following = 3
        high = 0x8F
      default: return false
      }
      guard index + following < bytes.count, (low...high).contains(bytes[index + 1]) else { return false }
      var offset = 2
      while offset <= following {
        guard (0x80...0xBF).contains(bytes[index + offset]) else { return false }
        offset += 1
      }
      index += following + 1
    }
    return true
  }
}
