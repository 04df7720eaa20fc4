import OutpostModel

/// Swiss Volley's VolleyManager (volleymanager.volleyball.ch), as ../shared/upstreams/volleymanager.md
/// describes it: a form login with hidden Flow tokens and a rotating session cookie, sessions of
/// unknown length that cannot be extended (so Outpost logs in again from the keyring), and JSON
/// endpoints under `/api/…api%5C…` that answer 401/403/406 once the session is stale.
public struct VolleyManagerConnector: Connector {
  public typealias Session = VolleyManagerSession

  public static let descriptor = ConnectorDescriptor(
    kind: "volleymanager", displayName: "VolleyManager (Swiss Volley)", authentication: .passwordRelogin,
    defaultBaseURL: "https://volleymanager.volleyball.ch", requiresUsername: true,
    itemKinds: itemKindDeclarations, linkSchemes: linkSchemes,
    // VolleyManager has no page per assignment; its dashboard lists them.
    webHome: "/sportmanager.volleyball/main/dashboard")

  let client: VolleyManagerClient
  let username: String

  public init(account: ConnectorAccount, transport: any HTTPTransport) {
    client = VolleyManagerClient(baseURL: account.baseURL, transport: transport)
    username = account.username ?? ""
  }

  public func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<VolleyManagerSession> {
    var cookies = CookieJar()
    // 1. The login page: a first session cookie and the form's hidden Flow tokens.
    let page = try await client.send("GET", VolleyManagerPaths.login, cookies: &cookies)
    guard page.status == 200 else { throw VolleyManagerClient.classify(page, during: "opening the login page") }
    let hidden = VolleyManagerPages.hiddenFields(in: page.text)
    guard hidden.contains(where: { $0.0 == "__trustedProperties" }) else {
      throw .unexpectedReply("the login page has no __trustedProperties field")
    }
    // 2. The form, with the tokens copied unchanged; the reply is not followed.
    let form =
      hidden + [(VolleyManagerPaths.usernameField, username), (VolleyManagerPaths.passwordField, secret.reveal())]
    let reply = try await client.send(
      "POST", VolleyManagerPaths.authenticate, cookies: &cookies, form: FormEncoding.encode(form),
      contentType: "application/x-www-form-urlencoded")
    try Self.checkAuthenticated(reply)
    // 3. The dashboard: CSRF token and user context.
    var session = try await dashboardSession(cookies: cookies)
    // 4. Pin the active association: the server's default may not be the one wanted, and every
    //    list call answers for the active one only. A failure here does not fail the login.
    if let first = session.associations.first {
      try? await switchAssociation(to: first.occupationID, in: &session)
    }
    return LoginResult(
      session: session,
      identity: AccountIdentity(
        displayName: session.displayName, groups: session.associations.map(\.shortName)))
  }

  /// Reads the authenticate reply, which signals failure in two ways (200 with the login page
  /// and an error snackbar, or a redirect back to /login) and success with a 303 elsewhere.
  static func checkAuthenticated(_ reply: HTTPResponse) throws(ConnectorError) {
    let body = reply.text
    if VolleyManagerPages.asksForSecondFactor(body) { throw .twoFactorRequired }
    switch reply.status {
    case 300..<400:
      let location = reply.header("location") ?? ""
      let path = location.split(separator: "?").first.map(String.init) ?? location
      if path.contains("/login") || path.contains("authentication") || path.hasSuffix("/") || path.isEmpty {
        throw .invalidCredentials("wrong username or password")
      }
    case 200:
      if VolleyManagerPages.showsLoginError(body) || VolleyManagerPages.isLoginPage(body) {
        throw .invalidCredentials("wrong username or password")
      }
    // A 200 that is not the login page: already logged in, the dashboard is next.
    case 401, 403:
      throw .invalidCredentials("the service refused the login (HTTP \(reply.status))")
    default:
      throw VolleyManagerClient.classify(reply, during: "logging in")
    }
  }

  private func dashboardSession(cookies: CookieJar) async throws(ConnectorError) -> VolleyManagerSession {
    var cookies = cookies
    let reply = try await client.send("GET", VolleyManagerPaths.dashboard, cookies: &cookies)
    if reply.isRedirect {
      // Logged in, yet sent back to the login page: the session did not take.
      throw .unexpectedReply("the dashboard redirected to \(reply.header("location") ?? "?") right after login")
    }
    guard reply.status == 200 else { throw VolleyManagerClient.classify(reply, during: "opening the dashboard") }
    let dashboard: VolleyManagerDashboard
    do {
      dashboard = try VolleyManagerDashboard.parse(reply.text)
    } catch {
      switch error {
      case .notLoggedIn: throw .unexpectedReply("the dashboard showed the login page right after login")
      case .missing(let what): throw .unexpectedReply("the dashboard lacks \(what)")
      }
    }
    guard !dashboard.associations.isEmpty else {
      throw .unsupported("this VolleyManager user has no referee role; Outpost supports referee accounts")
    }
    return VolleyManagerSession(
      cookies: cookies, csrfToken: dashboard.csrfToken, personID: dashboard.personID,
      displayName: dashboard.displayName, associations: dashboard.associations, activeAssociationID: nil,
      calendarCode: dashboard.calendarCode.map(SecretString.init))
  }

  /// Makes `occupationID` the server-side active association (text/plain, or the server 500s).
  func switchAssociation(to occupationID: String, in session: inout VolleyManagerSession) async throws(ConnectorError) {
    let body = FormEncoding.encode([("attributeValueAsArray[0]", occupationID), ("__csrfToken", session.csrfToken)])
    let reply = try await client.send(
      "PUT", VolleyManagerPaths.switchRole, cookies: &session.cookies, form: body,
      contentType: "text/plain;charset=UTF-8")
    guard reply.status == 200 else { throw VolleyManagerClient.classify(reply, during: "switching association") }
    session.activeAssociationID = occupationID
  }

  public func checkSession(_ session: VolleyManagerSession) async throws(ConnectorError) {
    var cookies = session.cookies
    let reply = try await client.send("GET", VolleyManagerPaths.activeSeason, cookies: &cookies)
    let value = try VolleyManagerClient.json(reply, during: "checking the session")
    guard value["__identity"] != nil || value["name"] != nil else {
      throw .unexpectedReply("the active season has neither __identity nor name")
    }
  }

  public func logOut(_ session: VolleyManagerSession) async {
    var cookies = session.cookies
    _ = try? await client.send("GET", VolleyManagerPaths.logout, cookies: &cookies)
  }
}
