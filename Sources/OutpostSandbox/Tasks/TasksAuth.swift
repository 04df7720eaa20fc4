/// Supabase Auth (GoTrue) under `/tasks/auth/v1`: the password and refresh-token grants, the
/// user and sign-out (supabase.md §3). Bodies are JSON only, as upstream.
enum TasksAuth {
  static func respond(_ context: TasksContext) async -> SandboxResponse {
    switch (context.request.method, context.path) {
    case (.POST, "/auth/v1/token"):
      switch context.request.queryFields["grant_type"] {
      case "password": return await password(context)
      case "refresh_token": return await refresh(context)
      case "pkce": return await pkce(context)
      default: return TasksReplies.oauth("unsupported_grant_type", "")
      }
    case (.GET, "/auth/v1/authorize"): return TasksOAuth.authorize(context)
    case (.GET, "/auth/v1/user"): return await user(context)
    case (.POST, "/auth/v1/logout"): return await logout(context)
    default: return TasksReplies.auth(.notFound, "not_found", "Not Found", request: context.request)
    }
  }

  /// The JSON object body; nil (answered 400 `bad_json`) for a form body or anything else.
  /// Fields the grant reads must be strings, as Go's decoder into a struct insists.
  private static func jsonBody(_ context: TasksContext, strings: [String]) -> [String: SandboxJSON]? {
    guard let members = SandboxJSON.parse(context.request.body)?.members else { return nil }
    for key in strings where members[key].map({ !$0.isNull && $0.stringValue == nil }) ?? false { return nil }
    return members
  }

  private static func badJSON(_ context: TasksContext) -> SandboxResponse {
    TasksReplies.auth(
      .badRequest, "bad_json", "Could not parse request body as JSON: invalid character looking for beginning of value",
      request: context.request)
  }

  private static func password(_ context: TasksContext) async -> SandboxResponse {
    guard let body = jsonBody(context, strings: ["email", "phone", "password"]) else { return badJSON(context) }
    let email = body["email"]?.stringValue ?? ""
    let phone = body["phone"]?.stringValue ?? ""
    guard email.isEmpty != phone.isEmpty else {
      let message =
        email.isEmpty ? "missing email or phone" : "Only an email address or phone number should be provided on login."
      return TasksReplies.auth(.badRequest, "validation_failed", message, request: context.request)
    }
    let password = body["password"]?.stringValue ?? ""
    let now = context.nowMicroseconds
    let issued = context.sandbox.withState { state -> Issued? in
      // Phone accounts do not exist here, so a phone sign-in always fails like a wrong password.
      guard let user = state.user(email), !password.isEmpty, user.password == password else {
        state.stats.failedLogins += 1
        return nil
      }
      let owner = user.email.lowercased()
      state.stats.logins += 1
      state.lastSignIn[owner] = now
      let (sessionID, refreshToken) = state.sessions.start(owner: owner)
      return Issued(sessionID: sessionID, refreshToken: refreshToken, user: user, state: state)
    }
    guard let issued else {
      return TasksReplies.auth(
        .badRequest, "invalid_credentials", "Invalid login credentials", request: context.request)
    }
    return await session(context, issued)
  }

  /// A code from `/authorize` and its verifier: a new session for the Google user.
  private static func pkce(_ context: TasksContext) async -> SandboxResponse {
    guard let body = jsonBody(context, strings: ["auth_code", "code_verifier"]) else { return badJSON(context) }
    guard let code = body["auth_code"]?.stringValue, !code.isEmpty,
      let verifier = body["code_verifier"]?.stringValue, !verifier.isEmpty
    else {
      return TasksReplies.auth(
        .badRequest, "validation_failed", "invalid request: both auth code and code verifier should be non-empty",
        request: context.request)
    }
    let now = context.nowMicroseconds
    let issued = context.sandbox.withState { state -> Issued? in
      guard let owner = TasksOAuth.redeem(code: code, verifier: verifier, in: &state, nowMicroseconds: now),
        let user = state.user(owner)
      else { return nil }
      state.stats.logins += 1
      state.lastSignIn[owner] = now
      let (sessionID, refreshToken) = state.sessions.start(owner: owner)
      return Issued(sessionID: sessionID, refreshToken: refreshToken, user: user, state: state)
    }
    guard let issued else {
      return TasksReplies.auth(
        .notFound, "flow_state_not_found", "invalid flow state, no valid flow state found", request: context.request)
    }
    return await session(context, issued)
  }

  private static func refresh(_ context: TasksContext) async -> SandboxResponse {
    guard let body = jsonBody(context, strings: ["refresh_token"]) else { return badJSON(context) }
    guard let presented = body["refresh_token"]?.stringValue, !presented.isEmpty else {
      return TasksReplies.oauth("invalid_request", "refresh_token required")
    }
    let outcome = context.sandbox.withState { state -> Result<Issued, Refusal> in
      let refusal: (String, String)
      switch state.sessions.refresh(presented, now: context.now, reuseInterval: state.settings.reuseIntervalSeconds) {
      case .issued(let sessionID, let owner, let refreshToken):
        guard let user = state.user(owner) else {
          refusal = ("user_not_found", "User from sub claim in JWT does not exist")
          break
        }
        state.stats.refreshes += 1
        return .success(Issued(sessionID: sessionID, refreshToken: refreshToken, user: user, state: state))
      case .notFound: refusal = ("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found")
      case .sessionGone: refusal = ("session_not_found", "Invalid Refresh Token: No Valid Session Found")
      case .alreadyUsed:
        state.stats.reuseRejected += 1
        refusal = ("refresh_token_already_used", "Invalid Refresh Token: Already Used")
      }
      return .failure(
        Refusal(response: TasksReplies.auth(.badRequest, refusal.0, refusal.1, request: context.request)))
    }
    switch outcome {
    case .success(let issued):
      // The rotation is committed: a client that dies before this reply arrives holds only
      // the spent token (supabase.md §3.4's reuse interval is what saves it).
      await context.sandbox.refreshGate.pass()
      return await session(context, issued)
    case .failure(let refusal): return refusal.response
    }
  }

