import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The pull of agility.md §2 on supabase.md §7's keyset. Accounts, categories and clients are
/// a handful of rows: read whole every sync (their names go into the other items). Invoices
/// (with their line items embedded) and transactions are pulled by keyset from their cursors;
/// a first sync reads transactions from January 1 of last year, enough for this year's tax and
/// last year's January installment. On a new local day invoices are read whole, so their
/// effective status ("overdue" from the day after the due day) and reminders move on with the
/// calendar, not only when the invoice changes.
extension AgilityConnector {
  static let invoiceSelect = "*,invoice_line_items(*)&invoice_line_items.order=position.asc"

  public func fetch(_ session: SupabaseSession, window: SyncWindow, cursor: SyncCursor?) async throws(ConnectorError)
    -> FetchResult
  {
    try usable(session)
    let started = now()
    let days = self.days
    let today = days.day(started)
    var marks = cursor?.values ?? [:]
    let newDay = marks["day"] != AgilityDays.iso(today)

    var items = AgilityItems(days: days, webBaseURL: webBaseURL)
    var parsed: [AgilityItems.Parsed?] = []
    let accountRows = try await data.rows("accounts", query: "select=*&order=id.asc", session: session)
    let categoryRows = try await data.rows("categories", query: "select=*&order=id.asc", session: session)
    let clientRows = try await data.rows("clients", query: "select=*&order=id.asc", session: session)
    for row in accountRows { if let id = row["id"]?.stringValue { items.accounts[id] = row } }
    for row in categoryRows { if let id = row["id"]?.stringValue { items.categories[id] = row } }
    for row in clientRows { if let id = row["id"]?.stringValue { items.clients[id] = row } }
    parsed += accountRows.map(items.account) + categoryRows.map(items.category) + clientRows.map(items.client)
    // A table read whole that says a row is deleted simply leaves it out: `complete` removes it.
    parsed = parsed.filter { if case .deleted? = $0 { false } else { true } }

    let pull = KeysetPull(data: data)
    let invoiceSince = newDay ? nil : marks["invoices"]
    let (invoiceRows, invoicesNewest) = try await pull.changes(
      "invoices", since: invoiceSince, select: Self.invoiceSelect, session: session)
    if let invoicesNewest { marks["invoices"] = invoicesNewest }
    parsed += invoiceRows.map { items.invoice($0, today: today) }

    var transactionFilter: String?
    let since = marks["transactions"]
    if since == nil {
      transactionFilter = "date=gte.\(today.year - 1)-01-01"
    }
    let (transactionRows, transactionsNewest) = try await pull.changes(
      "transactions", since: since, filter: transactionFilter, session: session)
    if let transactionsNewest { marks["transactions"] = transactionsNewest }
    parsed += transactionRows.map(items.transaction)

    var result: [Item] = []
    var removed: [ItemKey] = []
    for entry in parsed {
      switch entry {
      case .item(let item)?: result.append(item)
      case .deleted(let key)?: removed.append(key)
      case nil: break
      }
    }
    var complete: Set<ItemKind> = [.bankAccount, .moneyCategory, .invoiceClient]
    if invoiceSince == nil { complete.insert(.invoice) }

    // The estimate moves with every transaction and every day: recomputed then, from a narrow
    // listing of the year's rows (a few thousand at most).
    let categoriesChanged = marks["categories"] != Self.fingerprint(categoryRows)
    // The keyset's overlap lists the last minute's rows again every time: only a cursor that
    // moved means a transaction changed.
    let transactionsChanged = transactionsNewest != since
    if newDay || transactionsChanged || categoriesChanged || marks["tax"] == nil {
      result += try await taxInstallments(session, today: today, categories: items.categories)
      complete.insert(.taxInstallment)
      marks["tax"] = AgilityDays.iso(today)
      marks["categories"] = Self.fingerprint(categoryRows)
    }
    marks["day"] = AgilityDays.iso(today)
    return FetchResult(
      items: Item.newestVersions(result), complete: complete, cursor: SyncCursor(marks), removed: removed)
  }

  /// The categories' ids and versions, to tell when a kind or a deductible share changed.
  static func fingerprint(_ rows: [JSONValue]) -> String {
    rows.map { "\($0["id"]?.stringValue ?? ""):\($0["version"]?.int64Value ?? 0)" }.joined(separator: ",")
  }

  /// This year's installments, and last year's fourth while its January due day is ahead.
  func taxInstallments(_ session: SupabaseSession, today: CivilDate, categories: [String: JSONValue])
    async throws(ConnectorError) -> [Item]
  {
    let from = "\(today.year - 1)-01-01"
    let rows = try await data.rows(
      "transactions",
      query: "select=id,date,amount,category_id,is_business_expense&deleted_at=is.null&date=gte.\(from)&order=id.asc",
      session: session)
    let transactions = rows.compactMap { AgilityTaxItems.transaction($0, categories: categories) }
    return AgilityTaxItems.items(
      transactions: transactions, today: today, rate: Self.incomeTaxRate(account.options["incomeTaxRate"]),
      w2: Self.w2Wages(account.options["w2Wages"]), overrides: account.options["taxDueOverrides"], days: days,
      webBaseURL: webBaseURL)
  }
}
