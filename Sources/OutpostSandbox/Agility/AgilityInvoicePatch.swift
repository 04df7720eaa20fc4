import NIOHTTP1

/// `PATCH /invoices?id=eq.X&version=eq.N` (agility.md §3). A draft may change its client,
/// dates, tax rate, notes and template (the totals follow a new tax rate). Any other invoice
/// may only be paid: `{"status":"paid","amount_paid":…,"paid_at":…}` (`amount_paid` defaults
/// to the total, `paid_at` to now), or `{"amount_paid":…}` alone, a partial payment that keeps
/// the status. Writing any other status (`overdue`, `sent`, `viewed`, `draft`) or editing a
/// sent invoice is 400 `P0001`; server-maintained columns are 400 `P0001` too. Every matched
/// row is checked before any is changed (one statement).
enum AgilityInvoicePatch {
  typealias Row = AgilityTables.Row
  static let table = AgilityTables.invoices
  static let draftColumns = AgilityInvoiceRules.input
  static let paymentColumns: Set = ["status", "amount_paid", "paid_at"]

  static func patch(
    _ request: SandboxRequest, owner: String?, sandbox: AgilitySandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table)
    let change = try AgilityPatch.changes(request, table: table, allowed: draftColumns.union(paymentColumns)) {
      column in
      AgilityInvoiceRules.serverColumns.contains(column)
        ? AgilityInvoiceRules.serverColumn(column)
        : TasksRestError(.forbidden, "42501", "permission denied for column \(column) of table invoices")
    }
    if let status = change["status"], status != .text("paid") {
      let text = AgilityTables.text(status) ?? "null"
      throw AgilityWriteSupport.raise("status \(text) is set by the server; a client may only mark an invoice paid")
    }
    if AgilityMoney.value(change["amount_paid"]) < 0 { throw AgilityWriteSupport.check("amount_paid", table.name) }
    let paying = !paymentColumns.isDisjoint(with: change.keys)
    let editing = !draftColumns.isDisjoint(with: change.keys)
    let now = sandbox.nowMicroseconds()
    let outcome = sandbox.withState { state -> Result<[Row], TasksRestError> in
      guard let owner else { return .success([]) }
      let rows = state.rows(table.name, owner: owner)
      let matched = rows.indices.filter { query.matches(rows[$0]) }
      var updates: [(Int, Row)] = []
      for index in matched {
        var row = rows[index]
        let draft = row["status"] == .text("draft")
        if draft && paying { return .failure(AgilityWriteSupport.raise("a draft cannot be paid; send it first")) }
        if !draft && editing { return .failure(AgilityLineItems.notDraft) }
        row.merge(change) { $1 }
        if draft {
          do throws(TasksRestError) { try AgilityInvoiceRules.checks(row) } catch { return .failure(error) }
          if change["client_id"] != nil,
            state.liveRow("clients", owner: owner, id: AgilityTables.text(row["client_id"]) ?? "") == nil
          {
            return .failure(
              AgilityWriteSupport.foreignKey(
                table: table.name, column: "client_id", value: AgilityTables.text(row["client_id"]) ?? "",
                target: "clients"))
          }
          let id = row["id"]
          AgilityState.applyTotals(
            &row, items: state.rows("invoice_line_items", owner: owner).filter { $0["invoice_id"] == id })
        } else if change["status"] != nil {
          if change["amount_paid"] == nil { row["amount_paid"] = row["total"] }
          if (change["paid_at"] ?? .null) == .null { row["paid_at"] = .time(now) }
        }
        updates.append((index, row))
      }
      for (index, row) in updates {
        state.update(table.name, owner: owner, index: index, now: now) { $0 = row }
      }
      let updated = state.rows(table.name, owner: owner)
      return .success(updates.map { updated[$0.0] })
    }
    switch outcome {
    case .failure(let error): throw error
    case .success(let rows): return AgilityRest.reply(rows, table: table, query: query, request: request, status: .ok)
    }
  }
}
