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
    //    Sent as it is, never through a `SessionLease`: a login may be the lease's own renewal.
    if let first = session.associations.first {
      try? await sendSwitch(to: first.occupationID, in: &session)
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

  /// Makes `occupationID` the server-side active association, renewing the session when it has
  /// expired (see `api`).
  func switchAssociation(to occupationID: String, in session: inout VolleyManagerSession) async throws(ConnectorError) {
    let reply = try await api(
      "PUT", VolleyManagerPaths.switchRole, session: &session, association: nil, contentType: "text/plain;charset=UTF-8"
    ) { session in
      FormEncoding.encode([("attributeValueAsArray[0]", occupationID), ("__csrfToken", session.csrfToken)])
    }
    guard reply.status == 200 else { throw VolleyManagerClient.classify(reply, during: "switching association") }
    session.activeAssociationID = occupationID
  }

  /// The switch itself (text/plain, or the server 500s), on `session` as it is.
  private func sendSwitch(to occupationID: String, in session: inout VolleyManagerSession) async throws(ConnectorError)
  {
    let body = FormEncoding.encode([("attributeValueAsArray[0]", occupationID), ("__csrfToken", session.csrfToken)])
    let reply = try await client.send(
      "PUT", VolleyManagerPaths.switchRole, cookies: &session.cookies, form: body,
      contentType: "text/plain;charset=UTF-8")
    guard reply.status == 200 else { throw VolleyManagerClient.classify(reply, during: "switching association") }
    session.activeAssociationID = occupationID
  }

  /// One `/api/…` request under the call's `SessionLease` (issue 46 §3), so that a long sync
  /// outlives its session: a reply that says the session is stale leads to one renewal (single
  /// flight in the keeper) and the same request once more on the new session, and the caller
  /// goes on from there. Sessions here cannot be renewed ahead (their lifetime is unknown
  /// upstream), only when refused. A new login lands on the first association, and lists answer
  /// for the active one only, so the new session is first switched back to `association`. The
  /// form is built from the session it goes with, for that session's CSRF token.
  func api(
    _ method: String, _ path: String, session: inout VolleyManagerSession, association: String?, contentType: String,
    form: (VolleyManagerSession) -> String
  ) async throws(ConnectorError) -> HTTPResponse {
    try await SessionLease.send(
      with: session, same: { $0.csrfToken == $1.csrfToken }, expiring: { _ in false },
      refused: VolleyManagerClient.isStale,
      request: { offered throws(ConnectorError) in
        // The lease holds the session as the keeper made it; ours has its cookies since, and
        // its association. Take the lease's only once it is a renewed one.
        if offered.csrfToken != session.csrfToken {
          session = offered
          if let association, session.activeAssociationID != association {
            try await sendSwitch(to: association, in: &session)
          }
        }
        let body = form(session)
        return try await client.send(method, path, cookies: &session.cookies, form: body, contentType: contentType)
      })
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
