import Foundation
import OutpostModel
import OutpostSnapshot
import OutpostStore
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon

/// The bar's per-account summaries are kept between rebuilds only while the store is
/// unwritten, younger than a minute and not past their own `validUntil`; whatever they answer
/// is what `StoreViews.barSummaries` answers at that instant.
@Suite struct BarSummaryCacheTests {
  static let shoot = RPPNotificationTests.order(photographer: "Dana Reyes")

  static func fixture() async throws -> NotificationFixture {
    let fixture = try await NotificationFixture(kind: "rpp", now: RPPNotificationTests.before)
    try await fixture.sync([shoot, RPPBarTests.conversation("conv_1", unread: 2)], announce: false)
    return fixture
  }

  @Test func aRebuildWithNothingWrittenKeepsTheSummary() async throws {
    let fixture = try await Self.fixture()
    let cache = BarSummaryCache(store: fixture.store, locale: RPPBarTests.agentThere)
    let now = RPPNotificationTests.before
    let first = await cache.summaries(now: now)
    #expect(
      first[NotificationFixture.accountID]?.text == "Shoot Sat 2026-03-14 09:00 · 12 Ocean Ave · 2 unread messages")
    #expect(await cache.computed == 1)
    // A sync that changes nothing writes nothing: the summary is kept.
    try await fixture.sync([Self.shoot, RPPBarTests.conversation("conv_1", unread: 2)], announce: false)
    let again = await cache.summaries(now: now.addingTimeInterval(30))
    #expect(again == first)
    #expect(await cache.computed == 1)
  }

  @Test func aSyncThatOnlyMovesItsCursorKeepsIt() async throws {
    let fixture = try await Self.fixture()
    let cache = BarSummaryCache(store: fixture.store, locale: RPPBarTests.agentThere)
    let now = RPPNotificationTests.before
    _ = await cache.summaries(now: now)
    let items = [Self.shoot, RPPBarTests.conversation("conv_1", unread: 2)]
    let window = SyncWindow(from: now.addingTimeInterval(-60 * 86_400), to: now.addingTimeInterval(366 * 86_400))
    let writes = fixture.store.writeTransactions
    for cursor in ["chg_1", "chg_2"] {
      let outcome = try await fixture.store.applySync(
        accountID: NotificationFixture.accountID, items: items, complete: Set(items.map(\.kind)), window: window,
        cursor: ["changes": .string(cursor)], at: now)
      #expect(outcome.isEmpty)
    }
    #expect(fixture.store.writeTransactions == writes + 2)
    _ = await cache.summaries(now: now.addingTimeInterval(1))
    #expect(await cache.computed == 1)
    // The same cursor with a change: computed again.
    _ = try await fixture.store.applySync(
      accountID: NotificationFixture.accountID, items: [Self.shoot, RPPBarTests.conversation("conv_1", unread: 3)],
      complete: Set(items.map(\.kind)), window: window, cursor: ["changes": "chg_2"], at: now)
    let after = await cache.summaries(now: now.addingTimeInterval(2))
    #expect(
      after[NotificationFixture.accountID]?.text == "Shoot Sat 2026-03-14 09:00 · 12 Ocean Ave · 3 unread messages")
    #expect(await cache.computed == 2)
  }

  @Test func aWriteMakesItComputeAgain() async throws {
    let fixture = try await Self.fixture()
    let cache = BarSummaryCache(store: fixture.store, locale: RPPBarTests.agentThere)
    let now = RPPNotificationTests.before
    _ = await cache.summaries(now: now)
    try await fixture.sync([Self.shoot, RPPBarTests.conversation("conv_1", unread: 5)], announce: false)
    let after = await cache.summaries(now: now.addingTimeInterval(1))
    #expect(
      after[NotificationFixture.accountID]?.text == "Shoot Sat 2026-03-14 09:00 · 12 Ocean Ave · 5 unread messages")
    #expect(await cache.computed == 2)
  }

  @Test func itIsComputedAgainPastItsValidityOrAfterAMinute() async throws {
    let fixture = try await Self.fixture()
    let cache = BarSummaryCache(store: fixture.store, locale: RPPBarTests.agentThere)
    let now = RPPNotificationTests.before
    let first = try #require(await cache.summaries(now: now)[NotificationFixture.accountID])
    // Within a minute and before it turns: kept.
    _ = await cache.summaries(now: now.addingTimeInterval(BarSummaryCache.maxAge - 1))
    #expect(await cache.computed == 1)
    // A minute on: computed again, the same answer as the store gives.
    let minuteOn = now.addingTimeInterval(BarSummaryCache.maxAge)
    let later = await cache.summaries(now: minuteOn)
    #expect(await cache.computed == 2)
    #expect(
      later == (await StoreViews.barSummaries(store: fixture.store, locale: RPPBarTests.agentThere, now: minuteOn)))
    // Past its own validUntil (the shoot is over), even within a minute of the last one.
    let validUntil = try #require(first.validUntil)
    _ = await cache.summaries(now: validUntil.addingTimeInterval(-BarSummaryCache.maxAge / 2))
    #expect(await cache.computed == 3)
    let over = await cache.summaries(now: validUntil)
    #expect(await cache.computed == 4)
    #expect(
      over == (await StoreViews.barSummaries(store: fixture.store, locale: RPPBarTests.agentThere, now: validUntil)))
    #expect(over[NotificationFixture.accountID]?.text != first.text)
  }
}
