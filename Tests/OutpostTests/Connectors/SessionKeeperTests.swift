import Foundation
import OutpostModel
import Synchronization
import Testing

@testable import OutpostConnectors

/// The session lifecycle on a small in-memory service: sessions that expire, a password that
/// can change, a login that can be slow. The real service's version runs against the sandbox.
struct SessionKeeperTests {
  final class FakeService: Sendable {
    struct State {
      var password = "right"
      var validSessions: Set<Int> = []
      var nextSession = 1
      var logins = 0
      var failedLogins = 0
      var unreachable = false
    }
    let state = Mutex(State())
  }

  struct FakeConnector: Connector {
    typealias Session = Int
    static let descriptor = ConnectorDescriptor(
      kind: "fake", displayName: "Fake", authentication: .passwordRelogin, defaultBaseURL: "http://fake",
      requiresUsername: false)
    let service: FakeService

    init(account: ConnectorAccount, transport: any HTTPTransport) { service = FakeService() }
    init(service: FakeService) { self.service = service }

    func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<Int> {
      // Slow enough that concurrent callers pile up behind one login.
      try? await Task.sleep(for: .milliseconds(30))
      return try service.state.withLock { state throws(ConnectorError) in
        if state.unreachable { throw .unreachable("connection refused") }
        guard secret.reveal() == state.password else {
          state.failedLogins += 1
          throw .invalidCredentials("wrong username or password")
        }
        state.logins += 1
        let session = state.nextSession
        state.nextSession += 1
        state.validSessions.insert(session)
        return LoginResult(session: session, identity: AccountIdentity(displayName: "Tester"))
      }
    }

    func checkSession(_ session: Int) async throws(ConnectorError) {
      try service.state.withLock { state throws(ConnectorError) in
        if state.unreachable { throw .unreachable("connection refused") }
        guard state.validSessions.contains(session) else { throw .sessionExpired }
      }
    }

    func logOut(_ session: Int) async { service.state.withLock { _ = $0.validSessions.remove(session) } }
  }

  actor MemoryVault: CredentialVault {
    var secrets: [VaultKey: SecretString] = [:]
    /// The label each item was last stored with, as the keyring shows it.
    var labels: [VaultKey: String] = [:]
    var locked = false
    func secret(for account: VaultKey) async throws(VaultError) -> SecretString? {
      if locked { throw .locked }
      return secrets[account]
    }
    func store(_ secret: SecretString, for account: VaultKey, label: String) async throws(VaultError) {
      if locked { throw .locked }
      secrets[account] = secret
      labels[account] = label
    }
    func delete(for account: VaultKey) async throws(VaultError) -> Bool {
      if locked { throw .locked }
      return secrets.removeValue(forKey: account) != nil
    }
    func setLocked(_ value: Bool) { locked = value }
  }

  actor Reports {
    var events: [SessionEvent] = []
    func append(_ event: SessionEvent) { events.append(event) }
    var kinds: [String] {
      events.map { event in
        switch event {
        case .loggedIn: "loggedIn"
        case .needsLogin: "needsLogin"
        case .loggedOut: "loggedOut"
        case .keyringLocked: "keyringLocked"
        case .keyringUnavailable: "keyringUnavailable"
        case .offline: "offline"
        case .online: "online"
        case .failed: "failed"
        }
      }
    }
  }

  let service = FakeService()
  let vault = MemoryVault()
  let reports = Reports()
  let key = VaultKey(kind: "fake", accountID: "acc-1")

  func keeper() -> SessionKeeper<FakeConnector> {
    let reports = reports
    return SessionKeeper(
      connector: FakeConnector(service: service),
      account: ConnectorAccount(id: "acc-1", username: nil, baseURL: "http://fake"),
      vault: vault
    ) { await reports.append($0) }
  }

