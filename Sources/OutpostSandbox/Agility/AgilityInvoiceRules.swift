/// Creating an invoice draft (agility.md §2.4, §3): the client sends its id, `client_id`,
/// `issue_date` and optionally `due_date` (default: issue date + the client's payment terms),
/// `tax_rate`, `notes`, `template`. The server assigns `invoice_number` from the per-user
/// sequence and `status` `draft`; totals start at 0 and follow the line items. A body that
/// carries a server-maintained column (`invoice_number`, `status`, totals, payment or send
/// stamps, `pdf_url`) is refused by the insert trigger with 400 `P0001` — a permanent error,
/// as a client must never choose them.
enum AgilityInvoiceRules {
  typealias Row = AgilityTables.Row
  static let table = AgilityTables.invoices

  static let input: Set = ["client_id", "issue_date", "due_date", "tax_rate", "notes", "template"]
  static let serverColumns: Set = [
    "invoice_number", "status", "subtotal", "tax_amount", "total", "amount_paid", "sent_at", "viewed_at", "paid_at",
    "pdf_url",
  ]

  static func serverColumn(_ column: String) -> TasksRestError {
    AgilityWriteSupport.raise("\(column) is set by the server and cannot be written")
  }

  static func fields(_ object: [String: SandboxJSON]) throws(TasksRestError) -> Row {
    var fields = try AgilityWriteSupport.fields(object, table: table, input: input) { column in
      if AgilityInsertRules.stamps.contains(column) { return nil }
      return serverColumns.contains(column)
        ? serverColumn(column) : AgilityWriteSupport.unknownColumn(column, table.name)
    }
    for column in ["client_id", "issue_date"] where (fields[column] ?? .null) == .null {
      throw AgilityWriteSupport.notNull(column, table.name)
    }
    if (fields["tax_rate"] ?? .null) == .null { fields["tax_rate"] = AgilityMoney.cell(0, scale: 3) }
    if (fields["template"] ?? .null) == .null { fields["template"] = .int(1) }
    try checks(fields)
    for column in table.columns.map(\.name) where fields[column] == nil { fields[column] = .null }
    return fields
  }

  /// `template` 1–5, a tax rate 0–100 %, a due date not before the issue date.
  static func checks(_ fields: Row) throws(TasksRestError) {
    if case .int(let template)? = fields["template"], !(1...5).contains(template) {
      throw AgilityWriteSupport.check("template", table.name)
    }
    if let rate = fields["tax_rate"], rate != .null, !(0...100_000).contains(AgilityMoney.value(rate, scale: 3)) {
      throw AgilityWriteSupport.check("tax_rate", table.name)
    }
    if let issue = AgilityTables.text(fields["issue_date"]), let due = AgilityTables.text(fields["due_date"]),
      due < issue
    {
      throw AgilityWriteSupport.check("due_date", table.name)
    }
  }

  /// The client must be live; the number, status, default due date and zero totals are set.
  static func prepare(_ row: inout Row, state: inout AgilityState, owner: String) -> TasksRestError? {
    guard let clientID = AgilityTables.text(row["client_id"]),
      let client = state.liveRow("clients", owner: owner, id: clientID)
    else {
      return AgilityWriteSupport.foreignKey(
        table: table.name, column: "client_id", value: AgilityTables.text(row["client_id"]) ?? "", target: "clients")
    }
    if row["due_date"] == .null, let issue = AgilityTables.text(row["issue_date"]).flatMap(AgilityDates.day) {
      var terms: Int64 = 30
      if case .int(let days)? = client["payment_terms_days"] { terms = days }
      row["due_date"] = .date(AgilityDates.text(issue + Int(terms)))
    }
    row["invoice_number"] = .text(state.nextInvoiceNumber(owner: owner))
    row["status"] = .text("draft")
    for column in ["subtotal", "tax_amount", "total", "amount_paid"] { row[column] = AgilityMoney.cell(0) }
    return nil
  }
}
