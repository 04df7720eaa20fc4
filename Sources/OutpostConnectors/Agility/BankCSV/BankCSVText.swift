/// The bytes of a bank export as UTF-8 (agility.md §5.2.1): a BOM stripped, and a file that is
/// not valid UTF-8 read as Windows-1252, which is what US banks' older exports and Excel on
/// Windows write (`CAFÉ` as the single byte 0xC9).
enum BankCSVText {
  enum Encoding: String, Sendable {
    case utf8 = "UTF-8"
    case windows1252 = "Windows-1252"
  }

  static func decode(_ bytes: [UInt8]) -> (utf8: [UInt8], encoding: Encoding) {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    if body.allSatisfy({ $0 < 0x80 }) || String(validating: body, as: UTF8.self) != nil { return (body, .utf8) }
    var output: [UInt8] = []
    output.reserveCapacity(body.count + body.count / 8)
    for byte in body {
      let scalar: UInt32 = byte >= 0x80 && byte < 0xA0 ? UInt32(windows1252High[Int(byte - 0x80)]) : UInt32(byte)
      output.append(contentsOf: UTF8.encode(Unicode.Scalar(scalar)!)!)
    }
    return (output, .windows1252)
  }

  /// 0x80–0x9F of Windows-1252 (0xA0–0xFF are Latin-1, the same code points). The five bytes
  /// Windows leaves undefined keep their C1 code points, as Windows' own decoder does.
  private static let windows1252High: [UInt16] = [
    0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D,
    0x017D, 0x008F, 0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
    0x0153, 0x009D, 0x017E, 0x0178,
  ]

  /// Physical lines: CRLF, LF or a lone CR ends one; the last needs none.
  static func lines(_ bytes: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
    var lines: [Range<Int>] = []
    var start = 0
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x0A || byte == 0x0D {
        lines.append(start..<index)
        if byte == 0x0D && index + 1 < bytes.count && bytes[index + 1] == 0x0A { index += 1 }
        start = index + 1
      }
      index += 1
    }
    if start < bytes.count { lines.append(start..<bytes.count) }
    return lines
  }

  /// One physical line's fields, trimmed of spaces and tabs, with surrounding quotes removed and
  /// `""` unescaped. Used for the header search, where a line is looked at before the delimiter
  /// is known, and for every row of a file without quotes (the fast path: no quoted field can
  /// hold a delimiter or a line break there).
  static func fields(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, separator: UInt8) -> [String] {
    var fields: [String] = []
    var start = line.lowerBound
    var index = line.lowerBound
    var quoted = false
    func take(_ end: Int) {
      var from = start
      var to = end
      while from < to && (bytes[from] == 0x20 || bytes[from] == 0x09) { from += 1 }
      while to > from && (bytes[to - 1] == 0x20 || bytes[to - 1] == 0x09) { to -= 1 }
      if to - from >= 2 && bytes[from] == 0x22 && bytes[to - 1] == 0x22 {
        let inner = String(decoding: UnsafeBufferPointer(rebasing: bytes[(from + 1)..<(to - 1)]), as: UTF8.self)
        fields.append(trim(inner.replacingQuotePairs()))
      } else {
        fields.append(
          from == to ? "" : String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self))
      }
    }
    while index < line.upperBound {
      let byte = bytes[index]
      if byte == 0x22 {
        quoted.toggle()
      } else if byte == separator && !quoted {
        take(index)
        start = index + 1
      }
      index += 1
    }
    take(line.upperBound)
    return fields
  }

  static func trim(_ field: String) -> String {
    func isBlank(_ byte: UInt8?) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
    let utf8 = field.utf8
    guard isBlank(utf8.first) || isBlank(utf8.last) else { return field }
    var text = Substring(field)
    while isBlank(text.utf8.first) { text = text.dropFirst() }
    while isBlank(text.utf8.last) { text = text.dropLast() }
    return String(text)
  }

  /// Line breaks inside quoted fields: CRLF, LF or a lone CR each count once. CSV.swift returns
  /// records, and a row's line number (§5.2.6) needs the physical lines it spans.
  static func embeddedLineBreaks(_ record: [String]) -> Int {
    var count = 0
    for field in record {
      var previousCR = false
      for byte in field.utf8 {
        if byte == 0x0A {
          if !previousCR { count += 1 }
          previousCR = false
        } else if byte == 0x0D {
          count += 1
          previousCR = true
        } else {
          previousCR = false
        }
      }
    }
    return count
  }
}

extension String {
  fileprivate func replacingQuotePairs() -> String {
    guard utf8.contains(0x22) else { return self }
    var output: [UInt8] = []
    var previousQuote = false
    for byte in utf8 {
      if byte == 0x22 && previousQuote {
        previousQuote = false
        continue
      }
      previousQuote = byte == 0x22
      output.append(byte)
    }
    return String(decoding: output, as: UTF8.self)
  }
}
