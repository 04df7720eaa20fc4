import Foundation
import Logging
import OutpostModel
import OutpostSandbox
import OutpostStore
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon

/// Issue 47 §5, against the VolleyManager sandbox through the daemon's action path: entries
/// taken on the exchange board while offline are sent when the network is back, and that is
/// told once, grouped, in the centre and on the desktop (`queue-replayed`); a take done at once
/// is not news. Taken entries then read "applied", not "no longer listed by the service".
@Suite(.serialized) struct QueueReplayedTests {
  static let accountID = "00000000-0000-4000-8000-0000000000c1"

  @Test func queuedTakesSentLaterAreToldOnceGroupedAndReadApplied() async throws {
    let server = try await SandboxServer.start(SandboxConfiguration())
    do {
      try await run(server)
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  func run(_ server: SandboxServer) async throws {
    let network = NetworkSwitch()
    let account = ConnectorAccount(id: Self.accountID, username: DemoReferee.username, baseURL: server.baseURL)
    let keeper = SessionKeeper(
      connector: VolleyManagerConnector(account: account, transport: network), account: account,
      vault: SessionKeeperTests.MemoryVault()
    ) { _ in }
    _ = try await keeper.adopt(SecretString(DemoReferee.password), label: "VolleyManager")
    let store = try Store.inMemory()
    try await store.addAccount(
      Account(
        id: Self.accountID, name: "referee", kind: "volleymanager", username: DemoReferee.username,
        baseURL: server.baseURL, state: .ok, stateChangedAt: Date(), createdAt: Date()))
    let desktop = RecordingDesktop()
    let logger = Logger(label: "test")
    var settings = NotificationSettings()
    settings.language = .en
    let services = DaemonServices(
      paths: OutpostPaths(runtimeDirectory: "/r", dataDirectory: "/d", configDirectory: "/c"), store: store,
      events: try await EventHub(store: store, retained: 10, logger: logger), logger: logger,
      transport: TestHTTP.transport, calendarFiles: false, calendarVdir: false, notificationSettings: settings,
      desktopNotifier: desktop)
    await services.sync.register(accountID: Self.accountID, name: "referee", source: keeper, actions: keeper)
    #expect(await services.sync.sync(accountID: Self.accountID)?.outcome == .synced)

    let entries = try await store.items(accountID: Self.accountID, kinds: [.exchange]).filter {
      $0.item.status == .active && $0.item.details["mine"] == .bool(false)
        && $0.item.details["mayApply"] == .bool(true) && ($0.item.startsAt ?? .distantPast) > Date()
    }
    try #require(entries.count >= 6, "the demo board has \(entries.count) entries she may take")
    func take(_ entry: StoredItem) async throws -> QueuedAction {
      try await ActionHandlers.queue("exchange.take", on: .item(entry.number), params: nil, wait: true, services)
        .action
    }
    func replayed() async throws -> [StoredNotification] {
      try await store.notifications(category: .queueReplayed)
    }

    // Three takes on the train: each is queued, none is news yet.
    network.set(online: false)
    for entry in entries.prefix(3) {
      let action = try await take(entry)
      #expect(action.state == .pending, "\(action.problem ?? "")")
    }
    #expect(try await replayed().isEmpty)

    // Back online: one sync sends all three, and one notification says so.
    network.set(online: true)
    #expect(await services.sync.sync(accountID: Self.accountID)?.outcome == .synced)
    #expect(try await store.actions(states: [.pending, .running]).isEmpty)
    let grouped = try await replayed()
    try #require(grouped.count == 1, "\(grouped.map(\.summary))")
    let first = entries[0]
    #expect(grouped[0].summary == "3 queued actions sent: applied for #\(first.number) \(first.item.title), …")
    #expect(grouped[0].body.split(separator: "\n").count == 3)
    #expect(desktop.notifications.filter { $0.summary == grouped[0].summary }.count == 1)

    // The entries she took read applied, as the service holds them (§3.5), not removed.
    for entry in entries.prefix(3) {
      let now = try #require(try await store.item(number: entry.number))
      #expect(now.item.status == .applied, "#\(entry.number) is \(now.item.status.rawValue)")
      #expect(now.removedAt == nil, "#\(entry.number) reads as no longer listed by the service")
    }

    // Done at once while online: the answer was the news.
    let atOnce = try await take(entries[3])
    #expect(atOnce.state == .done, "\(atOnce.problem ?? "")")
    #expect(try await replayed().count == 1)

    // One take queued and sent later: told on its own.
    network.set(online: false)
    #expect(try await take(entries[4]).state == .pending)
    network.set(online: true)
    _ = await services.sync.sync(accountID: Self.accountID)
    let single = try await replayed().map(\.summary)
    let fifth = "Queued action sent: applied for #\(entries[4].number) \(entries[4].item.title)"
    #expect(single.contains(fifth), "\(single)")

    // The same entry taken twice offline: sent once (the second is already done), told once.
    network.set(online: false)
    _ = try await take(entries[5])
    _ = try await take(entries[5])
    network.set(online: true)
    _ = await services.sync.sync(accountID: Self.accountID)
    let told = try await replayed().filter { ($0.summary + "\n" + $0.body).contains("#\(entries[5].number) ") }
    try #require(told.count == 1, "\(told.map(\.summary))")
    #expect(told[0].summary.hasPrefix("Queued action sent: "), "one action: \(told[0].summary) \(told[0].body)")

    // Her own offer withdrawn offline: sent later and told as withdrawn, never as "taken".
    let mine = try await store.items(accountID: Self.accountID, kinds: [.exchange]).filter {
      $0.item.status == .active && $0.item.details["mine"] == .bool(true)
    }
    let offer = try #require(mine.first, "the demo board holds none of her own offers")
    network.set(online: false)
    _ = try await ActionHandlers.queue("exchange.withdraw", on: .item(offer.number), params: nil, wait: true, services)
    network.set(online: true)
    _ = await services.sync.sync(accountID: Self.accountID)
    #expect(try await replayed().contains { $0.summary.contains("withdrew #\(offer.number) ") })
    #expect(try await store.notifications(category: NotificationCategory(rawValue: "exchange-taken")).isEmpty)
  }
}
