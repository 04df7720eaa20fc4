import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostSandbox
import OutpostStore
import OutpostSync
import Testing

/// A compressed day against a difficult service: every sync finds its session expired, 5 % of
/// API calls fail, replies are slow. Nothing may be lost, and each expiry costs one login.
@Suite(.serialized) struct SoakTests {
  @Test func aDayOfSyncsAgainstAnUnreliableServiceLosesNothing() async throws {
    var configuration = SandboxConfiguration(latencyMilliseconds: 5, errorRate: 0.05)
    configuration.assignmentsPerAssociation = 20
    let server = try await SandboxServer.start(configuration)
    let store = try Store.inMemory()
    let id = UUID().uuidString.lowercased()
    let now = Date()
    try await store.addAccount(
      Account(
        id: id, name: "ref", kind: "volleymanager", username: SandboxUser.demo.username, baseURL: server.baseURL,
        state: .ok, stateChangedAt: now, createdAt: now))
    let account = ConnectorAccount(id: id, username: SandboxUser.demo.username, baseURL: server.baseURL)
    let vault = SessionKeeperTests.MemoryVault()
    try await vault.store(
      SecretString(SandboxUser.demo.password), for: VaultKey(kind: "volleymanager", accountID: id), label: "")
    let keeper = SessionKeeper(
      connector: VolleyManagerConnector(account: account, transport: TestHTTP.transport),
      account: account, vault: vault
    ) { _ in }
    let engine = SyncEngine(store: store, logger: Logger(label: "soak"))
    await engine.register(accountID: id, name: "ref", source: keeper)

    // A clean first sync is the reference.
    await server.volleyManager.setErrorRate(0)
    guard case .synced = await engine.sync(accountID: id)?.outcome else {
      Issue.record("the first sync failed")
      return
    }
    let reference = Set(try await store.items(accountID: id).map(\.item.upstreamID))
    await server.volleyManager.setErrorRate(0.05)

    let syncs = 40
    var failures = 0
    for _ in 0..<syncs {
      await server.volleyManager.expireAllSessions()  // 15 minutes later, the 20-second session is long gone
      if case .failed = await engine.sync(accountID: id)?.outcome { failures += 1 }
      let held = Set(try await store.items(accountID: id).map(\.item.upstreamID))
      #expect(held == reference, "a failed or partial sync changed what is stored")
    }
    let stats = await server.volleyManager.stats()
    #expect(stats.logins <= syncs + 1, "\(stats.logins) logins for \(syncs) expiries")
    #expect(stats.logins >= syncs / 2)  // the expiries were real
    #expect(failures < syncs)
    try await server.stop()
  }
}
