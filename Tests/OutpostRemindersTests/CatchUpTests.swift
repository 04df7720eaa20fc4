import Foundation
import OutpostModel
import OutpostReminders
import OutpostStore
import Testing

@Suite struct CatchUpTests {
  static func reminder(
    _ number: Int64, rule: String = "before-start", due: TimeInterval, start: TimeInterval,
    snoozed: TimeInterval? = nil,
    status: ItemStatus = .active, details: JSONValue = [:]
  ) -> StoredReminder {
    let item = Fixture.game(
      "g\(number)", startsAt: Fixture.t0.addingTimeInterval(start), status: status, details: details)
    return StoredReminder(
      number: number, itemNumber: number, rule: rule, dueAt: Fixture.t0.addingTimeInterval(due), state: .pending,
      snoozedUntil: snoozed.map { Fixture.t0.addingTimeInterval($0) }, firedAt: nil, notificationID: nil,
      item: Fixture.storedItem(item, number: number))
  }

  @Test func stillUsefulOnesFireAndTheOthersAreMissed() {
    let decision = CatchUp.decide(
      due: [
        Self.reminder(1, due: -1800, start: 1800),  // 30 min late, game in 30 min: fires
        Self.reminder(2, due: -7200, start: -3600),  // game began an hour ago: missed
        Self.reminder(3, rule: "evening-before", due: -3 * 3600, start: 86_400),  // past the 2 h cutoff: missed
        Self.reminder(4, due: -600, start: 600, status: .cancelled),  // cancelled meanwhile: withdrawn
        Self.reminder(5, due: -4 * 3600, start: -60, snoozed: -60),  // snoozed to now: the user's choice
        Self.reminder(6, due: 60, start: 3600),  // not due yet: in no list
      ], now: Fixture.t0)
    #expect(decision.fire.map(\.number) == [1, 5])
    #expect(decision.missed.map(\.number) == [2, 3])
    #expect(decision.withdraw.map(\.number) == [4])
    guard case .grouped(let group) = decision.presentation else {
      Issue.record("several reminders at once are grouped")
      return
    }
    #expect(group.count == 2)
  }

  @Test func oneReminderIsShownAlone() {
    let decision = CatchUp.decide(due: [Self.reminder(1, due: 0, start: 3600)], now: Fixture.t0)
    #expect(decision.presentation == .single(decision.fire[0]))
    #expect(CatchUp.decide(due: [], now: Fixture.t0).presentation == .nothing)
  }

  @Test func theCutoffIsConfigurable() {
    let late = [Self.reminder(1, due: -1800, start: 1800)]
    #expect(CatchUp.decide(due: late, now: Fixture.t0, cutoff: .seconds(600)).missed.count == 1)
    #expect(CatchUp.decide(due: late, now: Fixture.t0, cutoff: .seconds(3600)).fire.count == 1)
  }

  @Test func aDeadlineReminderIsUsefulUntilTheDeadline() {
    let at = JSONValue.string(UTCTimestamp.format(Fixture.t0.addingTimeInterval(600)))
    let details: JSONValue = ["deadlines": [["name": "report", "at": at]]]
    // The item itself started long ago; the deadline is what counts.
    let reminder = Self.reminder(1, rule: "deadline:report", due: -600, start: -86_400, details: details)
    #expect(CatchUp.decide(due: [reminder], now: Fixture.t0).fire.count == 1)
    #expect(CatchUp.decide(due: [reminder], now: Fixture.t0.addingTimeInterval(700)).missed.count == 1)
  }

  @Test func groupedTextListsEveryReminder() throws {
    let reminders = [Self.reminder(1, due: 0, start: 3600), Self.reminder(2, due: 0, start: 86_400)]
    let grouped = try #require(ReminderText.notification(for: reminders, now: Fixture.t0, timeZone: Fixture.zurich))
    #expect(grouped.summary == "2 reminders")
    #expect(grouped.body == "today 14:00: Game g1\ntomorrow 13:00: Game g2")
    #expect(grouped.itemNumber == nil && grouped.accountID == Fixture.accountID && grouped.category == .reminder)
    let single = try #require(
      ReminderText.notification(for: [reminders[0]], now: Fixture.t0, timeZone: Fixture.zurich))
    #expect(single.summary == "Game g1" && single.body == "today 14:00\nHall g1" && single.itemNumber == 1)
  }
}
