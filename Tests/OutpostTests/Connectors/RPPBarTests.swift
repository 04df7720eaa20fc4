import Foundation
import OutpostModel
import OutpostSnapshot
import OutpostStore
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon

/// RPP's part of the status bars (`barView` "rpp.next"), read from the store as the snapshot
/// service reads it.
@Suite struct RPPBarTests {
  static func conversation(_ id: String, unread: Int64) -> Item {
    RPPItems.conversation([
      "id": .string(id), "orderId": "ord_8Yq2", "kind": "order", "unreadCount": .int(unread),
      "participants": [["name": "Dana Reyes", "role": "photographer"]],
    ])!
  }

  @Test func theBarShowsTheNextShootAndTheUnreadMessages() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: RPPNotificationTests.before)
    let later = RPPNotificationTests.order(
      start: "2026-03-20T14:00:00-07:00", end: "2026-03-20T15:00:00-07:00", photographer: "Sam Lee")
    var later2 = later
    later2.upstreamID = "ord_later"
    later2.link = "rpp://order/ord_later"
    var cancelled = RPPNotificationTests.order(status: "cancelled", start: "2026-03-13T15:00:00-07:00")
    cancelled.upstreamID = "ord_off"
    try await fixture.sync(
      [
        later2, RPPNotificationTests.order(photographer: "Dana Reyes"), cancelled,
        Self.conversation("conv_1", unread: 2), Self.conversation("conv_2", unread: 1),
      ], announce: false)
    let bars = await StoreViews.barSummaries(
      store: fixture.store, locale: Self.agentThere, now: RPPNotificationTests.before)
    let bar = try #require(bars[NotificationFixture.accountID])
    #expect(bar.text == "Shoot Sat 2026-03-14 09:00 · 12 Ocean Ave · 3 unread messages")
    #expect(bar.block["nextShoot"]?["photographer"] == "Dana Reyes")
    #expect(bar.block["nextShoot"]?["link"] == "rpp://order/ord_8Yq2")
    #expect(bar.block["unreadMessages"] == 3)
    #expect(bar.validUntil == UTCTimestamp.parse("2026-03-14T17:30:00Z"))

    // Once that shoot is over, the next one; with nothing booked and nothing unread, it says so.
    let afterIt = UTCTimestamp.parse("2026-03-14T18:00:00Z")!
    let then = await StoreViews.barSummaries(store: fixture.store, locale: Self.agentThere, now: afterIt)[
      NotificationFixture.accountID]
    #expect(then?.text == "Shoot Fri 2026-03-20 14:00 · 12 Ocean Ave · 3 unread messages")
    #expect(then?.block["nextShoot"]?["photographer"] == "Sam Lee")
    let empty = try await NotificationFixture(kind: "rpp", now: RPPNotificationTests.before)
    try await empty.sync([Self.conversation("conv_1", unread: 0)], announce: false)
    let nothing = await StoreViews.barSummaries(store: empty.store, now: RPPNotificationTests.before)
    #expect(nothing[NotificationFixture.accountID]?.text == "no shoot booked")
  }

  static let agentThere = ViewLocale(language: .en, timeZone: TimeZone(identifier: "America/Los_Angeles")!)

  /// A reader in Zurich reads the shoot in their own clock first, the property's beside it, in
  /// their language, one message in the singular (issue 48 §1, §2).
  @Test func theBarSpeaksTheReadersLanguageAndClock() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: RPPNotificationTests.before)
    try await fixture.sync(
      [RPPNotificationTests.order(photographer: "Dana Reyes"), Self.conversation("conv_1", unread: 1)],
      announce: false)
    let zurich = TimeZone(identifier: "Europe/Zurich")!
    let german = await StoreViews.barSummaries(
      store: fixture.store, locale: ViewLocale(language: .de, timeZone: zurich), now: RPPNotificationTests.before)
    #expect(
      german[NotificationFixture.accountID]?.text
        == "Shooting Sa 14.03.2026 17:00 (09:00 Los Angeles) · 12 Ocean Ave · 1 ungelesene Nachricht")
    let french = await StoreViews.barSummaries(
      store: fixture.store, locale: ViewLocale(language: .fr, timeZone: zurich), now: RPPNotificationTests.before)
    #expect(
      french[NotificationFixture.accountID]?.text
        == "Séance sam 14.03.2026 17:00 (09:00 Los Angeles) · 12 Ocean Ave · 1 message non lu")
  }
}
