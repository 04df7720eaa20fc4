import Foundation
import OutpostModel
import OutpostReminders
import OutpostStore
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon

/// The Agile Network's news as the product document words it: the expert's name heads the
/// notification, "New video: <title>" ("New article: …") is its text; a subscription that
/// changes status and one that ends are Subscription Updates; offers are Promotions.
@Suite struct AgileNotificationTests {
  static let now = UTCTimestamp.parse("2026-02-04T10:00:00Z")!
  static let items = AgileItems(scheme: "brandapp", renewalLeadDays: 3)

  static func content(_ id: String, type: String, title: String) -> Item {
    items.content([
      "id": .string(id), "type": .string(type), "title": .string(title), "publishedAt": "2026-02-04T09:00:00.000Z",
      "isPremium": true, "viewerCanAccess": true, "webUrl": .string("https://brand.example/content/\(id)"),
      "durationSeconds": 655, "expert": ["id": "exp_17", "slug": "john-doe", "name": "John Doe"],
    ])!
  }

  static func subscription(status: String) -> Item {
    items.subscription([
      "id": "sub_5", "status": .string(status), "provider": "STRIPE", "interval": "MONTH",
      "price": ["amountMinor": 999, "currency": "USD"],
      "expert": ["id": "exp_17", "slug": "john-doe", "name": "John Doe"],
      "currentPeriodEnd": "2026-03-01T00:00:00.000Z", "nextBillingDate": "2026-03-01T00:00:00.000Z",
    ])!
  }

  @Test func newContentIsHeadedByTheExpertsName() async throws {
    let fixture = try await NotificationFixture(kind: "agilenetwork", now: Self.now)
    try await fixture.sync([Self.content("abc123", type: "VIDEO", title: "Training Tips Vol 1")], announce: false)
    try await fixture.sync([
      Self.content("abc123", type: "VIDEO", title: "Training Tips Vol 1"),
      Self.content("abc124", type: "VIDEO", title: "Footwork Drills"),
      Self.content("abc125", type: "ARTICLE", title: "Reading the Defence"),
    ])
    let told = try await fixture.notifications()
    #expect(told.map(\.category.rawValue) == ["new-content", "new-content"])
    #expect(told.map(\.summary) == ["John Doe", "John Doe"])
    #expect(Set(told.map(\.body)) == ["New video: Footwork Drills", "New article: Reading the Defence"])
    #expect(told.contains { $0.link == "brandapp://content/abc124" })
  }

  @Test func aSubscriptionsStatusAndItsEndAreSubscriptionUpdates() async throws {
    let fixture = try await NotificationFixture(kind: "agilenetwork", now: Self.now)
    try await fixture.sync([Self.subscription(status: "ACTIVE")], announce: false)
    try await fixture.sync([Self.subscription(status: "GRACE")])
    try await fixture.sync([Self.subscription(status: "ACTIVE")])
    // Gone from the list of current subscriptions: it ended.
    let outcome = try await fixture.store.applySync(
      accountID: NotificationFixture.accountID, items: [], complete: [.subscription],
      window: SyncWindow(from: Self.now.addingTimeInterval(-86_400), to: Self.now.addingTimeInterval(86_400)),
      cursor: nil, at: Self.now)
    await fixture.notifier.announce(outcome.changes, accountID: NotificationFixture.accountID, firstSync: false)
    let told = try await fixture.notifications()
    #expect(told.map(\.category.rawValue) == Array(repeating: "subscription-updates", count: 3))
    #expect(
      told.map(\.summary) == [
        "Payment failed: John Doe", "Subscription renewed: John Doe", "Subscription ended: John Doe",
      ])
    #expect(told.first?.body.contains("payment failed") == true, "\(told.first?.body ?? "")")
  }

  @Test func aCategoryTheBrandHasOffIsKeptButNotShown() async throws {
    let fixture = try await NotificationFixture(kind: "agilenetwork", now: Self.now)
    let settings = Self.items.settings(["newContent": true, "subscriptionUpdates": true, "promotions": false])
    let offer = try #require(Self.items.promotion(["id": "promo_1", "title": "50% off", "body": "This week"]))
    let video = Self.content("abc124", type: "VIDEO", title: "Footwork Drills")
    try await fixture.sync([settings], announce: false)
    try await fixture.sync([settings, offer, video])
    let told = try await fixture.notifications()
    #expect(Set(told.map(\.category.rawValue)) == ["promotions", "new-content"])
    #expect(told.first { $0.category.rawValue == "promotions" }?.delivery == .suppressed)
    #expect(fixture.desktop.notifications.map(\.summary) == ["John Doe"])
  }

  @Test func aRenewalIsADeadlineThreeDaysAheadOnlyWhileItWillCharge() throws {
    let active = Self.subscription(status: "ACTIVE")
    let deadline = try #require(ReminderPlanner.deadlines(of: active).first)
    #expect(deadline.name == "renewal" && deadline.lead == .seconds(3 * 86_400))
    #expect(deadline.at == UTCTimestamp.parse("2026-03-01T00:00:00Z"))
    #expect(ReminderPlanner.deadlines(of: Self.subscription(status: "CANCELED_AT_PERIOD_END")).isEmpty)
  }
}
