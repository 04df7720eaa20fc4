import Foundation
import OutpostModel
import OutpostStore
import Testing

@Suite struct NotificationCentreTests {
  let directory = TemporaryDirectory()

  @Test func aNotificationWithTheSameDedupeKeyIsStoredOnce() async throws {
    let store = try await Fixture.store(in: directory)
    let numbers = try await Fixture.sync(store, [Fixture.game("a", startsAt: Fixture.t0.addingTimeInterval(86_400))])
    let change = NewNotification(
      category: .changed, accountID: Fixture.accountID, itemNumber: numbers["a"], summary: "Game a moved",
      body: "now Sat 18:00", link: "volleykit://assignment/a", dedupeKey: "changed:\(numbers["a"]!):time:1")
    let stored = try #require(try await store.addNotification(change, at: Fixture.t0))
    #expect(stored.category == .changed && stored.delivery == .pending && !stored.isRead)
    #expect(stored.itemNumber == numbers["a"] && stored.createdAt == Fixture.t0)
    #expect(try await store.addNotification(change, at: Fixture.t0) == nil)
    #expect(try await store.notifications().count == 1)
  }

  @Test func readUnreadAndCategories() async throws {
    let store = try await Fixture.store(in: directory)
    var ids: [Int64] = []
    for (index, category) in [NotificationCategory.reminder, .cancelled, .reminder, .needsLogin].enumerated() {
      let added = try await store.addNotification(
        NewNotification(category: category, summary: "n\(index)"), at: Fixture.t0.addingTimeInterval(Double(index)))
      ids.append(try #require(added).id)
    }
    #expect(try await store.unreadNotificationCount() == 4)
    #expect(try await store.unreadNotificationCount(category: .reminder) == 2)
    #expect(try await store.notifications(category: .reminder).map(\.summary) == ["n2", "n0"])
    #expect(try await store.notifications(limit: 1).map(\.summary) == ["n3"])
    #expect(try await store.markNotificationsRead(ids: [ids[0], 999], at: Fixture.t0) == 1)
    #expect(try await store.markNotificationsRead(ids: [ids[0]], at: Fixture.t0) == 0)
    #expect(try await store.notifications(unreadOnly: true).map(\.summary) == ["n3", "n2", "n1"])
    #expect(try await store.markNotificationsRead(ids: nil, at: Fixture.t0.addingTimeInterval(60)) == 3)
    #expect(try await store.unreadNotificationCount() == 0)
    #expect(try await store.notification(id: ids[0])?.readAt == Fixture.t0)
    #expect(try await store.purgeNotifications(readAndCreatedBefore: Fixture.t0.addingTimeInterval(2)) == 2)
  }

  @Test func deliveryAndDesktopIDs() async throws {
    let store = try await Fixture.store(in: directory)
    let first = try #require(
      try await store.addNotification(NewNotification(category: .reminder, summary: "first"), at: Fixture.t0))
    let second = try #require(
      try await store.addNotification(NewNotification(category: .reminder, summary: "second"), at: Fixture.t0))
    let quiet = try #require(
      try await store.addNotification(
        NewNotification(category: .changed, summary: "quiet", delivery: .suppressed), at: Fixture.t0))
    #expect(try await store.pendingDeliveries().map(\.id) == [first.id, second.id])
    #expect(try await store.setNotificationDelivery(id: first.id, .shown, desktopID: 7))
    #expect(try await store.setNotificationDelivery(id: second.id, .unavailable, desktopID: nil))
    #expect(try await store.notification(desktopID: 7)?.id == first.id)
    #expect(try await store.pendingDeliveries().map(\.id) == [second.id])
    // The server restarted and gave id 7 again, to another notification.
    try await store.setNotificationDelivery(id: second.id, .shown, desktopID: 7)
    #expect(try await store.notification(desktopID: 7)?.id == second.id)
    #expect(try await store.notification(id: first.id)?.desktopID == nil)
    #expect(try await store.notification(id: quiet.id)?.delivery == .suppressed)
    #expect(try await store.setNotificationDelivery(id: quiet.id, .suppressed, desktopID: 0))
    #expect(try await store.notification(id: quiet.id)?.desktopID == nil)
    #expect(try await store.pendingDeliveries().isEmpty)
    #expect(try await !store.setNotificationDelivery(id: 999, .shown, desktopID: nil))
  }

  @Test func theSchemaRefusesAnEmptySummaryAndFollowsItsItemsAndAccounts() async throws {
    let store = try await Fixture.store(in: directory)
    await #expect(throws: StoreError.self) {
      try await store.addNotification(NewNotification(category: .reminder, summary: ""), at: Fixture.t0)
    }
    let numbers = try await Fixture.sync(store, [Fixture.game("a", startsAt: Fixture.t0.addingTimeInterval(-86_400))])
    let about = try #require(
      try await store.addNotification(
        NewNotification(category: .cancelled, itemNumber: numbers["a"], summary: "Game a cancelled"), at: Fixture.t0))
    #expect(try await store.purgeItems(RetentionPolicy(rules: [:], defaultDays: 0), now: Fixture.t0) == 1)
    #expect(try await store.notification(id: about.id)?.itemNumber == nil)
    _ = try await store.addNotification(
      NewNotification(category: .needsLogin, accountID: Fixture.accountID, summary: "Log in again"), at: Fixture.t0)
    try await store.removeAccount(id: Fixture.accountID)
    #expect(try await store.notifications().map(\.summary) == ["Game a cancelled"])
    #expect(try store.appliedMigrations().contains("9-reminders-notifications"))
  }
}
