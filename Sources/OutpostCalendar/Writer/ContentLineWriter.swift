/// Writes content lines (RFC 5545 §3.1) into a byte buffer: CRLF line ends, folding at 75 octets
/// on Unicode scalar boundaries (a multi-byte UTF-8 character is never cut, §3.1), TEXT
/// escaping (§3.3.11) and parameter quoting (§3.2). Works on bytes so that a 10,000-event
/// calendar costs one buffer, not a string per line.
struct ContentLineWriter {
  /// The limit of §3.1, excluding the CRLF; a continuation's leading space counts towards it.
  static let maximumLineOctets = 75

  private(set) var bytes: [UInt8] = []
  /// The logical line being built, reused so that a line costs no allocation.
  private var logical: [UInt8] = []

  init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
    logical.reserveCapacity(256)
  }

  /// `NAME;PARAM=value:value`, with `value` written as given (already in its value type's form).
  mutating func line(_ name: String, _ parameters: [(String, String)] = [], raw value: String) {
    start(name, parameters)
    logical += value.utf8
    fold()
  }

  /// A TEXT property: the value escaped, straight into the line.
  mutating func text(_ name: String, _ value: String, _ parameters: [(String, String)] = []) {
    start(name, parameters)
    Self.appendEscaped(value, to: &logical)
    fold()
  }

  /// Lines already written by another writer.
  mutating func append(_ lines: [UInt8]) { bytes += lines }

  mutating func begin(_ component: String) { line("BEGIN", raw: component) }
  mutating func end(_ component: String) { line("END", raw: component) }

  /// Splits one logical line into physical lines of at most 75 octets. A break is never placed
  /// inside a UTF-8 sequence, and never right after a space or tab: a physical line ending in
  /// whitespace is silently trimmed by some mail and web tooling, which would change the text.
  /// The whitespace then opens the next line, after the fold's own space.
  private mutating func start(_ name: String, _ parameters: [(String, String)]) {
    logical.removeAll(keepingCapacity: true)
    logical += name.utf8
    for (parameter, parameterValue) in parameters {
      logical.append(UInt8(ascii: ";"))
      logical += parameter.utf8
      logical.append(UInt8(ascii: "="))
      logical += Self.parameterValue(parameterValue).utf8
    }
    logical.append(UInt8(ascii: ":"))
  }

  private mutating func fold() {
    var start = 0
    var limit = Self.maximumLineOctets
    while logical.count - start > limit {
      var end = start + limit
      // Back off continuation bytes (10xxxxxx): the break must fall before a lead byte.
      while end > start + 1, logical[end] & 0xC0 == 0x80 { end -= 1 }
      var trimmed = end
      while trimmed > start + 1, logical[trimmed - 1] == 0x20 || logical[trimmed - 1] == 0x09 { trimmed -= 1 }
      if trimmed > start + 1 { end = trimmed }
      bytes += logical[start..<end]
      bytes.append(0x0D)
      bytes.append(0x0A)
      bytes.append(0x20)
      start = end
      limit = Self.maximumLineOctets - 1
    }
    bytes += logical[start...]
    bytes.append(0x0D)
    bytes.append(0x0A)
  }

  /// TEXT escaping (§3.3.11): backslash, semicolon, comma and newline are escaped. CR (of a
  /// CRLF) is dropped, and so are the other control characters, which TEXT does not allow (a
  /// TAB stays). Trailing whitespace goes: it means nothing and would end a physical line.
  static func escapeText(_ value: String) -> String {
    var result: [UInt8] = []
    appendEscaped(value, to: &result)
    return String(decoding: result, as: UTF8.self)
  }

  /// `escapeText` appended to a buffer, without the String in between.
  static func appendEscaped(_ value: String, to result: inout [UInt8]) {
    let start = result.count
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\\"): result += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
      case UInt8(ascii: ";"): result += [UInt8(ascii: "\\"), UInt8(ascii: ";")]
      case UInt8(ascii: ","): result += [UInt8(ascii: "\\"), UInt8(ascii: ",")]
      case 0x0A: result += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x09: result.append(byte)
      case 0x00..<0x20, 0x7F: continue
      default: result.append(byte)
      }
    }
    while result.count > start, let last = result.last, last == 0x20 || last == 0x09 { result.removeLast() }
  }

  /// A parameter value (§3.2): quoted when it holds `:`, `;` or `,`; a double quote cannot be
  /// quoted and becomes `'` (RFC 6868's `^'` is not read by every client); controls are dropped.
  static func parameterValue(_ value: String) -> String {
    let special: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x2C || $0 == 0x3A || $0 == 0x3B }
    guard value.utf8.contains(where: special) else { return value }
    let cleaned = String(
      String.UnicodeScalarView(
        value.unicodeScalars.compactMap { scalar in
          if scalar == "\"" { return "'" }
          return scalar.value < 0x20 || scalar.value == 0x7F ? nil : scalar
        }))
    return cleaned.contains(where: { $0 == ":" || $0 == ";" || $0 == "," }) ? "\"" + cleaned + "\"" : cleaned
  }

  /// A URI value (§3.3.13) is not escaped, but it must stay one line without spaces: controls are
  /// dropped and spaces percent-encoded.
  static func uri(_ value: String) -> String {
    var result = ""
    for scalar in value.unicodeScalars {
      if scalar == " " {
        result += "%20"
      } else if scalar.value >= 0x20, scalar.value != 0x7F {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
