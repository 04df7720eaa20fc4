/// Access tokens as a resource server sees them: Agile Network gateway accepts a token of
/// the brand's realm offline, as a JWT-checking gateway does (signature, `typ`, issuer realm,
/// `azp` = the realm's client, `exp` on the sandbox clock), without asking Keycloak about the
/// session.
struct KeycloakAccessClaims: Sendable, Equatable {
  let subject: String
  let email: String
  let name: String?
  let expiresAt: Int
}

extension KeycloakSandbox {
  /// The claims of a live access token of `realm`; nil when it is not one (forged, another
  /// realm's, an ID token) or expired at `now` (Unix seconds).
  func verifyAccessToken(_ token: String, realm: String, now: Int) -> KeycloakAccessClaims? {
    guard let claims = tokens.claims(token), claims["typ"]?.stringValue == "Bearer",
      let issuer = claims["iss"]?.stringValue, issuer.hasSuffix("/realms/\(realm)"),
      let expiresAt = claims["exp"]?.intValue, expiresAt > now,
      let subject = claims["sub"]?.stringValue
    else { return nil }
    let clientID = withState { $0.realms[realm]?.clientID }
    guard let clientID, claims["azp"]?.stringValue == clientID else { return nil }
    return KeycloakAccessClaims(
      subject: subject, email: claims["email"]?.stringValue ?? "", name: claims["name"]?.stringValue,
      expiresAt: expiresAt)
  }

  /// An access token for `username` in `realm`, with the claims the token endpoint gives
  /// (agile-network.md §2.5) and a new session behind it, as if the user had just signed in.
  /// For tests of resource servers (the GraphQL gateway); `issuerBase` is the Keycloak base URL
  /// the `iss` claim starts with. Nil for an unknown realm or user.
  public func issueAccessToken(
    realm: String, username: String = SandboxKeycloakUser.demo.username,
    issuerBase: String = "http://127.0.0.1/keycloak", lifetimeSeconds: Int? = nil
  ) async -> String? {
    let now = clock.now()
    let nowSeconds = clock.unixSeconds(at: now)
    let issued = withState { state -> (String, String, SandboxKeycloakUser, Int)? in
      guard let client = state.realms[realm], let user = state.user(username) else { return nil }
      state.stats.logins += 1
      let sessionID = KeycloakRandom.uuid()
      _ = state.sessions.start(
        id: sessionID, realm: realm, clientID: client.clientID, username: username, scope: "openid offline_access",
        now: now)
      return (sessionID, client.clientID, user, lifetimeSeconds ?? state.settings.accessTokenLifespan)
    }
    guard let (sessionID, clientID, user, lifetime) = issued else { return nil }
    return tokens.mint(
      .object([
        ("exp", .int(nowSeconds + lifetime)), ("iat", .int(nowSeconds)), ("jti", .string(KeycloakRandom.uuid())),
        ("iss", .string("\(issuerBase)/realms/\(realm)")), ("sub", .string(user.id)), ("aud", "account"),
        ("typ", "Bearer"), ("azp", .string(clientID)), ("sid", .string(sessionID)),
        ("scope", "openid offline_access profile email"), ("email_verified", true), ("name", .string(user.name)),
        ("preferred_username", .string(user.username)), ("email", .string(user.email)),
      ]))
  }
}
