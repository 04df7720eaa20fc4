/// Turns records into rows in two passes: the first reads amounts, date numbers and text; the
/// second resolves dates once the whole file has shown its day/month order (§5.2.5), then numbers
/// the occurrences, fingerprints, and checks the running balance in file order.
struct BankCSVRowReader {
  private struct Pending {
    var line: Int
    var date: BankCSVDateText
    var rawDate: String
    var amount: Int64
    var description: String
    var balance: Int64?
    var externalID: String?
  }

  private enum Item {
    case row(Pending)
    case rejected(BankCSVRejection)
    /// A balance-only line; its balance still links the running balance.
    case skipped(line: Int, date: BankCSVDateText?, balance: Int64?)
  }

  private struct OccurrenceKey: Hashable {
    var day: Int
    var amount: Int64
    var normalised: String
  }

  let table: BankCSVTable
  let invertSign: Bool
  private var items: [Item] = []
  private var balanceWarnings: [BankCSVBalanceWarning] = []
  private var dayFirstSeen = false
  private var monthFirstSeen = false
  private var ambiguousSeen = false
  private var allYearFirst = true

  init(table: BankCSVTable, invertSign: Bool) {
    self.table = table
    self.invertSign = invertSign
    items.reserveCapacity(table.records.count)
  }

  /// In `;` and tab files a decimal comma is allowed (§5.2.1, as viiraa.md §4.3).
  private var decimalComma: Bool { table.delimiter != UInt8(ascii: ",") }

  mutating func read(_ record: (line: Int, fields: [String])) {
    let (line, fields) = record
    if fields.allSatisfy(\.isEmpty) { return }
    func field(_ column: Int?) -> String {
      guard let column, column < fields.count else { return "" }
      return fields[column]
    }
    var balance: Int64?
    if let column = table.columns.balance {
      switch BankCSVMoney.read(field(column), decimalComma: decimalComma) {
      case .cents(let cents): balance = cents
      case .blank: break
      case .invalid(let reason):
        balanceWarnings.append(BankCSVBalanceWarning(line: line, message: "line \(line): the balance \(reason)"))
      }
    }
    let dateText = field(table.columns.date)
    let date = BankCSVDateText(dateText)
    var amount: Int64
    switch readAmount(field) {
    case .skip:
      if let date { see(date) }
      items.append(.skipped(line: line, date: date, balance: balance))
      return
    case .reject(let reason):
      items.append(.rejected(BankCSVRejection(line: line, reason: reason)))
      return
    case .cents(let cents): amount = cents
    }
    if invertSign { amount = -amount }
    guard let date else {
      let reason =
        dateText.isEmpty
        ? "no date" : "date '\(dateText)' is not a date (expected MM/DD/YYYY, DD/MM/YYYY or YYYY-MM-DD)"
      items.append(.rejected(BankCSVRejection(line: line, reason: reason)))
      return
    }
    let description = field(table.columns.description)
    guard !description.isEmpty else {
      items.append(.rejected(BankCSVRejection(line: line, reason: "no description")))
      return
    }
    see(date)
    let id = field(table.columns.id)
    items.append(
      .row(
        Pending(
          line: line, date: date, rawDate: dateText, amount: amount, description: description, balance: balance,
          externalID: id.isEmpty ? nil : id)))
  }

  private enum AmountReading {
    case cents(Int64)
    case skip
    case reject(String)
  }

  /// §5.2.4: the signed amount, or credit − debit when split. Both filled is refused (a `0.00` in
  /// the other column counts as empty); neither is a balance-only line.
  private func readAmount(_ field: (Int?) -> String) -> AmountReading {
    if let column = table.columns.amount {
      switch BankCSVMoney.read(field(column), decimalComma: decimalComma) {
      case .cents(let cents): return .cents(cents)
      case .blank: return .skip
      case .invalid(let reason): return .reject(reason)
      }
    }
    /// Unsigned columns: a sign written there anyway is ignored; zero is empty.
    func value(_ column: Int?) -> (cents: Int64?, invalid: String?) {
      switch BankCSVMoney.read(field(column), decimalComma: decimalComma) {
      case .cents(let cents): (cents == 0 ? nil : Int64(cents.magnitude), nil)
      case .blank: (nil, nil)
      case .invalid(let reason): (nil, reason)
      }
    }
    let (debit, debitInvalid) = value(table.columns.debit)
    let (credit, creditInvalid) = value(table.columns.credit)
    if let debitInvalid { return .reject("debit \(debitInvalid)") }
    if let creditInvalid { return .reject("credit \(creditInvalid)") }
    switch (debit, credit) {
    case (nil, nil): return .skip
    case (let debit?, nil): return .cents(-debit)
    case (nil, let credit?): return .cents(credit)
    case (let debit?, let credit?):
      return .reject(
        "both debit (\(BankCSVMoney.plain(debit))) and credit (\(BankCSVMoney.plain(credit))) are filled")
    }
  }

