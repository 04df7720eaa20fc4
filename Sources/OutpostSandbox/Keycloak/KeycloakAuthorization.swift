/// The authorization endpoint and the login form (agile-network.md §2.3, §8): the client,
/// then the redirect URI are checked before anything can redirect (a bad one shows an error
/// page); PKCE with S256 is required; the browser then either sees the login form, or (a
/// browser with a live SSO session, `browserLogin: approve`) comes back at once with a code.
enum KeycloakAuthorization {
  /// How long the login form stays usable ("Login timeout").
  static let loginTimeoutSeconds = 1800

  static func authorize(_ context: KeycloakContext) -> SandboxResponse {
    let query = context.request.queryFields
    guard query["client_id"] == context.realm.clientID else { return KeycloakReplies.errorPage("Client not found.") }
    guard let redirectURI = query["redirect_uri"], isRegistered(redirectURI, realm: context.realm) else {
      return KeycloakReplies.errorPage("Invalid parameter: redirect_uri")
    }
    let state = query["state"]
    func refuse(_ error: String, _ description: String) -> SandboxResponse {
      KeycloakReplies.redirect(
        redirectURI,
        [("error", error), ("error_description", description), ("state", state), ("iss", context.issuer)])
    }
    guard query["response_type"] == "code" else {
      return refuse(
        "unsupported_response_type", "Client is not allowed to initiate browser login with given response_type")
    }
    guard let method = query["code_challenge_method"] else {
      return refuse("invalid_request", "Missing parameter: code_challenge_method")
    }
    guard method == "S256" else { return refuse("invalid_request", "Invalid parameter: code_challenge_method") }
    guard let challenge = query["code_challenge"] else {
      return refuse("invalid_request", "Missing parameter: code_challenge")
    }
    guard KeycloakPKCE.isWellFormedChallenge(challenge) else {
      return refuse("invalid_request", "Invalid parameter: code_challenge")
    }
    let request = KeycloakAuthRequest(
      realm: context.realm.name, clientID: context.realm.clientID, redirectURI: redirectURI, state: state,
      nonce: query["nonce"], scope: query["scope"] ?? "openid", challenge: challenge, createdAt: context.now)
    let (mode, signedIn) = context.sandbox.withState { state in
      (state.settings.browserLogin, state.userOrder.compactMap { state.users[$0] }.first(where: \.enabled))
    }
    switch mode {
    case .deny: return refuse("access_denied", "User cancelled the login")
    case .approve:
      guard let user = signedIn else { return refuse("access_denied", "No user is signed in") }
      return issueCode(request, username: user.username, context: context)
    case .form:
      let sessionCode = KeycloakRandom.token()
      context.sandbox.withState { state in
        state.purge(now: context.now)
        state.authRequests[sessionCode] = request
      }
      return loginPage(context, sessionCode: sessionCode, error: nil)
    }
  }

  /// The login form's post: the right username and password give the code; `cancel` gives
  /// `access_denied`; anything else shows the form again with Keycloak's message.
  static func authenticate(_ context: KeycloakContext) -> SandboxResponse {
    let sessionCode = context.request.queryFields["session_code"] ?? ""
    let form = context.form
    let request = context.sandbox.withState { state -> KeycloakAuthRequest? in
      guard let request = state.authRequests[sessionCode], request.realm == context.realm.name else { return nil }
      guard context.now - request.createdAt < .seconds(loginTimeoutSeconds) else {
        state.authRequests[sessionCode] = nil
        return nil
      }
      return request
    }
    guard let request else {
      return .html(
        .badRequest,
        KeycloakReplies.page(
          title: "Page has expired", body: "<p>Your login attempt timed out. Login will start from the beginning.</p>"))
    }
    if form["cancel"] != nil {
      context.sandbox.withState { $0.authRequests[sessionCode] = nil }
      return KeycloakReplies.redirect(
        request.redirectURI,
        [
          ("error", "access_denied"), ("error_description", "User cancelled the login"), ("state", request.state),
          ("iss", context.issuer),
        ])
    }
    let user = context.sandbox.withState { state -> SandboxKeycloakUser? in
      let user = state.authenticate(username: form["username"] ?? "", password: form["password"] ?? "")
      if user != nil { state.authRequests[sessionCode] = nil }
      return user
    }
    guard let user else { return loginPage(context, sessionCode: sessionCode, error: "Invalid username or password.") }
    return issueCode(request, username: user.username, context: context)
  }

  /// A single-use code for the signed-in user, sent back to the client's redirect.
  static func issueCode(_ request: KeycloakAuthRequest, username: String, context: KeycloakContext) -> SandboxResponse {
    let code = "\(KeycloakRandom.uuid()).\(KeycloakRandom.uuid()).\(KeycloakRandom.uuid())"
    let sessionID = KeycloakRandom.uuid()
    context.sandbox.withState { state in
      state.purge(now: context.now)
      state.codes[code] = KeycloakAuthCode(
        request: request, username: username, sessionID: sessionID, issuedAt: context.now)
    }
    return KeycloakReplies.redirect(
      request.redirectURI,
      [("state", request.state), ("session_state", sessionID), ("iss", context.issuer), ("code", code)])
  }

  /// Keycloak compares redirect URIs exactly, except that it strips the port of a loopback
  /// `http://127.0.0.1:<port>/…` or `http://localhost:<port>/…` first (RFC 8252 §7.3).
  static func isRegistered(_ uri: String, realm: SandboxKeycloakRealm) -> Bool {
    let registered = ["http://127.0.0.1/callback", "\(realm.scheme)://auth/callback"]
    return registered.contains(withoutLoopbackPort(uri))
  }

  static func withoutLoopbackPort(_ uri: String) -> String {
    for host in ["http://127.0.0.1:", "http://localhost:"] where uri.hasPrefix(host) {
      let rest = uri.dropFirst(host.count)
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty, digits.count <= 5 else { return uri }
      return String(host.dropLast()) + rest.dropFirst(digits.count)
    }
    return uri
  }

  static func loginPage(_ context: KeycloakContext, sessionCode: String, error: String?) -> SandboxResponse {
    let action =
      "\(KeycloakService.prefix)\(context.sandbox.legacyAuthPath ? "/auth" : "")/realms/\(context.realm.name)"
      + "/login-actions/authenticate?session_code=\(sessionCode)&client_id=\(KeycloakReplies.encode(context.realm.clientID))"
    let alert =
      error.map { "<div class=\"alert-error\"><span id=\"input-error\">\(HTML.escape($0))</span></div>" } ?? ""
    let body = """
      \(alert)<form id="kc-form-login" action="\(HTML.escape(action))" method="post">\
      <input id="username" name="username" type="text" autofocus autocomplete="username">\
      <input id="password" name="password" type="password" autocomplete="current-password">\
      <input type="submit" name="login" id="kc-login" value="Sign In">\
      <input type="submit" name="cancel" id="kc-cancel" value="Cancel"></form>
      """
    return .html(.ok, KeycloakReplies.page(title: "Sign in to your account", body: body))
  }
}
