import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The Supabase Data API (PostgREST) for one project and signed-in user (upstreams/supabase.md
/// §4): reads in pages, and updates whose filter doubles as the precondition (a row that no
/// longer matches is simply not updated: an empty answer, not an error).
public struct PostgREST: Sendable {
  let project: SupabaseProject
  /// The clock a token's expiry is judged by: the one the session's `expiresAt` was set by.
  let now: @Sendable () -> Date
  /// Rows per page; hosted Supabase caps answers at 1000 whatever `limit` asks.
  static let pageSize = 500

  public init(project: SupabaseProject, now: @escaping @Sendable () -> Date = { Date() }) {
    self.project = project
    self.now = now
  }

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
      activity: "writing \(table)", headers: [("Prefer", "resolution=ignore-duplicates,return=representation")],
      owned: true)
  }

  /// The rows with `user_id` set to the signed-in user (supabase.md §3.3): the column has no
  /// default, and the policy `auth.uid() = user_id` refuses a row without it (403 `42501`).
  /// Set here, at the one place every insert passes, and at sending time, so an action queued
  /// before a sign-in as someone else is sent as the user it is sent for.
  static func owned(_ rows: [JSONValue], by session: SupabaseSession) -> [JSONValue] {
    rows.map { row in
      guard case .object(var members) = row else { return row }
      members["user_id"] = .string(session.userID)
      return .object(members)
    }
  }

  func array(
    _ method: String, _ path: String, session: SupabaseSession, json: JSONValue?, activity: String,
    headers: [(name: String, value: String)] = [], owned: Bool = false
  ) async throws(ConnectorError) -> [JSONValue] {
    let reply = try await authorized(method, path, session: session, json: json, headers: headers, owned: owned)
    guard (200..<300).contains(reply.status) else { throw Self.classify(reply, during: activity) }
    guard case .array(let rows)? = try? JSONParser.parse(reply.body) else {
      throw .unexpectedReply("\(activity): the reply is not a JSON array")
    }
    return rows
  }

  /// One request as the signed-in user, with the newest session of the call's `SessionLease`:
  /// renewed first when it is about to expire, and sent once more after one renewal when the
  /// service answers that the token expired (PostgREST checks the JWT before it runs anything,
  /// so a refused write did not happen). `owned`: the body's rows get the user's `user_id`, from
  /// the session the request is sent with.
  func authorized(
    _ method: String, _ path: String, session: SupabaseSession, json: JSONValue?,
    headers: [(name: String, value: String)] = [], owned: Bool = false
  ) async throws(ConnectorError) -> HTTPResponse {
    func send(_ session: SupabaseSession) async throws(ConnectorError) -> HTTPResponse {
      var body = json
      if owned, case .array(let rows)? = json { body = .array(Self.owned(rows, by: session)) }
      return try await project.send(method, path, bearer: session.accessToken, json: body, extraHeaders: headers)
    }
    let now = self.now
    return try await SessionLease.send(
      with: session, same: { $0.accessToken == $1.accessToken }, expiring: { $0.isExpiring(at: now()) },
      refused: Self.tokenExpired, request: send)
  }

  /// Whether a status means the service will refuse the request again as sent (a constraint,
  /// a policy, a value it cannot take: supabase.md §5), as `classify` treats it.
  public static func isRefusal(_ status: Int) -> Bool { status == 400 || status == 403 || status == 422 }

  /// PGRST301/PGRST303 (or a `WWW-Authenticate: Bearer error="invalid_token"`): the access
  /// token expired or is not valid any more (supabase.md §4.3, §5).
  static func tokenExpired(_ reply: HTTPResponse) -> Bool {
    guard reply.status == 401 else { return false }
    if reply.header("www-authenticate")?.contains("invalid_token") == true { return true }
    let json = try? JSONParser.parse(reply.body)
    let code = json?["code"]?.stringValue ?? ""
    return code.hasPrefix("PGRST3") || (json?["message"]?.stringValue ?? "").lowercased().contains("jwt")
  }

  /// The class of a refused request, by status and PostgREST's code (supabase.md §5), never by
  /// the message. What the service will refuse again as sent (a constraint, a policy, a bad
  /// value: 400, 403, 422, a 401 `42501`) is `.refused` with the service's own words, so that an
  /// action ends at once instead of being retried as if the network were at fault.
  static func classify(_ reply: HTTPResponse, during activity: String) -> ConnectorError {
    let json = try? JSONParser.parse(reply.body)
    let code = json?["code"]?.stringValue ?? ""
    let message = json?["message"]?.stringValue ?? ""
    /// The service's words, with its code: `null value in column "user_id" … (23502)`.
    var reason: String {
      let words = message.isEmpty ? "HTTP \(reply.status)" : message
      return "\(activity): \(words)\(code.isEmpty ? "" : " (\(code))")"
    }
    switch reply.status {
    case 401 where tokenExpired(reply): return .sessionExpired
    // Anonymous and refused by a policy: still the policy's answer, not the key's.
    case 401 where code == "42501": return .refused(reason)
    case 401: return .unsupported("\(activity): the service refused the project's API key")
    case 400, 403, 422: return .refused(reason)
    case 404: return .notFound("\(activity): no such table")
    case 406, 409: return .conflict(reason)
    case 429,
      503 where reply.header("retry-after") != nil:
      return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init))
    // 402: a restricted project (over its quota, unpaid); it comes back by itself.
    case 402, 500..<600: return .transient("\(activity): HTTP \(reply.status)\(code.isEmpty ? "" : " (\(code))")")
    default: return .unexpectedReply(reason)
    }
  }
}