  @Test func manyCallersHittingAnExpiredSessionCauseExactlyOneLogin() async throws {
    let keeper = keeper()
    _ = try await keeper.adopt(SecretString("right"), label: "fake")
    #expect(service.state.withLock { $0.logins } == 1)
    service.state.withLock { $0.validSessions.removeAll() }  // the service expires every session
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<50 { group.addTask { try await keeper.check() } }
      try await group.waitForAll()
    }
    #expect(service.state.withLock { $0.logins } == 2)
    #expect(await keeper.loginCount == 2)
  }

  @Test func aRejectedPasswordIsDeletedReportedOnceAndNeverRetried() async throws {
    let keeper = keeper()
    _ = try await keeper.adopt(SecretString("right"), label: "fake")
    service.state.withLock {
      $0.password = "changed upstream"
      $0.validSessions.removeAll()
    }
    for _ in 0..<5 {
      await #expect(throws: SessionError.needsLogin(.verbatim("wrong username or password"))) {
        try await keeper.check()
      }
    }
    #expect(service.state.withLock { $0.failedLogins } == 1)
    #expect(await vault.secrets[key] == nil)
    #expect(await reports.kinds.filter { $0 == "needsLogin" }.count == 1)
    // A new password from the user resumes the account.
    _ = try await keeper.adopt(SecretString("changed upstream"), label: "fake")
    try await keeper.check()
    #expect(await vault.secrets[key] == SecretString("changed upstream"))
  }

  @Test func aWrongPasswordGivenByTheUserIsNeverStored() async throws {
    let keeper = keeper()
    await #expect(throws: SessionError.connector(.invalidCredentials("wrong username or password"))) {
      _ = try await keeper.adopt(SecretString("wrong"), label: "fake")
    }
    #expect(await vault.secrets.isEmpty)
  }

  @Test func aLockedKeyringIsWaitedForNotTreatedAsMissingCredentials() async throws {
    await vault.setLocked(false)
    let keeper = keeper()
    _ = try await keeper.adopt(SecretString("right"), label: "fake")
    await keeper.close()
    await vault.setLocked(true)
    await #expect(throws: SessionError.vault(.locked)) { try await keeper.check() }
    #expect(await reports.kinds.last == "keyringLocked")
    #expect(await !keeper.needsLogin)
    await vault.setLocked(false)
    await keeper.resume()
    try await keeper.check()
    #expect(await reports.kinds.last == "loggedIn")
  }

  @Test func anUnreachableServiceIsOfflineAndRetriedLater() async throws {
    let keeper = keeper()
    _ = try await keeper.adopt(SecretString("right"), label: "fake")
    service.state.withLock {
      $0.unreachable = true
      $0.validSessions.removeAll()
    }
    await #expect(throws: SessionError.connector(.unreachable("connection refused"))) { try await keeper.check() }
    service.state.withLock { $0.unreachable = false }
    try await keeper.check()
    #expect(await reports.kinds.suffix(2) == ["offline", "loggedIn"])
  }

  @Test func loggingOutDeletesTheSecretAndStops() async throws {
    let keeper = keeper()
    _ = try await keeper.adopt(SecretString("right"), label: "fake")
    #expect(try await keeper.logOut(reason: Phrase("session.loggedOut")))
    #expect(await vault.secrets.isEmpty)
    #expect(service.state.withLock { $0.validSessions.isEmpty })
    await #expect(throws: SessionError.needsLogin(Phrase("session.loggedOut"))) { try await keeper.check() }
    #expect(service.state.withLock { $0.logins } == 1)
  }

  /// A service that cannot sign out other devices says so, and nothing changes here: the secret
  /// stays, the session goes on.
  @Test func loggingOutEverywhereWhereTheServiceCannotChangesNothing() async throws {
    let keeper = keeper()
    _ = try await keeper.adopt(SecretString("right"), label: "fake")
    await #expect(throws: SessionError.self) {
      try await keeper.logOut(reason: Phrase("session.loggedOut"), everywhere: true)
    }
    #expect(!(await vault.secrets.isEmpty))
    try await keeper.check()
  }
}

/// OAuth-style services rotate the refresh token on every use: the keeper must write the new
/// one to the keyring, or the next login would fail.
struct RotatingTokenTests {
  struct RotatingConnector: Connector {
    typealias Session = String
    static let descriptor = ConnectorDescriptor(
      kind: "rotating", displayName: "Rotating", authentication: .oauthRefreshToken, defaultBaseURL: "http://r",
      requiresUsername: false)
    final class Counter: Sendable { let value = Mutex(0) }
    let issued = Counter()

    init(account: ConnectorAccount, transport: any HTTPTransport) {}

    func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<String> {
      let next = issued.value.withLock { count in
        count += 1
        return count
      }
      guard secret.reveal() == "refresh-\(next - 1)" else { throw .invalidCredentials("refresh token revoked") }
      return LoginResult(
        session: "access-\(next)", identity: AccountIdentity(), rotatedSecret: SecretString("refresh-\(next)"))
    }

    func checkSession(_ session: String) async throws(ConnectorError) { throw .sessionExpired }
    func logOut(_ session: String) async {}
  }

  @Test func aRotatedRefreshTokenIsStoredBeforeTheSessionIsUsed() async throws {
    let vault = SessionKeeperTests.MemoryVault()
    let keeper = SessionKeeper(
      connector: RotatingConnector(
        account: ConnectorAccount(id: "r", username: nil, baseURL: "http://r"), transport: TestHTTP.transport),
      account: ConnectorAccount(id: "r", username: nil, baseURL: "http://r"), vault: vault
    ) { _ in }
    _ = try await keeper.adopt(SecretString("refresh-0"), label: "rotating")
    let key = VaultKey(kind: "rotating", accountID: "r")
    #expect(await vault.secrets[key] == SecretString("refresh-1"))
    // Every check expires: one re-login with the stored token, which rotates again; the second
    // expiry in a row is reported, not looped on.
    await #expect(throws: SessionError.connector(.sessionExpired)) { try await keeper.check() }
    #expect(await vault.secrets[key] == SecretString("refresh-2"))
    #expect(await keeper.loginCount == 2)
  }

  /// A renewal rewrites the item under the label the account was added with ("Outpost:
  /// Agility (books)"), not the bare connector name (a fresh-eyes tester saw the labels change).
  @Test func aRotatedTokenKeepsTheAccountsKeyringLabel() async throws {
    let vault = SessionKeeperTests.MemoryVault()
    let account = ConnectorAccount(id: "r", username: nil, baseURL: "http://r", keyringLabel: "Outpost: Rotating (r)")
    let keeper = SessionKeeper(
      connector: RotatingConnector(account: account, transport: TestHTTP.transport), account: account, vault: vault
    ) { _ in }
    _ = try await keeper.adopt(SecretString("refresh-0"), label: "Outpost: Rotating (r)")
    await #expect(throws: SessionError.connector(.sessionExpired)) { try await keeper.check() }
    let key = VaultKey(kind: "rotating", accountID: "r")
    #expect(await vault.secrets[key] == SecretString("refresh-2"))
    #expect(await vault.labels[key] == "Outpost: Rotating (r)")
  }
}
