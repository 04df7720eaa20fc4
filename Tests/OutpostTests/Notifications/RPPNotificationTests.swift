import Foundation
import OutpostDesktop
import OutpostModel
import OutpostStore
import Testing

@testable import OutpostConnectors
@testable import OutpostDaemon

/// RPP's news as desktop notifications: orders read by `RPPItems` from rpp.md §4 JSON, synced
/// into a store, told by the change notifier through the notification centre.
@Suite struct RPPNotificationTests {
  /// Saturday 14 March 2026, 09:00–10:30 in San Francisco.
  static let start = UTCTimestamp.parse("2026-03-14T16:00:00Z")!
  /// The day before the shoot, noon there.
  static let before = UTCTimestamp.parse("2026-03-13T19:00:00Z")!
  /// Two days after the shoot.
  static let after = UTCTimestamp.parse("2026-03-16T19:00:00Z")!

  /// The order at one step: `status`, the photographer (when assigned), the timeline's
  /// photographer events, the delivery.
  static func order(
    status: String = "scheduled", start: String = "2026-03-14T09:00:00-07:00",
    end: String = "2026-03-14T10:30:00-07:00",
    photographer: String? = nil, events: [String] = [], delivered: Bool = false
  ) -> Item {
    let json: JSONValue = [
      "id": "ord_8Yq2", "orderNumber": "RPP-7K3Q9D", "status": .string(status), "version": 3,
      "appointment": ["start": .string(start), "end": .string(end), "timeZone": "America/Los_Angeles"],
      "services": [["id": "svc_photo25", "name": "25 HDR photos"]],
      "total": ["amountMinor": 24900, "currency": "USD"],
      "address": [
        "line1": "12 Ocean Ave", "city": "San Francisco", "region": "CA", "postalCode": "94112", "country": "US",
      ],
      "assignedTo": photographer.map { ["id": "usr_dana", "name": .string($0), "role": "photographer"] } ?? .null,
      "timeline": .array([["event": "created"]] + events.map { ["event": .string($0)] }),
      "delivery": delivered
        ? ["status": "ready", "url": "https://photos.example/ord_8Yq2"] : ["status": "not_ready", "url": .null],
    ]
    return RPPItems.order(json)!
  }

  @Test func photosDeliveredAfterTheShootAreToldOnceWithOpenPhotos() async throws {
    var fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await fixture.sync([Self.order(photographer: "Dana Reyes", events: ["photographer_arrived"])])
    // The shoot is over; the photos come two days later.
    fixture.now = Self.after
    try await fixture.sync([Self.order(status: "completed", photographer: "Dana Reyes")])
    try await fixture.sync([Self.order(status: "delivered", photographer: "Dana Reyes", delivered: true)])
    try await fixture.sync([Self.order(status: "delivered", photographer: "Dana Reyes", delivered: true)])
    let told = try await fixture.notifications()
    #expect(told.map(\.category.rawValue) == ["delivered"])
    #expect(told.first?.summary == "Photos ready: 25 HDR photos · 12 Ocean Ave")
    #expect(told.first?.link == "rpp://order/ord_8Yq2")
    // Its Open button says what it opens.
    let shown = fixture.desktop.notifications
    #expect(shown.count == 1)
    #expect(shown.first?.actions.first?.label == "Open photos")
    #expect(shown.first?.actions.first?.key == ReminderAction.open.key)
  }

  @Test func otherNewsAboutAShootThatIsOverIsNotTold() async throws {
    var fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await fixture.sync([Self.order()], announce: false)
    fixture.now = Self.after
    try await fixture.sync([Self.order(photographer: "Dana Reyes")])
    #expect(try await fixture.notifications().isEmpty)
  }

