import Foundation
import OutpostStore

/// Fires reminders at their time without polling: one sleep, to the next due reminder, re-armed
/// when the store changes (`storeChanged`), after a resume from suspend (`resumed`) and when the
/// wall clock jumped (`clockJumped`). Those two, and `start`, look for reminders that came due
/// meanwhile first and hand them over as a catch-up.
///
/// The scheduler decides when; the `fire` handler decides what (`CatchUp.decide`) and records
/// it (`ReminderFiring.record`), which is what makes a reminder fire exactly once: the store
/// fires only rows still pending. A handler that leaves a reminder pending gets it again after
/// `retryDelay`, never in a loop.
///
/// At start-up, `start()` runs before the first re-plan, so that reminders that came due while
/// the daemon was down are settled (fired or recorded missed) before a re-plan could withdraw
/// those of items that are over.
public actor ReminderScheduler {
  /// The reminders found due, and whether they are a catch-up (after a start, resume or clock
  /// jump, or a timer that woke more than a minute late) rather than on time.
  public typealias FireHandler = @Sendable (_ due: [StoredReminder], _ catchUp: Bool) async -> Void

  private let store: Store
  private let clock: any ReminderClock
  private let fire: FireHandler
  private let onError: @Sendable (StoreError) -> Void
  public let retryDelay: TimeInterval

  private var running = false
  private var timer: Task<Void, Never>?
  private var timerID = 0
  /// When the one sleep under way ends; nil when none is (nothing pending, or stopped).
  public private(set) var armedDeadline: Date?
  private var generation = 0
  private var passing = false
  private var requestedPass: Bool?
  private var lastHanded: Set<Int64> = []
  private var lastPassAt: Date?
  /// How many times the scheduler looked for due reminders (and handed them over).
  public private(set) var passCount = 0

  public init(
    store: Store, clock: any ReminderClock = SystemReminderClock(), retryDelay: TimeInterval = 60,
    onError: @escaping @Sendable (StoreError) -> Void = { _ in }, fire: @escaping FireHandler
  ) {
    self.store = store
    self.clock = clock
    self.retryDelay = retryDelay
    self.onError = onError
    self.fire = fire
  }

  deinit { timer?.cancel() }

  /// Hands over what came due while nobody was watching (a catch-up), then arms the timer.
  public func start() async {
    guard !running else { return }
    running = true
    await pass(catchUp: true)
  }

  /// Cancels the sleep; nothing fires until `start()` again.
  public func stop() {
    running = false
    generation += 1
    timer?.cancel()
    timer = nil
    armedDeadline = nil
  }

  /// Re-arms to the next due reminder (keeping the sleep under way when that did not change).
  public func storeChanged() async {
    guard running else { return }
    await rearm()
  }

  /// logind's `PrepareForSleep(false)`: catches up, then re-arms.
  public func resumed() async {
    guard running else { return }
    await pass(catchUp: true)
  }

  /// The wall clock moved (a suspend logind did not report, or the clock was set).
  public func clockJumped() async {
    guard running else { return }
    await pass(catchUp: true)
  }

  private func pass(catchUp: Bool) async {
    guard running else { return }
    if passing {
      requestedPass = (requestedPass ?? false) || catchUp
      return
    }
    passing = true
    var catchUp = catchUp
    var handed: Set<Int64> = []
    var now = clock.now()
    while running {
      requestedPass = nil
      now = clock.now()
      do {
        let due = try await store.dueReminders(asOf: now)
        if !due.isEmpty {
          handed.formUnion(due.map(\.number))
          await fire(due, catchUp)
        }
      } catch {
        onError(error)
      }
      passCount += 1
      guard let again = requestedPass else { break }
      catchUp = again
    }
    passing = false
    lastHanded = handed
    lastPassAt = now
    await rearm()
  }

  private func rearm() async {
    guard running else { return }
    generation += 1
    let mine = generation
    var deadline: Date?
    do {
      if let next = try await store.nextDueReminder() {
        deadline = next.dueAt
        // Handed over in the last pass and still pending: the handler chose to leave it.
        if lastHanded.contains(next.number), let lastPassAt, next.dueAt <= lastPassAt {
          deadline = lastPassAt.addingTimeInterval(retryDelay)
        }
      }
    } catch {
      onError(error)
      deadline = clock.now().addingTimeInterval(retryDelay)
    }
    guard mine == generation, running else { return }
    arm(deadline)
  }

  private func arm(_ deadline: Date?) {
    if timer != nil, deadline == armedDeadline { return }
    timer?.cancel()
    timer = nil
    armedDeadline = deadline
    guard let deadline else { return }
    timerID += 1
    let id = timerID
    timer = Task { [weak self, clock] in
      do {
        try await clock.sleep(until: deadline)
      } catch {
        return
      }
      await self?.timerFired(id, deadline: deadline)
    }
  }

  private func timerFired(_ id: Int, deadline: Date) async {
    guard id == timerID, running else { return }
    timer = nil
    armedDeadline = nil
    await pass(catchUp: clock.now().timeIntervalSince(deadline) > 60)
  }
}
