import Foundation
import OutpostModel
import OutpostStore
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon

/// `outpost viiraa` counts every unread insight, as `viiraa insights` lists them: a fresh-eyes
/// tester read "4 new insights" above a list of five marked new (the count read only the
/// last 31 days).
@Suite struct ViiRaaInsightCountTests {
  @Test func anUnreadInsightOlderThanAMonthIsStillCounted() async throws {
    let now = UTCTimestamp.parse("2026-12-04T12:00:00Z")!
    let fixture = try await NotificationFixture(kind: "viiraa", now: now)
    func insight(_ id: String, daysAgo: Double, unread: Bool) -> Item {
      Item(
        kind: .insight, upstreamID: id, title: "Insight \(id)", startsAt: now.addingTimeInterval(-daysAgo * 86_400),
        details: ["unread": .int(unread ? 1 : 0), "body": "…"])
    }
    try await fixture.sync(
      [
        insight("a", daysAgo: 2, unread: true), insight("b", daysAgo: 45, unread: true),
        insight("c", daysAgo: 3, unread: false),
      ],
      announce: false)
    let kind = try #require(ConnectorRegistry.kind("viiraa"))
    let declaration = try #require(kind.queries.first(where: { $0.name == "viiraa.dashboard" }))
    let account = try #require(try await fixture.store.account(named: "work"))
    let answer = try await StoreViews.answer(
      declaration, params: [:], kind: kind, account: account, store: fixture.store, now: now)
    #expect(answer["block"]?["unread_insights"]?.int64Value == 2, "\(answer)")
  }
}