  @Test func aBookingIsToldConfirmedWhenItComesScheduledOrWhenThePartnerConfirmsIt() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await fixture.sync([], announce: false)
    // Booked with a partner that confirms by itself.
    try await fixture.sync([Self.order()])
    #expect(try await fixture.notifications().map(\.summary) == ["Shoot confirmed: 25 HDR photos · 12 Ocean Ave"])
    // Booked with one that confirms later: pending first, told when it is scheduled.
    let other = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await other.sync([Self.order(status: "pending")], announce: false)
    try await other.sync([Self.order(status: "pending")])
    #expect(try await other.notifications().isEmpty)
    try await other.sync([Self.order()])
    let told = try await other.notifications()
    #expect(told.map(\.category.rawValue) == ["booking-confirmed"])
    #expect(told.first?.body.contains("12 Ocean Ave, San Francisco, CA 94112, US") == true)
  }

  @Test func aShootMovedOrCancelledIsToldOnce() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await fixture.sync([Self.order()], announce: false)
    let moved = Self.order(start: "2026-03-14T13:00:00-07:00", end: "2026-03-14T14:30:00-07:00")
    try await fixture.sync([moved])
    try await fixture.sync([moved])
    try await fixture.sync([
      Self.order(status: "cancelled", start: "2026-03-14T13:00:00-07:00", end: "2026-03-14T14:30:00-07:00")
    ])
    let told = try await fixture.notifications()
    #expect(told.map(\.category.rawValue) == ["booking-changed", "booking-cancelled"])
    #expect(
      told.map(\.summary) == [
        "Shoot moved: 25 HDR photos · 12 Ocean Ave", "Shoot cancelled: 25 HDR photos · 12 Ocean Ave",
      ])
  }

  @Test func eachStepOfThePhotographerIsToldOnce() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await fixture.sync([Self.order()], announce: false)
    try await fixture.sync([Self.order(photographer: "Dana Reyes")])
    try await fixture.sync([Self.order(photographer: "Dana Reyes", events: ["photographer_en_route"])])
    try await fixture.sync([Self.order(photographer: "Dana Reyes", events: ["photographer_en_route"])])
    try await fixture.sync([
      Self.order(photographer: "Dana Reyes", events: ["photographer_en_route", "photographer_arrived"])
    ])
    let told = try await fixture.notifications()
    #expect(told.map(\.category.rawValue) == ["photographer", "photographer", "photographer"])
    #expect(
      told.map(\.summary) == [
        "Photographer assigned: 25 HDR photos · 12 Ocean Ave", "Photographer on the way: 25 HDR photos · 12 Ocean Ave",
        "Photographer arrived: 25 HDR photos · 12 Ocean Ave",
      ])
  }

  @Test func aCategorySwitchedOffForTheAccountStaysInTheCentreOnly() async throws {
    var preferences = NotificationPreferences()
    preferences.disabled = [NotificationPreferences.key("photographer", accountID: NotificationFixture.accountID)]
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before, preferences: preferences)
    try await fixture.sync([Self.order()], announce: false)
    try await fixture.sync([Self.order(photographer: "Dana Reyes")])
    try await fixture.sync([
      Self.order(start: "2026-03-14T13:00:00-07:00", end: "2026-03-14T14:30:00-07:00", photographer: "Dana Reyes")
    ])
    let told = try await fixture.notifications()
    #expect(told.map(\.category.rawValue) == ["photographer", "booking-changed"])
    #expect(told.map(\.delivery) == [.suppressed, .shown])
    #expect(fixture.desktop.notifications.map(\.summary) == ["Shoot moved: 25 HDR photos · 12 Ocean Ave"])
  }

  static func message(_ id: String, conversation: String) -> Item {
    RPPItems.message(
      [
        "id": .string(id), "conversationId": .string(conversation), "body": "Running 10 min late",
        "senderId": "usr_dana", "senderRole": "photographer",
      ], userID: "usr_ana", names: ["usr_dana": "Dana Reyes"])!
  }

  @Test func replyOnANewMessageOpensTheConversationInATerminal() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: Self.before)
    try await fixture.sync([], announce: false)
    try await fixture.sync([Self.message("msg_1", conversation: "conv_8Yq2")])
    let told = try #require(try await fixture.notifications().first)
    #expect(told.category.rawValue == "new-message")
    let shown = try #require(fixture.desktop.notifications.first)
    #expect(shown.actions.map(\.label) == ["Open", "Reply"])
    await fixture.centre.handle(.actionInvoked(id: 1, actionKey: shown.actions[1].key))
    #expect(fixture.terminal.commands == [["outpost", "rpp", "messages", "conv_8Yq2"]])
    #expect(try await fixture.notifications().first?.isRead == true)
  }

  @Test func aReplyButtonRunsNothingForAValueThatIsNotPlain() {
    let button = NotificationButton(
      key: "reply", command: "outpost rpp messages {conversationId}",
      label: LocalizedText(en: "Reply", de: "Antworten", fr: "Répondre", it: "Rispondi"))
    #expect(
      button.commandLine(for: Self.message("m", conversation: "conv_1")) == ["outpost", "rpp", "messages", "conv_1"])
    for hostile in ["conv;rm -rf ~", "$(id)", "conv 2", "../x/y", ""] {
      #expect(button.commandLine(for: Self.message("m", conversation: hostile)) == nil, "\(hostile)")
    }
    var noConversation = Self.message("m", conversation: "c")
    noConversation.details = ["id": "m"]
    #expect(button.commandLine(for: noConversation) == nil)
    let notOutpost = NotificationButton(key: "x", command: "rm {conversationId}", label: button.label)
    #expect(notOutpost.commandLine(for: Self.message("m", conversation: "c")) == nil)
  }
}
