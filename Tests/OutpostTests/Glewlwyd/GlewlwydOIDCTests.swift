import Foundation
import OutpostConnectors
import OutpostModel
import Testing

/// Outpost's OpenID Connect client against Glewlwyd 2.7.5 (Debian's package), a provider no one
/// here wrote: the loopback PKCE sign-in, a renewal with the refresh token, logging out, and the
/// device grant, all through `AgileNetworkConnector` as the daemon drives it. The test plays the
/// browser and the user with Glewlwyd's own login API, as its login page does. No wait is on the
/// wall clock: the sign-ins wait on a `ManualClock` the test moves.
@Suite(.serialized, .offThePool, .timeLimit(.minutes(3))) struct GlewlwydOIDCTests {
  func connector(_ server: GlewlwydServer) -> AgileNetworkConnector {
    let account = ConnectorAccount(
      id: "glewlwyd-1", username: nil, baseURL: server.baseURL,
      options: ["realm": GlewlwydServer.realm, "clientId": GlewlwydServer.clientID])
    return AgileNetworkConnector(account: account, transport: TestHTTP.transport)
  }

  static func query(_ url: String) throws -> [String: String] {
    let components = try #require(URLComponents(string: url), "not a URL: \(url)")
    return Dictionary((components.queryItems ?? []).map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { a, _ in a })
  }

  @Test func theLoopbackPKCESignInRenewsWithTheRefreshTokenAndLogsOut() async throws {
    let server = try await GlewlwydServer()
    defer { server.stop() }
    let connector = connector(server)

    let flow = try await connector.beginLogin(.browser, clock: ManualClock())
    #expect(flow.prompt.url.hasPrefix(server.issuer + "/auth?"), "\(flow.prompt.url)")
    let query = try Self.query(flow.prompt.url)
    #expect(query["code_challenge_method"] == "S256" && query["code_challenge"]?.count == 43)
    #expect(query["client_id"] == GlewlwydServer.clientID)
    let redirectURI = try #require(query["redirect_uri"])
    let redirect = try #require(URLComponents(string: redirectURI))
    #expect(redirect.host == "127.0.0.1" && redirect.path == "/callback" && (redirect.port ?? 0) > 0)
    let completion = Task { () async throws -> LoginResult<OIDCSession> in try await flow.completion() }

    // The user signs in at Glewlwyd and consents to the client's scopes.
    let cookie = try await server.signIn()
    try await server.grantScopes(cookie: cookie)
    // Glewlwyd compares redirect URIs exactly, port included (no RFC 8252 §7.3 loopback on any
    // port): the client's `http://127.0.0.1/callback` does not cover the listener's port…
    let refused = try await server.browse(flow.prompt.url, cookie: cookie)
    #expect(refused.status == 403, "Glewlwyd took a loopback redirect on another port: \(refused.status)")
    // …so the exact one is registered before the browser is sent on.
    try await server.allowRedirect(redirectURI)
    let authorized = try await server.browse(flow.prompt.url, cookie: cookie)
    #expect(authorized.status == 302, "\(authorized.text)\n\(server.logTail)")
    let location = try #require(authorized.header("location"))
    #expect(location.hasPrefix(redirectURI + "?") && location.contains("code="), "\(location)")
    #expect(try Self.query(location)["state"] == query["state"])
    // The browser comes back to Outpost's listener.
    let back = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: location))
    #expect(back.status == 200 && back.text.contains("You are signed in"), "\(back.text)")

    let signedIn = try await completion.value
    #expect(signedIn.identity.displayName == GlewlwydServer.displayName)
    let subject = try #require(signedIn.session.subject, "no subject from Glewlwyd's ID token")
    #expect(try await server.subject(of: signedIn.session.accessToken) == subject)
    let refreshToken = try #require(signedIn.rotatedSecret, "no refresh token to keep")

    // A fresh start of the daemon: the session is renewed from the kept refresh token. Glewlwyd
    // does not rotate it by default, so the same one stays the one to keep.
    let renewed = try await connector.logIn(secret: refreshToken)
    #expect(renewed.identity.displayName == GlewlwydServer.displayName)
    #expect(renewed.session.subject == subject)
    #expect(renewed.session.accessToken != signedIn.session.accessToken)
    #expect(renewed.rotatedSecret == refreshToken)
    #expect(try await server.subject(of: renewed.session.accessToken) == subject)
    try await connector.checkSession(renewed.session)

    // Logging out. Outpost ends the session the way Keycloak takes it from a public client
    // (`POST end_session_endpoint` with `client_id` and the refresh token); Glewlwyd 2.7.5's
    // end_session is a GET for the browser only (RP-initiated logout with `id_token_hint`, the
    // POST is a 404), and its revocation endpoint takes only `client_secret_basic` (or an access
    // token carrying an administrator-configured scope), so a public client has no way to end
    // its session there. The refresh token outlives the logout.
    await connector.logOut(renewed.session)
    let afterLogout = try await server.refresh(refreshToken)
    withKnownIssue("Glewlwyd offers a public client no back-channel logout; see the comment above") {
      #expect(afterLogout.status == 400 && afterLogout.text.contains("invalid_grant"), "\(afterLogout.status)")
    }
    #expect(afterLogout.status == 200, "the logout now ends the session at Glewlwyd: drop the known issue")
    // A token Glewlwyd never issued is refused as a session that is over.
    await #expect(throws: ConnectorError.self) {
      _ = try await connector.logIn(secret: SecretString("not-a-glewlwyd-token"))
    }
  }

  @Test func theDeviceGrantIsApprovedWithTheUserCodeAtGlewlwyd() async throws {
    let server = try await GlewlwydServer()
    defer { server.stop() }
    let connector = connector(server)
    let clock = ManualClock()

    let flow = try await connector.beginLogin(.device, clock: clock)
    let userCode = try #require(flow.prompt.userCode)
    #expect(flow.prompt.verificationURL == server.issuer + "/device")
    #expect(try Self.query(flow.prompt.url)["code"] == userCode)
    let completion = Task { () async throws -> LoginResult<OIDCSession> in try await flow.completion() }

    // Glewlwyd's interval (5 s) is honoured: the first poll waits for it.
    let firstWait = try #require(await clock.nextSleep(), "the device sign-in stopped waiting")
    #expect(firstWait == .seconds(5))
    // The user opens the verification address, signs in, consents and confirms the code.
    let cookie = try await server.signIn()
    try await server.grantScopes(cookie: cookie)
    let confirmed = try await server.browse(flow.prompt.url, cookie: cookie)
    #expect(confirmed.status == 302 && confirmed.header("location")?.contains("deviceComplete") == true)
    clock.advance(by: firstWait)

    let signedIn = try await completion.value
    #expect(signedIn.identity.displayName == GlewlwydServer.displayName)
    let subject = try #require(signedIn.session.subject)
    #expect(try await server.subject(of: signedIn.session.accessToken) == subject)
    let refreshToken = try #require(signedIn.rotatedSecret)
    #expect(try await connector.logIn(secret: refreshToken).session.subject == subject)
  }
}
