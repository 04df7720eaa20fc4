import Foundation
import GRDB
import OutpostModel
import Testing

@testable import OutpostStore

/// A full disk while syncing or queueing (issue 19), made with SQLite's `max_page_count` on the
/// store's own connection: the write is refused with words the user can act on, nothing is
/// half-written, what was stored and queued stays, and writing works again once there is room.
@Suite struct DiskFullStoreTests {
  static let at = Date(timeIntervalSince1970: 1_795_000_000)
  static let kind = ItemKind(rawValue: "event")
  static let window = SyncWindow(from: at.addingTimeInterval(-86_400), to: at.addingTimeInterval(86_400 * 400))
  let accountID = "00000000-0000-4000-8000-0000000000d1"

  static func items(_ range: Range<Int>) -> [Item] {
    range.map { index in
      Item(
        kind: kind, upstreamID: "e\(index)", title: "Event \(index)",
        startsAt: at.addingTimeInterval(Double(index) * 3600),
        details: ["notes": .string(String(repeating: "n", count: 900))])
    }
  }

  func sync(_ store: Store, _ items: [Item]) async throws -> Store.SyncOutcome {
    try await store.applySync(
      accountID: accountID, items: items, points: [], complete: [], window: Self.window, cursor: nil, removed: [])
  }

  /// Caps the database at its present size (0 lifts the cap again).
  func capAtPresentSize(_ store: Store, lift: Bool = false) async throws {
    try await store.writer.writeWithoutTransaction { db in
      let pages = try Int.fetchOne(db, sql: "PRAGMA page_count")!
      try db.execute(sql: "PRAGMA max_page_count = \(lift ? 1_073_741_823 : pages)")
    }
  }

  @Test func aFullDiskRefusesTheWriteWholeKeepsTheQueueAndRecovers() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("outpost.sqlite")
    let store = try Store.open(path: path)
    try await store.addAccount(
      Account(
        id: accountID, name: "me", kind: "tasks", username: "u", baseURL: "https://x", state: .ok,
        stateChangedAt: Self.at, createdAt: Self.at))
    _ = try await sync(store, Self.items(0..<50))
    for index in 0..<3 {
      _ = try await store.enqueueAction(
        accountID: accountID, type: ActionType(rawValue: "tasks.complete"), itemNumber: nil, target: "e\(index)",
        params: [:], at: Self.at)
    }
    try await capAtPresentSize(store)

    let bigSync = Self.items(0..<2_000)
    let refusal = await #expect(throws: StoreError.self) { try await sync(store, bigSync) }
    #expect(refusal?.description.contains("is full; free some space") == true, "\(String(describing: refusal))")
    #expect(refusal?.description.contains(path) == true)
    #expect(refusal?.description.contains("Nothing was changed") == true)
    // The sync's transaction is whole or nothing: the 50 events, not some of the 2,000.
    #expect(try await store.items(accountID: accountID).count == 50)
    #expect(try await store.actions(accountID: accountID).map(\.target) == ["e0", "e1", "e2"])

    try await capAtPresentSize(store, lift: true)
    _ = try await sync(store, bigSync)
    #expect(try await store.items(accountID: accountID).count == 2_000)
    let queued = try await store.enqueueAction(
      accountID: accountID, type: ActionType(rawValue: "tasks.complete"), itemNumber: nil, target: "e9", params: [:],
      at: Self.at)
    #expect(try await store.actions(accountID: accountID).last == queued)
    let integrity = try await store.writer.read { db in try String.fetchOne(db, sql: "PRAGMA integrity_check") }
    #expect(integrity == "ok")
  }
}
