import Foundation

/// `POST /viiraa/rest/v1/weight_readings`: a weighing typed in (viiraa.md §3, manual entries
/// through the idempotent insert). One object or an array; the primary key and
/// `unique (user_id, dedup_key)` are enforced: a clash is 409 `23505` unless the request asks
/// `on_conflict=id` with `resolution=ignore-duplicates`, which skips rows whose id exists.
enum ViiRaaWeightUpload {
  typealias Row = ViiRaaTables.Row
  static let inputColumns: Set = ["id", "user_id", "measured_at", "weight_kg", "source", "note", "dedup_key"]
  static let sources: Set = ["phone_sync", "scale", "manual"]

  static func insert(
    _ request: SandboxRequest, table: SupabaseTable, owner: String?, sandbox: ViiRaaSandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table)
    guard let owner else {
      throw TasksRestError(
        .unauthorized, "42501", "new row violates row-level security policy for table \"weight_readings\"")
    }
    let objects = try SupabaseRowReplies.objects(request.body)
    var rows: [Row] = []
    for object in objects { rows.append(try row(object, owner: owner, table: table)) }
    let ignoring =
      TasksRest.preferences(request).contains("resolution=ignore-duplicates") && query.onConflict == ["id"]
    let now = sandbox.nowMicroseconds()
    let outcome = sandbox.withState { state -> Result<[Row], TasksRestError> in
      let existing = state.rows("weight_readings", owner: owner)
      var ids = Set(existing.compactMap { if case .text(let id) = $0["id"] { id } else { nil } })
      var keys = Set(existing.compactMap { if case .text(let key) = $0["dedup_key"] { key } else { nil } })
      var inserted: [Row] = []
      for var row in rows {
        guard case .text(let id) = row["id"], case .text(let key) = row["dedup_key"] else { continue }
        if ids.contains(id) && ignoring { continue }
        if ids.contains(id) || keys.contains(key) {
          return .failure(
            TasksRestError(
              .conflict, "23505",
              "duplicate key value violates unique constraint \"weight_readings_\(ids.contains(id) ? "pkey" : "user_id_dedup_key_key")\""
            ))
        }
        ids.insert(id)
        keys.insert(key)
        row["created_at"] = .time(now)
        row["updated_at"] = .time(now)
        inserted.append(row)
      }
      for row in inserted { state.append("weight_readings", row) }
      return .success(inserted)
    }
    switch outcome {
    case .failure(let error): throw error
    case .success(let inserted):
      return SupabaseRowReplies.reply(inserted, table: table, query: query, request: request, status: .created)
    }
  }

  private static func row(_ object: [String: SandboxJSON], owner: String, table: SupabaseTable) throws(TasksRestError)
    -> Row
  {
    if let unknown = object.keys.sorted().first(where: { !inputColumns.contains($0) }) {
      throw TasksRestError(
        .badRequest, "PGRST204", "Could not find the '\(unknown)' column of 'weight_readings' in the schema cache")
    }
    // `user_id` has no default (supabase.md §7): a row without it fails the policy's
    // `auth.uid() = user_id` (NULL is not true), which PostgreSQL checks before NOT NULL.
    guard let user = object["user_id"]?.stringValue, user.lowercased() == owner else {
      throw TasksRestError(
        .forbidden, "42501", "new row violates row-level security policy for table \"weight_readings\"")
    }
    func text(_ column: String) -> String? {
      guard let value = object[column], !value.isNull else { return nil }
      return value.stringValue ?? value.serialized
    }
    var fields: Row = [:]
    for column in ["id", "measured_at", "weight_kg", "source", "dedup_key"] {
      guard let value = text(column) else {
        throw TasksRestError(
          .badRequest, "23502",
          "null value in column \"\(column)\" of relation \"weight_readings\" violates not-null constraint")
      }
      fields[column] = try table.literal(value, column: column)
    }
    fields["note"] = text("note").map { .text($0) } ?? .null
    guard case .number(let kg) = fields["weight_kg"], (20...400).contains(kg),
      case .text(let source) = fields["source"], sources.contains(source)
    else {
      throw TasksRestError(
        .badRequest, "23514",
        "new row for relation \"weight_readings\" violates check constraint \"weight_readings_check\"")
    }
    guard case .text(let id) = fields["id"] else { throw .invalidInput("uuid", "") }
    return ViiRaaTables.row(id: id.lowercased(), userID: owner, updatedAt: 0, fields)
  }
}
