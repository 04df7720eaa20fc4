/// A TOML 1.0 parser: tables, arrays of tables, dotted and quoted keys, all string forms with
/// escapes, integers (decimal, hex, octal, binary, underscores), floats (inf, nan, exponents),
/// booleans, date-times (kept as text), arrays and inline tables. Duplicate keys, redefined
/// tables and trailing garbage are errors with the line they occur on.
///
/// Ours rather than TOMLKit (toml++): that builds here, but its values carry no source position,
/// and every configuration error names the line of its key (README, "Libraries used").
public struct TOMLParser {
  private let bytes: [UInt8]
  private var index = 0
  private var line = 1
  private var root = TOMLTable(line: 1)
  private var currentPath: [String] = []

  public static func parse(_ text: String) throws(TOMLError) -> TOMLTable {
    var parser = TOMLParser(bytes: Array(text.utf8))
    return try parser.parseDocument()
  }

  private init(bytes: [UInt8]) { self.bytes = bytes }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }
  private func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }

  private func error(_ message: String) -> TOMLError { TOMLError(line: line, message: message) }

  private mutating func advance() {
    if current == UInt8(ascii: "\n") { line += 1 }
    index += 1
  }

  private mutating func skipSpaces() {
    while let byte = current, byte == 0x20 || byte == 0x09 { advance() }
  }

  private mutating func skipComment() throws(TOMLError) {
    guard current == UInt8(ascii: "#") else { return }
    while let byte = current, byte != UInt8(ascii: "\n") {
      if byte < 0x20 && byte != 0x09 && !(byte == 0x0D && peek(1) == UInt8(ascii: "\n")) {
        throw error("control character in a comment")
      }
      advance()
    }
  }

  /// After a key/value pair or a header only a comment may follow on the line.
  private mutating func expectEndOfLine() throws(TOMLError) {
    skipSpaces()
    try skipComment()
    if current == 0x0D && peek(1) == UInt8(ascii: "\n") { advance() }
    guard current == nil || current == UInt8(ascii: "\n") else {
      throw error("unexpected text after a value; put each key on its own line")
    }
    if current != nil { advance() }
  }

  private mutating func skipBlankAndComments() throws(TOMLError) {
    while true {
      skipSpaces()
      try skipComment()
      if current == 0x0D && peek(1) == UInt8(ascii: "\n") { advance() }
      guard current == UInt8(ascii: "\n") else { return }
      advance()
    }
  }

  private mutating func parseDocument() throws(TOMLError) -> TOMLTable {
    while true {
      try skipBlankAndComments()
      guard let byte = current else { return root }
      if byte == UInt8(ascii: "[") {
        try parseHeader()
      } else {
        let (path, keyLine) = try parseKey()
        skipSpaces()
        guard current == UInt8(ascii: "=") else {
          throw error("expected '=' after the key \(path.joined(separator: "."))")
        }
        advance()
        skipSpaces()
        let value = try parseValue()
        try insert(value, at: currentPath, key: path, line: keyLine)
        try expectEndOfLine()
      }
    }
  }

  // MARK: headers and insertion

  private mutating func parseHeader() throws(TOMLError) {
    let headerLine = line
    advance()
    let isArray = current == UInt8(ascii: "[")
    if isArray { advance() }
    skipSpaces()
    let (path, _) = try parseKey()
    skipSpaces()
    guard current == UInt8(ascii: "]") else { throw error("expected ']' to close the table header") }
    advance()
    if isArray {
      guard current == UInt8(ascii: "]") else { throw error("expected ']]' to close the array-of-tables header") }
      advance()
    }
    try withTable(at: Array(path.dropLast()), line: headerLine) { (table: inout TOMLTable) throws(TOMLError) in
      let key = path.last!
      var element = TOMLTable(line: headerLine)
      element.explicitlyDefined = true
      if isArray {
        element.isArrayElement = true
        switch table[key]?.value {
        case nil:
          table.set(key, .init(value: .array([.table(element)]), line: headerLine))
        case .array(var elements)?
        where elements.allSatisfy({ if case .table(let t) = $0 { t.isArrayElement } else { false } }):
          elements.append(.table(element))
          table.set(key, .init(value: .array(elements), line: table[key]!.line))
        default:
          throw TOMLError(line: headerLine, message: "\(key) is already defined and is not an array of tables")
        }
      } else {
        switch table[key]?.value {
        case nil:
          table.set(key, .init(value: .table(element), line: headerLine))
        case .table(var existing)? where !existing.explicitlyDefined && !existing.sealed:
          existing.explicitlyDefined = true
          table.set(key, .init(value: .table(existing), line: table[key]!.line))
        case .table?, .array?:
          throw TOMLError(line: headerLine, message: "table [\(path.joined(separator: "."))] is defined twice")
        default:
          throw TOMLError(line: headerLine, message: "\(key) is already a value, not a table")
        }
      }
    }
    currentPath = path
    try expectEndOfLine()
  }

  private mutating func insert(_ value: TOMLValue, at base: [String], key: [String], line keyLine: Int)
    throws(TOMLError)
  {
    try withTable(at: base + key.dropLast(), line: keyLine, arraysAllowedInFirst: base.count) {
      (table: inout TOMLTable) throws(TOMLError) in
      let name = key.last!
      guard table[name] == nil else {
        throw TOMLError(line: keyLine, message: "\((base + key).joined(separator: ".")) is defined twice")
      }
      table.set(name, .init(value: value, line: keyLine))
    }
  }

  /// Runs `body` on the table at `path`, creating implicit tables on the way. Through an array of
  /// tables it descends into the last element, but only within the first `arraysAllowedInFirst`
  /// components: a dotted key may not reach into an array.
  private mutating func withTable(
    at path: [String], line tableLine: Int, arraysAllowedInFirst: Int = .max,
    _ body: (inout TOMLTable) throws(TOMLError) -> Void
  ) throws(TOMLError) {
    func descend(_ table: inout TOMLTable, _ rest: ArraySlice<String>) throws(TOMLError) {
      guard let key = rest.first else { return try body(&table) }
      switch table[key]?.value {
      case nil:
        var child = TOMLTable(line: tableLine)
        try descend(&child, rest.dropFirst())
        table.set(key, .init(value: .table(child), line: tableLine))
      case .table(var child)?:
        if child.sealed { throw TOMLError(line: tableLine, message: "inline table \(key) cannot be extended") }
        try descend(&child, rest.dropFirst())
        table.set(key, .init(value: .table(child), line: table[key]!.line))
      case .array(var elements)? where path.count - rest.count < arraysAllowedInFirst:
        guard case .table(var last)? = elements.last, last.isArrayElement else {
          throw TOMLError(line: tableLine, message: "\(key) is an array, not a table")
        }
        try descend(&last, rest.dropFirst())
        elements[elements.count - 1] = .table(last)
        table.set(key, .init(value: .array(elements), line: table[key]!.line))
      default:
        throw TOMLError(line: tableLine, message: "\(key) is already a value, not a table")
      }
    }
    try descend(&root, path[...])
  }

  // MARK: keys

  private mutating func parseKey() throws(TOMLError) -> ([String], Int) {
    let keyLine = line
    var parts: [String] = []
    while true {
      skipSpaces()
      parts.append(try parseSimpleKey())
      skipSpaces()
      guard current == UInt8(ascii: ".") else { return (parts, keyLine) }
      advance()
    }
  }

  private mutating func parseSimpleKey() throws(TOMLError) -> String {
    switch current {
    case UInt8(ascii: "\"")?: return try parseBasicString()
    case UInt8(ascii: "'")?: return try parseLiteralString()
    default:
      let start = index
      while let byte = current, Self.isBareKeyByte(byte) { advance() }
      guard index > start else { throw error("expected a key") }
      return String(decoding: bytes[start..<index], as: UTF8.self)
    }
  }

  private static func isBareKeyByte(_ byte: UInt8) -> Bool {
    (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
      || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
  }

  // MARK: values

  private mutating func parseValue() throws(TOMLError) -> TOMLValue {
    guard let byte = current else { throw error("expected a value") }
    switch byte {
    case UInt8(ascii: "\""):
      if peek(1) == UInt8(ascii: "\"") && peek(2) == UInt8(ascii: "\"") {
        return .string(try parseMultilineBasicString())
      }
      return .string(try parseBasicString())
    case UInt8(ascii: "'"):
      if peek(1) == UInt8(ascii: "'") && peek(2) == UInt8(ascii: "'") {
        return .string(try parseMultilineLiteralString())
      }
      return .string(try parseLiteralString())
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "{"): return try parseInlineTable()
    case UInt8(ascii: "t"), UInt8(ascii: "f"):
      if matches("true") {
        index += 4
        return .bool(true)
      }
      if matches("false") {
        index += 5
        return .bool(false)
      }
      throw error("unknown value; strings need quotes")
    default:
      return try parseNumberOrDate()
    }
  }

  private func matches(_ word: String) -> Bool {
    let wordBytes = Array(word.utf8)
    guard index + wordBytes.count <= bytes.count, Array(bytes[index..<index + wordBytes.count]) == wordBytes
    else { return false }
    if let next = peek(wordBytes.count), Self.isBareKeyByte(next) { return false }
    return true
  }

  private mutating func parseArray() throws(TOMLError) -> TOMLValue {
    advance()
    var elements: [TOMLValue] = []
    while true {
      try skipBlankAndComments()
      if current == UInt8(ascii: "]") {
        advance()
        return .array(elements)
      }
      elements.append(try parseValue())
      try skipBlankAndComments()
      if current == UInt8(ascii: ",") {
        advance()
      } else if current != UInt8(ascii: "]") {
        throw error("expected ',' or ']' in an array")
      }
    }
  }

  private mutating func parseInlineTable() throws(TOMLError) -> TOMLValue {
    let tableLine = line
    advance()
    var table = TOMLTable(line: tableLine)
    skipSpaces()
    if current == UInt8(ascii: "}") {
      advance()
      table.sealed = true
      return .table(table)
    }
    while true {
      skipSpaces()
      let (path, keyLine) = try parseKey()
      skipSpaces()
      guard current == UInt8(ascii: "=") else { throw error("expected '=' in an inline table") }
      advance()
      skipSpaces()
      let value = try parseValue()
      var sub = TOMLParser(bytes: [])
      sub.root = table
      try sub.insert(value, at: [], key: path, line: keyLine)
      table = sub.root
      skipSpaces()
      if current == UInt8(ascii: ",") {
        advance()
      } else if current == UInt8(ascii: "}") {
        advance()
        table.sealed = true
        return .table(table)
      } else {
        throw error("expected ',' or '}' in an inline table (inline tables stay on one line)")
      }
    }
  }

  // MARK: strings

  private mutating func parseBasicString() throws(TOMLError) -> String {
    advance()
    var out: [UInt8] = []
    while true {
      guard let byte = current, byte != UInt8(ascii: "\n") else { throw error("unterminated string") }
      advance()
      switch byte {
      case UInt8(ascii: "\""): return String(decoding: out, as: UTF8.self)
      case UInt8(ascii: "\\"): out += try parseEscape()
      case 0..<0x20 where byte != 0x09, 0x7F: throw error("control character in a string; use an escape")
      default: out.append(byte)
      }
    }
  }

  private mutating func parseMultilineBasicString() throws(TOMLError) -> String {
    index += 3
    if current == 0x0D && peek(1) == UInt8(ascii: "\n") { advance() }
    if current == UInt8(ascii: "\n") { advance() }
    var out: [UInt8] = []
    while true {
      guard let byte = current else { throw error("unterminated multi-line string") }
      if byte == UInt8(ascii: "\""), peek(1) == UInt8(ascii: "\""), peek(2) == UInt8(ascii: "\"") {
        // A run of 4 or 5 quotes: the first one or two belong to the content.
        let run = quoteRun(UInt8(ascii: "\""))
        guard run <= 5 else { throw error("too many quotes at the end of a multi-line string") }
        out += Array(repeating: UInt8(ascii: "\""), count: run - 3)
        index += run
        return String(decoding: out, as: UTF8.self)
      }
      advance()
      if byte == UInt8(ascii: "\\") {
        // A line-ending backslash trims all whitespace and newlines that follow.
        var probe = index
        while probe < bytes.count, bytes[probe] == 0x20 || bytes[probe] == 0x09 { probe += 1 }
        if probe < bytes.count, bytes[probe] == UInt8(ascii: "\n") || bytes[probe] == 0x0D {
          while let next = current, next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D { advance() }
          continue
        }
        out += try parseEscape()
      } else if byte < 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D || byte == 0x7F {
        throw error("control character in a string; use an escape")
      } else {
        out.append(byte)
      }
    }
  }

  private mutating func parseLiteralString() throws(TOMLError) -> String {
    advance()
    let start = index
    while let byte = current, byte != UInt8(ascii: "'") {
      if byte == UInt8(ascii: "\n") { throw error("unterminated string") }
      advance()
    }
    guard current != nil else { throw error("unterminated string") }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    advance()
    return text
  }

  private mutating func parseMultilineLiteralString() throws(TOMLError) -> String {
    index += 3
    if current == 0x0D && peek(1) == UInt8(ascii: "\n") { advance() }
    if current == UInt8(ascii: "\n") { advance() }
    let start = index
    while true {
      guard current != nil else { throw error("unterminated multi-line string") }
      if current == UInt8(ascii: "'"), peek(1) == UInt8(ascii: "'"), peek(2) == UInt8(ascii: "'") {
        let run = quoteRun(UInt8(ascii: "'"))
        guard run <= 5 else { throw error("too many quotes at the end of a multi-line string") }
        let end = index + run - 3
        index += run
        return String(decoding: bytes[start..<end], as: UTF8.self)
      }
      advance()
    }
  }

  private func quoteRun(_ quote: UInt8) -> Int {
    var count = 0
    while index + count < bytes.count, bytes[index + count] == quote { count += 1 }
    return count
  }

  private mutating func parseEscape() throws(TOMLError) -> [UInt8] {
    guard let byte = current else { throw error("unterminated escape") }
    advance()
    switch byte {
    case UInt8(ascii: "b"): return [0x08]
    case UInt8(ascii: "t"): return [0x09]
    case UInt8(ascii: "n"): return [0x0A]
    case UInt8(ascii: "f"): return [0x0C]
    case UInt8(ascii: "r"): return [0x0D]
    case UInt8(ascii: "e"): return [0x1B]
    case UInt8(ascii: "\""): return [0x22]
    case UInt8(ascii: "\\"): return [0x5C]
    case UInt8(ascii: "u"), UInt8(ascii: "U"):
      let digits = byte == UInt8(ascii: "u") ? 4 : 8
      guard index + digits <= bytes.count,
        let scalarValue = UInt32(String(decoding: bytes[index..<index + digits], as: UTF8.self), radix: 16),
        let scalar = Unicode.Scalar(scalarValue)
      else { throw error("invalid unicode escape") }
      index += digits
      return Array(String(Character(scalar)).utf8)
    default:
      throw error("invalid escape \\\(Character(Unicode.Scalar(byte)))")
    }
  }

  // MARK: numbers and dates

  private mutating func parseNumberOrDate() throws(TOMLError) -> TOMLValue {
    let start = index
    while let byte = current,
      Self.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
        || byte == UInt8(ascii: ":")
    {
      advance()
    }
    // A date and time may be separated by a space: "1979-05-27 07:32:00Z".
    if index - start == 10, bytes[start + 4] == UInt8(ascii: "-"), current == 0x20, let next = peek(1),
      next >= 0x30 && next <= 0x39
    {
      advance()
      while let byte = current,
        Self.isBareKeyByte(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: ":")
      {
        advance()
      }
    }
    let token = String(decoding: bytes[start..<index], as: UTF8.self)
    guard !token.isEmpty else { throw error("expected a value") }
    if let value = Self.number(token) { return value }
    if Self.looksLikeDateTime(token) { return .datetime(token) }
    throw error("invalid value '\(token)'; strings need quotes")
  }

  static func number(_ token: String) -> TOMLValue? {
    switch token {
    case "inf", "+inf": return .float(.infinity)
    case "-inf": return .float(-.infinity)
    case "nan", "+nan", "-nan": return .float(.nan)
    default: break
    }
    for (prefix, radix) in [("0x", 16), ("0o", 8), ("0b", 2)] where token.hasPrefix(prefix) {
      let digits = token.dropFirst(2)
      guard validUnderscores(digits) else { return nil }
      return Int64(String(digits.filter { $0 != "_" }), radix: radix).map(TOMLValue.integer)
    }
    guard validUnderscores(token.drop(while: { $0 == "+" || $0 == "-" })) else { return nil }
    let plain = String(token.filter { $0 != "_" })
    let unsigned = plain.drop(while: { $0 == "+" || $0 == "-" })
    guard let first = unsigned.first, first.isNumber else { return nil }
    // Leading zeros are not allowed ("007"), except in the exponent or a lone zero.
    if unsigned.count > 1, first == "0", let second = unsigned.dropFirst().first, second.isNumber { return nil }
    if plain.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) {
      if plain.contains(".") {
        let parts = unsigned.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let fraction = parts[1].first, fraction.isNumber, !parts[0].isEmpty else { return nil }
      }
      return Double(plain).map(TOMLValue.float)
    }
    return Int64(plain).map(TOMLValue.integer)
  }

  private static func validUnderscores(_ digits: Substring) -> Bool {
    !digits.hasPrefix("_") && !digits.hasSuffix("_") && !digits.contains("__")
  }

  static func looksLikeDateTime(_ token: String) -> Bool {
    let allowed = Set("0123456789-:.TtZz+ ")
    guard token.allSatisfy({ allowed.contains($0) }) else { return false }
    let bytes = Array(token.utf8)
    let isDate = bytes.count >= 10 && bytes[4] == UInt8(ascii: "-") && bytes[7] == UInt8(ascii: "-")
    let isTime = bytes.count >= 8 && bytes[2] == UInt8(ascii: ":") && bytes[5] == UInt8(ascii: ":")
    return isDate || isTime
  }
}
