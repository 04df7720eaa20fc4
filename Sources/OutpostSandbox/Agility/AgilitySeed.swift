/// The demo freelancer's data (agility.md §7), deterministic from the sandbox seed and laid out
/// before the sandbox's start in America/New_York: 3 accounts, the system categories plus 2
/// custom ones, 5 clients, and about 14 months of transactions and invoices. Invoices and the
/// transactions are in `AgilitySeedInvoices` and `AgilitySeedTransactions`.
struct AgilitySeed {
  typealias Row = AgilityTables.Row
  let seed: UInt64
  let email: String

  var owner: String { AgilityDemo.userID(email) }

  struct Output {
    var tables: [(String, [Row])] = []
    var invoiceCount = 0
  }

  func id(_ key: String) -> String { SandboxIdentifiers.stableUUID("agility:\(seed):\(email):\(key)") }

  func hash(_ key: String) -> UInt64 {
    var generator = SplitMix64(seed: seed ^ SandboxIdentifiers.fnv1a("agility:\(email):\(key)"))
    return generator.next()
  }

  /// 0 ..< count, from `key`.
  func pick(_ key: String, _ count: Int) -> Int { Int(hash(key) % UInt64(max(1, count))) }

  /// Unix microseconds of a local wall-clock time, never at or after the sandbox's start.
  func stamp(day: Int, hour: Int, minute: Int = 0, startSeconds: Int) -> Int64 {
    let seconds = min(AgilityDates.instant(localDay: day, hour: hour, minute: minute), startSeconds - 60)
    return Int64(seconds) * 1_000_000
  }

  func row(_ key: String, updatedAt: Int64, createdAt: Int64? = nil, version: Int = 1, _ fields: Row) -> Row {
    AgilityTables.row(
      id: id(key), userID: owner, updatedAt: updatedAt, createdAt: createdAt, version: version, fields)
  }

  func generate(historyDays: Int, startSeconds: Int) -> Output {
    let today = AgilityDates.localDay(startSeconds)
    let first = today - historyDays
    let created = stamp(day: first, hour: 9, startSeconds: startSeconds)
    var output = Output()
    output.tables.append(("accounts", accounts(created: created, today: today, startSeconds: startSeconds)))
    output.tables.append(("categories", categories(created: created)))
    output.tables.append(("clients", clients(created: created)))
    let invoices = AgilitySeedInvoices(seed: self, today: today, first: first, startSeconds: startSeconds).generate()
    output.tables.append(("invoices", invoices.invoices))
    output.tables.append(("invoice_line_items", invoices.items))
    output.invoiceCount = invoices.invoices.count
    let transactions = AgilitySeedTransactions(seed: self, today: today, first: first, startSeconds: startSeconds)
    output.tables.append(("transactions", transactions.generate(payments: invoices.payments)))
    return output
  }

  // MARK: Accounts, categories, clients

  var checkingID: String { id("account:checking") }
  var cardID: String { id("account:card") }
  var cashID: String { id("account:cash") }

  private func accounts(created: Int64, today: Int, startSeconds: Int) -> [Row] {
    let synced = stamp(day: today, hour: 6, startSeconds: startSeconds)
    let cardAsOf = stamp(day: today - 3, hour: 20, startSeconds: startSeconds)
    let profile = SandboxJSON.object([
      ("header_line", .int(1)), ("date", .string("Transaction Date")), ("description", .string("Description")),
      ("amount", .string("Amount")), ("date_order", .string("MDY")), ("invert_sign", .bool(false)),
      ("delimiter", .string(",")),
    ])
    return [
      row(
        "account:checking", updatedAt: synced, createdAt: created, version: 2,
        [
          "name": .text("Business Checking"), "institution": .text("Chase"), "type": .text("checking"),
          "mask": .text("4821"), "current_balance": AgilityMoney.cell(1_845_237 + Int64(pick("checking", 50_000))),
          "balance_as_of": .time(synced), "connection": .text("plaid"), "connection_status": .text("ok"),
          "last_synced_at": .time(synced), "csv_profile": .null,
        ]),
      row(
        "account:card", updatedAt: cardAsOf, createdAt: created, version: 2,
        [
          "name": .text("Ink Business Card"), "institution": .text("Chase"), "type": .text("credit_card"),
          "mask": .text("9034"), "current_balance": AgilityMoney.cell(-128_455 - Int64(pick("card", 20_000))),
          "balance_as_of": .time(cardAsOf), "connection": .text("csv"), "connection_status": .text("ok"),
          "last_synced_at": .null, "csv_profile": .json(profile.serialized),
        ]),
      row(
        "account:cash", updatedAt: created, createdAt: created,
        [
          "name": .text("Cash"), "institution": .null, "type": .text("cash"), "mask": .null,
          "current_balance": AgilityMoney.cell(24_000), "balance_as_of": .time(created), "connection": .text("manual"),
          "connection_status": .text("ok"), "last_synced_at": .null, "csv_profile": .null,
        ]),
    ]
  }

