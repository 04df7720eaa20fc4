/// A magic link's action token (agile-network.md §3, [P2]): what the sign-in will be once the
/// link is opened. Keycloak itself has no magic link; the extension signs a JWT that carries
/// these values. Here the key is an opaque random string and the values stay on the server,
/// which is all a client can observe either way.
struct KeycloakActionToken: Sendable {
  /// The authorization request the link completes (realm, client, redirect, state, nonce,
  /// scope, PKCE challenge, and when the link was requested).
  var request: KeycloakAuthRequest
  var username: String
  var expiresAt: ContinuousClock.Instant
  /// The BFF asks the extension for `reusable: false`: a link signs in once.
  var reusable: Bool
  var used = false
}

/// `GET /realms/{realm}/login-actions/action-token?key=…&client_id=…`: the mailed link, opened
/// in a browser. A good one ends as the login form does, in a `302` with a fresh code to the
/// stored redirect; anything else shows Keycloak's error page and never redirects, so the
/// pending request on the client just expires (agile-network.md §3 step 5).
enum KeycloakActionTokens {
  static let path = "/login-actions/action-token"

  /// Why a link cannot sign in, in Keycloak's words.
  enum Refusal: String, Error {
    case unknown = "Invalid or expired link."
    case used = "This link has already been used."
    case expired = "Action expired. Please start again."
    case disabled = "Account is disabled, contact your administrator."
  }

  /// Keeps a new single-use (unless `reusable`) token for `username`; its key and expiry.
  static func issue(
    _ request: KeycloakAuthRequest, username: String, reusable: Bool = false, sandbox: KeycloakSandbox
  ) -> (key: String, expiresAt: ContinuousClock.Instant) {
    let key = KeycloakRandom.token(64)
    return sandbox.withState { state in
      state.purge(now: request.createdAt)
      let expiresAt = request.createdAt + .seconds(state.settings.magicLinkLifespan)
      state.actionTokens[key] = KeycloakActionToken(
        request: request, username: username, expiresAt: expiresAt, reusable: reusable)
      return (key, expiresAt)
    }
  }

  /// The link a mail carries: under the issuer, as the extension builds it.
  static func link(_ context: KeycloakContext, key: String) -> String {
    context.issuer + path
      + "?key=\(KeycloakReplies.encode(key))&client_id=\(KeycloakReplies.encode(context.realm.clientID))"
  }

  static func open(_ context: KeycloakContext) -> SandboxResponse {
    let query = context.request.queryFields
    let key = query["key"] ?? ""
    let outcome = context.sandbox.withState { state -> Result<KeycloakActionToken, Refusal> in
      // Another realm's or client's key is as good as none: say nothing more about it.
      guard var token = state.actionTokens[key], token.request.realm == context.realm.name,
        query["client_id"] == token.request.clientID
      else { return .failure(.unknown) }
      guard !token.used else { return .failure(.used) }
      guard context.now < token.expiresAt else { return .failure(.expired) }
      guard state.user(token.username)?.enabled == true else { return .failure(.disabled) }
      if !token.reusable { token.used = true }
      state.actionTokens[key] = token
      return .success(token)
    }
    switch outcome {
    case .failure(let refusal): return KeycloakReplies.errorPage(refusal.rawValue)
    case .success(let token):
      return KeycloakAuthorization.issueCode(token.request, username: token.username, context: context)
    }
  }
}
