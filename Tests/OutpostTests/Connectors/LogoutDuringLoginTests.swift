import Foundation
import OutpostModel
import Synchronization
import Testing

@testable import OutpostConnectors

/// A login from the keyring under way when the user logs out (it read the secret before the
/// logout deleted it) must not bring the account back: seen once in a loaded full suite as
/// `account logout` followed by a state other than needs-login (EndToEnd.Accounts).
struct LogoutDuringLoginTests {
  /// A connector whose logins wait at a gate the test opens.
  struct GatedConnector: Connector {
    typealias Session = Int
    static let descriptor = ConnectorDescriptor(
      kind: "gated", displayName: "Gated", authentication: .passwordRelogin, defaultBaseURL: "http://gated",
      requiresUsername: false)
    final class Gate: Sendable {
      let entered: AsyncStream<Void>.Continuation
      let release: AsyncStream<Void>
      init(entered: AsyncStream<Void>.Continuation, release: AsyncStream<Void>) {
        self.entered = entered
        self.release = release
      }
    }
    let gate: Gate

    init(account: ConnectorAccount, transport: any HTTPTransport) { fatalError("built by the test") }
    init(gate: Gate) { self.gate = gate }

    func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<Int> {
      gate.entered.yield()
      var iterator = gate.release.makeAsyncIterator()
      _ = await iterator.next()
      return LoginResult(session: 1, identity: AccountIdentity(displayName: "Tester"))
    }

    func checkSession(_ session: Int) async throws(ConnectorError) {}

    func logOut(_ session: Int) async {}
  }

  @Test func aLoginUnderWayWhenTheUserLogsOutDoesNotBringTheAccountBack() async throws {
    let (entered, enteredContinuation) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseContinuation) = AsyncStream.makeStream(of: Void.self)
    let vault = SessionKeeperTests.MemoryVault()
    let key = VaultKey(kind: "gated", accountID: "acc-1")
    try await vault.store(SecretString("right"), for: key, label: "gated")
    let reports = SessionKeeperTests.Reports()
    let keeper = SessionKeeper(
      connector: GatedConnector(gate: GatedConnector.Gate(entered: enteredContinuation, release: release)),
      account: ConnectorAccount(id: "acc-1", username: nil, baseURL: "http://gated"), vault: vault
    ) { await reports.append($0) }

    // A check logs in from the keyring; the service has not answered yet.
    let checking = Task { try await keeper.check() }
    var signals = entered.makeAsyncIterator()
    _ = await signals.next()
    #expect(try await keeper.logOut(reason: Phrase("session.loggedOut")))
    // The service answers the login after the logout.
    releaseContinuation.yield()
    await #expect(throws: SessionError.needsLogin(Phrase("session.loggedOut"))) { try await checking.value }
    let told = await reports.kinds
    #expect(told.last == "loggedOut", "\(told)")
    #expect(await keeper.hasSession == false)
    #expect(await vault.secrets.isEmpty)
  }
}