  /// (name, kind, Schedule C line, deductible %, system).
  static let categoryList: [(String, String, String?, Int64, Bool)] = [
    ("Client income", "income", "1", 100, true), ("Advertising", "expense", "8", 100, true),
    ("Car & truck", "expense", "9", 100, true), ("Commissions & fees", "expense", "10", 100, true),
    ("Contract labor", "expense", "11", 100, true), ("Depreciation", "expense", "13", 100, true),
    ("Insurance", "expense", "15", 100, true), ("Interest", "expense", "16b", 100, true),
    ("Legal & professional", "expense", "17", 100, true), ("Office expense", "expense", "18", 100, true),
    ("Rent: equipment", "expense", "20a", 100, true), ("Rent: business property", "expense", "20b", 100, true),
    ("Repairs & maintenance", "expense", "21", 100, true), ("Supplies", "expense", "22", 100, true),
    ("Taxes & licenses", "expense", "23", 100, true), ("Travel", "expense", "24a", 100, true),
    ("Meals", "expense", "24b", 50, true), ("Utilities", "expense", "25", 100, true),
    ("Software & other", "expense", "27b", 100, true), ("Home office", "expense", "30", 100, true),
    ("Transfer", "transfer", nil, 100, true), ("Owner draw / personal", "personal", nil, 100, true),
    ("Estimated tax payment", "tax_payment", nil, 100, true),
    ("Coworking", "expense", "20b", 100, false), ("Professional development", "expense", "27b", 100, false),
  ]

  func categoryID(_ name: String) -> String { id("category:\(name)") }

  private func categories(created: Int64) -> [Row] {
    Self.categoryList.map { name, kind, line, percent, system in
      row(
        "category:\(name)", updatedAt: created,
        [
          "name": .text(name), "kind": .text(kind), "schedule_c_line": line.map { .text($0) } ?? .null,
          "deductible_pct": AgilityMoney.cell(percent * 100), "is_system": .bool(system), "archived": .bool(false),
        ])
    }
  }

  /// (name, email, company, address, payment terms in days, tax rate in thousandths of a %).
  static let clientList: [(String, String?, String?, String?, Int, Int64)] = [
    ("Northwind Studio", "ap@northwind.example", "Northwind Studio LLC", "120 W 25th St, New York, NY 10001", 30, 8875),
    (
      "Bluebird Analytics", "billing@bluebird.example", "Bluebird Analytics Inc.", "44 Summer St, Boston, MA 02110", 15,
      0
    ),
    ("Harbor & Pine Architects", "office@harborpine.example", "Harbor & Pine", nil, 45, 8875),
    ("Jamie Rivera", "jamie.rivera@example.com", nil, nil, 14, 0),
    ("Acme Robotics", "payables@acme-robotics.example", "Acme Robotics Corp.", "1 Market St, San Francisco, CA", 60, 0),
  ]

  func clientID(_ index: Int) -> String { id("client:\(index)") }

  private func clients(created: Int64) -> [Row] {
    Self.clientList.enumerated().map { index, client in
      row(
        "client:\(index)", updatedAt: created,
        [
          "name": .text(client.0), "email": client.1.map { .text($0) } ?? .null,
          "company": client.2.map { .text($0) } ?? .null, "address": client.3.map { .text($0) } ?? .null,
          "payment_terms_days": .int(Int64(client.4)), "archived": .bool(false),
        ])
    }
  }
}
