import NIOHTTP1

/// PostgREST's replies and request bodies as every sandbox Supabase project with generic
/// tables (viiraa, agility) answers and reads them: the expired-token answer, a write's
/// `return=representation`, and an insert's one-or-many objects.
enum SupabaseRowReplies {
  /// Current PostgREST: 401 `PGRST303` "JWT expired" with the Bearer challenge (supabase.md §4.3).
  static func jwtExpired() -> SandboxResponse {
    TasksReplies.postgrest(.unauthorized, "PGRST303", "JWT expired")
      .adding("WWW-Authenticate", #"Bearer error="invalid_token", error_description="JWT expired""#)
  }

  /// `return=representation`: the rows, with `Preference-Applied`; otherwise no body.
  static func reply(
    _ rows: [[String: SupabaseValue]], table: SupabaseTable, query: SupabaseRowQuery, request: SandboxRequest,
    status: HTTPResponseStatus, applied: [String] = []
  ) -> SandboxResponse {
    let range = TasksRest.contentRange(offset: 0, count: rows.count, total: "*")
    let preferences = TasksRest.preferences(request)
    guard preferences.contains("return=representation") else {
      return SandboxResponse(status: status == .created ? .created : .noContent).adding("Content-Range", range)
    }
    return SandboxResponse.json(
      status, .array(rows.map { table.object($0, columns: query.columns) }), contentType: TasksRest.arrayType
    )
    .adding("Content-Range", range)
    .adding("Preference-Applied", (applied + ["return=representation"]).joined(separator: ", "))
  }

  /// One object or an array of objects with the same keys, as PostgREST takes an insert.
  static func objects(_ body: [UInt8]) throws(TasksRestError) -> [[String: SandboxJSON]] {
    let invalid = TasksRestError(.badRequest, "PGRST102", "Empty or invalid json")
    guard let json = SandboxJSON.parse(body) else { throw invalid }
    switch json {
    case .object: return [json.members ?? [:]]
    case .array(let items):
      let members = items.compactMap(\.members)
      guard members.count == items.count else { throw invalid }
      guard Set(members.map { $0.keys.sorted() }).count <= 1 else {
        throw TasksRestError(.badRequest, "PGRST102", "All object keys must match")
      }
      return members
    default: throw invalid
    }
  }
}
