import CSV

/// The bytes of an export as text: a UTF-8 BOM stripped, a UTF-16LE file (Excel's "Unicode
/// text") decoded, invalid UTF-8 replaced rather than refused.
enum CGMText {
  static func decode(_ bytes: [UInt8]) -> String {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { return String(decoding: bytes.dropFirst(3), as: UTF8.self) }
    if bytes.starts(with: [0xFF, 0xFE]) {
      var units: [UInt16] = []
      units.reserveCapacity(bytes.count / 2)
      var index = 2
      while index + 1 < bytes.count {
        units.append(UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8)
        index += 2
      }
      return String(decoding: units, as: UTF16.self)
    }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// An export split into records (RFC 4180, via CSV.swift), with the header found and each row's
/// line number. The delimiter is the one (`,`, `;` or tab) that makes one of the first five rows
/// a recognised header (§4.1, §4.2, §4.3).
struct CGMTable {
  struct Row {
    /// 1-based line where the record starts (a quoted newline makes a record span lines).
    var line: Int
    var fields: [String]

    func field(_ column: Int?) -> String {
      guard let column, column < fields.count else { return "" }
      return fields[column]
    }

    var isBlank: Bool { fields.allSatisfy { $0.isEmpty } }
  }

  var format: CGMImport.Format
  var delimiter: Unicode.Scalar
  /// Header names, trimmed and unquoted.
  var header: [String]
  var rows: [Row]

  /// In `;` and tab files a decimal comma is allowed.
  var allowsDecimalComma: Bool { delimiter != "," }

  static let headerSearchRows = 5

  static func read(text: String, fileName: String, maxRows: Int) throws(CGMImport.Refusal) -> CGMTable {
    if let table = try readUnquoted(text: text, maxRows: maxRows) { return table }
    for delimiter: Unicode.Scalar in [",", ";", "\t"] {
      guard let reader = try? CSVReader(string: text, delimiter: delimiter) else { continue }
      var line = 1
      for _ in 0..<headerSearchRows {
        guard let record = reader.next() else { break }
        let names = record.map(trim)
        line += 1 + embeddedLineBreaks(record)
        guard let format = recognise(names) else { continue }
        var rows: [Row] = []
        while let record = reader.next() {
          guard rows.count < maxRows else { throw .tooManyRows(limit: maxRows) }
          rows.append(Row(line: line, fields: record.map(trim)))
          line += 1 + embeddedLineBreaks(record)
        }
        return CGMTable(format: format, delimiter: delimiter, header: names, rows: rows)
      }
    }
    throw .noRecognisedHeader(refusalReason(fileName: fileName))
  }

  /// A file without a single `"` (what both services write) holds no quoted field, and RFC 4180
  /// reads it as plain splitting on line breaks and the delimiter: done here on the bytes, five
  /// times faster than the library's reading scalar by scalar (a year of readings is 105,000
  /// rows). Nil for a file with quotes, or one whose header this does not find: the library
  /// reads those, and says why a file is refused.
  static func readUnquoted(text: String, maxRows: Int) throws(CGMImport.Refusal) -> CGMTable? {
    var text = text
    return try text.withUTF8 { bytes -> Result<CGMTable?, CGMImport.Refusal> in
      guard !bytes.contains(0x22) else { return .success(nil) }
      // CRLF, LF or a lone CR ends a line; the last line needs none.
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
      for delimiter: Unicode.Scalar in [",", ";", "\t"] {
        let separator = UInt8(delimiter.value)
        for (headerIndex, line) in lines.prefix(headerSearchRows).enumerated() {
          let names = fields(bytes, line, separator: separator)
          guard let format = recognise(names) else { continue }
          let body = lines.dropFirst(headerIndex + 1)
          guard body.count <= maxRows else { return .failure(.tooManyRows(limit: maxRows)) }
          var rows: [Row] = []
          rows.reserveCapacity(body.count)
          for (offset, line) in body.enumerated() {
            rows.append(Row(line: headerIndex + 2 + offset, fields: fields(bytes, line, separator: separator)))
          }
          return .success(CGMTable(format: format, delimiter: delimiter, header: names, rows: rows))
        }
      }
      return .success(nil)
    }.get()
  }

  /// One line's fields, each trimmed of spaces and tabs.
  private static func fields(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, separator: UInt8) -> [String] {
    var fields: [String] = []
    var start = line.lowerBound
    var index = line.lowerBound
    func take(_ end: Int) {
      var from = start
      var to = end
      while from < to && (bytes[from] == 0x20 || bytes[from] == 0x09) { from += 1 }
      while to > from && (bytes[to - 1] == 0x20 || bytes[to - 1] == 0x09) { to -= 1 }
      fields.append(from == to ? "" : String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self))
    }
    while index < line.upperBound {
      if bytes[index] == separator {
        take(index)
        start = index + 1
      }
      index += 1
    }
    take(line.upperBound)
    return fields
  }

  /// LibreView: `Device Timestamp`, `Record Type` and a `Historic Glucose …` column. Clarity: a
  /// `Timestamp (…` column, `Event Type` and a `Glucose Value (…` column.
  static func recognise(_ names: [String]) -> CGMImport.Format? {
    if names.contains("Device Timestamp") && names.contains("Record Type")
      && names.contains(where: { $0.hasPrefix("Historic Glucose") })
    {
      return .libreview
    }
    if names.contains(where: { $0.hasPrefix("Timestamp (") }) && names.contains("Event Type")
      && names.contains(where: { $0.hasPrefix("Glucose Value (") })
    {
      return .clarity
    }
    return nil
  }

  func column(_ name: String) -> Int? { header.firstIndex(of: name) }
  func column(prefix: String) -> Int? { header.firstIndex { $0.hasPrefix(prefix) } }

  private static func refusalReason(fileName: String) -> String {
    let expected =
      "no LibreView header (Device Timestamp, Record Type, Historic Glucose) or Dexcom Clarity header "
      + "(Timestamp, Event Type, Glucose Value) in the first \(headerSearchRows) rows"
    let lower = fileName.lowercased()
    if lower.hasPrefix("clarity_export") { return expected + "; the file is named like a Clarity export" }
    if lower.contains("_glucose_") { return expected + "; the file is named like a LibreView export" }
    return expected + "; this is not a CGM export this importer knows"
  }

  private static func trim(_ field: String) -> String {
    func isBlank(_ byte: UInt8?) -> Bool { byte == 0x20 || byte == 0x09 }
    let utf8 = field.utf8
    guard isBlank(utf8.first) || isBlank(utf8.last) else { return field }
    var text = Substring(field)
    while isBlank(text.utf8.first) { text = text.dropFirst() }
    while isBlank(text.utf8.last) { text = text.dropLast() }
    return String(text)
  }

  /// Line breaks inside quoted fields: CRLF, LF or a lone CR each count once.
  private static func embeddedLineBreaks(_ record: [String]) -> Int {
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
