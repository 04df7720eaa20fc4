/// `POST …/protocol/openid-connect/token` (agile-network.md §2.3–2.6): the authorization code
/// with PKCE, the device code and the refresh token grants of a public client (its
/// `client_id` in the form, no secret). Every refusal is a `400 {"error","error_description"}`
/// with Keycloak's wording; clients classify on `error` only.
enum KeycloakTokenEndpoint {
  static func respond(_ context: KeycloakContext) -> SandboxResponse {
    let form = context.form
    guard form["client_id"] == context.realm.clientID else { return KeycloakReplies.invalidClient() }
    switch form["grant_type"] {
    case "authorization_code": return authorizationCode(context, form)
    case "urn:ietf:params:oauth:grant-type:device_code": return deviceCode(context, form)
    case "refresh_token": return refresh(context, form)
    case "password":
      return KeycloakReplies.oauth(.badRequest, "unauthorized_client", "Client not allowed for direct access grants")
    case nil: return KeycloakReplies.oauth(.badRequest, "invalid_request", "Missing form parameter: grant_type")
    default: return KeycloakReplies.oauth(.badRequest, "unsupported_grant_type", "Unsupported grant_type")
    }
  }

  /// Single use, `codeLifespan` seconds, the same client and `redirect_uri` (port included),
  /// and the verifier whose S256 is the request's challenge. A code presented again ends the
  /// session it started (RFC 6749 §4.1.2).
  static func authorizationCode(_ context: KeycloakContext, _ form: FormFields) -> SandboxResponse {
    let presented = form["code"] ?? ""
    let outcome = context.sandbox.withState { state -> Result<(KeycloakAuthCode, String), SandboxResponseError> in
      func refuse(_ description: String) -> Result<(KeycloakAuthCode, String), SandboxResponseError> {
        state.stats.refusedExchanges += 1
        return .failure(SandboxResponseError(KeycloakReplies.invalidGrant(description)))
      }
      guard var code = state.codes[presented], code.request.realm == context.realm.name else {
        return refuse("Code not valid")
      }
      if code.used {
        state.sessions.end(code.sessionID)
        return refuse("Code not valid")
      }
      code.used = true
      state.codes[presented] = code
      guard context.now - code.issuedAt <= .seconds(state.settings.codeLifespan) else {
        return refuse("Code not valid")
      }
      guard code.request.clientID == context.realm.clientID else { return refuse("Auth error") }
      guard form["redirect_uri"] == code.request.redirectURI else { return refuse("Incorrect redirect_uri") }
      guard let verifier = form["code_verifier"] else { return refuse("PKCE code verifier not specified") }
      guard KeycloakPKCE.isWellFormedVerifier(verifier) else { return refuse("PKCE invalid code verifier") }
      guard KeycloakPKCE.challenge(for: verifier) == code.request.challenge else {
        return refuse("PKCE verification failed: Code mismatch")
      }
      guard state.user(code.username)?.enabled == true else { return refuse("Account disabled") }
      state.stats.logins += 1
      let refreshToken = state.sessions.start(
        id: code.sessionID, realm: context.realm.name, clientID: code.request.clientID, username: code.username,
        scope: code.request.scope, now: context.now)
      return .success((code, refreshToken))
    }
    switch outcome {
    case .failure(let refusal): return refusal.response
    case .success(let (code, refreshToken)):
      return tokens(context, sessionID: code.sessionID, refreshToken: refreshToken, nonce: code.request.nonce)
    }
  }

  /// RFC 8628 §3.5: pending until the user decides; `slow_down` (and 5 s more for good) when
  /// polled before the interval passed; `access_denied`; `expired_token`; then single use.
  static func deviceCode(_ context: KeycloakContext, _ form: FormFields) -> SandboxResponse {
    let presented = form["device_code"] ?? ""
    let outcome = context.sandbox.withState { state -> Result<(String, String), SandboxResponseError> in
      func refuse(_ error: String, _ description: String) -> Result<(String, String), SandboxResponseError> {
        .failure(SandboxResponseError(KeycloakReplies.oauth(.badRequest, error, description)))
      }
      state.stats.devicePolls += 1
      guard var grant = state.deviceGrants[presented], grant.realm == context.realm.name,
        grant.clientID == context.realm.clientID, grant.status != .consumed
      else { return refuse("invalid_grant", "Device code not valid") }
      defer { state.deviceGrants[presented] = grant }
      if grant.isExpired(at: context.now, lifespan: state.settings.deviceCodeLifespan) {
        return refuse("expired_token", "Device code is expired")
      }
      let early = grant.lastPoll.map { context.now - $0 < .seconds(grant.interval) } ?? false
      grant.lastPoll = context.now
      if early {
        grant.interval += 5
        state.stats.slowDowns += 1
        return refuse("slow_down", "Slow down")
      }
      switch grant.status {
      case .pending, .consumed: return refuse("authorization_pending", "The authorization request is still pending")
      case .denied: return refuse("access_denied", "The end user denied the authorization request")
      case .approved(let username):
        guard state.user(username)?.enabled == true else { return refuse("invalid_grant", "Account disabled") }
        grant.status = .consumed
        state.stats.logins += 1
        let sessionID = KeycloakRandom.uuid()
        let refreshToken = state.sessions.start(
          id: sessionID, realm: grant.realm, clientID: grant.clientID, username: username, scope: grant.scope,
          now: context.now)
        return .success((sessionID, refreshToken))
      }
    }
    switch outcome {
    case .failure(let refusal): return refusal.response
    case .success(let (sessionID, refreshToken)):
      return tokens(context, sessionID: sessionID, refreshToken: refreshToken, nonce: nil)
    }
  }

