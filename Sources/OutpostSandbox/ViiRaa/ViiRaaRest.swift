import Foundation
import NIOHTTP1

/// PostgREST under `/viiraa/rest/v1`: reads on every table, the glucose upload (POST with
/// `on_conflict` and both resolutions), and preconditioned PATCHes on reminders and insights.
/// Row-level security is by the access token's `sub`: other users' rows are simply absent.
enum ViiRaaRest {
  typealias Row = ViiRaaTables.Row
  static let maxRows = 1000

  static func respond(
    _ request: SandboxRequest, path: String, sandbox: ViiRaaSandbox, now: ContinuousClock.Instant
  ) async -> SandboxResponse {
    let name = String(path.dropFirst("/rest/v1/".count))
    guard let table = ViiRaaTables.named(name) else {
      return TasksReplies.postgrest(
        .notFound, "PGRST205", "Could not find the table 'public.\(name)' in the schema cache")
    }
    do throws(TasksRestError) {
      let owner = try await role(request, sandbox: sandbox, now: now)
      switch request.method {
      case .GET, .HEAD: return try read(request, table: table, owner: owner, sandbox: sandbox)
      case .POST where table.name == "glucose_readings":
        return try ViiRaaUpload.insert(request, table: table, owner: owner, sandbox: sandbox)
      case .POST where table.name == "weight_readings":
        return try ViiRaaWeightUpload.insert(request, table: table, owner: owner, sandbox: sandbox)
      case .PATCH where ViiRaaTables.patchable[table.name] != nil:
        return try patch(request, table: table, owner: owner, sandbox: sandbox)
      case .POST, .PATCH, .DELETE:
        throw TasksRestError(
          owner == nil ? .unauthorized : .forbidden, "42501", "permission denied for table \(table.name)")
      default:
        throw TasksRestError(.methodNotAllowed, "PGRST117", "Unsupported HTTP method: \(request.method.rawValue)")
      }
    } catch {
      return error.response
    }
  }

  /// The user id whose rows the request may see, or nil for the anonymous role (the anon key
  /// as bearer counts as anonymous, as supabase-js sends it when signed out).
  static func role(
    _ request: SandboxRequest, sandbox: ViiRaaSandbox, now: ContinuousClock.Instant
  ) async throws(TasksRestError) -> String? {
    guard let header = request.headers.first(name: "authorization") else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    let token = String(parts[1]).trimmingCharacters(in: .whitespaces)
    guard token != sandbox.apiKey else { return nil }
    switch await sandbox.auth.accessTokens.verify(token, nowSeconds: sandbox.clock.unixSeconds(at: now)) {
    case .valid(let claims): return claims.userID
    case .expired: throw TasksRestError(response: SupabaseRowReplies.jwtExpired())
    case .malformed(let parts): throw TasksRestError(response: TasksReplies.jwtMalformed(partCount: parts))
    }
  }

  private static func read(
    _ request: SandboxRequest, table: SupabaseTable, owner: String?, sandbox: ViiRaaSandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table)
    let preferences = TasksRest.preferences(request)
    let exact = preferences.contains { $0.hasPrefix("count=") }
    let matched = sandbox.withState { state in
      owner.map { owner in query.sorted(state.rows(table.name, owner: owner).filter(query.matches)) } ?? []
    }
    let total = matched.count
    var offset = query.offset
    var limit = query.limit
    // `Range: 0-499` (with `Range-Unit: items`) pages like offset/limit.
    if let range = request.headers.first(name: "range"), let match = range.wholeMatch(of: /(\d+)-(\d*)/),
      let first = Int(match.1)
    {
      offset = first
      if let last = Int(match.2), last >= first { limit = last - first + 1 }
    }
    if exact && offset > 0 && offset >= total {
      throw TasksRestError(
        .rangeNotSatisfiable, "PGRST103", "Requested range not satisfiable",
        details: "An offset of \(offset) was requested, but there are only \(total) rows.")
    }
    let page = Array(matched.dropFirst(offset).prefix(min(limit ?? maxRows, maxRows)))
    var response = SandboxResponse.json(
      .ok, .array(page.map { table.object($0, columns: query.columns) }), contentType: TasksRest.arrayType)
    if request.headers.first(name: "accept")?.contains("vnd.pgrst.object") == true {
      guard page.count == 1 else {
        throw TasksRestError(
          .notAcceptable, "PGRST116", "JSON object requested, multiple (or no) rows returned",
          details: "The result contains \(page.count) rows")
      }
      response = .json(.ok, table.object(page[0], columns: query.columns), contentType: TasksRest.objectType)
    }
    if exact && page.count < total { response.status = .partialContent }
    return response.adding(
      "Content-Range", TasksRest.contentRange(offset: offset, count: page.count, total: exact ? "\(total)" : "*"))
  }

  /// `PATCH ?id=eq.X&version=eq.N` with the table's writable columns; a precondition that no
  /// longer holds matches nothing and answers `[]` (or 204).
  private static func patch(
    _ request: SandboxRequest, table: SupabaseTable, owner: String?, sandbox: ViiRaaSandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table)
    guard let members = SandboxJSON.parse(request.body)?.members else {
      throw TasksRestError(.badRequest, "PGRST102", "Empty or invalid json")
    }
    var change: Row = [:]
    for key in members.keys.sorted() {
      guard table.type(of: key) != nil else {
        throw TasksRestError(
          .badRequest, "PGRST204", "Could not find the '\(key)' column of '\(table.name)' in the schema cache")
      }
      guard ViiRaaTables.patchable[table.name]?.contains(key) == true else {
        throw TasksRestError(.forbidden, "42501", "permission denied for column \(key) of table \(table.name)")
      }
      let value = members[key] ?? .null
      if value.isNull {
        change[key] = .null
      } else {
        let text = value.stringValue ?? value.serialized
        change[key] = try table.literal(text, column: key)
      }
    }
    let now = sandbox.nowMicroseconds()
    let changed = sandbox.withState { state -> [Row] in
      guard let owner else { return [] }
      let rows = state.rows(table.name, owner: owner)
      var result: [Row] = []
      for index in rows.indices where query.matches(rows[index]) {
        if !change.isEmpty {
          state.update(table.name, owner: owner, index: index, now: now) { $0.merge(change) { $1 } }
        }
        result.append(state.rows(table.name, owner: owner)[index])
      }
      return result
    }
    return SupabaseRowReplies.reply(changed, table: table, query: query, request: request, status: .ok)
  }
}
