import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// Interactive sign-in (OAuth 2.0 for native apps) through the session keeper, against the
/// sandbox's Keycloak over real HTTP: the device grant paced by a clock the test moves (and the
/// sandbox's clock moved with it), the browser flow with PKCE and the loopback listener played
/// by the test as the browser, then silent renewal with rotating refresh tokens.
@Suite(.serialized, .timeLimit(.minutes(2))) struct InteractiveLoginTests {
  let key = VaultKey(kind: "agilenetwork", accountID: "a-1")
  let vault = SessionKeeperTests.MemoryVault()
  let reports = SessionKeeperTests.Reports()

  /// A keeper for the account: waiting for its first sign-in, or (`signedIn`) a fresh start
  /// of the daemon with the token in the keyring.
  func keeper(_ server: SandboxServer, vault: (any CredentialVault)? = nil, signedIn: Bool = false)
    -> SessionKeeper<AgileNetworkConnector>
  {
    let brand = (try? AgileConnectorTests.preset(for: server)) ?? ServicePreset(id: "none", values: [:])
    let account = ConnectorAccount(
      id: "a-1", username: nil, baseURL: server.url(for: .keycloak), options: ["brand": brand.id], preset: brand)
    let reports = reports
    return SessionKeeper(
      connector: AgileNetworkConnector(account: account, transport: TestHTTP.transport), account: account,
      vault: vault ?? self.vault, stoppedReason: signedIn ? nil : Phrase("session.notSignedInYet")
    ) { await reports.append($0) }
  }

  func withServer(_ settings: SandboxKeycloakSettings = .init(), _ body: (SandboxServer) async throws -> Void)
    async throws
  {
    // The sandbox's clock moves only with the test's (`pass`): a loaded machine that takes
    // seconds between two polls must not look like a client that waited.
    var configuration = SandboxConfiguration(
      services: [.keycloak, .agilenetwork], keycloak: SandboxKeycloakConfiguration(settings: settings))
    configuration.manualClock = true
    let server = try await SandboxServer.start(configuration)
    do { try await body(server) } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  /// Lets the sign-in's next wait pass: the sandbox's clock moves as far as the client's
  /// (or `serverSeconds` when the test wants the two to disagree). `meanwhile` runs while the
  /// sign-in sleeps, before its next poll.
  func pass(
    _ clock: ManualClock, _ server: SandboxServer, expecting: Duration, serverSeconds: Double? = nil,
    meanwhile: () async -> Void = {}
  ) async throws {
    let asked = try #require(await clock.nextSleep(), "the sign-in stopped waiting")
    #expect(asked == expecting)
    // The sign-in sleeps now, no poll in flight: the world may change without a race.
    await meanwhile()
    await server.advanceClock(seconds: serverSeconds ?? Double(asked.components.seconds))
    clock.advance(by: asked)
  }

  func fetchCount(_ keeper: SessionKeeper<AgileNetworkConnector>) async throws -> Int {
    try await keeper.fetch(window: SyncWindow.around(Date()), cursor: nil).items.count
  }

  /// Signs the keeper in with a device code the test approves; returns the stored token.
  func signIn(_ keeper: SessionKeeper<AgileNetworkConnector>, _ server: SandboxServer) async throws -> SecretString {
    let clock = ManualClock()
    let pending = try await keeper.beginInteractiveLogin(.device, label: "Agile", clock: clock)
    #expect(await server.keycloak.approveDevice(userCode: pending.prompt.userCode ?? ""))
    try await pass(clock, server, expecting: .seconds(5))
    #expect(try await pending.waitForOutcome()?.get().displayName == SandboxKeycloakUser.demo.name)
    return try #require(await vault.secrets[key])
  }

  @Test func theDeviceGrantPollsAtTheIntervalHonoursSlowDownAndKeepsTheRefreshToken() async throws {
    try await withServer { server in
      let keeper = keeper(server)
      let clock = ManualClock()
      let pending = try await keeper.beginInteractiveLogin(.device, label: "Agile", clock: clock)
      let prompt = pending.prompt
      let userCode = try #require(prompt.userCode)
      #expect(prompt.method == .device)
      #expect(prompt.verificationURL == server.url(for: .keycloak) + "/realms/the-agile-network/device")
      #expect(prompt.url == "\(prompt.verificationURL ?? "")?user_code=\(userCode)")
      #expect(await server.keycloak.pendingUserCodes() == [userCode])

      try await pass(clock, server, expecting: .seconds(5))  // first poll: pending
      // The client's clock ran ahead of the service's: polled early, told to slow down, and
      // from then on it waits 5 s more, for good.
      try await pass(clock, server, expecting: .seconds(5), serverSeconds: 2)
      try await pass(clock, server, expecting: .seconds(10))
      #expect(await server.keycloak.stats().slowDowns == 1)
      #expect(pending.outcome == nil)
      #expect(await vault.secrets[key] == nil)

      try await pass(clock, server, expecting: .seconds(10)) {
        #expect(await server.keycloak.approveDevice(userCode: userCode))
      }
      let identity = try #require(try await pending.waitForOutcome()?.get())
      #expect(identity.displayName == SandboxKeycloakUser.demo.name)
      #expect(await keeper.needsLogin == false)
      #expect(await vault.secrets[key] != nil, "no refresh token in the keyring")
      #expect(try await fetchCount(keeper) > 0, "the signed-in session reads the brand")
      #expect(await reports.kinds == ["loggedIn"])
      #expect(await server.keycloak.stats().devicePolls == 4)
    }
  }

  @Test func aDeclinedOrExpiredDeviceCodeLeavesTheAccountWaitingForALogin() async throws {
    try await withServer { server in
      let keeper = keeper(server)
      let clock = ManualClock()
      let declined = try await keeper.beginInteractiveLogin(.device, label: "Agile", clock: clock)
      #expect(await server.keycloak.denyDevice(userCode: declined.prompt.userCode ?? ""))
      try await pass(clock, server, expecting: .seconds(5))
      guard case .failure(.denied)? = await declined.waitForOutcome() else {
        Issue.record("a declined code gave \(String(describing: declined.outcome))")
        return
      }

      let late = try await keeper.beginInteractiveLogin(.device, label: "Agile", clock: clock)
      try await pass(clock, server, expecting: .seconds(5))  // pending
      // The user never comes: ten minutes later the service says the code expired.
      try await pass(clock, server, expecting: .seconds(5), serverSeconds: 600)
      #expect(await late.waitForOutcome().map { (try? $0.get()) == nil } == true)
      #expect(late.outcome == .failure(.expired))
      #expect(await keeper.needsLogin)
      #expect(await vault.secrets[key] == nil)
      #expect(await reports.kinds.isEmpty)
      await #expect(throws: SessionError.needsLogin(Phrase("session.notSignedInYet"))) { try await keeper.check() }
    }
  }

  @Test func aNewSignInOrACancelEndsTheOneUnderWay() async throws {
    try await withServer { server in
      let keeper = keeper(server)
      let clock = ManualClock()
      let first = try await keeper.beginInteractiveLogin(.device, label: "Agile", clock: clock)
      _ = await clock.nextSleep()
      let second = try await keeper.beginInteractiveLogin(.device, label: "Agile", clock: clock)
      #expect(await first.waitForOutcome() == .failure(.cancelled))
      second.cancel()
      #expect(await second.waitForOutcome() == .failure(.cancelled))
      // Approving the cancelled code later keeps nothing.
      #expect(await server.keycloak.approveDevice(userCode: second.prompt.userCode ?? ""))
      #expect(await vault.secrets[key] == nil)
    }
  }

  @Test func theBrowserComesBackToTheLoopbackListenerWithACodeTheVerifierRedeems() async throws {
    var settings = SandboxKeycloakSettings()
    settings.browserLogin = .approve
    try await withServer(settings) { server in
      let keeper = keeper(server)
      let pending = try await keeper.beginInteractiveLogin(.browser, label: "Agile", clock: ManualClock())
      let address = try #require(URLComponents(string: pending.prompt.url))
      let query = Dictionary(uniqueKeysWithValues: (address.queryItems ?? []).map { ($0.name, $0.value ?? "") })
      #expect(query["code_challenge_method"] == "S256")
      #expect(query["code_challenge"]?.count == 43)
      #expect(query["scope"] == "openid offline_access")
      let redirect = try #require(URLComponents(string: query["redirect_uri"] ?? ""))
      #expect(redirect.host == "127.0.0.1" && redirect.path == "/callback" && (redirect.port ?? 0) > 0)

      // The test is the browser: the sign-in page sends it back to the listener.
      let signInPage = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: pending.prompt.url))
      #expect(signInPage.status == 302)
      let location = try #require(signInPage.header("location"))
      #expect(location.hasPrefix(query["redirect_uri"] ?? "?") && location.contains("code="))
      // A request with another state is answered, and does not end the sign-in.
      let stray = try await TestHTTP.transport.send(
        HTTPRequest(method: "GET", url: "\(query["redirect_uri"] ?? "")?state=forged&code=stolen"))
      #expect(stray.status == 400)
      #expect(pending.outcome == nil)
      let back = try await TestHTTP.transport.send(
        HTTPRequest(method: "GET", url: location, headers: [("Accept-Language", "de-CH,de;q=0.9")]))
      #expect(back.status == 200 && back.text.contains("Sie sind angemeldet"), "\(back.text)")

      #expect(try await pending.waitForOutcome()?.get().displayName == SandboxKeycloakUser.demo.name)
      #expect(await vault.secrets[key] != nil)
      #expect(try await fetchCount(keeper) > 0, "the signed-in session reads the brand")
      // The listener is gone once the browser came back.
      await #expect(throws: HTTPTransportError.self) {
        _ = try await TestHTTP.quick.send(HTTPRequest(method: "GET", url: location))
      }
    }
  }

  @Test func aBrowserSignInTheUserCancelsOrNeverFinishesEndsClearly() async throws {
    var settings = SandboxKeycloakSettings()
    settings.browserLogin = .deny
    try await withServer(settings) { server in
      let keeper = keeper(server)
      let clock = ManualClock()
      let cancelled = try await keeper.beginInteractiveLogin(.browser, label: "Agile", clock: clock)
      let page = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: cancelled.prompt.url))
      let location = try #require(page.header("location"))
      #expect(location.contains("error=access_denied"))
      _ = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: location))
      guard case .failure(.denied)? = await cancelled.waitForOutcome() else {
        Issue.record("a cancelled browser sign-in gave \(String(describing: cancelled.outcome))")
        return
      }
      // Nobody comes back within ten minutes (on the test's clock): the sign-in gives up.
      let forgotten = try await keeper.beginInteractiveLogin(.browser, label: "Agile", clock: clock)
      #expect(await clock.nextSleep() == .seconds(600))
      clock.advance(by: .seconds(600))
      #expect(await forgotten.waitForOutcome() == .failure(.expired))
      #expect(await vault.secrets[key] == nil)
    }
  }

  @Test func renewalsRotateTheTokenInTheKeyringAndAReusedOneEndsTheSession() async throws {
    try await withServer { server in
      let keeper = keeper(server)
      let first = try await signIn(keeper, server)
      // The access token (300 s) expires at the service: the next fetch renews silently, and
      // the keyring holds the new refresh token before the session is used.
      await server.advanceClock(seconds: 400)
      #expect(try await fetchCount(keeper) > 0, "the signed-in session reads the brand")
      let second = try #require(await vault.secrets[key])
      #expect(second != first)
      #expect(await server.keycloak.stats().refreshes == 1)
      // A fresh start of the daemon renews from the keyring too.
      #expect(try await fetchCount(self.keeper(server, vault: vault, signedIn: true)) > 0)
      let third = try #require(await vault.secrets[key])
      #expect(third != second)

      // Someone replays the first, long spent token: the service ends the whole session, and
      // the account asks for a login once instead of looping.
      let stolen = try await TestHTTP.transport.send(
        HTTPRequest(
          method: "POST", url: server.url(for: .keycloak) + "/realms/the-agile-network/protocol/openid-connect/token",
          headers: [("Content-Type", "application/x-www-form-urlencoded")],
          body: Array(
            FormEncoding.encode([
              ("grant_type", "refresh_token"), ("refresh_token", first.reveal()),
              ("client_id", "the-agile-network-desktop"),
            ]).utf8)))
      #expect(stolen.status == 400 && stolen.text.contains("invalid_grant"))
      #expect(await server.keycloak.stats().reuseDetected == 1)
      let owner = self.keeper(server, vault: vault, signedIn: true)
      await #expect(throws: SessionError.self) { _ = try await fetchCount(owner) }
      #expect(await owner.needsLogin)
      #expect(await vault.secrets[key] == nil, "a dead token stayed in the keyring")
      #expect(await reports.kinds.filter { $0 == "needsLogin" }.count == 1)
    }
  }

  /// The descriptor's `loginMethods` and the connector's conformance say the same thing, so
  /// the daemon's generic `accounts.login.*` never meets a kind it cannot sign in.
  @Test func everyKindThatDeclaresLoginMethodsSignsInInteractively() {
    for kind in ConnectorRegistry.kinds {
      let session = ConnectorRegistry.makeSession(
        kind: kind.descriptor.kind, account: ConnectorAccount(id: "x", username: nil, baseURL: "http://127.0.0.1:9"),
        transport: TestHTTP.transport, vault: vault, stoppedReason: nil, report: { _ in })
      let interactive = session is any InteractiveLoginSession
      #expect(interactive == !kind.descriptor.loginMethods.isEmpty, "\(kind.descriptor.kind)")
      // Signed in at the service's pages only (OIDC), or there as well as with a password
      // (ViiRaa's Google accounts on Supabase): either way the keyring keeps a refresh token.
      if interactive {
        #expect(
          [.oauthRefreshToken, .tokenSession].contains(kind.descriptor.authentication), "\(kind.descriptor.kind)")
      }
    }
  }

  @Test func thePKCEChallengeIsTheRFCs() {
    // RFC 7636, appendix B.
    let pkce = PKCE(verifier: "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")
    #expect(pkce.challenge == "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    let fresh = PKCE()
    #expect(fresh.verifier.reveal().count == 43 && fresh.state.count == 22 && fresh.nonce.count == 22)
    #expect(fresh.verifier.reveal().allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    #expect(PKCE.constantTimeEquals("abc", "abc") && !PKCE.constantTimeEquals("abc", "abd"))
    #expect(!PKCE.constantTimeEquals("abc", "abcd"))
  }
}
