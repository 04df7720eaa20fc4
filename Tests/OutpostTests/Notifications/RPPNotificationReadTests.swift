import Foundation
import OutpostModel
import OutpostStore
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon

/// Read on one device is read on the other (rpp.md §4.6): RPP's own notifications, synced as
/// `notice` items, pair with what Outpost told of the same change; the newest of the service's
/// about it decides whether the service has it read.
@Suite struct RPPNotificationReadTests {
  static let before = RPPNotificationTests.before

  /// One of RPP's notifications as `/notifications` lists it.
  static func notice(
    _ id: String, type: String, order: String? = "ord_8Yq2", conversation: String? = nil, read: Bool,
    created: String = "2026-03-13T18:00:00Z"
  ) -> Item {
    RPPItems.notice([
      "id": .string(id), "type": .string(type), "title": "Appointment moved", "body": "RPP-7K3Q9D now starts 13:00",
      "orderId": order.map { .string($0) } ?? .null, "conversationId": conversation.map { .string($0) } ?? .null,
      "read": .bool(read), "readAt": read ? "2026-03-13T18:05:00Z" : .null, "createdAt": .string(created),
      "updatedAt": .string(created), "version": 1,
    ])!
  }

  static let moved = RPPNotificationTests.order(start: "2026-03-14T13:00:00-07:00", end: "2026-03-14T14:30:00-07:00")

  /// The account's items as one complete listing per kind, without telling news.
  func store(_ fixture: NotificationFixture, _ items: [Item]) async throws {
    try await fixture.sync(items, announce: false)
  }

  func mirror(_ fixture: NotificationFixture) -> NotificationReadMirror {
    NotificationReadMirror(store: fixture.store, logger: .init(label: "test"))
  }

  @Test func aMoveReadOnThePhoneIsReadHereAfterTheNextSync() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await store(fixture, [RPPNotificationTests.order()])
    try await fixture.sync([Self.moved, Self.notice("ntf_1", type: "booking_changed", read: false)])
    let told = try #require(try await fixture.notifications().first)
    #expect(told.category.rawValue == "booking-changed" && !told.isRead)
    #expect(fixture.desktop.notifications.count == 1)
    #expect(await mirror(fixture).followService(accountID: NotificationFixture.accountID, at: Self.before).isEmpty)

