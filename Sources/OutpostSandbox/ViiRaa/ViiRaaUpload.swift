import Foundation

/// `POST /viiraa/rest/v1/glucose_readings` (viiraa.md §3): one object or an array with the same
/// keys, all stamped with one `updated_at` (one transaction). `unique (user_id, dedup_key)` and
/// the primary key are enforced: a plain POST that breaks them is 409 `23505` and inserts
/// nothing; with `on_conflict` and `resolution=ignore-duplicates` the clashing rows are skipped
/// and absent from the answer; `resolution=merge-duplicates` updates them instead.
enum ViiRaaUpload {
  typealias Row = ViiRaaTables.Row

  static let kinds: Set = ["cgm", "scan", "fingerstick", "manual"]
  static let sources: Set = ["phone_sync", "libreview_csv", "dexcom_clarity_csv", "manual"]
  static let inputColumns: Set = [
    "id", "user_id", "measured_at", "value_mgdl", "kind", "range_flag", "trend", "source", "device", "device_serial",
    "dedup_key", "import_batch_id",
  ]

  static func insert(
    _ request: SandboxRequest, table: SupabaseTable, owner: String?, sandbox: ViiRaaSandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table)
    guard let owner else {
      throw TasksRestError(
        .unauthorized, "42501", "new row violates row-level security policy for table \"glucose_readings\"")
    }
    let objects = try SupabaseRowReplies.objects(request.body)
    var rows: [Row] = []
    for object in objects { rows.append(try row(object, owner: owner)) }
    let preferences = TasksRest.preferences(request)
    let resolution = preferences.first { $0.hasPrefix("resolution=") }
    // Without `on_conflict` a resolution applies to the primary key.
    let target = query.onConflict.map { Set($0) } ?? (resolution == nil ? nil : ["id"])
    let byKey = target == ["user_id", "dedup_key"]
    if target != nil && !byKey && target != ["id"] {
      throw TasksRestError(
        .badRequest, "42P10", "there is no unique or exclusion constraint matching the ON CONFLICT specification")
    }
    let now = sandbox.nowMicroseconds()
    let outcome = sandbox.withState { state -> Result<[Row], TasksRestError> in
      let existing = state.rows("glucose_readings", owner: owner)
      var keys = state.dedupKeys[owner] ?? []
      var ids = Set(existing.compactMap { row -> String? in if case .text(let id) = row["id"] { id } else { nil } })
      var inserted: [Row] = []
      var merged: [(index: Int, row: Row)] = []
      for var row in rows {
        guard case .text(let key) = row["dedup_key"], case .text(let id) = row["id"] else { continue }
        let clashesKey = keys.contains(key)
        let clashesID = ids.contains(id)
        if clashesKey || clashesID {
          let handled = resolution != nil && ((byKey && clashesKey) || (target == ["id"] && clashesID))
          guard handled else {
            let constraint = clashesKey ? "glucose_readings_user_id_dedup_key_key" : "glucose_readings_pkey"
            // No "Key (…)=(…)" detail: PostgreSQL leaves the values out when row-level security
            // applies to the caller, as it always does for a user's token.
            return .failure(
              TasksRestError(.conflict, "23505", "duplicate key value violates unique constraint \"\(constraint)\""))
          }
          if resolution == "resolution=merge-duplicates",
            let index = existing.firstIndex(where: { byKey ? $0["dedup_key"] == .text(key) : $0["id"] == .text(id) })
          {
            row["id"] = existing[index]["id"]
            merged.append((index, row))
          }
          continue
        }
        keys.insert(key)
        ids.insert(id)
        row["created_at"] = .time(now)
        row["updated_at"] = .time(now)
        inserted.append(row)
      }
      for row in inserted { state.append("glucose_readings", row) }
      var answered = inserted
      for (index, row) in merged {
        state.update("glucose_readings", owner: owner, index: index, now: now) { current in
          for column in inputColumns where column != "id" { current[column] = row[column] ?? .null }
        }
        answered.append(state.rows("glucose_readings", owner: owner)[index])
      }
      return .success(answered)
    }
    switch outcome {
    case .failure(let error): throw error
    case .success(let answered):
      return SupabaseRowReplies.reply(
        answered, table: table, query: query, request: request, status: .created,
        applied: resolution.map { [$0] } ?? [])
    }
  }

  /// One object checked as the columns' types and constraints would.
  private static func row(_ object: [String: SandboxJSON], owner: String) throws(TasksRestError) -> Row {
    let table = ViiRaaTables.glucoseReadings
    if let unknown = object.keys.sorted().first(where: { !inputColumns.contains($0) }) {
      throw TasksRestError(
        .badRequest, "PGRST204", "Could not find the '\(unknown)' column of 'glucose_readings' in the schema cache")
    }
    // `user_id` has no default (supabase.md §7): a row without it fails the policy's
    // `auth.uid() = user_id` (NULL is not true), which PostgreSQL checks before NOT NULL.
    guard let user = object["user_id"]?.stringValue, user.lowercased() == owner else {
      throw TasksRestError(
        .forbidden, "42501", "new row violates row-level security policy for table \"glucose_readings\"")
    }
    func text(_ column: String) -> String? {
      guard let value = object[column], !value.isNull else { return nil }
      return value.stringValue ?? value.serialized
    }
    func notNull(_ column: String) -> TasksRestError {
      TasksRestError(
        .badRequest, "23502",
        "null value in column \"\(column)\" of relation \"glucose_readings\" violates not-null constraint")
    }
    func check(_ name: String) -> TasksRestError {
      TasksRestError(
        .badRequest, "23514",
        "new row for relation \"glucose_readings\" violates check constraint \"glucose_readings_\(name)_check\"")
    }
    var fields: Row = [:]
    for column in ["measured_at", "value_mgdl", "kind", "source", "dedup_key"] {
      guard let value = text(column) else { throw notNull(column) }
      fields[column] = try table.literal(value, column: column)
    }
    for column in ["range_flag", "trend", "device", "device_serial", "import_batch_id"] {
      fields[column] = .null
      if let value = text(column) { fields[column] = try table.literal(value, column: column) }
    }
    guard case .number(let value) = fields["value_mgdl"], (20...600).contains(value) else { throw check("value_mgdl") }
    guard case .text(let kind) = fields["kind"], kinds.contains(kind) else { throw check("kind") }
    guard case .text(let source) = fields["source"], sources.contains(source) else { throw check("source") }
    var generator = SystemRandomNumberGenerator()
    let id = text("id") ?? SandboxIdentifiers.uuid(using: &generator)
    guard id.wholeMatch(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/) != nil else {
      throw .invalidInput("uuid", id)
    }
    return ViiRaaTables.row(id: id.lowercased(), userID: owner, updatedAt: 0, fields)
  }
}
