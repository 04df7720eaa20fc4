import NIOHTTP1

/// `PATCH ?id=eq.X&version=eq.N` on transactions (recategorise, business flag, notes, tags,
/// merchant) and accounts (the saved CSV mapping and the balance a CSV file carries, §5.2).
/// A precondition that no longer holds matches nothing: `[]` (or 204). Other columns are
/// 403 `42501` (column privileges); a category that is unknown or soft-deleted is 409 `23503`.
enum AgilityPatch {
  typealias Row = AgilityTables.Row

  static let patchable: [String: Set<String>] = [
    "transactions": AgilityTransactionRules.patchable,
    "accounts": ["csv_profile", "current_balance", "balance_as_of"],
  ]

  static func patch(
    _ request: SandboxRequest, table: SupabaseTable, owner: String?, sandbox: AgilitySandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table)
    let allowed = patchable[table.name] ?? []
    let change = try changes(request, table: table, allowed: allowed) { column in
      TasksRestError(.forbidden, "42501", "permission denied for column \(column) of table \(table.name)")
    }
    if table.name == "transactions", change["merchant"] == .null {
      throw AgilityWriteSupport.notNull("merchant", table.name)
    }
    let now = sandbox.nowMicroseconds()
    let outcome = sandbox.withState { state -> Result<[Row], TasksRestError> in
      guard let owner else { return .success([]) }
      let rows = state.rows(table.name, owner: owner)
      let matched = rows.indices.filter { query.matches(rows[$0]) }
      if table.name == "transactions", !matched.isEmpty,
        let error = AgilityTransactionRules.references(change, state: state, owner: owner)
      {
        return .failure(error)
      }
      guard !change.isEmpty else { return .success(matched.map { rows[$0] }) }
      for index in matched {
        state.update(table.name, owner: owner, index: index, now: now) { $0.merge(change) { $1 } }
      }
      let updated = state.rows(table.name, owner: owner)
      return .success(matched.map { updated[$0] })
    }
    switch outcome {
    case .failure(let error): throw error
    case .success(let rows): return AgilityRest.reply(rows, table: table, query: query, request: request, status: .ok)
    }
  }

  /// The PATCH body as cells: unknown columns are PGRST204; known ones outside `allowed` get
  /// `refused`'s error, except the stamps a trigger overwrites anyway.
  static func changes(
    _ request: SandboxRequest, table: SupabaseTable, allowed: Set<String>, refused: (String) -> TasksRestError
  ) throws(TasksRestError) -> Row {
    guard let members = SandboxJSON.parse(request.body)?.members else {
      throw TasksRestError(.badRequest, "PGRST102", "Empty or invalid json")
    }
    var change: Row = [:]
    for key in members.keys.sorted() {
      guard table.type(of: key) != nil else { throw AgilityWriteSupport.unknownColumn(key, table.name) }
      if AgilityInsertRules.stamps.contains(key) { continue }
      guard allowed.contains(key) else { throw refused(key) }
      change[key] = try AgilityWriteSupport.cell(members[key] ?? .null, column: key, table: table)
    }
    return change
  }
}
