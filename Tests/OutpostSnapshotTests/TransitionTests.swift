import Foundation
import OutpostModel
import OutpostSnapshot
import Testing

/// The content changes by itself only at known instants, and `nextTransition` finds the first.
@Suite struct TransitionTests {
  func builder(
    items: [Item], lastSync: Date? = Clock.now, state: AccountState = .ok, options: SnapshotOptions = Clock.options
  ) -> SnapshotBuilder {
    let stored = items.enumerated().map { index, item in
      StoredItem(
        number: Int64(index + 1), accountID: "a", item: item, firstSeenAt: Clock.now, updatedAt: Clock.now,
        removedAt: nil)
    }
    let account = SnapshotInput.Account(
      id: "a", name: "volley", kind: "volleymanager", state: state, lastSuccessfulSync: lastSync,
      hasCachedData: !items.isEmpty)
    return SnapshotBuilder(input: SnapshotInput(accounts: [account], items: stored), options: options)
  }

  @Test func theNextItemStartingIsATransition() {
    let start = Clock.local(2026, 11, 18, 19, 30)
    let builder = builder(items: [assignment("a", "Tonight", at: start), assignment("b", "Later", at: start + 3600)])
    #expect(builder.nextTransition(after: Clock.now) == start)
    let before = builder.snapshot(at: start.addingTimeInterval(-1))
    let after = builder.snapshot(at: start)
    #expect(before.display.text == "today 19:30 Tonight")
    #expect(after.display.text == "today 20:30 Later")
  }

  @Test func midnightTurnsTomorrowIntoToday() {
    let start = Clock.local(2026, 11, 19, 14, 0)
    let builder = builder(items: [assignment("a", "Tomorrow", at: start)], lastSync: nil)
    let midnight = Clock.local(2026, 11, 19, 0, 0)
    #expect(builder.nextTransition(after: Clock.now) == midnight)
    #expect(builder.snapshot(at: midnight).display.text == "today 14:00 Tomorrow")
    #expect(builder.nextTransition(after: midnight) == start)
  }

  @Test func aDistantItemChangesItsLabelSixDaysBefore() {
    let start = Clock.local(2026, 12, 2, 20, 0)
    let builder = builder(items: [assignment("a", "Far", at: start)], lastSync: nil)
    // Wed 2 Dec: the date gives way to "Wed" at midnight on Thursday 26 November.
    #expect(builder.nextTransition(after: Clock.now) == Clock.local(2026, 11, 26, 0, 0))
    #expect(builder.snapshot(at: Clock.local(2026, 11, 26, 0, 0)).next.first?.startLabel == "Wed 20:00")
  }

  @Test func theContentIsTheSameBetweenTransitions() {
    let builder = builder(
      items: [assignment("a", "Sat", at: Clock.local(2026, 11, 21, 19, 30))],
      lastSync: Clock.now.addingTimeInterval(-3600))
    let next = builder.nextTransition(after: Clock.now)!
    let first = builder.snapshot(at: Clock.now)
    for step in stride(from: 0.0, to: next.timeIntervalSince(Clock.now), by: 997) {
      let later = builder.snapshot(at: Clock.now.addingTimeInterval(step))
      #expect(later == first)
      #expect(SnapshotFormat.allCases.allSatisfy { $0.render(later) == $0.render(first) })
    }
    #expect(builder.snapshot(at: next) != first)
  }

  @Test func aSyncBecomesStaleAfterADayThenCountsHours() {
    let last = Clock.now.addingTimeInterval(-Clock.hours(20))
    let builder = builder(items: [assignment("a", "Far", at: Clock.local(2026, 12, 20, 19, 30))], lastSync: last)
    let staleAt = last.addingTimeInterval(Clock.hours(24))
    #expect(builder.nextTransition(after: Clock.now) == staleAt)
    #expect(builder.snapshot(at: staleAt).display.text.hasSuffix("Last updated 24 h ago"))
    #expect(builder.nextTransition(after: staleAt) == staleAt.addingTimeInterval(3600))
    #expect(
      builder.snapshot(at: staleAt.addingTimeInterval(3600)).display.text.hasSuffix("Last updated 25 h ago"))
    // From 48 h on it counts days, so it changes daily.
    let twoDays = last.addingTimeInterval(Clock.hours(48))
    #expect(builder.snapshot(at: twoDays).display.text.hasSuffix("Last updated 2 d ago"))
    #expect(builder.nextTransition(after: twoDays) == last.addingTimeInterval(Clock.hours(72)))
  }

  @Test func nothingScheduledWithoutItemsOrSyncTimes() {
    #expect(builder(items: [], lastSync: nil).nextTransition(after: Clock.now) == nil)
    let empty = SnapshotBuilder(input: SnapshotInput(accounts: [], items: []), options: Clock.options)
    #expect(empty.nextTransition(after: Clock.now) == nil)
  }

  @Test func validUntilIsTheNextTransition() {
    let start = Clock.local(2026, 11, 18, 19, 30)
    let builder = builder(items: [assignment("a", "Tonight", at: start)])
    #expect(builder.snapshot(at: Clock.now).validUntil == start)
  }
}
