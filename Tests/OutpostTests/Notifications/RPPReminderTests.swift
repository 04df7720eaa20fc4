import Foundation
import Logging
import OutpostModel
import OutpostReminders
import OutpostStore
import Testing

@testable import OutpostDaemon

/// RPP's day-before reminder through the daemon's reminder service, with the daemon's default
/// rules (RPP's own evening, 18:00) and a clock that moves only when the test moves it.
@Suite struct RPPReminderTests {
  /// 17:59 and 18:01 in San Francisco the evening before the shoot of `RPPNotificationTests`
  /// (Saturday 14 March 2026, 09:00 there).
  static let justBefore = UTCTimestamp.parse("2026-03-14T00:59:00Z")!
  static let justAfter = UTCTimestamp.parse("2026-03-14T01:01:00Z")!

  func service(_ fixture: NotificationFixture, _ clock: ManualReminderClock) -> ReminderService {
    ReminderService(
      store: fixture.store, notifications: fixture.centre, logger: Logger(label: "test"),
      rules: NotificationSettings().rules, timeZone: TimeZone(identifier: "America/Los_Angeles")!, language: .en,
      cutoff: .seconds(3600), clock: clock)
  }

  func reminders(_ fixture: NotificationFixture) async throws -> [StoredNotification] {
    try await fixture.notifications().filter { $0.category == .reminder }
  }

  @Test func theEveningBeforeAShootGivesOneReminderWithItsLocalTimeAndAddress() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: RPPNotificationTests.before)
    try await fixture.sync([RPPNotificationTests.order(photographer: "Dana Reyes")], announce: false)
    let clock = ManualReminderClock(now: RPPNotificationTests.before)
    let reminders = service(fixture, clock)
    await reminders.start()
    clock.set(to: Self.justBefore)
    await reminders.resumed()
    #expect(try await self.reminders(fixture).isEmpty)

    // 18:00 passes: the armed timer fires.
    clock.set(to: Self.justAfter)
    let start = ContinuousClock.now
    while try await self.reminders(fixture).isEmpty, ContinuousClock.now - start < .seconds(20) { await Task.yield() }
    let fired = try await self.reminders(fixture)
    #expect(fired.count == 1)
    #expect(fired.first?.summary == "25 HDR photos · 12 Ocean Ave")
    let body = fired.first?.body ?? ""
    #expect(body.contains("09:00") || body.contains("9:00"), "the shoot's local time: \(body)")
    #expect(body.contains("12 Ocean Ave, San Francisco, CA 94112, US"), "the address: \(body)")

    // A re-sync that changes nothing and a re-plan tell nothing new.
    try await fixture.sync([RPPNotificationTests.order(photographer: "Dana Reyes")])
    await reminders.replan()
    clock.advance(by: 120)
    await reminders.resumed()
    #expect(try await self.reminders(fixture).count == 1)

    // Neither does a restart: a new service plans again and catches up.
    let restarted = service(fixture, clock)
    await restarted.start()
    await restarted.resumed()
    #expect(try await self.reminders(fixture).count == 1)
  }

  /// Snoozing a reminder still to come puts it off from its own time; it never comes sooner.
  @Test func aReminderSnoozedBeforeItsTimeComesLaterNotSooner() async throws {
    let fixture = try await NotificationFixture(kind: "rpp", now: RPPNotificationTests.before)
    try await fixture.sync([RPPNotificationTests.order(photographer: "Dana Reyes")], announce: false)
    let clock = ManualReminderClock(now: RPPNotificationTests.before)
    let reminders = service(fixture, clock)
    await reminders.start()
    await reminders.replan()
    let pending = try #require(try await fixture.store.reminders(states: [.pending]).first)
    #expect(pending.dueAt > clock.now())
    let snoozed = try await reminders.snooze(number: pending.number, duration: "15m")
    #expect(snoozed.snoozedUntil == pending.dueAt.addingTimeInterval(15 * 60))
  }
}
