import NIOHTTP1

/// `POST /agility/rest/v1/<table>` for the tables a client may insert into: one object or an
/// array with the same keys, one transaction (one `created_at`/`updated_at`; any failing row
/// fails the whole request and inserts nothing). Each table's columns, defaults and
/// triggers are in `AgilityInsertRules`.
///
/// Unique indexes (the primary key, and per table those of agility.md §2) give 409 `23505`.
/// With `Prefer: resolution=ignore-duplicates` a row that clashes with *any* of them is skipped
/// and absent from the answer: the sandbox does not tell the `on_conflict` target apart from
/// the other indexes, which is what replays of the connector's own rows need (an import row
/// retried with the same id and hash). `on_conflict` must still name the primary key or one
/// of the table's unique indexes, else 400 `42P10` as PostgreSQL answers. A plain POST that
/// repeats an id is 409 `23505` on `<table>_pkey`. `resolution=merge-duplicates` is not
/// modelled (no agility write needs it): such a POST behaves as a plain insert.
enum AgilityInsert {
  typealias Row = AgilityTables.Row

  static func insert(
    _ request: SandboxRequest, table: SupabaseTable, owner: String?, sandbox: AgilitySandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table)
    guard let owner else { throw AgilityWriteSupport.rowSecurity(table.name, anonymous: true) }
    let rules = AgilityInsertRules(table: table)
    var rows: [Row] = []
    for object in try SupabaseRowReplies.objects(request.body) {
      // `user_id` has no default (supabase.md §7): a row without it fails the policy's
      // `auth.uid() = user_id` (NULL is not true), which PostgreSQL checks before NOT NULL.
      guard let user = object["user_id"]?.stringValue, user.lowercased() == owner else {
        throw AgilityWriteSupport.rowSecurity(table.name)
      }
      let fields = try rules.fields(object)
      rows.append(
        AgilityTables.row(id: try AgilityWriteSupport.id(object), userID: owner, updatedAt: 0, fields))
    }
    let resolution = TasksRest.preferences(request).first { $0.hasPrefix("resolution=") }
    let ignore = resolution == "resolution=ignore-duplicates"
    if let target = query.onConflict {
      let valid =
        target == ["id"] || rules.uniques.contains { Set(["user_id"] + $0.columns) == Set(target) }
      guard valid else {
        throw TasksRestError(
          .badRequest, "42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification")
      }
    }
    let now = sandbox.nowMicroseconds()
    let outcome = sandbox.withState { state -> Result<[Row], TasksRestError> in
      let existing = state.rows(table.name, owner: owner)
      var ids = Set(existing.compactMap { AgilityTables.text($0["id"]) })
      var keys = rules.uniques.map { unique in Set(existing.compactMap(unique.key)) }
      var inserted: [Row] = []
      for var row in rows {
        let id = AgilityTables.text(row["id"]) ?? ""
        var clash: TasksRestError?
        if ids.contains(id) {
          clash = AgilityWriteSupport.duplicate("\(table.name)_pkey", "Key (id)=(\(id)) already exists.")
        }
        for (index, unique) in rules.uniques.enumerated() where clash == nil {
          if let key = unique.key(row), keys[index].contains(key) {
            clash = AgilityWriteSupport.duplicate(
              unique.constraint,
              "Key (\((["user_id"] + unique.columns).joined(separator: ", ")))=(\(owner), \(key)) already exists.")
          }
        }
        if let clash {
          if ignore { continue }
          return .failure(clash)
        }
        if let error = rules.prepare(&row, state: &state, owner: owner, pending: inserted) { return .failure(error) }
        ids.insert(id)
        for (index, unique) in rules.uniques.enumerated() {
          if let key = unique.key(row) { keys[index].insert(key) }
        }
        row["created_at"] = .time(now)
        row["updated_at"] = .time(now)
        inserted.append(row)
      }
      for row in inserted { state.append(table.name, row) }
      rules.afterInsert(inserted, state: &state, owner: owner, now: now)
      return .success(inserted)
    }
    switch outcome {
    case .failure(let error): throw error
    case .success(let inserted):
      return AgilityRest.reply(
        inserted, table: table, query: query, request: request, status: .created,
        applied: resolution.map { [$0] } ?? [])
    }
  }
}
