/// The agility project's rows per user, the per-user invoice sequence and the overdue job.
/// Only ever touched under `AgilitySandbox`'s lock.
struct AgilityState {
  typealias Row = AgilityTables.Row
  let seed: UInt64
  let historyDays: Int
  let startSeconds: Int
  private var generated = false
  /// table → user id → rows, in insertion order.
  private var tables: [String: [String: [Row]]] = [:]
  /// user id → the last invoice number handed out (the `INV-` sequence of agility.md §2.4).
  private(set) var invoiceSequence: [String: Int] = [:]
  private(set) var overdueJobEnabled: Bool
  /// The local midnight (Unix seconds) the overdue job last ran at, or when it was switched on.
  private var overdueJobRanAt: Int
  var counters = Counters()
  /// With the data on PostgreSQL the overdue job runs there: the runs that came due (the local
  /// midnight, Unix seconds, and the stamp of the change), for the copy's catch-up to make
  /// (`AgilityPostgres.runOverdueJob`).
  var overdueRunsOnPostgres: [(midnight: Int, stamp: Int64)]? = nil

  struct Counters {
    var sent = 0
    var viewed = 0
    var payments = 0
    var overdueStored = 0
    var overdueJobRuns = 0
  }

  init(seed: UInt64, historyDays: Int, startSeconds: Int, overdueJobEnabled: Bool) {
    self.seed = seed
    self.historyDays = historyDays
    self.startSeconds = startSeconds
    self.overdueJobEnabled = overdueJobEnabled
    overdueJobRanAt = startSeconds
  }

  // MARK: Rows

  func rows(_ table: String, owner: String) -> [Row] { tables[table]?[owner] ?? [] }

  func index(_ table: String, owner: String, id: String) -> Int? {
    rows(table, owner: owner).firstIndex { $0["id"] == .text(id) }
  }

  func row(_ table: String, owner: String, id: String) -> Row? {
    index(table, owner: owner, id: id).map { rows(table, owner: owner)[$0] }
  }

  /// A row that exists and is not soft-deleted (what a foreign key may point at).
  func liveRow(_ table: String, owner: String, id: String) -> Row? {
    row(table, owner: owner, id: id).flatMap { AgilityTables.isLive($0) ? $0 : nil }
  }

  mutating func append(_ table: String, _ row: Row) {
    guard case .text(let owner) = row["user_id"] else { return }
    tables[table, default: [:]][owner, default: []].append(row)
  }

  /// Deletes outright the rows `predicate` picks (line items are hard-deleted); how many.
  mutating func remove(_ table: String, owner: String, where predicate: (Row) -> Bool) -> Int {
    let before = rows(table, owner: owner).count
    tables[table]?[owner]?.removeAll(where: predicate)
    return before - rows(table, owner: owner).count
  }

  /// Changes one row as the BEFORE UPDATE trigger would: `updated_at` set, `version` bumped.
  mutating func update(_ table: String, owner: String, index: Int, now: Int64, _ change: (inout Row) -> Void) {
    guard var row = tables[table]?[owner]?[index] else { return }
    change(&row)
    row["updated_at"] = .time(now)
    if case .int(let version) = row["version"] { row["version"] = .int(version + 1) }
    tables[table]?[owner]?[index] = row
  }

  // MARK: Invoices

  /// The next `INV-0042` of the user's sequence (a sequence never gives a number back).
  mutating func nextInvoiceNumber(owner: String) -> String {
    let next = (invoiceSequence[owner] ?? 0) + 1
    invoiceSequence[owner] = next
    return "INV-" + String(repeating: "0", count: max(0, 4 - String(next).count)) + String(next)
  }

  /// The totals trigger: amounts of the live items, subtotal, tax, total; the invoice's
  /// `version` and `updated_at` move on as for any update.
  mutating func recomputeTotals(owner: String, invoiceID: String, now: Int64) {
    guard let index = index("invoices", owner: owner, id: invoiceID) else { return }
    let items = rows("invoice_line_items", owner: owner).filter { $0["invoice_id"] == .text(invoiceID) }
    update("invoices", owner: owner, index: index, now: now) { invoice in
      Self.applyTotals(&invoice, items: items)
    }
  }

  static func applyTotals(_ invoice: inout Row, items: [Row]) {
    var subtotal: Int64 = 0
    var taxable: Int64 = 0
    for item in items {
      let amount = AgilityMoney.value(item["amount"])
      subtotal += amount
      if item["taxable"] == .bool(true) { taxable += amount }
    }
    let tax = AgilityMoney.tax(taxableCents: taxable, rateMilli: AgilityMoney.value(invoice["tax_rate"], scale: 3))
    invoice["subtotal"] = AgilityMoney.cell(subtotal)
    invoice["tax_amount"] = AgilityMoney.cell(tax)
    invoice["total"] = AgilityMoney.cell(subtotal + tax)
  }

  // MARK: The nightly overdue job

  mutating func setOverdueJob(enabled: Bool, nowSeconds: Int) {
    if enabled && !overdueJobEnabled { overdueJobRanAt = nowSeconds }
    overdueJobEnabled = enabled
  }

  /// Generates the seed on first use, then runs the overdue job once if the clock passed a
  /// local midnight since it last ran. Running it once for several missed midnights gives the
  /// same rows as running it at each (the condition only grows), and the rows are stamped with
  /// the time the change becomes visible, so no `updated_at` lands behind a client's cursor.
  mutating func catchUp(nowSeconds: Int, nowMicros: Int64) {
    if !generated { generate() }
    guard overdueJobEnabled else { return }
    let midnight = AgilityDates.instant(localDay: AgilityDates.localDay(nowSeconds))
    guard midnight > overdueJobRanAt else { return }
    overdueJobRanAt = midnight
    counters.overdueJobRuns += 1
    if overdueRunsOnPostgres != nil {
      overdueRunsOnPostgres!.append((midnight, nowMicros))
      return
    }
    let today = AgilityDates.text(AgilityDates.localDay(midnight))
    for email in AgilityDemo.emails {
      let owner = AgilityDemo.userID(email)
      for (index, invoice) in rows("invoices", owner: owner).enumerated() {
        guard AgilityTables.isLive(invoice), invoice["status"] == .text("sent") || invoice["status"] == .text("viewed"),
          let due = AgilityTables.text(invoice["due_date"]), due < today,
          AgilityMoney.value(invoice["amount_paid"]) < AgilityMoney.value(invoice["total"])
        else { continue }
        update("invoices", owner: owner, index: index, now: nowMicros) { $0["status"] = .text("overdue") }
        counters.overdueStored += 1
      }
    }
  }

  private mutating func generate() {
    generated = true
    let seeded = AgilitySeed(seed: seed, email: AgilityDemo.email).generate(
      historyDays: historyDays, startSeconds: startSeconds)
    for (table, rows) in seeded.tables {
      for row in rows { append(table, row) }
    }
    invoiceSequence[AgilityDemo.userID(AgilityDemo.email)] = seeded.invoiceCount
  }
}
