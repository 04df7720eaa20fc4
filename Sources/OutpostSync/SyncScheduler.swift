import Logging

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension SyncEngine {
  /// Runs due syncs until cancelled. Sleeps until the next account is due or something wakes
  /// it (a registration, `sync.run`, a resume); with nothing to do it does not wake at all.
  /// A resume from suspend is noticed as the boot clock running ahead of the monotonic clock,
  /// and makes every account due at once.
  public func runSchedule() async {
    while !Task.isCancelled {
      let (due, next) = due(at: now())
      for accountID in due {
        Task { _ = await self.sync(accountID: accountID) }
      }
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

  /// Waits `seconds` (or for ever when nil) or until woken.
  private func sleep(seconds: Double?) async {
    let wakeups = self.wakeups
    await withTaskGroup(of: Void.self) { group in
      group.addTask {
        var iterator = wakeups.makeAsyncIterator()
        _ = await iterator.next()
      }
      if let seconds {
        group.addTask { try? await Task.sleep(for: .milliseconds(Int(seconds * 1000))) }
      }
      _ = await group.next()
      group.cancelAll()
    }
  }
}
