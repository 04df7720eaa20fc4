import CSV

/// Reads a bank's CSV export into fingerprinted rows (agility.md §5.2, §5.3). Pure: no store, no
/// network; the caller saves `profile` and hands the rows to `BankCSVDeduplicator`.
public enum BankCSVParser {
  /// §5.2.1: 20 MiB per file.
  public static let byteLimit = 20 * 1024 * 1024
  /// §5.2.2: the header is searched in the first 30 lines (BofA's summary comes first).
  public static let headerSearchLines = 30

  /// - Parameters:
  ///   - profile: the account's saved `csv_profile`; used when the header still has its columns.
  ///   - invertSign: the user's choice for this file (a card that writes purchases positive);
  ///     nil keeps the profile's, or no inversion.
  public static func parse(
    _ bytes: [UInt8], accountID: String, profile: BankCSVProfile? = nil, invertSign: Bool? = nil
  ) throws(BankCSVRefusal) -> BankCSVFile {
    guard !bytes.isEmpty else { throw .empty }
    guard bytes.count <= byteLimit else { throw .tooLarge(bytes: bytes.count, limit: byteLimit) }
    let (text, encoding) = BankCSVText.decode(bytes)
    let invert = invertSign ?? profile?.invertSign ?? false
    let table = try text.withUnsafeBufferPointer { buffer throws(BankCSVRefusal) in
      try BankCSVTable.read(buffer, profile: profile)
    }
    var reader = BankCSVRowReader(table: table, invertSign: invert)
    for record in table.records { reader.read(record) }
    return reader.finish(
      accountID: accountID, savedOrder: profile?.dateOrder, encoding: encoding.rawValue)
  }
}

/// The header found and the records after it, each with its first physical line.
struct BankCSVTable {
  var header: [String]
  var headerLine: Int
  var delimiter: UInt8
  var columns: BankCSVColumns
  var records: [(line: Int, fields: [String])]

  static func read(_ bytes: UnsafeBufferPointer<UInt8>, profile: BankCSVProfile?) throws(BankCSVRefusal)
    -> BankCSVTable
  {
    let lines = BankCSVText.lines(bytes)
    guard lines.contains(where: { line in line.contains { bytes[$0] > 0x20 } }) else { throw .empty }
    guard let (headerIndex, delimiter, header, columns) = findHeader(bytes, lines, profile: profile) else {
      throw .noHeader(refusalReason(bytes, lines))
    }
    var records: [(line: Int, fields: [String])] = []
    let bodyLines = lines[(headerIndex + 1)...]
    guard let bodyStart = bodyLines.first?.lowerBound else {
      return BankCSVTable(
        header: header, headerLine: headerIndex + 1, delimiter: delimiter, columns: columns, records: [])
    }
    let body = UnsafeBufferPointer(rebasing: bytes[bodyStart...])
    if !body.contains(0x22) {
      // No quote anywhere: RFC 4180 reduces to splitting lines and fields, done on the bytes
      // (several times faster than the library's scalar-by-scalar reading).
      records.reserveCapacity(bodyLines.count)
      for (offset, line) in bodyLines.enumerated() {
        records.append((headerIndex + 2 + offset, BankCSVText.fields(bytes, line, separator: delimiter)))
      }
    } else {
      // Quoted fields may hold delimiters and line breaks: CSV.swift reads those.
      let string = String(decoding: body, as: UTF8.self)
      if let reader = try? CSVReader(string: string, delimiter: Unicode.Scalar(delimiter)) {
        var line = headerIndex + 2
        while let record = reader.next() {
          records.append((line, record.map(BankCSVText.trim)))
          line += 1 + BankCSVText.embeddedLineBreaks(record)
        }
      }
    }
    return BankCSVTable(
      header: header, headerLine: headerIndex + 1, delimiter: delimiter, columns: columns, records: records)
  }

  /// §5.2.2: the first of the first 30 lines that is a header, with the delimiter (`,`, `;`,
  /// tab) that makes it one. A saved profile whose columns are all there wins over the aliases.
  private static func findHeader(
    _ bytes: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>], profile: BankCSVProfile?
  ) -> (index: Int, delimiter: UInt8, header: [String], columns: BankCSVColumns)? {
    let searched = lines.prefix(BankCSVParser.headerSearchLines)
    if let profile, let separator = profile.delimiter.utf8.first, profile.delimiter.utf8.count == 1 {
      for (index, line) in searched.enumerated() {
        let names = BankCSVText.fields(bytes, line, separator: separator)
        if let columns = BankCSVColumns(header: names, profile: profile) { return (index, separator, names, columns) }
      }
    }
    for (index, line) in searched.enumerated() {
      for separator in [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")] {
        let names = BankCSVText.fields(bytes, line, separator: separator)
        guard names.count > 1, let columns = BankCSVColumns(header: names) else { continue }
        return (index, separator, names, columns)
      }
    }
    return nil
  }

  private static func refusalReason(_ bytes: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>]) -> String {
    let expected =
      "No header row in the first \(BankCSVParser.headerSearchLines) lines. Expected a date column (Date, "
      + "Transaction Date, Posting Date, Post Date, Posted Date, Trans. Date), a description column "
      + "(Description, Payee, Merchant, Name, Memo, or Details), and either an amount column (Amount, "
      + "Transaction Amount) or a debit/credit pair (Debit/Credit, Withdrawal(s)/Deposit(s), "
      + "Money Out/Money In, Paid Out/Paid In), separated by commas, semicolons or tabs."
    guard let first = lines.first(where: { line in line.contains { bytes[$0] > 0x20 } }) else { return expected }
    var text = String(decoding: UnsafeBufferPointer(rebasing: bytes[first]), as: UTF8.self)
    if text.uppercased().hasPrefix("OFXHEADER") || text.uppercased().hasPrefix("<OFX") {
      return expected + " This is an OFX/QFX download, not a CSV export; download the CSV format instead."
    }
    if text.count > 80 { text = String(text.prefix(80)) + "…" }
    return expected + " The first line reads: \(text)"
  }
}
