/// `/login`, the authenticate form post and `/logout`: the cookie dance of §1.2 and §1.4.
enum VolleyManagerLogin {
  static let sessionCookie = "Neos_Flow_Session"
  static let dashboardPath = "/sportmanager.volleyball/main/dashboard"

  /// A session cookie: no Expires, so it dies with the browser; the server decides the lifetime.
  static func setCookie(_ session: VolleyManagerSession) -> (String, String) {
    ("Set-Cookie", "\(sessionCookie)=\(session.id); Path=/; HttpOnly")
  }

  static func loginPage(state: VolleyManagerState, failed: Bool, csrfToken: String? = nil) -> SandboxResponse {
    let fields = VolleyManagerPages.hiddenFields(
      trustedProperties: state.trustedProperties, referrerArguments: state.referrerArguments)
    return .html(.ok, VolleyManagerPages.login(hiddenFields: fields, failed: failed, csrfToken: csrfToken))
  }

  /// GET /login. A logged-in visitor keeps the session (and sees the CSRF token); anyone else
  /// gets a fresh anonymous session, which the authenticate post then requires.
  static func showLogin(_ context: VolleyManagerContext) -> SandboxResponse {
    let cookie = context.request.cookie(sessionCookie)
    return context.sandbox.withState { state in
      if let session = state.authenticatedSession(cookie, now: context.now) {
        return loginPage(state: state, failed: false, csrfToken: session.csrfToken)
      }
      let session = state.startSession(now: context.now)
      return loginPage(state: state, failed: false)
        .adding(setCookie(session))
        .adding("Set-Cookie", "language=de; Path=/")
    }
  }

  /// POST /sportmanager.security/authentication/authenticate.
  static func authenticate(_ context: VolleyManagerContext) -> SandboxResponse {
    let request = context.request
    let cookie = request.cookie(sessionCookie)
    // Flow only maps form bodies; anything else arrives without the signed hidden fields.
    guard request.mediaType == "application/x-www-form-urlencoded", let form = request.formFields else {
      return VolleyManagerPages.internalError("Could not validate the form: no request arguments found.")
    }
    return context.sandbox.withState { state in
      guard let old = state.session(cookie, now: context.now) else {
        return VolleyManagerPages.internalError("Could not validate the form: the session is missing or expired.")
      }
      let expected = VolleyManagerPages.hiddenFields(
        trustedProperties: state.trustedProperties, referrerArguments: state.referrerArguments)
      for (name, value) in expected where form[name] != value {
        return VolleyManagerPages.internalError("The HMAC of the form (\(name)) could not be validated.")
      }
      let outcome = state.logIn(
        username: form[VolleyManagerPages.usernameField] ?? "",
        password: form[VolleyManagerPages.passwordField] ?? "",
        replacing: old.id, now: context.now)
      switch outcome {
      case .success(let session):
        return SandboxResponse.seeOther("http://\(request.authority)\(dashboardPath)").adding(setCookie(session))
      case .secondFactor(let session):
        return SandboxResponse.html(.ok, VolleyManagerPages.secondFactor()).adding(setCookie(session))
      case .failure(let session):
        switch state.settings.loginFailureStyle {
        case .snackbar: return loginPage(state: state, failed: true).adding(setCookie(session))
        case .redirect: return SandboxResponse.seeOther("http://\(request.authority)/login").adding(setCookie(session))
        }
      }
    }
  }

  /// GET /logout: the session dies on the server, but no Set-Cookie clears it in the client, and
  /// the Location is relative (both as documented upstream).
  static func logout(_ context: VolleyManagerContext) -> SandboxResponse {
    let cookie = context.request.cookie(sessionCookie)
    context.sandbox.withState { $0.endSession(cookie) }
    return .seeOther("/login")
  }
}

extension VolleyManagerService {
  static let loginRoutes: [VolleyManagerRoute] = [
    VolleyManagerRoute(method: .GET, path: "/login", handler: VolleyManagerLogin.showLogin),
    VolleyManagerRoute(
      method: .POST, path: "/sportmanager.security/authentication/authenticate",
      handler: VolleyManagerLogin.authenticate),
    VolleyManagerRoute(method: .GET, path: "/logout", handler: VolleyManagerLogin.logout),
  ]
}

extension SandboxResponse {
  func adding(_ header: (String, String)) -> SandboxResponse { adding(header.0, header.1) }
}
