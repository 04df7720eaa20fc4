import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore
import OutpostSync
import Testing

@testable import OutpostDaemon

/// A failing account must say so, and heal (issue 47 §3): through the daemon's own services,
/// the account reads "failing since …, N attempts: REASON" after the second failure in a row
/// (where `account list`, `status`, the snapshot and the bars read its state), the user is told
/// once per run of failures, and the next success makes it fine again.
struct AccountHealthTests {
  let store: Store
  let services: DaemonServices
  let source = SyncFailureEndsTests.CursorSource()
  let accountID = "5d0f6a9e-3c1b-4f7e-9a51-2b8c7d4e1f48"

  init() async throws {
    store = try Store.inMemory()
    let now = Date()
    try await store.addAccount(
      Account(
        id: accountID, name: "agile", kind: "agilenetwork", username: nil, baseURL: "https://example.org",
        state: .ok, stateChangedAt: now, createdAt: now))
    var notifications = NotificationSettings()
    notifications.desktop = false
    notifications.timeZone = TimeZone(identifier: "Europe/Zurich")!
    var sync = SyncConfiguration()
    sync.jitter = 0
    services = DaemonServices(
      paths: OutpostPaths(runtimeDirectory: "/r", dataDirectory: "/d", configDirectory: "/c"), store: store,
      events: try await EventHub(store: store, retained: 50, logger: Logger(label: "t")), logger: Logger(label: "t"),
      transport: TestHTTP.transport, syncConfiguration: sync, notificationSettings: notifications)
    await services.sync.register(accountID: accountID, name: "agile", source: source)
  }

  func account() async throws -> Account { try #require(try await store.accounts().first { $0.id == accountID }) }

  func told() async throws -> Int {
    try await store.notifications().count { $0.category == .syncFailing }
  }

  @Test func aFailingAccountSaysSoOnceAndHeals() async throws {
    #expect(await services.sync.sync(accountID: accountID)?.outcome == .synced)
    source.state.withLock { $0.failure = .connector(.unexpectedReply("reading changes: no cursor")) }
    _ = await services.sync.sync(accountID: accountID)
    #expect(try await account().state == .ok, "one failure may be a blip")
    _ = await services.sync.sync(accountID: accountID)
    var now = try await account()
    #expect(now.state == .error)
    let reason = try #require(now.stateReason)
    #expect(reason.hasPrefix("failing since "), "\(reason)")
    #expect(reason.contains("2 attempts: unexpected reply from the service: reading changes: no cursor"), "\(reason)")
    #expect(try await told() == 1)
    // A session renewed meanwhile (the keeper's report) is not a sync that works.
    await services.accounts.record(
      .loggedIn(AccountIdentity(displayName: nil, groups: []), at: Date()), accountID: accountID, name: "agile")
    #expect(try await account().state == .error)
    _ = await services.sync.sync(accountID: accountID)
    now = try await account()
    #expect(now.stateReason?.contains("3 attempts") == true)
    #expect(try await told() == 1, "told once per run of failures")
    source.state.withLock { $0.failure = nil }
    #expect(await services.sync.sync(accountID: accountID)?.outcome == .synced)
    now = try await account()
    #expect(now.state == .ok && now.stateReason == nil)
    // A new run of failures is told again.
    source.state.withLock { $0.failure = .connector(.transient("HTTP 503")) }
    _ = await services.sync.sync(accountID: accountID)
    _ = await services.sync.sync(accountID: accountID)
    #expect(try await told() == 2)
  }

  @Test func aServiceThatCannotBeReachedReadsOfflineWithHowLong() async throws {
    source.state.withLock { $0.failure = .connector(.unreachable("no route to host")) }
    _ = await services.sync.sync(accountID: accountID)
    _ = await services.sync.sync(accountID: accountID)
    let now = try await account()
    #expect(now.state == .offline)
    #expect(now.stateReason?.hasPrefix("failing since ") == true, "\(now.stateReason ?? "")")
    await services.accounts.record(.online, accountID: accountID, name: "agile")
    #expect(try await account().state == .offline, "one call that worked is not a sync that works")
    source.state.withLock { $0.failure = nil }
    _ = await services.sync.sync(accountID: accountID)
    #expect(try await account().state == .ok)
  }

  @Test func aStateThatSaysWhatToDoIsLeftAlone() async throws {
    _ = try await store.setAccountState(
      id: accountID, state: .needsLogin, reason: .verbatim("password changed"), at: Date())
    source.state.withLock { $0.failure = .connector(.unexpectedReply("odd")) }
    for _ in 1...3 { _ = await services.sync.sync(accountID: accountID) }
    #expect(try await account().state == .needsLogin)
    #expect(try await told() == 0)
  }
}
