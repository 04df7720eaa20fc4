import Foundation
import OutpostModel
import OutpostReminders
import OutpostStore
import Testing

/// The scheduler on a real store, with a clock that moves only when the test moves it: no test
/// here waits for a reminder's time.
@Suite struct SchedulerTests {
  let directory = TemporaryDirectory()

  /// Games starting at `t0 + offsets`, planned with the before-start rule only (60 min).
  func storeWithGames(_ offsets: [TimeInterval]) async throws -> (Store, [Int64]) {
    let store = try await Fixture.store(in: directory)
    let games = offsets.enumerated().map {
      Fixture.game("g\($0.offset)", startsAt: Fixture.t0.addingTimeInterval($0.element))
    }
    let numbers = try await Fixture.sync(store, games)
    try await ReminderPlanner.replan(
      in: store, itemNumbers: nil, rules: Fixture.beforeStartOnly, timeZone: Fixture.zurich, now: Fixture.t0)
    return (store, games.indices.map { numbers["g\($0)"]! })
  }

  @Test func aReminderFiresExactlyOnceAcrossRacingSchedulersAndARestart() async throws {
    let (store, _) = try await storeWithGames([2 * 3600])
    let due = Fixture.t0.addingTimeInterval(3600)
    // A second connection to the same file: another daemon instance racing this one.
    let other = try Store.open(path: directory.file("outpost.sqlite"))
    let clock = ManualReminderClock(now: Fixture.t0)
    let recorders = [FireRecorder(), FireRecorder()]
    let schedulers = [
      ReminderScheduler(store: store, clock: clock, fire: recorders[0].handler(store: store, clock: clock)),
      ReminderScheduler(store: other, clock: clock, fire: recorders[1].handler(store: other, clock: clock)),
    ]
    for scheduler in schedulers { await scheduler.start() }
    for scheduler in schedulers { #expect(await scheduler.armedDeadline == due) }
    clock.set(to: due)
    await eventually("both schedulers looked") {
      var done = true
      for scheduler in schedulers {
        let passes = await scheduler.passCount
        let armed = await scheduler.armedDeadline
        done = done && passes >= 2 && armed == nil
      }
      return done
    }
    #expect(recorders[0].fired.count + recorders[1].fired.count == 1)
    #expect(recorders[0].notifications.count + recorders[1].notifications.count == 1)
    for scheduler in schedulers { await scheduler.stop() }
    try other.close()

    // A restart: a new scheduler on a new connection catches up and finds nothing to fire.
    let reopened = try Store.open(path: directory.file("outpost.sqlite"))
    let recorder = FireRecorder()
    let restarted = ReminderScheduler(
      store: reopened, clock: clock, fire: recorder.handler(store: reopened, clock: clock))
    await restarted.start()
    #expect(recorder.calls.isEmpty)
    #expect(await restarted.armedDeadline == nil)
    #expect(try await reopened.notifications().count == 1)
    #expect(try await reopened.reminders(states: [.fired]).count == 1)
    await restarted.stop()
  }

  @Test func aSnoozedReminderFiresAgainAtTheSnoozeTime() async throws {
    let (store, _) = try await storeWithGames([2 * 3600])
    let due = Fixture.t0.addingTimeInterval(3600)
    let clock = ManualReminderClock(now: Fixture.t0)
    let recorder = FireRecorder()
    let scheduler = ReminderScheduler(store: store, clock: clock, fire: recorder.handler(store: store, clock: clock))
    await scheduler.start()
    clock.set(to: due)
    await eventually("the reminder fired") { recorder.fired.count == 1 }
    let reminder = try #require(recorder.fired.first)
    let until = due.addingTimeInterval(15 * 60)
    #expect(try await store.snoozeReminder(number: reminder, until: until, at: due) != nil)
    await scheduler.storeChanged()
    #expect(await scheduler.armedDeadline == until)
    clock.set(to: until.addingTimeInterval(-1))
    #expect(recorder.fired.count == 1)
    clock.set(to: until)
    await eventually("the snoozed reminder fired again") { recorder.fired.count == 2 }
    #expect(recorder.fired == [reminder, reminder])
    #expect(recorder.calls.allSatisfy { !$0.catchUp })
    await scheduler.stop()
  }

  @Test func aDismissedReminderDoesNotFire() async throws {
    let (store, _) = try await storeWithGames([2 * 3600, 3 * 3600])
    let clock = ManualReminderClock(now: Fixture.t0)
    let recorder = FireRecorder()
    let scheduler = ReminderScheduler(store: store, clock: clock, fire: recorder.handler(store: store, clock: clock))
    await scheduler.start()
    let first = try #require(try await store.reminders().first)
    try await store.dismissReminder(number: first.number)
    await scheduler.storeChanged()
    #expect(await scheduler.armedDeadline == Fixture.t0.addingTimeInterval(2 * 3600))
    clock.set(to: Fixture.t0.addingTimeInterval(2 * 3600))
    await eventually("the second reminder fired") { recorder.fired.count == 1 }
    #expect(recorder.fired != [first.number])
    await scheduler.stop()
  }

  @Test func afterASuspendLateRemindersFireGroupedAndTooLateOnesAreRecordedMissed() async throws {
    // Before-start reminders due at t0+1h (game at t0+2h), t0+2h20 (game t0+3h20), t0+2h30
    // (game t0+3h30). The machine sleeps at t0 and wakes at t0+3h.
    let (store, numbers) = try await storeWithGames([2 * 3600, 3 * 3600 + 1200, 3 * 3600 + 1800])
    let clock = ManualReminderClock(now: Fixture.t0)
    let recorder = FireRecorder()
    let scheduler = ReminderScheduler(store: store, clock: clock, fire: recorder.handler(store: store, clock: clock))
    await scheduler.start()
    #expect(await scheduler.armedDeadline == Fixture.t0.addingTimeInterval(3600))
    clock.set(to: Fixture.t0.addingTimeInterval(3 * 3600))
    await scheduler.resumed()
    await eventually("the catch-up was recorded") { recorder.fired.count == 2 && recorder.missed.count == 1 }
    #expect(Set(recorder.fired) == Set(try await store.reminders(states: [.fired]).map(\.number)))
    #expect(try await store.reminders(states: [.missed]).map(\.itemNumber) == [numbers[0]])
    #expect(try await store.reminders(states: [.fired]).map(\.itemNumber).sorted() == [numbers[1], numbers[2]])
    let shown = recorder.notifications
    #expect(shown.count == 1)
    #expect(shown.first?.summary == "2 reminders")
    #expect(recorder.calls.contains { $0.catchUp && $0.outcome?.fired.reminders.count == 2 })
    #expect(try await store.notifications().count == 1)
    #expect(await scheduler.armedDeadline == nil)
    await scheduler.stop()
  }

  @Test func aWallClockJumpCatchesUpToo() async throws {
    let (store, _) = try await storeWithGames([2 * 3600])
    let clock = ManualReminderClock(now: Fixture.t0)
    let recorder = FireRecorder()
    let scheduler = ReminderScheduler(store: store, clock: clock, fire: recorder.handler(store: store, clock: clock))
    await scheduler.start()
    // The wall clock is set back an hour: the sleep under way ends too late, so the scheduler
    // is told and re-arms; nothing fires early.
    clock.set(to: Fixture.t0.addingTimeInterval(-3600))
    await scheduler.clockJumped()
    #expect(recorder.calls.isEmpty)
    #expect(await scheduler.armedDeadline == Fixture.t0.addingTimeInterval(3600))
    clock.set(to: Fixture.t0.addingTimeInterval(3600 + 1800))
    await scheduler.clockJumped()
    await eventually("the late reminder fired") { recorder.fired.count == 1 }
    #expect(recorder.calls.first?.catchUp == true)
    await scheduler.stop()
  }

  @Test func aHandlerThatLeavesARemindersPendingGetsItAgainOnlyAfterTheRetryDelay() async throws {
    let (store, _) = try await storeWithGames([2 * 3600])
    let clock = ManualReminderClock(now: Fixture.t0)
    let calls = FireRecorder()
    let scheduler = ReminderScheduler(store: store, clock: clock, retryDelay: 60) { due, catchUp in
      calls.append(.init(due: due.map(\.number), catchUp: catchUp, outcome: nil))
    }
    await scheduler.start()
    clock.set(to: Fixture.t0.addingTimeInterval(3600))
    await eventually("re-armed for the retry") {
      let armed = await scheduler.armedDeadline
      return armed == Fixture.t0.addingTimeInterval(3600 + 60)
    }
    await scheduler.storeChanged()
    #expect(calls.calls.count == 1)
    #expect(await scheduler.armedDeadline == Fixture.t0.addingTimeInterval(3600 + 60))
    await scheduler.stop()
  }

  @Test func anIdleSchedulerWith1000PendingRemindersWakesOnlyAtDueTimes() async throws {
    let store = try await Fixture.store(in: directory)
    // 1,000 games, one every 10 minutes from t0+2h; reminders an hour before each.
    let games = (0..<1000).map {
      Fixture.game("g\($0)", startsAt: Fixture.t0.addingTimeInterval(7200 + Double($0) * 600))
    }
    try await Fixture.sync(store, games)
    try await ReminderPlanner.replan(
      in: store, itemNumbers: nil, rules: Fixture.beforeStartOnly, timeZone: Fixture.zurich, now: Fixture.t0)
    let dues = (0..<1000).map { Fixture.t0.addingTimeInterval(3600 + Double($0) * 600) }
    #expect(try await store.reminders().count == 1000)

    let clock = ManualReminderClock(now: Fixture.t0)
    let recorder = FireRecorder()
    let scheduler = ReminderScheduler(store: store, clock: clock, fire: recorder.handler(store: store, clock: clock))
    await scheduler.start()
    #expect(await scheduler.armedDeadline == dues[0])
    // Idle, store changes that do not change the next due, and time that passes short of it:
    // one sleep asked for, none ended.
    for _ in 0..<10 { await scheduler.storeChanged() }
    clock.set(to: dues[0].addingTimeInterval(-1))
    #expect(clock.sleepCount == 1)
    #expect(clock.wakeups.isEmpty)
    #expect(await scheduler.passCount == 1)

    for index in dues.indices {
      clock.set(to: dues[index])
      let next = index + 1 < dues.count ? dues[index + 1] : nil
      await eventually("reminder \(index) fired and the next armed") {
        let armed = await scheduler.armedDeadline
        return recorder.fired.count == index + 1 && armed == next
      }
    }
    #expect(clock.wakeups == dues)
    #expect(clock.sleepCount == 1000)
    #expect(clock.mostSleepsAtOnce == 1)
    #expect(await scheduler.passCount == 1001)
    #expect(recorder.missed.isEmpty && recorder.notifications.count == 1000)
    #expect(try await store.reminders().isEmpty)
    await scheduler.stop()
  }
}
