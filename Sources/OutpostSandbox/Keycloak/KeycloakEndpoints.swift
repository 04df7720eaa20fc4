/// The claims of a session's tokens (agile-network.md §2.5).
struct KeycloakClaims {
  let context: KeycloakContext
  let session: KeycloakSessions.Session
  let user: SandboxKeycloakUser
  let issuedAt: Int

  /// What was asked for, plus what Keycloak always adds.
  var scope: String {
    var parts = session.scope.split(separator: " ").map(String.init)
    for added in ["profile", "email"] where !parts.contains(added) { parts.append(added) }
    return parts.joined(separator: " ")
  }

  private var common: [(String, SandboxJSON)] {
    [
      ("exp", .int(0)), ("iat", .int(issuedAt)), ("jti", .string(KeycloakRandom.uuid())),
      ("iss", .string(context.issuer)), ("sub", .string(user.id)),
    ]
  }

  func access(expiresAt: Int) -> SandboxJSON {
    var members = common
    members[0] = ("exp", .int(expiresAt))
    members += [
      ("aud", "account"), ("typ", "Bearer"), ("azp", .string(session.clientID)), ("sid", .string(session.id)),
      ("scope", .string(scope)),
      (
        "realm_access",
        .object([("roles", .array(["default-roles-\(session.realm)", "offline_access"].map { .string($0) }))])
      ),
      ("email_verified", true), ("name", .string(user.name)), ("preferred_username", .string(user.username)),
      ("email", .string(user.email)),
    ]
    return .object(members)
  }

  func id(expiresAt: Int, nonce: String?) -> SandboxJSON {
    var members = common
    members[0] = ("exp", .int(expiresAt))
    members += [("aud", .string(session.clientID)), ("typ", "ID"), ("azp", .string(session.clientID))]
    if let nonce { members.append(("nonce", .string(nonce))) }
    members += [
      ("sid", .string(session.id)), ("email_verified", true), ("name", .string(user.name)),
      ("preferred_username", .string(user.username)), ("email", .string(user.email)),
    ]
    return .object(members)
  }
}

/// Discovery, userinfo, logout, revocation and the key set.
enum KeycloakEndpoints {
  static func discovery(_ context: KeycloakContext) -> SandboxResponse {
    let base = context.protocolBase
    let strings: ([String]) -> SandboxJSON = { .array($0.map { .string($0) }) }
    return .json(
      .ok,
      .object([
        ("issuer", .string(context.issuer)), ("authorization_endpoint", .string(base + "/auth")),
        // No introspection_endpoint: the sandbox does not serve token/introspect.
        ("token_endpoint", .string(base + "/token")),
        ("userinfo_endpoint", .string(base + "/userinfo")), ("end_session_endpoint", .string(base + "/logout")),
        ("jwks_uri", .string(base + "/certs")),
        (
          "grant_types_supported",
          strings(["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"])
        ),
        ("response_types_supported", strings(["code"])),
        ("subject_types_supported", strings(["public", "pairwise"])),
        ("id_token_signing_alg_values_supported", strings(["RS256"])),
        ("scopes_supported", strings(["openid", "offline_access", "profile", "email"])),
        ("token_endpoint_auth_methods_supported", strings(["none", "client_secret_basic", "client_secret_post"])),
        ("code_challenge_methods_supported", strings(["plain", "S256"])),
        ("device_authorization_endpoint", .string(base + "/auth/device")),
        ("revocation_endpoint", .string(base + "/revoke")),
        ("backchannel_logout_supported", true),
        ("authorization_response_iss_parameter_supported", true),
      ]))
  }

  /// The user's claims for a live access token; 401 with a Bearer challenge otherwise
  /// (expired, not ours, or its session ended).
  static func userinfo(_ context: KeycloakContext) -> SandboxResponse {
    guard let token = context.bearerToken, let claims = context.sandbox.tokens.claims(token),
      claims["typ"]?.stringValue == "Bearer", claims["iss"]?.stringValue == context.issuer,
      let expiresAt = claims["exp"]?.intValue, expiresAt > context.nowSeconds,
      let sessionID = claims["sid"]?.stringValue
    else { return invalidToken("Token verification failed") }
    let user = context.sandbox.withState { state -> SandboxKeycloakUser? in
      guard state.sessions.inactivity(sessionID, now: context.now, settings: state.settings) == nil,
        let session = state.sessions.session(sessionID), let user = state.user(session.username), user.enabled
      else { return nil }
      return user
    }
    guard let user else { return invalidToken("User session not found or doesn't have client attached on it") }
    return .json(
      .ok,
      .object([
        ("sub", .string(user.id)), ("email_verified", true), ("name", .string(user.name)),
        ("preferred_username", .string(user.username)), ("email", .string(user.email)),
      ]))
  }

  static func invalidToken(_ description: String) -> SandboxResponse {
    KeycloakReplies.oauth(.unauthorized, "invalid_token", description)
      .adding(
        "WWW-Authenticate", #"Bearer realm="keycloak", error="invalid_token", error_description="\#(description)""#)
  }

  /// A public client ends a session with its refresh token: `204`, and later refreshes fail.
  static func logout(_ context: KeycloakContext) -> SandboxResponse {
    let form = context.form
    guard form["client_id"] == context.realm.clientID else { return KeycloakReplies.invalidClient() }
    guard let token = form["refresh_token"] else {
      return KeycloakReplies.oauth(.badRequest, "invalid_request", "No refresh token")
    }
    let ended = context.sandbox.withState { state -> Bool in
      guard let id = state.sessions.sessionID(of: token), state.sessions.session(id)?.ended == false else {
        return false
      }
      state.sessions.end(id)
      return true
    }
    return ended ? SandboxResponse(status: .noContent) : KeycloakReplies.invalidGrant("Invalid refresh token")
  }

  /// RFC 7009: `200` whatever the token; a refresh token's session ends (Keycloak also drops
  /// the user's consent for the client: keycloak#12916).
  static func revoke(_ context: KeycloakContext) -> SandboxResponse {
    let form = context.form
    guard form["client_id"] == context.realm.clientID else { return KeycloakReplies.invalidClient() }
    if let token = form["token"] {
      context.sandbox.withState { state in
        if let id = state.sessions.sessionID(of: token) { state.sessions.end(id) }
      }
    }
    return SandboxResponse(status: .ok)
  }

  /// The JWKS: the signing key and the rotated-out keys that still verify (see `KeycloakTokens`).
  static func certs(_ context: KeycloakContext) -> SandboxResponse { .json(.ok, context.sandbox.tokens.jwks) }
}
