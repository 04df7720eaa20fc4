/// PostgREST under `/tasks/rest/v1`, serving the one table `tasks` under row-level security:
/// each signed-in user sees and changes only their own rows; the anonymous role sees nothing,
/// which reads as an empty result, never an error (supabase.md §4).
enum TasksRest {
  static let table = "tasks"

  static func respond(_ context: TasksContext) async -> SandboxResponse {
    let name = String(context.path.dropFirst("/rest/v1/".count))
    guard name == table else {
      return TasksReplies.postgrest(
        .notFound, "PGRST205", "Could not find the table 'public.\(name)' in the schema cache",
        hint: "Perhaps you meant the table 'public.\(table)'")
    }
    do throws(TasksRestError) {
      let owner = try await role(context)
      switch context.request.method {
      case .GET, .HEAD: return try read(context, owner: owner)
      case .PATCH: return try TasksRestWrites.update(context, owner: owner)
      case .POST: return try TasksRestWrites.insert(context, owner: owner)
      case .DELETE: return try TasksRestWrites.delete(context, owner: owner)
      default:
        throw TasksRestError(
          .methodNotAllowed, "PGRST117", "Unsupported HTTP method: \(context.request.method.rawValue)")
      }
    } catch {
      return error.response
    }
  }

  /// The owner whose rows the request may see, or nil for the anonymous role. supabase-js sends
  /// the anon key itself as the bearer when signed out; that is the anonymous role too.
  static func role(_ context: TasksContext) async throws(TasksRestError) -> String? {
    guard let token = context.bearerToken, token != context.sandbox.apiKey else { return nil }
    switch await context.sandbox.accessTokens.verify(token, nowSeconds: context.nowSeconds) {
    case .valid(let claims): return claims.email
    case .expired: throw TasksRestError(response: TasksReplies.jwtExpired())
    case .malformed(let parts): throw TasksRestError(response: TasksReplies.jwtMalformed(partCount: parts))
    }
  }

  private static func read(_ context: TasksContext, owner: String?) throws(TasksRestError) -> SandboxResponse {
    let query = try TasksQuery(context.request)
    let preferences = preferences(context.request)
    let exact =
      preferences.contains("count=exact") || preferences.contains("count=planned")
      || preferences.contains("count=estimated")
    var offset = query.offset
    var limit = query.limit
    // The `Range: 0-9` header pages like offset/limit (with `Range-Unit: items`).
    if let range = context.request.headers.first(name: "range"),
      let match = range.wholeMatch(of: /(\d+)-(\d*)/), let first = Int(match.1)
    {
      offset = first
      if let last = Int(match.2), last >= first { limit = last - first + 1 }
    }
    let matched = context.sandbox.withState { state in
      owner.map { owner in query.sorted(state.rows(of: owner).filter(query.matches)) } ?? []
    }
    let total = matched.count
    if exact && offset > 0 && offset >= total {
      throw TasksRestError(
        .rangeNotSatisfiable, "PGRST103", "Requested range not satisfiable",
        details: "An offset of \(offset) was requested, but there are only \(total) rows.")
    }
    // Hosted Supabase caps every response at 1000 rows, whatever `limit` asks for.
    let page = Array(matched.dropFirst(offset).prefix(min(limit ?? 1000, 1000)))
    let totalText = exact ? String(total) : "*"
    var response = rows(page, columns: query.columns, context: context)
    if context.request.headers.first(name: "accept")?.contains("vnd.pgrst.object") == true {
      guard page.count == 1 else {
        throw TasksRestError(
          .notAcceptable, "PGRST116", "JSON object requested, multiple (or no) rows returned",
          details: "The result contains \(page.count) rows")
      }
      response = .json(.ok, TasksColumn.row(page[0], columns: query.columns), contentType: objectType)
    }
    if exact && page.count < total { response.status = .partialContent }
    return response.adding("Content-Range", contentRange(offset: offset, count: page.count, total: totalText))
  }

  static let arrayType = "application/json; charset=utf-8"
  static let objectType = "application/vnd.pgrst.object+json; charset=utf-8"

  static func rows(_ rows: [TasksRow], columns: [TasksColumn], context: TasksContext) -> SandboxResponse {
    .json(.ok, .array(rows.map { TasksColumn.row($0, columns: columns) }), contentType: arrayType)
  }

  /// `first-last/total`, or `*/total` for an empty page (total is `*` unless counted).
  static func contentRange(offset: Int, count: Int, total: String) -> String {
    count == 0 ? "*/\(total)" : "\(offset)-\(offset + count - 1)/\(total)"
  }

  /// Every `Prefer` value, split at commas and trimmed (`return=representation`, `count=exact`).
  static func preferences(_ request: SandboxRequest) -> Set<String> {
    Set(
      request.headers[canonicalForm: "prefer"].flatMap { $0.split(separator: ",") }.map {
        String($0.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()).lowercased()
      })
  }
}

extension TasksRestError {
  init(response: SandboxResponse) {
    self.init(.badRequest, "", "")
    self.response = response
  }
}
