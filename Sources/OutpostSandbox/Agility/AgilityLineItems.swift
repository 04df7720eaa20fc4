import NIOHTTP1

/// Invoice line items (agility.md §2.5): inserted in bulk for a draft, deleted (outright, as
/// `on delete cascade` children may be) to rewrite a draft. A trigger computes each
/// `amount` = round half-up(quantity × rate, 2) and keeps the invoice's subtotal, tax and
/// total, bumping its `version` and `updated_at`. Only a draft's items may be written:
/// anything else is 400 `P0001` "only draft invoices can be edited".
enum AgilityLineItems {
  typealias Row = AgilityTables.Row
  static let table = AgilityTables.lineItems

  static let input: Set = ["invoice_id", "position", "description", "quantity", "rate", "taxable"]

  static var notDraft: TasksRestError { AgilityWriteSupport.raise("only draft invoices can be edited") }

  static func fields(_ object: [String: SandboxJSON]) throws(TasksRestError) -> Row {
    var fields = try AgilityWriteSupport.fields(object, table: table, input: input) { column in
      // `amount` is the trigger's to compute; whatever the client sent is overwritten.
      AgilityInsertRules.stamps.contains(column) || column == "amount"
        ? nil : AgilityWriteSupport.unknownColumn(column, table.name)
    }
    for column in ["invoice_id", "position", "description", "quantity", "rate"] where (fields[column] ?? .null) == .null
    {
      throw AgilityWriteSupport.notNull(column, table.name)
    }
    if (fields["taxable"] ?? .null) == .null { fields["taxable"] = .bool(true) }
    let quantity = AgilityMoney.value(fields["quantity"], scale: 3)
    guard quantity > 0 else { throw AgilityWriteSupport.check("quantity", table.name) }
    // round(quantity × rate, 2) must fit `amount numeric(12,2)`, as the trigger's assignment.
    let (product, overflowed) = quantity.multipliedReportingOverflow(by: AgilityMoney.value(fields["rate"]))
    let amount = AgilityMoney.divideHalfUp(product, 1000)
    guard !overflowed, abs(amount) < AgilityMoney.pow10(12) else {
      throw AgilityWriteSupport.overflow(precision: 12, scale: 2)
    }
    fields["amount"] = AgilityMoney.cell(amount)
    return fields
  }

  static func prepare(_ row: Row, state: AgilityState, owner: String) -> TasksRestError? {
    let invoiceID = AgilityTables.text(row["invoice_id"]) ?? ""
    guard let invoice = state.liveRow("invoices", owner: owner, id: invoiceID) else {
      return AgilityWriteSupport.foreignKey(
        table: table.name, column: "invoice_id", value: invoiceID, target: "invoices")
    }
    return invoice["status"] == .text("draft") ? nil : notDraft
  }

  /// The AFTER trigger: each touched invoice gets its totals again (one update per invoice).
  static func recompute(_ rows: [Row], state: inout AgilityState, owner: String, now: Int64) {
    var seen: Set<String> = []
    for row in rows {
      guard let invoiceID = AgilityTables.text(row["invoice_id"]), seen.insert(invoiceID).inserted else { continue }
      state.recomputeTotals(owner: owner, invoiceID: invoiceID, now: now)
    }
  }

  /// `DELETE /invoice_line_items?<filters>` (the connector sends `invoice_id=eq.X`): every
  /// matched item must belong to a draft, else nothing is deleted and the answer is `P0001`.
  static func delete(
    _ request: SandboxRequest, owner: String?, sandbox: AgilitySandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table)
    let now = sandbox.nowMicroseconds()
    let outcome = sandbox.withState { state -> Result<[Row], TasksRestError> in
      guard let owner else { return .success([]) }
      let matched = state.rows(table.name, owner: owner).filter(query.matches)
      for item in matched {
        let invoice = AgilityTables.text(item["invoice_id"]).flatMap { state.row("invoices", owner: owner, id: $0) }
        if invoice?["status"] != .text("draft") { return .failure(notDraft) }
      }
      let ids = Set(matched.compactMap { AgilityTables.text($0["id"]) })
      _ = state.remove(table.name, owner: owner) { ids.contains(AgilityTables.text($0["id"]) ?? "") }
      recompute(matched, state: &state, owner: owner, now: now)
      return .success(matched)
    }
    switch outcome {
    case .failure(let error): throw error
    case .success(let deleted):
      return AgilityRest.reply(deleted, table: table, query: query, request: request, status: .ok)
    }
  }
}
