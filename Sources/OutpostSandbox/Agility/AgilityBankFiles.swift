/// The sandbox's bank exports (agility.md §7): one file per shape of §5.1, each with the import
/// summary it must produce, and the second export that overlaps a first one.
public enum AgilityBankFiles {
  /// A transaction the Plaid sync already wrote to the account, as the tests seed it. Amounts
  /// are signed from the holder's view (+ money in), as Outpost stores them (§2).
  public struct ExistingPlaidRow: Sendable, Hashable {
    public var id: String
    /// `YYYY-MM-DD`.
    public var date: String
    public var amountCents: Int64
    public var description: String
    public var pending: Bool

    public init(id: String, date: String, amountCents: Int64, description: String, pending: Bool = false) {
      self.id = id
      self.date = date
      self.amountCents = amountCents
      self.description = description
      self.pending = pending
    }
  }

  /// The first day of the generated statements: early 2026, moved by the seed.
  static func firstDay(seed: UInt64) -> Int {
    AgilityBankDay.number(year: 2026, month: 1, day: 5) + Int(seed % 60)
  }

  /// Six Plaid rows with distinct amounts in the statements' date range, two of them pending.
  /// Any rows can be passed to `all`; the generator's figures assume distinct amounts.
  public static func samplePlaidRows(seed: UInt64) -> [ExistingPlaidRow] {
    var random = AgilityBankRandom(seed: AgilityBankRandom.derive(seed, 0x5EED_B1A1D))
    let names = ["Starbucks", "Uber", "Adobe Creative Cloud", "Shell", "Northwind Traders", "Amazon"]
    let first = firstDay(seed: seed)
    var used = Set<Int64>()
    return names.enumerated().map { index, name in
      var cents: Int64 = name == "Northwind Traders" ? 125_000 : -Int64(random.int(501...19_999))
      while used.contains(cents) { cents -= 1 }
      used.insert(cents)
      return ExistingPlaidRow(
        id: "plaid-\(seed)-\(index)", date: AgilityBankDay.iso(first + 3 + index * 5), amountCents: cents,
        description: name, pending: index % 3 == 1)
    }
  }

  public static func all(seed: UInt64, existingPlaid: [ExistingPlaidRow]) -> [AgilityBankFile] {
    AgilityBankFile.Shape.allCases.map { file($0, seed: seed, existingPlaid: existingPlaid) }
  }

  public static func file(_ shape: AgilityBankFile.Shape, seed: UInt64, existingPlaid: [ExistingPlaidRow])
    -> AgilityBankFile
  {
    let index = UInt64(AgilityBankFile.Shape.allCases.firstIndex(of: shape)!)
    var ledger = AgilityBankLedger(
      seed: AgilityBankRandom.derive(seed, index + 1), avoid: Set(existingPlaid.map(\.amountCents)),
      openingBalance: 523_417)
    let first = firstDay(seed: seed)
    var balanceWarnings = 0
    switch shape {
    case .chaseChecking, .moneyFormats, .semicolonDecimalComma:
      ledger.spread(count: 30, from: first)
    case .chaseCard:
      ledger.append(day: first + 20, amount: 150_000, description: "Payment Thank You-Mobile")
      ledger.spread(count: 28, from: first, incomePercent: 0)
    case .amexCard:
      ledger.append(day: first + 18, amount: 98_000, description: "ONLINE PAYMENT - THANK YOU")
      ledger.spread(count: 26, from: first, incomePercent: 0)
    case .bofaChecking:
      ledger.spread(count: 30, from: first)
      let opening = ledger.entries[0].balance - ledger.entries[0].amount
      ledger.entries.insert(
        AgilityBankEntry(
          day: ledger.entries[0].day, amount: 0, description: "Beginning balance", balance: opening,
          outcome: .skipped), at: 0)
    case .splitDebitCredit:
      ledger.spread(count: 30, from: first)
      // A line with both columns filled is refused; the running balance resumes after it.
      ledger.entries[14].bothColumns = true
      ledger.entries[14].outcome = .rejected
      // Balance-only lines, as some banks write at the end of a day.
      for position in [19, 8] {
        let previous = ledger.entries[position - 1]
        ledger.entries.insert(
          AgilityBankEntry(
            day: previous.day, amount: 0, description: "DAILY LEDGER BALANCE", balance: previous.balance,
            outcome: .skipped), at: position)
      }
    case .windows1252:
      ledger.spread(count: 16, from: first)
      let names = [
        "CAFÉ DU MONDE NEW ORLEANS LA", "CRÈME DE LA CRUMB AUSTIN TX", "NAÏVE BAKERY", "JOE’S DINER #1042",
        "PIÑA CAFÉ MIAMI FL",
      ]
      for (offset, name) in names.enumerated() { ledger.entries[offset * 3].description = name }
    case .bomCRLF:
      ledger.spread(count: 20, from: first)
      for position in ledger.entries.indices {
        ledger.entries[position].externalID = "TXN\(seed % 1000)\(100_000 + position)"
      }
    case .quotedNewlines:
      ledger.spread(count: 18, from: first)
      ledger.entries[2].description = "ACME LLC\nINVOICE 1042 PAYMENT"
      ledger.entries[6].description = "NORTHWIND \"RUSH\", LLC\r\nREF 88812"
      ledger.entries[11].description = "TRANSFER TO SAVINGS\nXXXXXX4821"
      ledger.entries[15].description = "GITHUB, INC.\nSPONSORS"
    case .brokenBalance:
      ledger.spread(count: 32, from: first)
      // A missing line and a wrong sign: two breaks, each in one pair of lines.
      ledger.entries[10].outcome = .omitted
      ledger.entries[11].breaksBalance = true
      ledger.entries[21].writtenAmount = -ledger.entries[21].amount
      ledger.entries[21].breaksBalance = true
      balanceWarnings = 2
    case .sameDayIdentical:
      ledger.spread(count: 18, from: first)
      let coffee = ledger.free(-450)
      let parking = ledger.free(-200)
      for _ in 0..<2 { ledger.append(day: first + 5, amount: coffee, description: "STARBUCKS STORE 10432 SEATTLE WA") }
      for _ in 0..<3 { ledger.append(day: first + 14, amount: parking, description: "CITY OF AUSTIN PARKING") }
      ledger.sortByDay()
    case .badRows:
      ledger.spread(count: 24, from: first)
      ledger.entries[3].writtenDate = "yesterday"
      ledger.entries[7].writtenDate = "02/30/2026"
      ledger.entries[11].writtenAmountText = "twelve"
      ledger.entries[14].writtenAmountText = "12.345"
      ledger.entries[17].description = ""
      for position in [3, 7, 11, 14, 17] { ledger.entries[position].outcome = .rejected }
    case .plaidMatches:
      ledger.spread(count: 14, from: first)
      var random = AgilityBankRandom(seed: AgilityBankRandom.derive(seed, 0xB1A1D))
      for row in existingPlaid {
        guard let day = AgilityBankDay.number(iso: row.date) else { continue }
        // The bank posts up to three days after Plaid saw the transaction, with its own text.
        var entry = ledger.append(
          day: day + random.int(0...3), amount: row.amountCents,
          description: "\(row.description.uppercased()) #\(random.int(10_000...99_999)) AUSTIN TX", exact: true)
        entry.outcome = .needsReview
        ledger.entries[ledger.entries.count - 1] = entry
      }
      ledger.sortByDay()
    }
    return make(shape, entries: ledger.entries, balanceWarnings: balanceWarnings)
  }

