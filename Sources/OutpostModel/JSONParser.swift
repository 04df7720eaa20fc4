#if canImport(Glibc)
  import Glibc
#endif

/// A strict RFC 8259 parser for `JSONValue`, working on bytes. `JSONDecoder` is several times
/// slower for untyped values (every request line is parsed this way first), and this parser
/// bounds nesting depth so that a hostile `[[[[…` line cannot exhaust the stack.
public struct JSONParser {
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public var offset: Int
    public var reason: String
    public var description: String { "\(reason) at byte \(offset)" }
  }

  /// Deeper documents are refused; Outpost's own messages nest a handful of levels.
  public static let maximumDepth = 256

  public static func parse(_ bytes: some Collection<UInt8>) throws(Failure) -> JSONValue {
    try document(bytes, keeping: nil)
  }

  /// Only the members of a JSON object named in `keys`, parsed; the others are stepped over
  /// without being built (no string decoded, no container made). For the store's details when a
  /// one-line view needs a few of them (`items.list` with `details: false`): building every member
  /// was a sixth of the daemon's time for an agenda (issue 20). The structure is checked as
  /// `parse` checks it, and a skipped string for its escapes and control characters, but not for
  /// valid UTF-8 or paired surrogates (the store's text is a Swift `String`'s, valid UTF-8 by
  /// construction). A value that is not an object is parsed whole.
  public static func parseMembers(of bytes: some Collection<UInt8>, named keys: Set<String>) throws(Failure)
    -> JSONValue
  {
    let array = bytes as? [UInt8] ?? Array(bytes)
    return try array.withUnsafeBufferPointer { buffer throws(Failure) in
      try parseMembers(of: buffer, named: JSONMemberNames(keys))
    }
  }

  /// The same, with the names made once for many documents (the rows of one `items.list`), from
  /// bytes read in place (SQLite's copy of the column).
  public static func parseMembers(of bytes: UnsafeBufferPointer<UInt8>, named names: JSONMemberNames) throws(Failure)
    -> JSONValue
  {
    try document(bytes, keeping: names)
  }

  /// One whole document; `keys`: only these members of a top-level object are built.
  private static func document(_ bytes: some Collection<UInt8>, keeping keys: JSONMemberNames?) throws(Failure)
    -> JSONValue
  {
    let array = bytes as? [UInt8] ?? Array(bytes)
    return try array.withUnsafeBufferPointer { buffer throws(Failure) -> JSONValue in
      try document(buffer, keeping: keys)
    }
  }

  static func document(_ buffer: UnsafeBufferPointer<UInt8>, keeping keys: JSONMemberNames?) throws(Failure)
    -> JSONValue
  {
    var parser = JSONParser(bytes: buffer)
    parser.skipWhitespace()
    let value =
      keys != nil && parser.current == UInt8(ascii: "{")
      ? try parser.parseObject(depth: 1, keeping: keys) : try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == buffer.count else { throw parser.failure("unexpected data after the JSON value") }
    return value
  }

  let bytes: UnsafeBufferPointer<UInt8>
  var index = 0
  /// The members of the objects being read, innermost last: each object's dictionary is made
  /// at its `}` with room for all of them, instead of growing (and rehashing) member by member.
  private var pendingMembers: [(key: String, value: JSONValue)] = []

  init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

  func failure(_ reason: String) -> Failure { Failure(offset: index, reason: reason) }

  var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  mutating func skipWhitespace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x20, 0x09, 0x0A, 0x0D: index += 1
      default: return
      }
    }
  }

  private mutating func parseValue(depth: Int) throws(Failure) -> JSONValue {
    guard let byte = current else { throw failure("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
    case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): return try parseLiteral("true", .bool(true))
    case UInt8(ascii: "f"): return try parseLiteral("false", .bool(false))
    case UInt8(ascii: "n"): return try parseLiteral("null", .null)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try parseNumber()
    default: throw failure("unexpected character")
    }
  }

  mutating func parseLiteral(_ word: StaticString, _ value: JSONValue) throws(Failure) -> JSONValue {
    let count = word.utf8CodeUnitCount
    guard index + count <= bytes.count else { throw failure("unexpected end of input") }
    for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
      throw failure("invalid literal")
    }
    index += count
    return value
  }

  /// `keeping`: only these members are built, the others skipped (`parseMembers`).
  private mutating func parseObject(depth: Int, keeping keys: JSONMemberNames? = nil) throws(Failure) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
    index += 1
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object([:])
    }
    let first = pendingMembers.count
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
      // Keeping some: a name is told from its bytes, and made into a string only when kept.
      let key: String?
      if let keys { key = try keptName(keys) } else { key = try parseString() }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
      index += 1
      skipWhitespace()
      if let key {
        pendingMembers.append((key, try parseValue(depth: depth)))
      } else {
        try skipValue(depth: depth)
      }
      skipWhitespace()
      switch current {
      case UInt8(ascii: ",")?: index += 1
      case UInt8(ascii: "}")?:
        index += 1
        // A key given twice keeps its last value.
        var members = [String: JSONValue](minimumCapacity: pendingMembers.count - first)
        for member in pendingMembers[first...] { members[member.key] = member.value }
        pendingMembers.removeLast(pendingMembers.count - first)
        return .object(members)
      default: throw failure("expected ',' or '}'")
      }
    }
  }

  /// Steps over the bytes of a string that need no look, eight at a time: up to the first
  /// quote, backslash or control character (or the last few bytes). `seen` gets 0x80 if a
  /// byte of those stepped over is not ASCII. A description of a few hundred bytes was read a
  /// byte at a time, with three tests each.
  mutating func skipPlainBytes(seen: inout UInt8) {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    guard var pointer = bytes.baseAddress.map({ UnsafeRawPointer($0 + index) }) else { return }
    var remaining = bytes.count - index
    var union: UInt64 = 0
    while remaining >= 8 {
      let word = pointer.loadUnaligned(as: UInt64.self)
      // A byte is zero in `word ^ ones * c` where `word` holds c; below 0x20 where subtracting
      // 0x20 borrows into its top bit (a byte of 0x80 or more never does: `& ~word`).
      let quote = word ^ (ones &* 0x22)
      let backslash = word ^ (ones &* 0x5C)
      let special =
        ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash) | ((word &- ones &* 0x20) & ~word)
      guard special & highs == 0 else { break }
      union |= word
      pointer += 8
      remaining -= 8
      index += 8
    }
    if union & highs != 0 { seen |= 0x80 }
  }

  /// A member name, checked as `parseString` checks it; the name if it is one of `names`, else nil.
  private mutating func keptName(_ names: JSONMemberNames) throws(Failure) -> String? {
    let start = index
    guard try scanString() else {
      return names.name(matching: UnsafeBufferPointer(rebasing: bytes[start + 1..<index - 1]))
    }
    index = start
    let name = try parseString()
    return names.contains(name) ? name : nil
  }

  /// Steps over one value, checking its structure (`parseMembers`).
  private mutating func skipValue(depth: Int) throws(Failure) {
    guard let byte = current else { throw failure("unexpected end of input") }
    guard byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") else {
      if byte == UInt8(ascii: "\"") { return try skipString() }
      _ = try parseValue(depth: depth)  // a number or a literal: nothing to allocate
      return
    }
    guard depth + 1 <= Self.maximumDepth else { throw failure("nested too deeply") }
    let isObject = byte == UInt8(ascii: "{")
    let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
    index += 1
    skipWhitespace()
    if current == close {
      index += 1
      return
    }
    while true {
      skipWhitespace()
      if isObject {
        guard current == UInt8(ascii: "\"") else { throw failure("expected a member name") }
        try skipString()
        skipWhitespace()
        guard current == UInt8(ascii: ":") else { throw failure("expected ':'") }
        index += 1
        skipWhitespace()
      }
      try skipValue(depth: depth + 1)
      skipWhitespace()
      switch current {
      case UInt8(ascii: ",")?: index += 1
      case close?:
        index += 1
        return
      default: throw failure(isObject ? "expected ',' or '}'" : "expected ',' or ']'")
      }
    }
  }

  private mutating func skipString() throws(Failure) {
    index += 1
    var bits: UInt8 = 0
    while index < bytes.count {
      skipPlainBytes(seen: &bits)
      guard index < bytes.count else { break }
      let byte = bytes[index]
      index += 1
      if byte == UInt8(ascii: "\"") { return }
      if byte < 0x20 { throw failure("control character in a string") }
      guard byte == UInt8(ascii: "\\") else { continue }
      guard let escaped = current else { break }
      index += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
        UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
        continue
      case UInt8(ascii: "u"): _ = try parseHex4()
      default: throw failure("invalid escape")
      }
    }
    throw failure("unterminated string")
  }

  private mutating func parseArray(depth: Int) throws(Failure) -> JSONValue {
    guard depth <= Self.maximumDepth else { throw failure("nested too deeply") }
    index += 1
    var elements: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipWhitespace()
      elements.append(try parseValue(depth: depth))
      skipWhitespace()
      switch current {
      case UInt8(ascii: ",")?: index += 1
      case UInt8(ascii: "]")?:
        index += 1
        return .array(elements)
      default: throw failure("expected ',' or ']'")
      }
    }
  }

  /// A string's bytes as a `String`, or nil when they are not UTF-8. Not `String(validating:as:)`:
  /// it is generic and not specialised here, and looked generic metadata up at every call (7 %
  /// of reading an agenda's reply, in the CLI and the daemon alike). ASCII needs no check; other
  /// bytes go through `String(decoding:)`, which repairs, and give back the very same bytes only
  /// when there was nothing to repair.
  private static func string(_ bytes: UnsafeBufferPointer<UInt8>, isASCII: Bool) -> String? {
    let text = String(decoding: bytes, as: UTF8.self)
    if isASCII { return text }
    return text.utf8.elementsEqual(bytes) ? text : nil
  }

  private mutating func parseString() throws(Failure) -> String {
    index += 1
    let start = index
    // Fast path: no escapes.
    var bitsSeen: UInt8 = 0
    while index < bytes.count {
      skipPlainBytes(seen: &bitsSeen)
      guard index < bytes.count else { break }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        let slice = UnsafeBufferPointer(rebasing: bytes[start..<index])
        index += 1
        guard let text = Self.string(slice, isASCII: bitsSeen < 0x80) else {
          throw failure("invalid UTF-8 in a string")
        }
        return text
      }
      if byte == UInt8(ascii: "\\") { break }
      if byte < 0x20 { throw failure("control character in a string") }
      bitsSeen |= byte
      index += 1
    }
    var out = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    while true {
      guard let byte = current else { throw failure("unterminated string") }
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let text = out.withUnsafeBufferPointer({ Self.string($0, isASCII: false) }) else {
          throw failure("invalid UTF-8 in a string")
        }
        return text
      case UInt8(ascii: "\\"):
        try parseEscape(into: &out)
      case 0..<0x20:
        throw failure("control character in a string")
      default:
        out.append(byte)
      }
    }
  }

  mutating func parseEscape(into out: inout [UInt8]) throws(Failure) {
    guard let byte = current else { throw failure("unterminated escape") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(byte)
    case UInt8(ascii: "b"): out.append(0x08)
    case UInt8(ascii: "f"): out.append(0x0C)
    case UInt8(ascii: "n"): out.append(0x0A)
    case UInt8(ascii: "r"): out.append(0x0D)
    case UInt8(ascii: "t"): out.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800...0xDBFF).contains(scalar) {
        guard current == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
          throw failure("unpaired surrogate")
        }
        index += 2
        let low = try parseHex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw failure("unpaired surrogate") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00...0xDFFF).contains(scalar) {
        throw failure("unpaired surrogate")
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw failure("invalid unicode escape") }
      out.append(contentsOf: Array(String(Character(unicode)).utf8))
    default:
      throw failure("invalid escape")
    }
  }

  private mutating func parseHex4() throws(Failure) -> UInt32 {
    guard index + 4 <= bytes.count else { throw failure("short unicode escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[index]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw failure("invalid unicode escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  mutating func parseNumber() throws(Failure) -> JSONValue {
    let start = index
    if current == UInt8(ascii: "-") { index += 1 }
    guard let first = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
      throw failure("invalid number")
    }
    if first == UInt8(ascii: "0") {
      index += 1
    } else {
      skipDigits()
    }
    var isInteger = true
    if current == UInt8(ascii: ".") {
      isInteger = false
      index += 1
      guard skipDigits() > 0 else { throw failure("invalid number") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      isInteger = false
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard skipDigits() > 0 else { throw failure("invalid number") }
    }
    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    if isInteger, let integer = Int64(text) {
      // "-0" is a negative zero: as the integer 0 it would lose its sign and write back as "0"
      // (found by fuzz-json from "-0.0e+1", which writes as "-0").
      return integer == 0 && bytes[start] == UInt8(ascii: "-") ? .double(-0.0) : .int(integer)
    }
    guard let double = Double(text), double.isFinite else { throw failure("number out of range") }
    return .double(double)
  }

  @discardableResult
  private mutating func skipDigits() -> Int {
    let start = index
    while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
    return index - start
  }
}

extension JSONValue {
  /// Compact JSON with sorted keys and unescaped slashes: byte for byte what `JSONCoding.encode`
  /// writes for the same value, without going through `Encodable`.
  public var serialized: [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(64)
    write(into: &out)
    return out
  }

  /// False when a number in it is infinite or NaN, which JSON cannot hold (`serialized` would
  /// write them as `inf` and `nan`; `JSONCoding.encode` refuses them).
  public var numbersAreFinite: Bool {
    switch self {
    case .double(let value): value.isFinite
    case .array(let elements): elements.allSatisfy(\.numbersAreFinite)
    case .object(let members): members.values.allSatisfy(\.numbersAreFinite)
    case .null, .bool, .int, .string: true
    }
  }

  func write(into out: inout [UInt8]) {
    switch self {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let value): out.append(contentsOf: value ? "true".utf8 : "false".utf8)
    case .int(let value): out.append(contentsOf: String(value).utf8)
    case .double(let value):
      // JSONEncoder's form: the shortest digits that read back as the same double, without a
      // trailing ".0" (1000.0 is 1000, -0.0 is -0, 1e16 stays 1e+16).
      let text = value.description
      out.append(contentsOf: text.utf8)
      if text.utf8.count > 2, text.hasSuffix(".0") { out.removeLast(2) }
    case .string(let value): Self.writeString(value, into: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (offset, element) in elements.enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        element.write(into: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (offset, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
        if offset > 0 { out.append(UInt8(ascii: ",")) }
        Self.writeString(member.key, into: &out)
        out.append(UInt8(ascii: ":"))
        member.value.write(into: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  /// A JSON string: runs of bytes that need no escape are copied whole.
  static func writeString(_ text: String, into out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { bytes in
      var start = 0
      for index in 0..<bytes.count {
        let byte = bytes[index]
        guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        start = index + 1
        switch byte {
        case UInt8(ascii: "\""): out += [0x5C, 0x22]
        case UInt8(ascii: "\\"): out += [0x5C, 0x5C]
        case 0x0A: out += [0x5C, UInt8(ascii: "n")]
        case 0x0D: out += [0x5C, UInt8(ascii: "r")]
        case 0x09: out += [0x5C, UInt8(ascii: "t")]
        case 0x08: out += [0x5C, UInt8(ascii: "b")]
        case 0x0C: out += [0x5C, UInt8(ascii: "f")]
        default: out += [0x5C, UInt8(ascii: "u"), 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0xF)]
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }
    out.append(UInt8(ascii: "\""))
  }

  private static func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
  }
}

/// Member names to keep (`JSONParser.parseMembers`), grouped by length, so that a name in a
/// document is told apart by its bytes: no string made, nothing hashed, for the members skipped.
public struct JSONMemberNames: Sendable {
  private let names: Set<String>
  /// Indexed by length in bytes: the names of that length, with their bytes.
  private let byLength: [[(bytes: [UInt8], name: String)]]

  public init(_ names: Set<String>) {
    self.names = names
    var byLength = Array(repeating: [(bytes: [UInt8], name: String)](), count: (names.map(\.utf8.count).max() ?? 0) + 1)
    for name in names { byLength[name.utf8.count].append((Array(name.utf8), name)) }
    self.byLength = byLength
  }

  func contains(_ name: String) -> Bool { names.contains(name) }

  /// The name spelled by these bytes (no escapes in them), if it is one.
  func name(matching bytes: UnsafeBufferPointer<UInt8>) -> String? {
    guard bytes.count < byLength.count else { return nil }
    guard let start = bytes.baseAddress else { return byLength[0].first?.name }
    for candidate in byLength[bytes.count] {
      let same = candidate.bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, start, bytes.count) == 0 }
      if same { return candidate.name }
    }
    return nil
  }
}
