import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Supabase Auth (GoTrue) for one project: password sign-in, refresh with rotation, sign-out
/// (upstreams/supabase.md §3). Errors are classified by their code, never by their message, in
/// all three body shapes the servers send.
public struct SupabaseAuth: Sendable {
  let project: SupabaseProject
  let now: @Sendable () -> Date

  public init(project: SupabaseProject, now: @escaping @Sendable () -> Date = { Date() }) {
    self.project = project
    self.now = now
  }

  public func signIn(email: String, password: SecretString) async throws(ConnectorError) -> SupabaseSession {
    let body: JSONValue = ["email": .string(email), "password": .string(password.reveal())]
    return try await token(grant: "password", body: body)
  }

  /// Trades the refresh token for a new session. The service revokes the one presented: the
  /// caller must keep the new one (the keeper writes it to the keyring before using it).
  public func refresh(_ refreshToken: SecretString) async throws(ConnectorError) -> SupabaseSession {
    try await token(grant: "refresh_token", body: ["refresh_token": .string(refreshToken.reveal())])
  }

  /// Trades the code a browser sign-in brought back (Google through Supabase, PKCE) and the
  /// verifier only this sign-in knows for a session.
  public func exchange(code: String, verifier: SecretString) async throws(ConnectorError) -> SupabaseSession {
    try await token(grant: "pkce", body: ["auth_code": .string(code), "code_verifier": .string(verifier.reveal())])
  }

  /// Ends this session upstream (`scope=local`), best effort.
  public func signOut(_ session: SupabaseSession) async {
    _ = try? await project.send(
      "POST", "/auth/v1/logout?scope=local", bearer: session.accessToken, json: nil)
  }

  private func token(grant: String, body: JSONValue) async throws(ConnectorError) -> SupabaseSession {
    let sent = now()
    let reply = try await project.send("POST", "/auth/v1/token?grant_type=\(grant)", bearer: nil, json: body)
    guard reply.status == 200 else { throw Self.classify(reply, grant: grant) }
    guard let json = try? JSONParser.parse(reply.body), let access = json["access_token"]?.stringValue,
      let refresh = json["refresh_token"]?.stringValue, !access.isEmpty, !refresh.isEmpty, refresh.utf8.count <= 512,
      let userID = json[path: "user.id"]?.stringValue
    else { throw .unexpectedReply("signing in: the reply is not a session") }
    let lifetime = json["expires_in"]?.int64Value ?? 3600
    return SupabaseSession(
      accessToken: SecretString(access), refreshToken: SecretString(refresh),
      expiresAt: sent.addingTimeInterval(TimeInterval(max(lifetime, 0))), lifetime: TimeInterval(max(lifetime, 0)),
      userID: userID,
      email: json[path: "user.email"]?.stringValue)
  }

  /// The error code of an Auth reply: `x-sb-error-code`, `code` (the 2024-01-01 shape),
  /// `error_code` (the current default shape) or `error` (the OAuth shape of older servers).
  static func errorCode(_ reply: HTTPResponse) -> String? {
    if let header = reply.header("x-sb-error-code"), !header.isEmpty { return header }
    guard let json = try? JSONParser.parse(reply.body) else { return nil }
    return json["code"]?.stringValue ?? json["error_code"]?.stringValue ?? json["error"]?.stringValue
  }

  static func classify(_ reply: HTTPResponse, grant: String) -> ConnectorError {
    let code = errorCode(reply) ?? ""
    let activity = grant == "password" ? "signing in" : "renewing the session"
    switch (reply.status, code) {
    case (429, _), (_, "over_request_rate_limit"):
      // Auth sets no Retry-After; the engine's backoff decides.
      return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init))
    case (_, "invalid_credentials"): return .invalidCredentials("the email or password was not accepted")
    case (_, "email_not_confirmed"): return .invalidCredentials("the email address is not confirmed yet")
    case (_, "user_banned"): return .invalidCredentials("the account is banned")
    case (_, "refresh_token_already_used"), (_, "refresh_token_not_found"), (_, "session_not_found"),
      (_, "session_expired"), (_, "invalid_grant"):
      // The stored session is over (signed out elsewhere, password changed, revoked): the
      // keeper signs in again with the password kept beside it, else the user must.
      return .invalidCredentials("the session ended at the service (\(code)); sign in again")
    case (500..<600, _): return .transient("\(activity): HTTP \(reply.status)")
    case (401, _): return .unsupported("\(activity): the service refused the project's API key")
    default: return .unexpectedReply("\(activity): HTTP \(reply.status)\(code.isEmpty ? "" : " (\(code))")")
    }
  }
}
