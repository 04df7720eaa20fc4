import Foundation
import Logging
import OutpostModel
import OutpostRPC
import OutpostStore
import Testing

@testable import OutpostDaemon

/// FR-020 beyond the item views: a question answered from the store (Agility's invoices,
/// ViiRaa's readings, RPP's saved addresses) says, as the item views do, when the account it
/// answers for is not current, so `agility invoices` offline reads "offline since …, data of …"
/// above its lines like `assignments` does.
@Suite struct StoreQueryFreshnessTests {
  static let accountID = "00000000-0000-4000-8000-0000000000e1"

  func services(state: AccountState, changed: Date) async throws -> DaemonServices {
    let store = try Store.inMemory()
    try await store.addAccount(
      Account(
        id: Self.accountID, name: "books", kind: "agility", username: "sam@example.com",
        baseURL: "https://agility.example", state: state, stateChangedAt: changed, createdAt: changed))
    let logger = Logger(label: "test")
    return DaemonServices(
      paths: OutpostPaths(runtimeDirectory: "/r", dataDirectory: "/d", configDirectory: "/c"), store: store,
      events: try await EventHub(store: store, retained: 10, logger: logger), logger: logger,
      transport: TestHTTP.transport, calendarFiles: false, calendarVdir: false)
  }

  @Test func anAnswerFromTheStoreSaysTheAccountIsOffline() async throws {
    let since = Date(timeIntervalSinceNow: -3600)
    let offline = try await services(state: .offline, changed: since)
    let answer = try await QueryHandlers.run(QueriesRun.Params(query: "agility.invoices", account: "books"), offline)
    let banner = try #require(answer.freshness?.first)
    #expect(banner.account == "books" && banner.state == .offline)
    #expect(banner.since.map { abs($0.timeIntervalSince(since)) < 1 } == true)

    // Current: no banner.
    let current = try await services(state: .ok, changed: since)
    try await current.store.recordSuccessfulSync(accountID: Self.accountID, at: Date())
    let fine = try await QueryHandlers.run(QueriesRun.Params(query: "agility.invoices", account: "books"), current)
    #expect(fine.freshness == nil, "\(String(describing: fine.freshness))")
  }
}