    // Read on the phone; the next sync brings the notification back read.
    try await store(fixture, [Self.moved, Self.notice("ntf_1", type: "booking_changed", read: true)])
    let marked = await mirror(fixture).followService(accountID: NotificationFixture.accountID, at: Self.before)
    #expect(marked == [told.id])
    #expect(try await fixture.store.notification(id: told.id)?.isRead == true)
    // Read there, it leaves this screen too.
    await fixture.centre.closeOnDesktop(ids: marked)
    #expect(fixture.desktop.closed == [try #require(told.desktopID)])
  }

  @Test func newsAlreadyReadOnThePhoneIsKeptReadAndNotShown() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await store(fixture, [RPPNotificationTests.order()])
    try await fixture.sync([Self.moved, Self.notice("ntf_1", type: "booking_changed", read: true)])
    let told = try #require(try await fixture.notifications().first)
    #expect(told.category.rawValue == "booking-changed")
    #expect(told.isRead && told.delivery == .suppressed)
    #expect(fixture.desktop.notifications.isEmpty)
  }

  @Test func theNewestOfTheServicesNotificationsAboutItDecides() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await store(fixture, [RPPNotificationTests.order()])
    // Moved twice: the first move read on the phone, the second not yet.
    try await fixture.sync([
      Self.moved, Self.notice("ntf_1", type: "booking_changed", read: true, created: "2026-03-13T17:00:00Z"),
      Self.notice("ntf_2", type: "booking_changed", read: false, created: "2026-03-13T18:00:00Z"),
    ])
    let told = try #require(try await fixture.notifications().first)
    #expect(!told.isRead && fixture.desktop.notifications.count == 1)
    // Another category about the same shoot, read there, says nothing about this one.
    try await store(
      fixture,
      [
        Self.moved, Self.notice("ntf_1", type: "booking_changed", read: true, created: "2026-03-13T17:00:00Z"),
        Self.notice("ntf_2", type: "booking_changed", read: false, created: "2026-03-13T18:00:00Z"),
        Self.notice("ntf_3", type: "photographer_en_route", read: true, created: "2026-03-13T19:00:00Z"),
        Self.notice("ntf_4", type: "booking_changed", order: "ord_other", read: true, created: "2026-03-13T19:00:00Z"),
      ])
    #expect(await mirror(fixture).followService(accountID: NotificationFixture.accountID, at: Self.before).isEmpty)
  }

  @Test func readHereAsksTheServiceToMarkItsUnreadTwinsRead() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    let asked = AskedReceipts()
    let centre = fixture.centre
    await centre.onRead { read in
      await asked.add(await centre.readMirror.serviceTwins(of: read).map { ($0.notice.item.upstreamID, $0.action) })
    }
    try await store(fixture, [RPPNotificationTests.order()])
    try await fixture.sync([
      Self.moved, Self.notice("ntf_1", type: "booking_changed", read: false),
      Self.notice("ntf_2", type: "booking_changed", read: true, created: "2026-03-13T17:00:00Z"),
      Self.notice("ntf_3", type: "booking_cancelled", read: false),
      RPPNotificationTests.message("msg_1", conversation: "conv_8Yq2"),
      Self.notice("ntf_4", type: "new_message", conversation: "conv_8Yq2", read: false),
      Self.notice("ntf_5", type: "new_message", order: nil, conversation: "conv_other", read: false),
    ])
    let told = try await fixture.notifications()
    #expect(told.map(\.category.rawValue) == ["booking-changed", "new-message"])

    // The move read here: its unread twin, not the one read already, not the cancel's.
    #expect(try await fixture.centre.markRead(ids: [told[0].id]) == 1)
    #expect(await asked.receipts.map(\.0) == ["ntf_1"])
    #expect(fixture.desktop.closed == [try #require(told[0].desktopID)])
    #expect(await asked.receipts.allSatisfy { $0.1 == .rppNoticeRead })
    // The message read here: the new_message of its conversation only.
    #expect(try await fixture.centre.markRead(ids: nil) == 1)
    #expect(await asked.receipts.map(\.0) == ["ntf_1", "ntf_4"])
    // Read twice is told once.
    #expect(try await fixture.centre.markRead(ids: nil) == 0)
    #expect(await asked.receipts.count == 2)
  }

  @Test func aReceiptWaitingInTheQueueIsNotAskedTwice() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await store(fixture, [RPPNotificationTests.order()])
    try await fixture.sync([Self.moved, Self.notice("ntf_1", type: "booking_changed", read: false)])
    let told = try await fixture.notifications()
    let notice = try #require(
      try await fixture.store.items(accountID: NotificationFixture.accountID, kinds: [.notice]).first)
    #expect(await mirror(fixture).serviceTwins(of: told).map(\.notice.number) == [notice.number])
    _ = try await fixture.store.enqueueAction(
      accountID: NotificationFixture.accountID, type: .rppNoticeRead, itemNumber: notice.number,
      target: notice.item.upstreamID, params: [:])
    #expect(await mirror(fixture).serviceTwins(of: told).isEmpty)
  }

  @Test func theReceiptIsQuietWhenTheQueueReplaysIt() {
    #expect(ConnectorRegistry.action(.rppNoticeRead)?.declaration.quiet == true)
    #expect(ConnectorRegistry.action(.rppRead)?.declaration.quiet == false)
  }
}

actor AskedReceipts {
  var receipts: [(String, ActionType)] = []
  func add(_ more: [(String, ActionType)]) { receipts += more }
}
