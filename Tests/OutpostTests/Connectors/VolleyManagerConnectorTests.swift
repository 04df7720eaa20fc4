import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// The VolleyManager connector against the sandbox over real HTTP: the real login flow, the
/// failure styles, and expiry with many callers at once.
@Suite(.serialized) struct VolleyManagerConnectorTests {
  static let username = "referee@example.ch"
  static let password = SecretString("demo-referee-2026")

  func withSandbox(
    _ configuration: SandboxConfiguration = SandboxConfiguration(),
    _ body: (SandboxServer, VolleyManagerConnector) async throws -> Void
  ) async throws {
    let server = try await SandboxServer.start(configuration)
    do {
      let connector = VolleyManagerConnector(
        account: ConnectorAccount(id: "acc", username: Self.username, baseURL: server.baseURL),
        transport: TestHTTP.transport)
      try await body(server, connector)
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  @Test func logsInThroughTheRealFlowAndChecksTheSession() async throws {
    try await withSandbox { server, connector in
      let result = try await connector.logIn(secret: Self.password)
      #expect(result.identity.displayName == "Lena Graf")
      #expect(result.identity.groups == ["SV", "SVRZ"])
      #expect(!result.session.csrfToken.isEmpty)
      #expect(result.session.activeAssociationID == result.session.associations.first?.occupationID)
      #expect(result.session.calendarCode?.reveal().count == 6)
      try await connector.checkSession(result.session)
      #expect(await server.volleyManager.stats().logins == 1)
      await connector.logOut(result.session)
      await #expect(throws: ConnectorError.sessionExpired) { try await connector.checkSession(result.session) }
    }
  }

  @Test(arguments: [LoginFailureStyle.snackbar, .redirect])
  func aWrongPasswordIsInvalidCredentialsInBothStyles(style: LoginFailureStyle) async throws {
    try await withSandbox(SandboxConfiguration(loginFailureStyle: style)) { server, connector in
      await #expect(throws: ConnectorError.invalidCredentials("wrong username or password")) {
        _ = try await connector.logIn(secret: SecretString("wrong"))
      }
      #expect(await server.volleyManager.stats().failedLogins == 1)
    }
  }

  @Test func aTwoFactorAccountIsUnsupportedNotAWrongPassword() async throws {
    try await withSandbox { server, _ in
      let connector = VolleyManagerConnector(
        account: ConnectorAccount(id: "tf", username: "twofactor@example.ch", baseURL: server.baseURL),
        transport: TestHTTP.transport)
      await #expect(throws: ConnectorError.twoFactorRequired) {
        _ = try await connector.logIn(secret: SecretString("demo-twofactor-2026"))
      }
    }
  }

  @Test(arguments: [406, 401, 403])
  func expiryCausesOneLoginForManyConcurrentCalls(staleStatus: Int) async throws {
    try await withSandbox(SandboxConfiguration(staleSessionStatus: staleStatus)) { server, connector in
      let vault = SessionKeeperTests.MemoryVault()
      let keeper = SessionKeeper(
        connector: connector, account: ConnectorAccount(id: "acc", username: Self.username, baseURL: server.baseURL),
        vault: vault
      ) { _ in }
      _ = try await keeper.adopt(Self.password, label: "test")
      await server.volleyManager.expireAllSessions()
      try await withThrowingTaskGroup(of: Void.self) { group in
        for _ in 0..<20 { group.addTask { try await keeper.check() } }
        try await group.waitForAll()
      }
      let stats = await server.volleyManager.stats()
      #expect(stats.logins == 2)
      #expect(stats.staleSessionReplies >= 1)
    }
  }

  @Test func aStoppedServiceIsUnreachable() async throws {
    let server = try await SandboxServer.start(SandboxConfiguration())
    let baseURL = server.baseURL
    try await server.stop()
    let connector = VolleyManagerConnector(
      account: ConnectorAccount(id: "acc", username: Self.username, baseURL: baseURL),
      transport: TestHTTP.transport)
    do {
      _ = try await connector.logIn(secret: Self.password)
      Issue.record("logged in to a stopped server")
    } catch {
      #expect(error.isTemporary, "\(error)")
      if case .unreachable = error {} else { Issue.record("expected unreachable, got \(error)") }
    }
  }
}
