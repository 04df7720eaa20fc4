import Foundation
import OutpostModel
import OutpostSnapshot
import Testing

/// A snapshot reads only the soonest coming items (`SnapshotSource.itemLimit`), not all of a
/// 100,000-event feed (issue 20): built from those, it must be the snapshot built from them
/// all, and it is built again by the time the ones it did not read could matter.
@Suite struct SnapshotItemLimitTests {
  /// `count` games 30 minutes apart from an hour after `Clock.now`; every seventh is cancelled
  /// and the first three are too (the headline is the first that is not).
  static func fixture(games count: Int) async throws -> StoreFixture {
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    let items = (0..<count).map { index in
      assignment(
        "g\(index)", "Game \(index)", at: Clock.now.addingTimeInterval(Clock.hours(1 + Double(index) / 2)),
        status: index < 3 || index % 7 == 0 ? .cancelled : .active)
    }
    try await fixture.sync(id, items)
    return fixture
  }

  @Test func theSoonestItemsGiveTheSnapshotOfThemAll() async throws {
    let fixture = try await Self.fixture(games: 60)
    let options = Clock.options
    let source = SnapshotSource(store: fixture.store)
    let limited = try await source.input(now: Clock.now, kinds: options.kinds, itemLimit: 20)
    let whole = try await source.input(now: Clock.now, kinds: options.kinds, itemLimit: 1000)
    #expect(limited.items.count == 20)
    #expect(whole.items.count == 60)
    let through = try #require(limited.itemsThrough)
    #expect(through == limited.items.last?.item.startsAt)
    #expect(whole.itemsThrough == nil)
    // Up to the last item read, the same snapshot at every moment, `validUntil` included.
    var moment = Clock.now
    while moment < through.addingTimeInterval(-Clock.hours(3)) {
      let fromLimited = SnapshotBuilder(input: limited, options: options).snapshot(at: moment)
      let fromWhole = SnapshotBuilder(input: whole, options: options).snapshot(at: moment)
      #expect(fromLimited == fromWhole, "at \(moment)")
      moment = moment.addingTimeInterval(Clock.hours(0.25))
    }
  }

  @Test func closedItemsDoNotCountAgainstTheLimit() async throws {
    // The soonest four are closed (the bar leaves them out): a limit of four still reads four
    // it shows, and the snapshot is the one built from every item.
    let fixture = try StoreFixture()
    let id = try await fixture.addAccount("volley")
    let items = (0..<12).map { index in
      assignment(
        "g\(index)", "Game \(index)", at: Clock.now.addingTimeInterval(Clock.hours(1 + Double(index))),
        status: index < 4 ? .closed : .active)
    }
    try await fixture.sync(id, items)
    // Three shown, as the daemon's limit is always well above what it shows.
    var options = Clock.options
    options.maxItems = 3
    let source = SnapshotSource(store: fixture.store)
    let limited = try await source.input(now: Clock.now, kinds: options.kinds, itemLimit: 4)
    #expect(limited.items.map(\.item.title) == ["Game 4", "Game 5", "Game 6", "Game 7"])
    #expect(limited.itemsThrough == Clock.now.addingTimeInterval(Clock.hours(8)))
    let whole = try await source.input(now: Clock.now, kinds: options.kinds, itemLimit: 1000)
    let fromLimited = SnapshotBuilder(input: limited, options: options).snapshot(at: Clock.now)
    #expect(fromLimited.next.first?.title == "Game 4")
    #expect(fromLimited == SnapshotBuilder(input: whole, options: options).snapshot(at: Clock.now))
  }

  @Test func itIsBuiltAgainByTheLastItemRead() {
    // Whatever the items read say, the snapshot is not kept past the start of the last one.
    let through = Clock.now.addingTimeInterval(Clock.hours(2))
    let account = SnapshotInput.Account(id: "a", name: "volley", kind: "volleymanager", state: .ok)
    let marked = SnapshotInput(accounts: [account], items: [], itemsThrough: through)
    #expect(SnapshotBuilder(input: marked, options: Clock.options).snapshot(at: Clock.now).validUntil == through)
    let unmarked = SnapshotInput(accounts: [account], items: [])
    #expect(SnapshotBuilder(input: unmarked, options: Clock.options).snapshot(at: Clock.now).validUntil == nil)
    // Once there, the mark is past and says nothing more.
    let later = SnapshotBuilder(input: marked, options: Clock.options).snapshot(at: through.addingTimeInterval(1))
    #expect(later.validUntil == nil)
  }

  @Test func theDaemonsSnapshotReadsAtMostTheLimit() async throws {
    let limit = SnapshotSource.itemLimit(showing: Clock.options.maxItems)
    let fixture = try await Self.fixture(games: limit + 40)
    let options = Clock.options
    let source = SnapshotSource(store: fixture.store)
    let input = try await source.input(now: Clock.now, kinds: options.kinds)
    #expect(input.items.count == limit)
    let whole = try await source.input(now: Clock.now, kinds: options.kinds, itemLimit: limit + 100)
    #expect(whole.items.count == limit + 40)
    let snapshot = try await source.snapshot(at: Clock.now, options: options)
    #expect(snapshot == SnapshotBuilder(input: whole, options: options).snapshot(at: Clock.now))
  }
}
