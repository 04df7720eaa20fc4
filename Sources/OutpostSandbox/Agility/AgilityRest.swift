import Foundation
import NIOHTTP1

/// PostgREST under `/agility/rest/v1`: reads on every table (invoices may embed their line
/// items), the writes of agility.md §1 scope (transactions, custom categories, invoice drafts
/// and their items, "mark paid", a CSV profile on an account) and `rpc/send_invoice`.
/// Row-level security is by the access token's `sub`: other users' rows are simply absent.
enum AgilityRest {
  typealias Row = AgilityTables.Row
  static let maxRows = 1000

  static func respond(
    _ request: SandboxRequest, path: String, sandbox: AgilitySandbox, now: ContinuousClock.Instant
  ) async -> SandboxResponse {
    let name = String(path.dropFirst("/rest/v1/".count))
    do throws(TasksRestError) {
      if name.hasPrefix("rpc/") {
        let owner = try await role(request, sandbox: sandbox, now: now)
        guard name == "rpc/send_invoice" else {
          throw TasksRestError(
            .notFound, "PGRST202", "Could not find the function public.\(name.dropFirst(4)) in the schema cache")
        }
        guard request.method == .POST else {
          throw TasksRestError(.methodNotAllowed, "PGRST117", "Unsupported HTTP method: \(request.method.rawValue)")
        }
        return try AgilitySendInvoice.call(request, owner: owner, sandbox: sandbox)
      }
      guard let table = AgilityTables.named(name) else {
        throw TasksRestError(.notFound, "PGRST205", "Could not find the table 'public.\(name)' in the schema cache")
      }
      let owner = try await role(request, sandbox: sandbox, now: now)
      switch (request.method, table.name) {
      case (.GET, _), (.HEAD, _): return try read(request, table: table, owner: owner, sandbox: sandbox)
      case (.POST, "transactions"), (.POST, "categories"), (.POST, "invoices"), (.POST, "invoice_line_items"):
        return try AgilityInsert.insert(request, table: table, owner: owner, sandbox: sandbox)
      case (.PATCH, "transactions"), (.PATCH, "accounts"):
        return try AgilityPatch.patch(request, table: table, owner: owner, sandbox: sandbox)
      case (.PATCH, "invoices"):
        return try AgilityInvoicePatch.patch(request, owner: owner, sandbox: sandbox)
      case (.DELETE, "invoice_line_items"):
        return try AgilityLineItems.delete(request, owner: owner, sandbox: sandbox)
      case (.POST, _), (.PATCH, _), (.DELETE, _):
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
    _ request: SandboxRequest, sandbox: AgilitySandbox, now: ContinuousClock.Instant
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

  /// Invoices may embed `invoice_line_items(…)`, with `invoice_line_items.order=…` and other
  /// `invoice_line_items.`-prefixed parameters applying to the embedded rows.
  static func embeddable(_ table: SupabaseTable) -> Set<String> {
    table.name == "invoices" ? ["invoice_line_items"] : []
  }

  private static func read(
    _ request: SandboxRequest, table: SupabaseTable, owner: String?, sandbox: AgilitySandbox
  ) throws(TasksRestError) -> SandboxResponse {
    let query = try SupabaseRowQuery(request, table: table, embeddable: embeddable(table))
    var children: [(name: String, query: SupabaseRowQuery)] = []
    for embed in query.embeds {
      let pairs = [(name: "select", value: embed.select)] + (query.embedParameters[embed.name] ?? [])
      children.append((embed.name, try SupabaseRowQuery(pairs: pairs, table: AgilityTables.lineItems)))
    }
    let preferences = TasksRest.preferences(request)
    let exact = preferences.contains { $0.hasPrefix("count=") }
    var offset = query.offset
    var limit = query.limit
    // `Range: 0-499` (with `Range-Unit: items`) pages like offset/limit.
    if let range = request.headers.first(name: "range"), let match = range.wholeMatch(of: /(\d+)-(\d*)/),
      let first = Int(match.1)
    {
      offset = first
      if let last = Int(match.2), last >= first { limit = last - first + 1 }
    }
    let (total, objects) = sandbox.withState { state -> (Int, [SandboxJSON]) in
      guard let owner else { return (0, []) }
      let matched = query.sorted(state.rows(table.name, owner: owner).filter(query.matches))
      let page = matched.dropFirst(offset).prefix(min(limit ?? maxRows, maxRows))
      let objects = page.map { row -> SandboxJSON in
        guard case .object(var members) = table.object(row, columns: query.columns) else { return .null }
        for child in children {
          let items = state.rows(child.name, owner: owner).filter { $0["invoice_id"] == row["id"] }
          let chosen = child.query.sorted(items.filter(child.query.matches)).dropFirst(child.query.offset)
            .prefix(child.query.limit ?? Int.max)
          members.append(
            (child.name, .array(chosen.map { AgilityTables.lineItems.object($0, columns: child.query.columns) })))
        }
        return .object(members)
      }
      return (matched.count, objects)
    }
    if exact && offset > 0 && offset >= total {
      throw TasksRestError(
        .rangeNotSatisfiable, "PGRST103", "Requested range not satisfiable",
        details: "An offset of \(offset) was requested, but there are only \(total) rows.")
    }
    var response = SandboxResponse.json(.ok, .array(objects), contentType: TasksRest.arrayType)
    if request.headers.first(name: "accept")?.contains("vnd.pgrst.object") == true {
      guard objects.count == 1 else {
        throw TasksRestError(
          .notAcceptable, "PGRST116", "JSON object requested, multiple (or no) rows returned",
          details: "The result contains \(objects.count) rows")
      }
      response = .json(.ok, objects[0], contentType: TasksRest.objectType)
    }
    if exact && objects.count < total { response.status = .partialContent }
    return response.adding(
      "Content-Range", TasksRest.contentRange(offset: offset, count: objects.count, total: exact ? "\(total)" : "*"))
  }

  /// `return=representation`: the rows, with `Preference-Applied`; otherwise no body.
  static func reply(
    _ rows: [Row], table: SupabaseTable, query: SupabaseRowQuery, request: SandboxRequest,
    status: HTTPResponseStatus, applied: [String] = []
  ) -> SandboxResponse {
    SupabaseRowReplies.reply(rows, table: table, query: query, request: request, status: status, applied: applied)
  }
}
