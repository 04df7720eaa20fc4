import Foundation
import OutpostModel
import Synchronization

/// Wall-clock time for the scheduler, injected so tests drive it by hand and never sleep.
public protocol ReminderClock: Sendable {
  func now() -> Date
  /// Returns once `deadline` has come (at once when it has); throws `CancellationError` when
  /// the task is cancelled first.
  func sleep(until deadline: Date) async throws
}

/// The real clock: sleeps on Swift's continuous clock (`CLOCK_BOOTTIME` on Linux, which keeps
/// counting during suspend, so a sleep across a suspend ends on time or at the resume). A wall
/// clock that is set meanwhile is the business of `ReminderScheduler.clockJumped()`.
public struct SystemReminderClock: ReminderClock {
  public init() {}

  public func now() -> Date { Date() }

  /// A wall-clock timer that costs no wakeups until it fires (`QuietSleep`), and counts the
  /// time the machine was asleep.
  public func sleep(until deadline: Date) async throws {
    try await QuietSleep.sleep(until: deadline)
  }
}

/// A clock that moves only when told (`advance`, `set`): for tests, and for anyone who wants
/// to see every sleep the scheduler asks for.
public final class ManualReminderClock: ReminderClock {
  struct Sleeper {
    var deadline: Date
    var continuation: CheckedContinuation<Void, any Error>
  }

  struct State {
    var now: Date
    var sleepers: [Int: Sleeper] = [:]
    var cancelledEarly: Set<Int> = []
    var nextID = 0
    var sleeps = 0
    var wakeups: [Date] = []
    var mostAtOnce = 0
  }

  private let state: Mutex<State>

  public init(now: Date) {
    state = Mutex(State(now: now))
  }

  public func now() -> Date { state.withLock { $0.now } }

  /// How many sleeps were asked for.
  public var sleepCount: Int { state.withLock { $0.sleeps } }
  /// The deadlines of the sleeps that ended because their time came (not cancelled).
  public var wakeups: [Date] { state.withLock { $0.wakeups } }
  /// The deadlines of the sleeps under way.
  public var pendingDeadlines: [Date] { state.withLock { $0.sleepers.values.map(\.deadline).sorted() } }
  /// The most sleeps ever under way at the same time.
  public var mostSleepsAtOnce: Int { state.withLock { $0.mostAtOnce } }

  public func sleep(until deadline: Date) async throws {
    let id = state.withLock { state in
      state.nextID += 1
      state.sleeps += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let result: Result<Void, any Error>? = state.withLock { state in
          if state.cancelledEarly.remove(id) != nil { return .failure(CancellationError()) }
          if deadline <= state.now {
            state.wakeups.append(deadline)
            return .success(())
          }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          state.mostAtOnce = max(state.mostAtOnce, state.sleepers.count)
          return nil
        }
        if let result { continuation.resume(with: result) }
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        let sleeper = state.sleepers.removeValue(forKey: id)
        if sleeper == nil { state.cancelledEarly.insert(id) }
        return sleeper
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves the clock forward by `interval` and wakes the sleeps whose time came.
  public func advance(by interval: TimeInterval) {
    set(to: now().addingTimeInterval(interval))
  }

  /// Sets the clock (backwards too, like a wall clock that is changed) and wakes the sleeps
  /// whose time came.
  public func set(to date: Date) {
    let woken = state.withLock { state in
      state.now = date
      let due = state.sleepers.filter { $0.value.deadline <= date }.sorted { $0.value.deadline < $1.value.deadline }
      for (id, sleeper) in due {
        state.sleepers[id] = nil
        state.wakeups.append(sleeper.deadline)
      }
      return due.map(\.value.continuation)
    }
    for continuation in woken { continuation.resume() }
  }
}
