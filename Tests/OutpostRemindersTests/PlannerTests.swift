import Foundation
import OutpostModel
import OutpostReminders
import OutpostStore
import Testing

@Suite struct PlannerTests {
  static func utc(_ text: String) -> Date { UTCTimestamp.parse(text)! }

  static func plan(
    _ items: [StoredItem], rules: ReminderRules = .defaults, accountRules: [String: ReminderRules] = [:],
    now: Date
  ) -> [String: Date] {
    let desired = ReminderPlanner.plan(
      items: items, rules: rules, accountRules: accountRules, timeZone: Fixture.zurich, now: now)
    return Dictionary(uniqueKeysWithValues: desired.map { ("\($0.itemNumber) \($0.rule)", $0.dueAt) })
  }

  @Test func assignmentsGetTheEveningBeforeAndAnHourBefore() {
    // Saturday 21 November 2026, 18:00 in Zurich (CET, UTC+1).
    let game = Fixture.storedItem(Fixture.game("a", startsAt: Self.utc("2026-11-21T17:00:00Z")), number: 7)
    #expect(
      Self.plan([game], now: Fixture.t0) == [
        "7 evening-before": Self.utc("2026-11-20T19:00:00Z"),
        "7 before-start": Self.utc("2026-11-21T16:00:00Z"),
      ])
  }

  @Test(
    "The evening before at 20:00 is 20:00 on the local clock across both changes of daylight saving time",
    arguments: [
      // Monday after the October change: Sunday 20:00 is already CET.
      ("2026-10-26T17:00:00Z", "2026-10-25T19:00:00Z"),
      // On the October change day (25 hours long): Saturday 20:00 is still CEST.
      ("2026-10-25T13:00:00Z", "2026-10-24T18:00:00Z"),
      // Monday after the March change: Sunday 20:00 is CEST.
      ("2026-03-30T16:00:00Z", "2026-03-29T18:00:00Z"),
      // On the March change day (23 hours long): Saturday 20:00 is still CET.
      ("2026-03-29T08:00:00Z", "2026-03-28T19:00:00Z"),
      // Just after local midnight (the UTC date is the day before): 4.5 h ahead, given.
      ("2026-11-20T23:30:00Z", "2026-11-20T19:00:00Z"),
    ])
  func eveningBeforeAcrossDaylightSaving(start: String, expected: String) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = Fixture.zurich
    let due = ReminderPlanner.eveningBefore(
      start: Self.utc(start), rule: .init(time: ReminderRules.defaultEveningTime), calendar: calendar)
    #expect(due == Self.utc(expected))
  }

  @Test func eveningBeforeTooCloseToTheStartIsLeftOut() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = Fixture.zurich
    let rule = ReminderRules.EveningBefore(time: LocalTime(hour: 22, minute: 0)!)
    // 00:30 local: 22:00 the evening before is only 2.5 h ahead (less than the 3 h minimum).
    #expect(
      ReminderPlanner.eveningBefore(start: Self.utc("2026-11-20T23:30:00Z"), rule: rule, calendar: calendar) == nil)
    #expect(
      ReminderPlanner.eveningBefore(
        start: Self.utc("2026-11-20T23:30:00Z"), rule: .init(time: rule.time, minimumLead: .seconds(3600)),
        calendar: calendar) == Self.utc("2026-11-20T21:00:00Z"))
  }

  @Test func cancelledRemovedUndatedAndPastItemsGetNone() {
    let start = Fixture.t0.addingTimeInterval(86_400)
    var removed = Fixture.storedItem(Fixture.game("r", startsAt: start), number: 3)
    removed.removedAt = Fixture.t0
    var undated = Fixture.storedItem(Fixture.game("u", startsAt: start), number: 4)
    undated.item.startsAt = nil
    undated.item.endsAt = nil
    let items = [
      Fixture.storedItem(Fixture.game("c", startsAt: start, status: .cancelled), number: 1),
      Fixture.storedItem(Fixture.game("p", startsAt: Fixture.t0.addingTimeInterval(-3 * 3600)), number: 2),
      removed, undated,
      Fixture.storedItem(Fixture.game("x", startsAt: start, status: .closed), number: 5),
    ]
    #expect(Self.plan(items, now: Fixture.t0).isEmpty)
  }

  @Test func anItemUnderWayKeepsItsPastRemindersSoAReplanDoesNotWithdrawThem() {
    let game = Fixture.storedItem(Fixture.game("g", startsAt: Fixture.t0.addingTimeInterval(-600)), number: 2)
    #expect(Self.plan([game], now: Fixture.t0)["2 before-start"] == Fixture.t0.addingTimeInterval(-4200))
  }

  @Test func otherKindsHaveNoStartRemindersByDefault() {
    var event = Fixture.storedItem(Fixture.game("e", startsAt: Fixture.t0.addingTimeInterval(86_400)))
    event.item.kind = .event
    #expect(Self.plan([event], now: Fixture.t0).isEmpty)
  }

  @Test func rulesCanBeChangedPerKindAndOverriddenPerAccount() {
    let start = Self.utc("2026-11-21T17:00:00Z")
    var other = Fixture.storedItem(Fixture.game("o", startsAt: start), number: 2)
    other.accountID = "other-account"
    var rules = ReminderRules.defaults
    rules[.assignment].eveningBefore?.time = LocalTime(hour: 19, minute: 30)!
    var quiet = ReminderRules.defaults
    quiet[.assignment] = .init(beforeStart: .seconds(30 * 60))
    let planned = Self.plan(
      [Fixture.storedItem(Fixture.game("a", startsAt: start), number: 1), other], rules: rules,
      accountRules: ["other-account": quiet], now: Fixture.t0)
    #expect(
      planned == [
        "1 evening-before": Self.utc("2026-11-20T18:30:00Z"),
        "1 before-start": Self.utc("2026-11-21T16:00:00Z"),
        "2 before-start": Self.utc("2026-11-21T16:30:00Z"),
      ])
  }

  /// `replan` reads items with only `ReminderPlanner.detailKeys` of their details (issue 20):
  /// the plan must be the one made from the whole details, whatever else they hold.
  @Test func aPlanNeedsOnlyTheDetailKeys() {
    var items: [StoredItem] = []
    for number in 0..<60 {
      let start = Fixture.t0.addingTimeInterval(Double(number - 10) * 7 * 3600)
      var details: [String: JSONValue] = ["allDay": .bool(number % 3 == 0), "hall": .string("Halle \(number)")]
      if number % 2 == 0 {
        let at = UTCTimestamp.format(start.addingTimeInterval(Double(number % 5) * 86_400))
        details["deadlines"] = [
          ["name": "report", "at": .string(at)], ["name": "claim", "at": .string(at), "remind_before_minutes": 45],
        ]
      }
      if number % 4 == 1 { details["deadline"] = ["name": "report", "at": "2026-11-30T12:00:00Z"] }
      var stored = Fixture.storedItem(
        Fixture.game(
          "g\(number)", startsAt: start, status: number % 7 == 0 ? .cancelled : .active,
          details: .object(details)), number: Int64(number))
      if number % 3 == 1 { stored.item.kind = .compensation }
      items.append(stored)
    }
    let limited = items.map { stored in
      var stored = stored
      if case .object(let members) = stored.item.details {
        stored.item.details = .object(members.filter { ReminderPlanner.detailKeys.contains($0.key) })
      }
      return stored
    }
    let whole = Self.plan(items, now: Fixture.t0)
    #expect(whole.keys.contains { $0.hasSuffix("deadline:claim") })
    #expect(Self.plan(limited, now: Fixture.t0) == whole)
  }

  @Test func connectorsDeadlinesGiveTheirOwnReminders() {
    let details: JSONValue = [
      "deadlines": [
        ["name": "report", "at": "2026-11-25T18:00:00Z"],
        ["name": "travel-claim", "at": "2026-11-23T12:00:00Z", "remind_before_minutes": 120],
        ["name": "over", "at": "2026-11-01T12:00:00Z"],
        ["name": "Bad name", "at": "2026-11-25T18:00:00Z"],
      ]
    ]
    var compensation = Fixture.storedItem(Fixture.game("k", startsAt: Fixture.t0, details: details), number: 9)
    compensation.item.kind = .compensation
    #expect(
      Self.plan([compensation], now: Fixture.t0) == [
        "9 deadline:report": Self.utc("2026-11-24T18:00:00Z"),
        "9 deadline:travel-claim": Self.utc("2026-11-23T10:00:00Z"),
      ])
  }
}