  private mutating func see(_ date: BankCSVDateText) {
    guard !date.yearFirst else { return }
    allYearFirst = false
    if date.showsDayFirst {
      dayFirstSeen = true
    } else if date.showsMonthFirst {
      monthFirstSeen = true
    } else if date.first <= 12 && date.second <= 12 {
      ambiguousSeen = true
    }
  }

  func finish(accountID: String, savedOrder: BankCSVProfile.DateOrder?, encoding: String) -> BankCSVFile {
    let (order, assumption) = BankCSVDateOrder.decide(
      dayFirstSeen: dayFirstSeen, monthFirstSeen: monthFirstSeen, ambiguousSeen: ambiguousSeen, saved: savedOrder)
    let dayFirst = order == .dmy
    var rows: [BankCSVRow] = []
    rows.reserveCapacity(items.count)
    var rejected: [BankCSVRejection] = []
    var skipped = 0
    var occurrences: [OccurrenceKey: Int] = [:]
    occurrences.reserveCapacity(items.count)
    var entries: [BankCSVBalanceCheck.Entry] = []
    var dated: [(line: Int, date: BankDate, balance: Int64)] = []
    var chainBroken = true
    for item in items {
      switch item {
      case .rejected(let rejection):
        rejected.append(rejection)
        chainBroken = true
      case .skipped(let line, let date, let balance):
        skipped += 1
        guard let balance else {
          chainBroken = true
          continue
        }
        entries.append(.init(line: line, amount: 0, balance: balance, chainStart: chainBroken))
        chainBroken = false
        if let day = date?.resolve(dayFirst: dayFirst) { dated.append((line, day, balance)) }
      case .row(let pending):
        guard let date = pending.date.resolve(dayFirst: dayFirst) else {
          let written = dayFirst ? "DD/MM/YYYY" : "MM/DD/YYYY"
          rejected.append(
            BankCSVRejection(
              line: pending.line, reason: "date '\(pending.rawDate)' is not a real day read as \(written)"))
          chainBroken = true
          continue
        }
        let normalised = BankCSVNormaliser.normalise(pending.description)
        let key = OccurrenceKey(day: date.dayNumber, amount: pending.amount, normalised: normalised)
        let occurrence = (occurrences[key] ?? 0) + 1
        occurrences[key] = occurrence
        rows.append(
          BankCSVRow(
            line: pending.line, date: date, amountCents: pending.amount, description: pending.description,
            normalised: normalised, occurrence: occurrence,
            fingerprint: BankCSVNormaliser.fingerprint(
              accountID: accountID, date: date, amountCents: pending.amount, normalised: normalised,
              occurrence: occurrence),
            externalID: pending.externalID, balanceCents: pending.balance))
        if let balance = pending.balance {
          entries.append(.init(line: pending.line, amount: pending.amount, balance: balance, chainStart: chainBroken))
          chainBroken = false
          dated.append((pending.line, date, balance))
        } else {
          chainBroken = true
        }
      }
    }
    let (breaks, newestFirst) = BankCSVBalanceCheck.check(entries)
    let warnings = (balanceWarnings + breaks).sorted { $0.line < $1.line }
    // The newest day's balance; on that day the last line of an oldest-first file, the first of
    // a newest-first one.
    var newest: BankCSVBalance?
    for entry in dated {
      guard let current = newest else {
        newest = BankCSVBalance(cents: entry.balance, date: entry.date, line: entry.line)
        continue
      }
      if entry.date > current.date || (entry.date == current.date && !newestFirst) {
        newest = BankCSVBalance(cents: entry.balance, date: entry.date, line: entry.line)
      }
    }
    let savedOrder: BankCSVProfile.DateOrder = allYearFirst && !rows.isEmpty ? .ymd : order
    return BankCSVFile(
      rows: rows, rejected: rejected.sorted { $0.line < $1.line }, skipped: skipped, balanceWarnings: warnings,
      profile: table.columns.profile(
        header: table.header, dateOrder: savedOrder, invertSign: invertSign, delimiter: table.delimiter),
      newestBalance: newest, dateOrderAssumption: allYearFirst ? nil : assumption, headerLine: table.headerLine,
      encoding: encoding, newestFirst: newestFirst)
  }
}
