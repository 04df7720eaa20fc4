/// The device authorization grant (RFC 8628, agile-network.md §2.4): the client asks for a
/// device code at `auth/device`; the user approves or declines it on the verification page
/// (`{issuer}/device`, a small form driven with plain HTTP) or through the admin API; the
/// client polls the token endpoint (`KeycloakTokenEndpoint.deviceCode`).
enum KeycloakDevice {
  static func authorize(_ context: KeycloakContext) -> SandboxResponse {
    let form = context.form
    guard form["client_id"] == context.realm.clientID else { return KeycloakReplies.invalidClient() }
    let scope = form["scope"] ?? "openid"
    let deviceCode = KeycloakRandom.token()
    let (userCode, settings) = context.sandbox.withState { state -> (String, SandboxKeycloakSettings) in
      state.purge(now: context.now)
      var userCode = KeycloakRandom.userCode()
      while state.deviceCode(forUserCode: userCode) != nil { userCode = KeycloakRandom.userCode() }
      state.deviceGrants[deviceCode] = KeycloakDeviceGrant(
        deviceCode: deviceCode, userCode: userCode, realm: context.realm.name, clientID: context.realm.clientID,
        scope: scope, issuedAt: context.now, interval: state.settings.devicePollInterval)
      return (userCode, state.settings)
    }
    let page = context.issuer + "/device"
    return .json(
      .ok,
      .object([
        ("device_code", .string(deviceCode)), ("user_code", .string(userCode)), ("verification_uri", .string(page)),
        ("verification_uri_complete", .string("\(page)?user_code=\(userCode)")),
        ("expires_in", .int(settings.deviceCodeLifespan)), ("interval", .int(settings.devicePollInterval)),
      ])
    ).adding("Cache-Control", "no-store")
  }

  /// The verification page: the code (filled in from `user_code`), username and password.
  static func page(_ context: KeycloakContext) -> SandboxResponse {
    .html(.ok, form(context, userCode: context.request.queryFields["user_code"] ?? "", message: nil))
  }

  /// The verification page's post: `deny` declines; the right credentials approve.
  static func decide(_ context: KeycloakContext) -> SandboxResponse {
    let form = context.form
    let userCode = form["user_code"] ?? ""
    if form["deny"] != nil {
      if let problem = context.sandbox.decideNow(userCode: userCode, approve: false) {
        return .html(.badRequest, self.form(context, userCode: userCode, message: problem))
      }
      return .html(
        .ok,
        KeycloakReplies.page(title: "Device Login Failed", body: "<p>Consent denied for connecting the device.</p>"))
    }
    let user = context.sandbox.withState {
      $0.authenticate(username: form["username"] ?? "", password: form["password"] ?? "")
    }
    guard let user else {
      return .html(.ok, self.form(context, userCode: userCode, message: "Invalid username or password."))
    }
    if let problem = context.sandbox.decideNow(userCode: userCode, approve: true, username: user.username) {
      return .html(.badRequest, self.form(context, userCode: userCode, message: problem))
    }
    return .html(
      .ok,
      KeycloakReplies.page(
        title: "Device Login Successful", body: "<p>Device login successful. You may now close this window.</p>"))
  }

  static func form(_ context: KeycloakContext, userCode: String, message: String?) -> String {
    let alert = message.map { "<div class=\"alert-error\">\(HTML.escape($0))</div>" } ?? ""
    let body = """
      \(alert)<form id="kc-user-verify-device-user-code-form" method="post" action="\(HTML.escape(context.issuer))/device">\
      <input id="device-user-code" name="user_code" value="\(HTML.escape(userCode))">\
      <input id="username" name="username" type="text"><input id="password" name="password" type="password">\
      <input type="submit" name="approve" value="Yes"><input type="submit" name="deny" value="No"></form>
      """
    return KeycloakReplies.page(title: "Device Login", body: body)
  }
}