  static func make(
    _ shape: AgilityBankFile.Shape, entries: [AgilityBankEntry], balanceWarnings: Int
  ) -> AgilityBankFile {
    func count(_ outcome: AgilityBankEntry.Outcome) -> Int { entries.filter { $0.outcome == outcome }.count }
    return AgilityBankFile(
      name: shape.rawValue + ".csv", shape: shape, bytes: AgilityBankShapes.render(shape, entries),
      invertSign: shape == .amexCard,
      expected: AgilityBankFile.Expected(
        inserted: count(.inserted), alreadyPresent: count(.alreadyPresent), needsReview: count(.needsReview),
        rejected: count(.rejected), balanceWarnings: balanceWarnings),
      expectedSkipped: count(.skipped), entries: entries)
  }

  /// The next download from the same account: the last third of `first` (whole days, so rows
  /// repeated on one day keep their occurrence numbers) and ten newer lines. Its `expected` is
  /// for an import after `first` was imported: the repeated lines are already present, lines
  /// that needed review still do, bad lines are refused again.
  public static func overlappingExport(
    of first: AgilityBankFile, seed: UInt64, existingPlaid: [ExistingPlaidRow]
  ) -> AgilityBankFile {
    let old = first.entries
    guard let last = old.last else { return first }
    let cut = old[old.count * 2 / 3].day
    var entries: [AgilityBankEntry] = old.filter { $0.day >= cut }.map { entry in
      var entry = entry
      if entry.outcome == .inserted { entry.outcome = .alreadyPresent }
      return entry
    }
    // Nothing precedes the first line written, so it cannot break the balance.
    if let firstWritten = entries.firstIndex(where: { $0.outcome != .omitted }) {
      entries[firstWritten].breaksBalance = false
    }
    if first.shape == .bofaChecking, let opening = entries.first {
      entries.insert(
        AgilityBankEntry(
          day: opening.day, amount: 0, description: "Beginning balance", balance: opening.balance - opening.amount,
          outcome: .skipped), at: 0)
    }
    var ledger = AgilityBankLedger(
      seed: AgilityBankRandom.derive(seed, 0x0E7E_71A9), avoid: Set(existingPlaid.map(\.amountCents)),
      openingBalance: last.balance)
    for offset in 0..<10 { ledger.add(day: last.day + 1 + offset / 2) }
    if first.shape == .bomCRLF {
      for position in ledger.entries.indices { ledger.entries[position].externalID = "TXN-NEXT-\(seed)-\(position)" }
    }
    entries += ledger.entries
    let warnings = entries.filter { $0.breaksBalance && $0.outcome != .omitted }.count
    var file = make(first.shape, entries: entries, balanceWarnings: warnings)
    file.name = first.shape.rawValue + "-next.csv"
    return file
  }
}

extension AgilityBankLedger {
  /// By day, keeping the order of lines on the same day (Swift's sort is not stable).
  mutating func sortByDay() {
    let opening = balance - entries.reduce(0) { $0 + $1.amount }
    entries = entries.enumerated().sorted { ($0.element.day, $0.offset) < ($1.element.day, $1.offset) }.map(\.element)
    recomputeBalances(from: opening)
  }
}
