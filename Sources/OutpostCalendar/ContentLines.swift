/// One property of a component, as written: `DTSTART;TZID=Europe/Zurich:20260214T163000`.
struct ContentLine: Sendable, Equatable {
  /// Upper-cased (names are case-insensitive, RFC 5545 §3.1).
  var name: String
  /// Parameter names upper-cased; values unquoted, lists split on commas outside quotes.
  var parameters: [String: [String]]
  /// The raw value, still TEXT-escaped: only the reader knows the value's type.
  var value: String
  /// 1-based number of the physical line the content line starts on, for warnings.
  var line: Int

  func parameter(_ name: String) -> String? { parameters[name]?.first }
}

/// Turns the bytes of a feed into content lines (RFC 5545 §3.1): drops a BOM, accepts CRLF, bare
/// LF and bare CR, unfolds continuation lines, and splits name, parameters and value.
///
/// Everything works on bytes: folds may fall inside a multi-byte UTF-8 character (producers fold
/// at 75 octets, not at characters), so decoding before unfolding would corrupt the text. Each
/// piece is decoded lossily afterwards, so that stray Latin-1 bytes become U+FFFD instead of an
/// error.
enum ContentLineReader {
  /// Longer logical lines are dropped (with a warning): nothing a calendar needs is that long,
  /// and an inline attachment or garbage must not make the parser hold huge strings.
  static let maximumLineBytes = 1 << 20

  static func read(_ bytes: [UInt8], warnings: inout Warnings) -> [ContentLine] {
    read(bytes, from: firstByte(of: bytes), to: bytes.count, firstLine: 1, warnings: &warnings)
  }

  /// Where the first line begins: after a BOM.
  static func firstByte(of bytes: [UInt8]) -> Int { bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0 }

  /// The content lines of `bytes[start..<end]`, whose first physical line is number `firstLine`.
  /// `start` and `end` begin logical lines (or are the ends of the input): the part a thread reads
  /// (`ContentLineParts`) ends with a line break that no fold follows, so it is read here exactly
  /// as the whole input's reading reads it.
  static func read(
    _ bytes: [UInt8], from start: Int, to end: Int, firstLine: Int, warnings: inout Warnings
  ) -> [ContentLine] {
    var lines: [ContentLine] = []
    forEachLine(bytes, from: start, to: end, firstLine: firstLine) { line, number in
      guard let line else {
        warnings.add("line \(number): a line longer than \(maximumLineBytes) bytes was skipped")
        return
      }
      guard line.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return }
      if let parsed = split(line, line: number) {
        lines.append(parsed)
      } else {
        warnings.add("line \(number): not a content line (no ':'), skipped")
      }
    }
    return lines
  }

  /// Each logical line of `bytes[start..<end]` (see `read`), unfolded: `body` gets its bytes
  /// (nil for a line longer than `maximumLineBytes`) and the number of the physical line it
  /// starts on.
  static func forEachLine(
    _ bytes: [UInt8], from start: Int, to end: Int, firstLine: Int, _ body: ([UInt8]?, Int) -> Void
  ) {
    var current: [UInt8] = []
    var currentStart = firstLine
    var physicalLine = firstLine
    var tooLong = false
    var index = start

    func finish() {
      body(tooLong ? nil : current, currentStart)
      current.removeAll(keepingCapacity: true)
      tooLong = false
    }

    while index < end {
      // The run up to the next line break is copied in one go.
      var runEnd = index
      while runEnd < end, bytes[runEnd] != 0x0D, bytes[runEnd] != 0x0A { runEnd += 1 }
      if current.count + (runEnd - index) <= maximumLineBytes {
        current += bytes[index..<runEnd]
      } else {
        tooLong = true
      }
      guard runEnd < end else { break }
      // A line break: CRLF, LF or a lone CR.
      index = runEnd + ((bytes[runEnd] == 0x0D && runEnd + 1 < end && bytes[runEnd + 1] == 0x0A) ? 2 : 1)
      physicalLine += 1
      if index < end, bytes[index] == 0x20 || bytes[index] == 0x09 {
        index += 1  // A fold: the break and exactly one whitespace character vanish.
        continue
      }
      finish()
      currentStart = physicalLine
    }
    finish()
  }

  /// Splits `NAME *(";" param) ":" value`; parameter values may be quoted and then contain
  /// `:`, `;` and `,`. Nil when there is no unquoted colon or no name.
  static func split(_ bytes: [UInt8], line: Int) -> ContentLine? {
    var index = 0
    while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":") { index += 1 }
    guard index < bytes.count, index > 0 else { return nil }
    let name = decode(bytes[0..<index]).trimmingSpaces().uppercased()
    var parameters: [String: [String]] = [:]
    while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
      index += 1
      let nameStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ";"),
        bytes[index] != UInt8(ascii: ":")
      {
        index += 1
      }
      let parameterName = decode(bytes[nameStart..<index]).trimmingSpaces().uppercased()
      var values: [String] = []
      if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
        repeat {
          index += 1
          values.append(readParameterValue(bytes, &index))
        } while index < bytes.count && bytes[index] == UInt8(ascii: ",")
      }
      if !parameterName.isEmpty { parameters[parameterName, default: []] += values }
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
    let value = decode(bytes[(index + 1)...])
    return ContentLine(name: name, parameters: parameters, value: value, line: line)
  }

  /// One parameter value, quoted or not; leaves `index` on the delimiter after it.
  private static func readParameterValue(_ bytes: [UInt8], _ index: inout Int) -> String {
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      let start = index + 1
      index = start
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
      let value = decode(bytes[start..<min(index, bytes.count)])
      if index < bytes.count { index += 1 }  // The closing quote.
      // Anything between the closing quote and the next delimiter is malformed; skip it.
      while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
      return caretDecoded(value)
    }
    let start = index
    while index < bytes.count, !isDelimiter(bytes[index]) { index += 1 }
    return caretDecoded(decode(bytes[start..<index]).trimmingSpaces())
  }

  /// What ends a parameter value: `,` (the next value of a list), `;` (the next parameter) or
  /// `:` (the value). Compared one by one: an array literal here was built for every byte.
  private static func isDelimiter(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: ",") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ":")
  }

  /// RFC 6868 escapes in parameter values: `^n` newline, `^'` double quote, `^^` caret.
  private static func caretDecoded(_ value: String) -> String {
    // On the bytes: `String.contains("^")` matched a string, slowly. A `^` byte that is part of a
    // larger character passes this check and is then left alone by the loop, as it was before.
    guard value.utf8.contains(UInt8(ascii: "^")) else { return value }
    var result = ""
    var pending = false
    for character in value {
      if pending {
        switch character {
        case "n", "N": result.append("\n")
        case "'": result.append("\"")
        case "^": result.append("^")
        default: result.append("^" + String(character))
        }
        pending = false
      } else if character == "^" {
        pending = true
      } else {
        result.append(character)
      }
    }
    if pending { result.append("^") }
    return result
  }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}

extension StringProtocol {
  /// Without leading and trailing spaces and tabs (Foundation-free, for the parser's hot path).
  func trimmingSpaces() -> String {
    // Mostly neither end is a space or a tab: then the text itself, without a walk over its
    // characters (the parser trims every name and parameter, issue 20). A character that begins
    // with another byte is not " " or "\t", and one that ends with another byte is not either.
    let untouched = utf8.withContiguousStorageIfAvailable { bytes in
      guard let first = bytes.first, let last = bytes.last else { return false }
      return first != 0x20 && first != 0x09 && last != 0x20 && last != 0x09
    }
    if untouched == true { return String(self) }
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return String(self[first...last])
  }
}