  /// What a successful grant hands to the reply, read under the lock in one go.
  private struct Issued {
    var sessionID: String
    var refreshToken: String
    var user: SandboxTasksUser
    var lifetime: Int
    var lastSignIn: Int64?

    init(sessionID: String, refreshToken: String, user: SandboxTasksUser, state: TasksState) {
      self.sessionID = sessionID
      self.refreshToken = refreshToken
      self.user = user
      lifetime = state.settings.accessTokenLifetimeSeconds
      lastSignIn = state.lastSignIn[user.email.lowercased()]
    }
  }

  /// The session JSON of supabase.md §3.3, always with a fresh access token (also when a lost
  /// reply's refresh token is handed out again).
  private static func session(_ context: TasksContext, _ issued: Issued) async -> SandboxResponse {
    let now = context.nowSeconds
    let claims = TasksAccessTokens.Claims(
      userID: issued.user.id, email: issued.user.email.lowercased(), sessionID: issued.sessionID, issuedAt: now,
      expiresAt: now + issued.lifetime)
    let accessToken: String
    do {
      accessToken = try await context.sandbox.accessTokens.mint(claims, issuer: context.issuer)
    } catch {
      return TasksReplies.auth(
        .internalServerError, "unexpected_failure", "Unexpected failure: cannot sign the access token",
        request: context.request)
    }
    return .json(
      .ok,
      .object([
        ("access_token", .string(accessToken)),
        ("token_type", "bearer"), ("expires_in", .int(issued.lifetime)), ("expires_at", .int(claims.expiresAt)),
        ("refresh_token", .string(issued.refreshToken)),
        ("user", TasksUserJSON.user(issued.user, lastSignIn: issued.lastSignIn, clock: context.sandbox.clock)),
      ]))
  }

  private static func user(_ context: TasksContext) async -> SandboxResponse {
    switch await authenticate(context) {
    case .failure(let refusal): return refusal.response
    case .success(let (_, user)):
      let lastSignIn = context.sandbox.withState { $0.lastSignIn[user.email.lowercased()] }
      return .json(.ok, TasksUserJSON.user(user, lastSignIn: lastSignIn, clock: context.sandbox.clock))
    }
  }

  private static func logout(_ context: TasksContext) async -> SandboxResponse {
    let scope = context.request.queryFields["scope"] ?? "global"
    guard ["local", "global", "others"].contains(scope) else {
      return TasksReplies.auth(
        .badRequest, "validation_failed", "Unsupported logout scope \"\(scope)\"", request: context.request)
    }
    let claims: TasksAccessTokens.Claims
    let user: SandboxTasksUser
    switch await authenticate(context) {
    case .failure(let refusal): return refusal.response
    case .success(let (authenticated, owner)): (claims, user) = (authenticated, owner)
    }
    context.sandbox.withState { state in
      let owner = user.email.lowercased()
      let ended = scope == "local" ? [claims.sessionID] : state.sessions.liveSessions(of: owner)
      for id in ended where scope != "others" || id != claims.sessionID { state.sessions.remove(id) }
    }
    return SandboxResponse(status: .noContent)
  }

  struct Refusal: Error {
    var response: SandboxResponse
  }

  /// The bearer check of GoTrue's user endpoints: none is 401 `no_authorization`; a bad or
  /// expired one 403 `bad_jwt`; a session that no longer exists 403 `session_not_found`.
  private static func authenticate(_ context: TasksContext) async -> Result<
    (TasksAccessTokens.Claims, SandboxTasksUser), Refusal
  > {
    let request = context.request
    guard let token = context.bearerToken else {
      return .failure(
        Refusal(
          response: TasksReplies.auth(
            .unauthorized, "no_authorization", "This endpoint requires a Bearer token", request: request)))
    }
    let claims: TasksAccessTokens.Claims
    switch await context.sandbox.accessTokens.verify(token, nowSeconds: context.nowSeconds) {
    case .valid(let valid): claims = valid
    case .expired:
      return .failure(
        Refusal(
          response: TasksReplies.auth(
            .forbidden, "bad_jwt",
            "invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired",
            request: request)))
    case .malformed:
      return .failure(
        Refusal(
          response: TasksReplies.auth(
            .forbidden, "bad_jwt", "invalid JWT: unable to parse or verify signature, token is malformed",
            request: request)))
    }
    let user = context.sandbox.withState { state in
      state.sessions.isLive(claims.sessionID) ? state.user(claims.email) : nil
    }
    guard let user else {
      return .failure(
        Refusal(
          response: TasksReplies.auth(
            .forbidden, "session_not_found", "Session from session_id claim in JWT does not exist", request: request)))
    }
    return .success((claims, user))
  }
}
