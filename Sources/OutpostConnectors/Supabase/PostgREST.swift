import OutpostModel

/// The Supabase Data API (PostgREST) for one project and signed-in user (upstreams/supabase.md
/// §4): reads in pages, and updates whose filter doubles as the precondition (a row that no
/// longer matches is simply not updated: an empty answer, not an error).
public struct PostgREST: Sendable {
  let project: SupabaseProject
  /// Rows per page; hosted Supabase caps answers at 1000 whatever `limit` asks.
  static let pageSize = 500

  public init(project: SupabaseProject) { self.project = project }

  /// Every row `query` selects (`select=*&order=id.asc`), page by page.
  public func rows(_ table: String, query: String, session: SupabaseSession) async throws(ConnectorError)
    -> [JSONValue]
  {
    var rows: [JSONValue] = []
    while true {
      let page = try await array(
        "GET", "/rest/v1/\(table)?\(query)&limit=\(Self.pageSize)&offset=\(rows.count)", session: session,
        json: nil, activity: "reading \(table)")
      rows += page
      // A short page ends the list only when the server agrees it is the end: the row cap can
      // shorten a page too.
      guard page.count == Self.pageSize else { break }
      if rows.count > 1_000_000 { throw .unexpectedReply("reading \(table): more than a million rows") }
    }
    return rows
  }

  /// `PATCH` with `Prefer: return=representation`: the rows updated, `[]` when the filter (the
  /// precondition) matched none.
  public func update(_ table: String, filter: String, values: JSONValue, session: SupabaseSession)
    async throws(ConnectorError) -> [JSONValue]
  {
    try await array(
      "PATCH", "/rest/v1/\(table)?\(filter)", session: session, json: values, activity: "updating \(table)",
      headers: [("Prefer", "return=representation")])
  }

  /// `POST` of new rows with client-made ids (supabase.md §7): `on_conflict` names the unique
  /// key and duplicates are ignored, so sending the same rows again inserts nothing. The
  /// answer holds only the rows inserted now.
  public func insert(_ table: String, rows: [JSONValue], onConflict: String, session: SupabaseSession)
    async throws(ConnectorError) -> [JSONValue]
  {
    try await array(
      "POST", "/rest/v1/\(table)?on_conflict=\(onConflict)&select=id", session: session, json: .array(rows),
      activity: "writing \(table)", headers: [("Prefer", "resolution=ignore-duplicates,return=representation")])
  }

  func array(
    _ method: String, _ path: String, session: SupabaseSession, json: JSONValue?, activity: String,
    headers: [(name: String, value: String)] = []
  ) async throws(ConnectorError) -> [JSONValue] {
    let reply = try await project.send(method, path, bearer: session.accessToken, json: json, extraHeaders: headers)
    guard (200..<300).contains(reply.status) else { throw Self.classify(reply, during: activity) }
    guard case .array(let rows)? = try? JSONParser.parse(reply.body) else {
      throw .unexpectedReply("\(activity): the reply is not a JSON array")
    }
    return rows
  }

  static func classify(_ reply: HTTPResponse, during activity: String) -> ConnectorError {
    let json = try? JSONParser.parse(reply.body)
    let code = json?["code"]?.stringValue ?? ""
    let message = json?["message"]?.stringValue ?? ""
    switch reply.status {
    // PGRST301/PGRST303: the access token expired or is not valid any more.
    case 401 where code.hasPrefix("PGRST3") || message.lowercased().contains("jwt"): return .sessionExpired
    case 401: return .unsupported("\(activity): the service refused the project's API key")
    case 403: return .conflict("\(activity): the service does not allow it (\(code.isEmpty ? "403" : code))")
    case 404: return .notFound("\(activity): no such table")
    case 406, 409: return .conflict("\(activity): HTTP \(reply.status)\(code.isEmpty ? "" : " (\(code))")")
    case 429,
      503 where reply.header("retry-after") != nil:
      return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init))
    case 500..<600: return .transient("\(activity): HTTP \(reply.status)")
    default: return .unexpectedReply("\(activity): HTTP \(reply.status)\(code.isEmpty ? "" : " (\(code))")")
    }
  }
}
