import Logging
import OutpostDesktop
import ServiceLifecycle

/// Follows logind's `PrepareForSleep` on the system bus: after a resume, reminders that came
/// due meanwhile are caught up and the bars' files rebuilt at once. (A hibernation that logind
/// does not announce is still caught: the reminder timer counts the time asleep and fires late,
/// which the scheduler treats as a catch-up.) Without a system bus or logind it says so once
/// and does nothing more.
struct SleepService: Service {
  let reminders: ReminderService
  let snapshots: SnapshotService
  let logger: Logger

  func run() async throws {
    let watcher = SleepWatcher()
    defer { watcher.shutdown() }
    do {
      if try await !watcher.start() {
        logger.info("sleep: logind is not on the system bus; suspends are noticed by late timers only")
      }
    } catch {
      logger.info("sleep: no system bus (\(error)); suspends are noticed by late timers only")
      // A service that ends stops the daemon: wait for the shutdown instead.
      try? await gracefulShutdown()
      return
    }
    await withTaskCancellationOrGracefulShutdownHandler {
      for await event in watcher.events {
        switch event {
        case .willSleep: logger.info("sleep: the machine is going to sleep")
        case .didResume:
          logger.info("sleep: resumed; catching up with reminders")
          await reminders.resumed()
          await snapshots.refreshNow()
        case .busDisconnected:
          logger.info("sleep: lost the system bus; suspends are noticed by late timers only")
        }
      }
      try? await gracefulShutdown()
    } onCancelOrGracefulShutdown: {
      watcher.shutdown()
    }
  }
}
