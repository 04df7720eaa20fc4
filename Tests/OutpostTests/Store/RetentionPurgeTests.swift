import Foundation
import OutpostModel
import Testing

@testable import OutpostStore

/// The purge by kind (issue 47 §2): each kind's own span, the tax-year boundary, the statuses
/// that keep an item, the views' floor, the actions that still name an item, and a sync that
/// does not store again what the purge would remove.
@Suite struct RetentionPurgeTests {
  static let now = Date(timeIntervalSince1970: 1_796_169_600)  // 2026-12-02T00:00:00Z
  static let ledger = ItemKind(rawValue: "ledger")
  static let bill = ItemKind(rawValue: "bill")
  static let game = ItemKind(rawValue: "game")
  static let reading = ItemKind(rawValue: "reading")
  static let accountID = "00000000-0000-4000-8000-0000000047b2"

  static let policy = RetentionPolicy(
    rules: [
      ledger: .init(retention: .taxRecords),
      bill: .init(retention: ItemRetention(.taxYears(7), keptWhile: [.active])),
      game: .init(retention: .configured),
      reading: .init(retention: .configured, readForDays: 800),
    ], defaultDays: 90)

  static func at(_ text: String) -> Date { UTCTimestamp.parse(text)! }

  static func item(_ kind: ItemKind, _ id: String, _ when: String?, _ status: ItemStatus = .active) -> Item {
    Item(kind: kind, upstreamID: id, title: id, startsAt: when.map(at), status: status)
  }

  static let listing = [
    item(ledger, "2019-first-hour", "2019-01-01T00:00:00Z"),
    item(ledger, "2018-last-hour", "2018-12-31T23:00:00Z"),
    item(bill, "open-1999", "1999-06-01T00:00:00Z", .active),
    item(bill, "paid-1999", "1999-06-01T00:00:00Z", .closed),
    item(game, "played-89-days-ago", "2026-09-04T00:00:00Z"),
    item(game, "played-91-days-ago", "2026-09-02T00:00:00Z"),
    item(game, "undated", nil),
    item(reading, "read-500-days-ago", "2025-07-20T00:00:00Z"),
    item(reading, "read-900-days-ago", "2024-06-15T00:00:00Z"),
  ]

  func filled() async throws -> Store {
    let store = try Store.inMemory()
    try await store.addAccount(
      Account(
        id: Self.accountID, name: "me", kind: "test", username: nil, baseURL: "https://example.invalid",
        state: .ok, stateChangedAt: Self.now, createdAt: Self.now))
    // Stored as of long ago, so that the sync's own retention stores all of them.
    _ = try await store.applySync(
      accountID: Self.accountID, items: Self.listing, complete: [],
      window: SyncWindow(from: .distantPast, to: .distantFuture), cursor: nil, at: Self.at("1999-01-01T00:00:00Z"))
    return store
  }

  func left(_ store: Store) async throws -> [String] {
    try await store.items(accountID: Self.accountID).map(\.item.upstreamID).sorted()
  }

  @Test func eachKindKeepsWhatItDeclares() async throws {
    let store = try await filled()
    let purged = try await store.purgeItems(Self.policy, now: Self.now)
    #expect(purged == 4)
    #expect(
      try await left(store) == [
        "2019-first-hour", "open-1999", "played-89-days-ago", "read-500-days-ago", "undated",
      ])
  }

  @Test func anItemAnUnsettledActionNamesStays() async throws {
    let store = try await filled()
    let items = try await store.items(accountID: Self.accountID)
    let paid = try #require(items.first { $0.item.upstreamID == "paid-1999" })
    let game = try #require(items.first { $0.item.upstreamID == "played-91-days-ago" })
    let review = try await store.enqueueAction(
      accountID: Self.accountID, type: ActionType(rawValue: "test.mark"), itemNumber: paid.number, target: "p",
      params: [:])
    _ = try await store.setActionState(number: review.number, state: .failed, problem: .verbatim("refused"))
    let done = try await store.enqueueAction(
      accountID: Self.accountID, type: ActionType(rawValue: "test.mark"), itemNumber: game.number, target: "g",
      params: [:])
    _ = try await store.setActionState(number: done.number, state: .done)
    _ = try await store.purgeItems(Self.policy, now: Self.now)
    let names = try await left(store)
    #expect(names.contains("paid-1999"), "a failed action the user has still to review names it")
    #expect(!names.contains("played-91-days-ago"), "a done action keeps nothing")
  }

  /// The same listing after the purge: nothing it removed comes back, nothing is news.
  @Test func aListingAfterThePurgeStoresNothingAgain() async throws {
    let store = try await filled()
    _ = try await store.purgeItems(Self.policy, now: Self.now)
    let again = try await store.applySync(
      accountID: Self.accountID, items: Self.listing, complete: [],
      window: SyncWindow(from: .distantPast, to: .distantFuture), cursor: nil, retention: Self.policy, at: Self.now)
    #expect(again.changes.isEmpty, "\(again.changes)")
    #expect(try await store.purgeItems(Self.policy, now: Self.now) == 0)
  }

  @Test func removedItemsGoAfterTheDefaultDays() async throws {
    let store = try await filled()
    _ = try await store.applySync(
      accountID: Self.accountID, items: [], complete: [], window: SyncWindow(from: .distantPast, to: .distantFuture),
      cursor: nil, removed: [ItemKey(Self.bill, "open-1999")], at: Self.at("2026-08-01T00:00:00Z"))
    _ = try await store.purgeItems(Self.policy, now: Self.now)
    #expect(!(try await left(store)).contains("open-1999"), "removed by the service 123 days ago")
  }

  @Test func theTaxYearBoundaryIsTheFirstOfJanuary() {
    #expect(Self.policy.cutoff(for: Self.ledger, now: Self.now) == Self.at("2019-01-01T00:00:00Z"))
    #expect(Self.policy.cutoff(for: ItemKind(rawValue: "unknown"), now: Self.now) == Self.at("2026-09-03T00:00:00Z"))
    #expect(
      RetentionPolicy(rules: [Self.game: .init(retention: ItemRetention(.forever))], defaultDays: 1)
        .cutoff(for: Self.game, now: Self.now) == nil)
  }
}
