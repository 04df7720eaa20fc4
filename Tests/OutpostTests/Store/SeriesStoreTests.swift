import Foundation
import GRDB
import OutpostModel
import Testing

@testable import OutpostStore

/// Series points beside the items: stored in the sync's transaction, replaced only when they
/// differ, removed by name or by a complete listing (never by an empty one), read by range.
@Suite struct SeriesStoreTests {
  static let kind = ItemKind(rawValue: "glucose")
  static let start = Date(timeIntervalSince1970: 1_780_000_000)
  static let window = SyncWindow(from: start.addingTimeInterval(-86_400), to: start.addingTimeInterval(86_400))

  struct World {
    let directory = TemporaryDirectory()
    let store: Store
    let accountID = "00000000-0000-4000-8000-0000000000b1"

    init() async throws {
      store = try Store.open(path: directory.file("outpost.sqlite"))
      try await store.addAccount(
        Account(
          id: accountID, name: "me", kind: "viiraa", username: "u", baseURL: "https://x", state: .ok,
          stateChangedAt: SeriesStoreTests.start, createdAt: SeriesStoreTests.start))
    }

    func apply(
      _ points: [SeriesPoint], complete: Set<ItemKind> = [], removed: [ItemKey] = [], cursor: JSONValue? = nil
    ) async throws -> Store.SyncOutcome {
      try await store.applySync(
        accountID: accountID, items: [], points: points, complete: complete, window: SeriesStoreTests.window,
        cursor: cursor, removed: removed)
    }

    func all() async throws -> [SeriesPoint] {
      try await store.seriesPoints(
        accountID: accountID, kinds: [SeriesStoreTests.kind],
        in: SeriesStoreTests.window.from...SeriesStoreTests.window.to)
    }
  }

  static func point(_ minute: Int, _ value: Double, details: JSONValue = ["source": "libreview_csv"]) -> SeriesPoint {
    SeriesPoint(
      kind: kind, key: "k\(minute)", at: start.addingTimeInterval(Double(minute) * 60), value: value, tag: "cgm",
      details: details)
  }

  @Test func pointsAreStoredOnceAndReadBackInTimeOrder() async throws {
    let world = try await World()
    let points = (0..<200).reversed().map { Self.point($0 * 5, 100 + Double($0)) }
    let first = try await world.apply(points, cursor: ["page": 1])
    #expect(first.seriesChanges[Self.kind] == Store.SeriesCounts(stored: 200))
    #expect(first.changes.isEmpty)
    let read = try await world.all()
    #expect(read.map(\.key) == points.reversed().map(\.key))
    #expect(read.first?.details == ["source": "libreview_csv"] && read.first?.tag == "cgm")
    // The cursor went in with them.
    #expect(try await world.store.syncCursor(accountID: world.accountID) == ["page": 1])
    // The same points again: nothing written; one value changed: one point stored.
    #expect(try await world.apply(points, cursor: ["page": 1]).isEmpty)
    var changed = points
    changed[7].value = 250
    #expect(try await world.apply(changed).seriesChanges[Self.kind] == Store.SeriesCounts(stored: 1))
    #expect(try await world.all().first { $0.key == changed[7].key }?.value == 250)
    // A range reads only what it covers.
    let some = try await world.store.seriesPoints(
      accountID: world.accountID, kinds: [Self.kind], in: Self.start...Self.start.addingTimeInterval(600))
    #expect(some.map(\.key) == ["k0", "k5", "k10"])
    // Details shared by a run are stored once.
    let texts = try await world.store.reading { try Int.fetchOne($0, sql: "SELECT count(*) FROM series_details") }
    #expect(texts == 1)
  }

  @Test func namedRemovalsAndCompleteListingsRemoveButAnEmptyListingDoesNot() async throws {
    let world = try await World()
    _ = try await world.apply((0..<6).map { Self.point($0, 100) })
    // Named removals; one named but listed again in the same answer stays.
    let named = try await world.apply(
      [Self.point(1, 101)],
      removed: [ItemKey(Self.kind, "k0"), ItemKey(Self.kind, "k1"), ItemKey(Self.kind, "absent")])
    #expect(named.seriesChanges[Self.kind] == Store.SeriesCounts(stored: 1, removed: 1))
    #expect(try await world.all().map(\.key) == ["k1", "k2", "k3", "k4", "k5"])
    // A complete listing of the kind leaves out k2 and k3.
    let listing = try await world.apply(
      [Self.point(1, 101), Self.point(4, 100), Self.point(5, 100)], complete: [Self.kind])
    #expect(listing.seriesChanges[Self.kind] == Store.SeriesCounts(stored: 0, removed: 2))
    #expect(try await world.all().map(\.key) == ["k1", "k4", "k5"])
    // An empty complete listing is not believed.
    let empty = try await world.apply([], complete: [Self.kind])
    #expect(empty.suspectedWipes == [Self.kind] && empty.seriesChanges.isEmpty)
    #expect(try await world.all().count == 3)
  }

  @Test func removingTheAccountRemovesItsPointsAndThePurgeKeepsThem() async throws {
    let world = try await World()
    _ = try await world.apply([Self.point(0, 90, details: ["id": "a"]), Self.point(5, 95, details: ["id": "b"])])
    // The second point's details change: its old details are named by nothing and purged.
    _ = try await world.apply([Self.point(5, 95, details: ["id": "c"])])
    _ = try await world.store.purgeItems(
      RetentionPolicy(rules: [:], defaultDays: 0), now: Self.start.addingTimeInterval(365 * 86_400))
    #expect(try await world.all().map(\.details) == [["id": "a"], ["id": "c"]])
    let texts = try await world.store.reading {
      try String.fetchAll($0, sql: "SELECT text FROM series_details ORDER BY text")
    }
    #expect(texts == [#"{"id":"a"}"#, #"{"id":"c"}"#])
    #expect(try await world.store.removeAccount(id: world.accountID))
    let left = try await world.store.reading { try Int.fetchOne($0, sql: "SELECT count(*) FROM series_point") }
    #expect(left == 0)
  }
}
