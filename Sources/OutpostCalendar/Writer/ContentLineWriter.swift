/// Writes content lines (RFC 5545 §3.1) into a byte buffer: CRLF line ends, folding at 75 octets
/// on Unicode scalar boundaries (a multi-byte UTF-8 character is never cut, §3.1), TEXT
/// escaping (§3.3.11) and parameter quoting (§3.2). Works on bytes so that a 10,000-event
/// calendar costs one buffer, not a string per line.
struct ContentLineWriter {
  /// The limit of §3.1, excluding the CRLF; a continuation's leading space counts towards it.
  static let maximumLineOctets = 75

  private(set) var bytes: [UInt8] = []
  /// Where the line being written starts in `bytes`: a line is written and folded in place.
  private var lineStart = 0
  /// Where `fold` breaks the line being written, reused so that a line costs no allocation.
  private var breaks: [Int] = []

  init(reservingCapacity capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// `NAME;PARAM=value:value`, with `value` written as given (already in its value type's form).
  mutating func line(_ name: StaticString, _ parameters: [(String, String)] = [], raw value: String) {
    start(name, parameters)
    bytes += value.utf8
    fold()
  }

  /// A TEXT property: the value escaped, straight into the line.
  mutating func text(_ name: StaticString, _ value: String, _ parameters: [(String, String)] = []) {
    start(name, parameters)
    Self.appendEscaped(value, to: &bytes)
    fold()
  }

  /// A line whose value is appended in parts: `startLine`, then the `append…` methods, then
  /// `endLine` (which folds it). Spares the strings that a value made of numbers would cost.
  mutating func startLine(_ name: StaticString) { start(name, []) }

  /// `startLine` with one parameter, without an array for it.
  mutating func startLine(_ name: StaticString, parameter: String, _ parameterValue: String) {
    start(name, [])
    bytes.removeLast()  // the ":" that `start` ends with
    bytes.append(UInt8(ascii: ";"))
    bytes += parameter.utf8
    bytes.append(UInt8(ascii: "="))
    Self.appendParameterValue(parameterValue, to: &bytes)
    bytes.append(UInt8(ascii: ":"))
  }

  /// A line whose parameters were encoded once (`encodedParameter`), e.g. an event's TZID: the
  /// same bytes as `startLine(_:parameter:_:)` without checking the value again each time.
  mutating func startLine(_ name: StaticString, encodedParameters: [UInt8]) {
    lineStart = bytes.count
    appendName(name)
    // Through its buffer: `+=` retained the array, one shared by every thread writing a calendar
    // (their atomic counts on one cache line were 3 % of writing one, issue 20).
    encodedParameters.withUnsafeBufferPointer { bytes += $0 }
    bytes.append(UInt8(ascii: ":"))
  }

  /// `;NAME=value`, the value quoted or cleaned as `startLine(_:parameter:_:)` writes it.
  static func encodedParameter(_ parameter: String, _ value: String) -> [UInt8] {
    var result = [UInt8(ascii: ";")]
    result += parameter.utf8
    result.append(UInt8(ascii: "="))
    appendParameterValue(value, to: &result)
    return result
  }

  mutating func endLine() { fold() }

  /// Part of a value, as given.
  mutating func appendRaw(_ value: String) { bytes += value.utf8 }
  mutating func appendByte(_ byte: UInt8) { bytes.append(byte) }

  /// Part of a TEXT value, escaped.
  mutating func appendEscaped(_ value: String) { Self.appendEscaped(value, to: &bytes) }

  /// A number in decimal, at least `width` digits (zeros in front).
  mutating func appendNumber(_ number: Int, width: Int = 1) { Self.appendNumber(number, width: width, to: &bytes) }

  /// `YYYYMMDD` (DATE, §3.3.4).
  mutating func appendBasic(_ date: CivilDate) {
    appendNumber(date.year, width: 4)
    appendNumber(date.month, width: 2)
    appendNumber(date.day, width: 2)
  }

  /// `YYYYMMDDTHHMMSS` (local DATE-TIME, §3.3.5).
  mutating func appendBasic(_ reading: CivilDateTime) {
    appendBasic(reading.date)
    bytes.append(UInt8(ascii: "T"))
    appendNumber(reading.secondOfDay / 3600, width: 2)
    appendNumber(reading.secondOfDay / 60 % 60, width: 2)
    appendNumber(reading.secondOfDay % 60, width: 2)
  }

  static func appendNumber(_ number: Int, width: Int, to result: inout [UInt8]) {
    // The fields of dates and times, four times an event each: two digits without the buffer.
    if width == 2, (0..<100).contains(number) {
      result.append(UInt8(ascii: "0") + UInt8(number / 10))
      result.append(UInt8(ascii: "0") + UInt8(number % 10))
      return
    }
    var magnitude = number.magnitude
    if number < 0 { result.append(UInt8(ascii: "-")) }
    // Twenty digits hold any Int; written backwards into a fixed buffer, then copied.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var count = 0
      repeat {
        digits[19 - count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0 || count < width && count < 20
      result += UnsafeBufferPointer(rebasing: digits[(20 - count)...])
    }
  }

  /// Lines already written by another writer. Through their buffer: `+=` retained the array,
  /// which may be one that every thread writing a calendar shares.
  mutating func append(_ lines: [UInt8]) { lines.withUnsafeBufferPointer { bytes += $0 } }

  /// `lines[from..<to]`, lines already written.
  mutating func append(_ lines: [UInt8], from: Int, to: Int) {
    lines.withUnsafeBufferPointer { bytes += UnsafeBufferPointer(rebasing: $0[from..<to]) }
  }

  mutating func begin(_ component: StaticString) { boundary("BEGIN:", component) }
  mutating func end(_ component: StaticString) { boundary("END:", component) }

  /// `BEGIN:` or `END:` and a component's name: never folded (the longest is 15 octets).
  private mutating func boundary(_ keyword: StaticString, _ component: StaticString) {
    appendName(keyword)
    appendName(component)
    bytes.append(0x0D)
    bytes.append(0x0A)
  }

  /// Property names are literals: their bytes are copied as they are, without the generic
  /// walk over a String's UTF-8 view (issue 20).
  private mutating func appendName(_ name: StaticString) {
    name.withUTF8Buffer { bytes.append(contentsOf: $0) }
  }

  private mutating func start(_ name: StaticString, _ parameters: [(String, String)]) {
    lineStart = bytes.count
    appendName(name)
    for (parameter, parameterValue) in parameters {
      bytes.append(UInt8(ascii: ";"))
      bytes += parameter.utf8
      bytes.append(UInt8(ascii: "="))
      Self.appendParameterValue(parameterValue, to: &bytes)
    }
    bytes.append(UInt8(ascii: ":"))
  }

  /// Ends the line, splitting it into physical lines of at most 75 octets. A break is never
  /// placed inside a UTF-8 sequence, and never right after a space or tab: a physical line
  /// ending in whitespace is silently trimmed by some mail and web tooling, which would change
  /// the text. The whitespace then opens the next line, after the fold's own space.
  private mutating func fold() {
    guard bytes.count - lineStart > Self.maximumLineOctets else {
      bytes.append(0x0D)
      bytes.append(0x0A)
      return
    }
    // Where the line breaks first; then each piece is moved once, the last first, to make room
    // for the CRLF and space before it (instead of the line copied out and back in).
    breaks.removeAll(keepingCapacity: true)
    var start = lineStart
    var limit = Self.maximumLineOctets
    while bytes.count - start > limit {
      var end = start + limit
      // Back off continuation bytes (10xxxxxx): the break must fall before a lead byte.
      while end > start + 1, bytes[end] & 0xC0 == 0x80 { end -= 1 }
      var trimmed = end
      while trimmed > start + 1, bytes[trimmed - 1] == 0x20 || bytes[trimmed - 1] == 0x09 { trimmed -= 1 }
      if trimmed > start + 1 { end = trimmed }
      breaks.append(end)
      start = end
      limit = Self.maximumLineOctets - 1
    }
    let length = bytes.count
    bytes.append(contentsOf: repeatElement(0, count: 3 * breaks.count + 2))
    bytes.withUnsafeMutableBufferPointer { buffer in
      let base = UnsafeMutableRawPointer(buffer.baseAddress!)
      var pieceEnd = length
      for (number, pieceStart) in breaks.enumerated().reversed() {
        let shift = 3 * (number + 1)
        // The piece after break `number`, preceded by CRLF and the continuation's space.
        (base + pieceStart + shift).copyMemory(from: base + pieceStart, byteCount: pieceEnd - pieceStart)
        buffer[pieceStart + shift - 3] = 0x0D
        buffer[pieceStart + shift - 2] = 0x0A
        buffer[pieceStart + shift - 1] = 0x20
        pieceEnd = pieceStart
      }
      buffer[length + 3 * breaks.count] = 0x0D
      buffer[length + 3 * breaks.count + 1] = 0x0A
    }
  }

  static func escapeText(_ value: String) -> String {
    var result: [UInt8] = []
    appendEscaped(value, to: &result)
    return String(decoding: result, as: UTF8.self)
  }

  /// `escapeText` appended to a buffer, without the String in between.
  static func appendEscaped(_ value: String, to result: inout [UInt8]) {
    let start = result.count
    var value = value
    value.withUTF8 { utf8 in
      // Runs of ordinary bytes are copied whole; only the bytes around them are looked at,
      // eight at a time while none of them needs escaping.
      var run = 0
      var index = 0
      while index < utf8.count {
        if index + 8 <= utf8.count,
          !Self.mayNeedEscaping(UnsafeRawPointer(utf8.baseAddress! + index).loadUnaligned(as: UInt64.self))
        {
          index += 8
          continue
        }
        let byte = utf8[index]
        index += 1
        if byte >= 0x20, byte != 0x7F, byte != UInt8(ascii: "\\"), byte != UInt8(ascii: ";"), byte != UInt8(ascii: ",")
        {
          continue
        }
        result += UnsafeBufferPointer(rebasing: utf8[run..<(index - 1)])
        run = index
        switch byte {
        case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
          result.append(UInt8(ascii: "\\"))
          result.append(byte)
        case 0x0A:
          result.append(UInt8(ascii: "\\"))
          result.append(UInt8(ascii: "n"))
        case 0x09: result.append(byte)
        default: continue  // the other controls, CR included
        }
      }
      result += UnsafeBufferPointer(rebasing: utf8[run...])
    }
    while result.count > start, let last = result.last, last == 0x20 || last == 0x09 { result.removeLast() }
  }

  /// Whether any of the eight bytes of `word` is a control, DEL, `\\`, `;` or `,` (the bytes TEXT
  /// escapes or drops), by the word-at-a-time tests for a byte below or equal to a value: exact
  /// for "any", and bytes of 0x80 and above (UTF-8 beyond ASCII) never count.
  @inline(__always)
  static func mayNeedEscaping(_ word: UInt64) -> Bool {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let highs: UInt64 = 0x8080_8080_8080_8080
    func hasByte(_ value: UInt8) -> UInt64 {
      let differences = word ^ (UInt64(value) &* ones)
      return (differences &- ones) & ~differences & highs
    }
    let controls = (word &- 0x20 &* ones) & ~word & highs
    return controls | hasByte(0x7F) | hasByte(UInt8(ascii: "\\")) | hasByte(UInt8(ascii: ";"))
      | hasByte(UInt8(ascii: ",")) != 0
  }

  /// A parameter value (§3.2): quoted when it holds `:`, `;` or `,`; a double quote cannot be
  /// quoted and becomes `'` (RFC 6868's `^'` is not read by every client); controls are dropped.
  static func appendParameterValue(_ value: String, to result: inout [UInt8]) {
    let special: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x7F || $0 == 0x22 || $0 == 0x2C || $0 == 0x3A || $0 == 0x3B }
    if value.utf8.contains(where: special) { result += parameterValue(value).utf8 } else { result += value.utf8 }
  }

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

  /// `uri` appended to a buffer: mostly there is nothing to change, and the bytes go as they are.
  static func appendURI(_ value: String, to result: inout [UInt8]) {
    if value.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) {
      result += uri(value).utf8
    } else {
      result += value.utf8
    }
  }

  mutating func appendURI(_ value: String) { Self.appendURI(value, to: &bytes) }
}