  /// A new refresh token every time. With rotation on, a spent one ends the session:
  /// "Maximum allowed refresh token reuse exceeded", and the newest token dies with it.
  static func refresh(_ context: KeycloakContext, _ form: FormFields) -> SandboxResponse {
    guard let presented = form["refresh_token"], !presented.isEmpty else {
      return KeycloakReplies.oauth(.badRequest, "invalid_request", "Missing parameter: refresh_token")
    }
    let outcome = context.sandbox.withState { state -> Result<(String, String), SandboxResponseError> in
      if let id = state.sessions.sessionID(of: presented), let session = state.sessions.session(id),
        state.user(session.username)?.enabled != true
      {
        state.sessions.end(id)
        return .failure(SandboxResponseError(KeycloakReplies.invalidGrant("Account disabled")))
      }
      switch state.sessions.refresh(
        presented, clientID: context.realm.clientID, now: context.now, settings: state.settings)
      {
      case .issued(let sessionID, let refreshToken):
        state.stats.refreshes += 1
        return .success((sessionID, refreshToken))
      case .refused(let reason): return .failure(SandboxResponseError(KeycloakReplies.invalidGrant(reason)))
      case .reused:
        state.stats.reuseDetected += 1
        return .failure(
          SandboxResponseError(KeycloakReplies.invalidGrant("Maximum allowed refresh token reuse exceeded")))
      }
    }
    switch outcome {
    case .failure(let refusal): return refusal.response
    case .success(let (sessionID, refreshToken)):
      return tokens(context, sessionID: sessionID, refreshToken: refreshToken, nonce: nil)
    }
  }

  /// The token response of agile-network.md §2.5: numbers are numbers; an offline session's
  /// `refresh_expires_in` is 0 ("no fixed end").
  static func tokens(_ context: KeycloakContext, sessionID: String, refreshToken: String, nonce: String?)
    -> SandboxResponse
  {
    let found = context.sandbox.withState {
      state -> (KeycloakSessions.Session, SandboxKeycloakUser, SandboxKeycloakSettings)? in
      guard let session = state.sessions.session(sessionID), let user = state.user(session.username) else { return nil }
      return (session, user, state.settings)
    }
    guard let (session, user, settings) = found else { return KeycloakReplies.invalidGrant("Session not active") }
    let now = context.nowSeconds
    let claims = KeycloakClaims(context: context, session: session, user: user, issuedAt: now)
    let access = context.sandbox.tokens.mint(claims.access(expiresAt: now + settings.accessTokenLifespan))
    var members: [(String, SandboxJSON)] = [
      ("access_token", .string(access)), ("expires_in", .int(settings.accessTokenLifespan)),
      ("refresh_expires_in", .int(refreshExpiresIn(session, settings: settings, context: context))),
      ("refresh_token", .string(refreshToken)), ("token_type", "Bearer"),
    ]
    if session.scope.split(separator: " ").contains("openid") {
      let id = claims.id(expiresAt: now + settings.accessTokenLifespan, nonce: nonce)
      members.append(("id_token", .string(context.sandbox.tokens.mint(id, tampered: settings.tamperIDTokenSignature))))
    }
    members += [
      ("not-before-policy", 0), ("session_state", .string(session.id)), ("scope", .string(claims.scope)),
    ]
    return .json(.ok, .object(members)).adding("Cache-Control", "no-store").adding("Pragma", "no-cache")
  }

  static func refreshExpiresIn(
    _ session: KeycloakSessions.Session, settings: SandboxKeycloakSettings, context: KeycloakContext
  ) -> Int {
    guard !session.offline else { return 0 }
    let maxLeft = settings.ssoSessionMax - Int((context.now - session.startedAt).components.seconds)
    return max(0, min(settings.ssoSessionIdle, maxLeft))
  }
}

/// A prepared refusal, carried out of a state update.
struct SandboxResponseError: Error {
  var response: SandboxResponse
  init(_ response: SandboxResponse) { self.response = response }
}
