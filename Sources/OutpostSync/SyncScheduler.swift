import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SyncEngine {
  /// Runs due syncs until cancelled. Sleeps until the next account is due or something wakes
  /// it (a registration, `sync.run`, a resume, a sync that ended); with nothing to do it does
  /// not wake at all. A resume from suspend is noticed as the boot clock running ahead of the
  /// monotonic clock, and makes every account due at once.
  public func runSchedule() async {
    while !Task.isCancelled {
      scheduleRounds += 1
      let (due, next) = due(at: now())
      for accountID in due { start(accountID: accountID) }
      let wait = next.map { max(0.05, $0.timeIntervalSince(now())) }
      let boot = ContinuousClock.now
      let monotonic = SuspendingClock.now
      await sleep(seconds: wait)
      let slept = boot.duration(to: .now) - monotonic.duration(to: .now)
      if slept > .seconds(30) {
        logger.info("resumed from suspend (\(slept) asleep); syncing every account")
        syncAllSoon()
      }
    }
  }

  /// Ends the schedule's current wait, or the next one at once when it is not waiting.
  func wakeSchedule() {
    wakePending = true
    sleeper?.cancel()
  }

  /// Waits `seconds` (or until woken when nil), or until woken. The wait is a task of its own
  /// that a wake cancels: nothing else is cancelled, so no wake can be lost or end the
  /// schedule's ability to be woken. (It used to race an AsyncStream's iterator against a
  /// timer in a task group; cancelling the iterator when the timer won finished the stream, and
  /// from then on every wait ended at once: a loop at full CPU that grew without bound.)
  private func sleep(seconds: Double?) async {
    if wakePending {
      wakePending = false
      return
    }
    let duration: Duration = seconds.map { .milliseconds(Int($0 * 1000)) } ?? .seconds(365 * 86_400)
    let sleepFor = self.sleepFor
    let sleeper = Task { _ = try? await sleepFor(duration) }
    self.sleeper = sleeper
    // The wait is a task of its own, so the schedule's cancellation (shutdown) must reach it.
    await withTaskCancellationHandler {
      await sleeper.value
    } onCancel: {
      sleeper.cancel()
    }
    self.sleeper = nil
    wakePending = false
  }
}
