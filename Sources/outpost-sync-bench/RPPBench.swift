import Foundation
import OutpostConnectors
import OutpostModel
import OutpostSandbox
import OutpostStore
import OutpostSync

extension SyncBench {
  /// Issue 15's figures: an estate agent with 5,000 orders and 50,000 messages synced for the
  /// first time from RPP's change feed into the store, then a sync that finds nothing new (it
  /// must write nothing).
  static func rppFirstSync(in directory: URL) async throws {
    var configuration = SandboxConfiguration(services: [.rpp])
    configuration.manualClock = true
    let server = try await SandboxServer.start(configuration)
    defer { Task { try? await server.stop() } }
    guard await server.rpp.seedScale(email: RPPSeed.agent, orders: 5_000, messages: 50_000) else {
      print("  rpp: the sandbox refused the scale seed")
      return
    }
    let store = try Store.open(path: directory.appendingPathComponent("rpp.sqlite").path)
    let id = UUID().uuidString.lowercased()
    try await account(store, id: id)
    let account = ConnectorAccount(
      id: id, username: RPPSeed.agent, baseURL: server.url(for: .rpp),
      options: [
        "firebase_api_key": SandboxRPPConfiguration.defaultAPIKey,
        "firebase_auth_base": server.baseURL + "/identitytoolkit.googleapis.com",
        "firebase_token_base": server.baseURL + "/securetoken.googleapis.com",
      ])
    let transport = AsyncHTTPTransport()
    defer { Task { await transport.shutdown() } }
    let keeper = SessionKeeper(
      connector: RPPConnector(account: account, transport: transport), account: account,
      vault: BenchVault(SecretString(RPPSeed.password))
    ) { _ in }
    // The fetch alone (HTTP and decoding), then the same through the engine into the store.
    let fetchOnly = try await timed { _ = try await keeper.fetch(window: SyncWindow.around(Date()), cursor: nil) }
    print("  rpp fetch alone (sign-in, 5,111 requests, decoding): \(ms(fetchOnly))")
    let engine = engine(store)
    await engine.register(accountID: id, name: "bench", source: keeper)
    let requestsBefore = await server.rpp.counters().apiRequests
    let first = try await timed { _ = await engine.sync(accountID: id) }
    let counts = Dictionary(grouping: try await store.items(accountID: id), by: \.item.kind.rawValue).mapValues(\.count)
    let requests = await server.rpp.counters().apiRequests - requestsBefore
    print(
      "  rpp first sync, 5,000 orders + 50,000 messages: \(ms(first)); items: \(counts.sorted { $0.key < $1.key }); "
        + "\(requests) API requests")
    // The feed is inclusive at the watermark: the first re-sync may see the last seconds again.
    await server.advanceClock(seconds: 60)
    _ = await engine.sync(accountID: id)
    let writes = store.writeTransactions
    let before = await server.rpp.counters().apiRequests
    let again = try await timed { _ = await engine.sync(accountID: id) }
    let after = await server.rpp.counters().apiRequests
    print(
      "  rpp re-sync, no change: \(ms(again)), write transactions: \(store.writeTransactions - writes), "
        + "\(after - before) API requests")
    try store.close()
  }
}
