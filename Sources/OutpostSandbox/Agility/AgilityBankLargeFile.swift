/// The benchmark's file (agility.md §5: 50,000 rows with 10 % duplicates must import in well
/// under a second): a plain oldest-first export with a running balance, the earlier export that
/// overlaps its start, and Plaid rows that repeat some of its lines.
public struct AgilityBankLargeFile: Sendable {
  /// `Date,Description,Amount,Balance`, oldest first, no quotes.
  public var bytes: [UInt8]
  /// The same account's previous download: the first `expected.alreadyPresent` lines of `bytes`,
  /// written identically. Import it first (its rows then exist as `csv` rows with their hashes).
  public var previousExport: [UInt8]
  /// `expected.needsReview` rows that repeat a line of `bytes` within 3 days, and as many again
  /// that match nothing.
  public var plaid: [AgilityBankFiles.ExistingPlaidRow]
  /// Importing `bytes` after `previousExport`, with `plaid` present.
  public var expected: AgilityBankFile.Expected
  public var rows: Int
}

extension AgilityBankFiles {
  /// Every amount is distinct (an odd multiplier permutes the indices modulo a power of two), so
  /// a Plaid row can only ever match the line it was made from and the figures are exact.
  public static func large(rows: Int, duplicateShare: Double, seed: UInt64) -> AgilityBankLargeFile {
    var random = AgilityBankRandom(seed: seed)
    let duplicates = Int(Double(rows) * duplicateShare)
    let overlap = duplicates / 2
    let plaidMatches = duplicates - overlap
    var span = 1
    while span < rows { span <<= 1 }
    let mask = UInt64(span - 1)
    let first = firstDay(seed: seed)
    let perDay = max(1, rows / 330)
    var lines = ["Date,Description,Amount,Balance"]
    lines.reserveCapacity(rows + 1)
    var previous: [String] = []
    var plaid: [ExistingPlaidRow] = []
    var balance: Int64 = 1_000_000
    // Lines after the overlap, evenly spaced, repeat a Plaid row.
    let stride = plaidMatches > 0 ? max(1, (rows - overlap) / plaidMatches) : rows
    var matched = 0
    for index in 0..<rows {
      let day = first + index / perDay
      let magnitude = Int64(1_000 + ((UInt64(index) &* 0x9E37_79B9) & mask))
      let (pattern, _, _, _) = AgilityBankLedger.expenses[index % AgilityBankLedger.expenses.count]
      let income = index % 10 == 0
      let amount = income ? magnitude * 10 : -magnitude
      let store = String(10_000 + random.int(0...89_999))
      let name = income ? "STRIPE TRANSFER" : String(pattern.prefix { $0 != "#" && $0 != "*" }).trimmedSpaces
      let description = "\(name) #\(store) AUSTIN TX"
      balance += amount
      let line =
        "\(AgilityBankDay.mdy(day)),\(description),\(AgilityBankMoney.plain(amount)),"
        + AgilityBankMoney.plain(balance)
      lines.append(line)
      if index < overlap { previous.append(line) }
      if index >= overlap && matched < plaidMatches && (index - overlap) % stride == 0 {
        plaid.append(
          ExistingPlaidRow(
            id: "plaid-large-\(index)", date: AgilityBankDay.iso(day - random.int(0...3)), amountCents: amount,
            description: name, pending: index % 7 == 0))
        matched += 1
      }
    }
    // Unrelated Plaid rows: amounts outside the file's range.
    for index in 0..<(rows / 10) {
      plaid.append(
        ExistingPlaidRow(
          id: "plaid-other-\(index)", date: AgilityBankDay.iso(first + index % 330),
          amountCents: -Int64(span + 1_000 + index), description: "SOMEWHERE ELSE"))
    }
    let previousExport = Array(((["Date,Description,Amount,Balance"] + previous).joined(separator: "\n") + "\n").utf8)
    return AgilityBankLargeFile(
      bytes: Array((lines.joined(separator: "\n") + "\n").utf8), previousExport: previousExport, plaid: plaid,
      expected: AgilityBankFile.Expected(
        inserted: rows - overlap - matched, alreadyPresent: overlap, needsReview: matched, rejected: 0,
        balanceWarnings: 0),
      rows: rows)
  }
}

extension String {
  fileprivate var trimmedSpaces: String {
    var text = Substring(self)
    while text.last == " " { text = text.dropLast() }
    while text.first == " " { text = text.dropFirst() }
    return String(text)
  }
}
