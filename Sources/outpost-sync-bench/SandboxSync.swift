import Foundation
import OutpostConnectors
import OutpostModel
import OutpostSandbox
import OutpostStore
import OutpostSync

extension SyncBench {
  /// The real connector against the sandbox over loopback HTTP: login, association switches,
  /// paged searches, lenient decoding, and the store.
  static func sandboxFirstSync(in directory: URL) async throws {
    var configuration = SandboxConfiguration()
    configuration.assignmentsPerAssociation = 1_000  // two associations: 2,000 assignments
    let server = try await SandboxServer.start(configuration)
    defer { Task { try? await server.stop() } }
    let store = try Store.open(path: directory.appendingPathComponent("sandbox.sqlite").path)
    let id = UUID().uuidString.lowercased()
    try await account(store, id: id)
    let account = ConnectorAccount(id: id, username: SandboxUser.demo.username, baseURL: server.baseURL)
    let transport = AsyncHTTPTransport()
    defer { Task { await transport.shutdown() } }
    let keeper = SessionKeeper(
      connector: VolleyManagerConnector(account: account, transport: transport), account: account,
      vault: BenchVault(SecretString(SandboxUser.demo.password))
    ) { _ in }
    let engine = engine(store)
    await engine.register(accountID: id, name: "bench", source: keeper)
    let first = try await timed { _ = await engine.sync(accountID: id) }
    let counts = Dictionary(grouping: try await store.items(accountID: id), by: \.item.kind.rawValue).mapValues(\.count)
    print("  first sync against the sandbox over HTTP: \(ms(first)); items: \(counts.sorted { $0.key < $1.key })")
    let writes = store.writeTransactions
    let again = try await timed { _ = await engine.sync(accountID: id) }
    print(
      "  re-sync against the sandbox, no change: \(ms(again)), write transactions: \(store.writeTransactions - writes)")
    let stats = await server.volleyManager.stats()
    print("  sandbox: \(stats.logins) login(s), \(stats.apiRequests) API requests")
    try store.close()
  }
}

actor BenchVault: CredentialVault {
  let password: SecretString
  init(_ password: SecretString) { self.password = password }
  func secret(for account: VaultKey) async throws(VaultError) -> SecretString? { password }
  func store(_ secret: SecretString, for account: VaultKey, label: String) async throws(VaultError) {}
  func delete(for account: VaultKey) async throws(VaultError) -> Bool { false }
}
