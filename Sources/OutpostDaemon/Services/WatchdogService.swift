import Logging
import NIOCore
import OutpostDesktop
import OutpostStore
import ServiceLifecycle

/// Sends `WATCHDOG=1` at half the unit's `WatchdogSec=`, but only while the parts that serve
/// clients answer: the event loop runs a task and the database answers a query. A hung daemon
/// stops pinging and systemd restarts it. Runs only when the unit asks for a watchdog, so an
/// idle daemon otherwise never wakes up.
struct WatchdogService: Service {
  let interval: Duration
  let eventLoop: any EventLoop
  let store: Store
  let logger: Logger

  func run() async throws {
    // Graceful shutdown cancels the loop; that is this service's normal end, not a failure.
    try? await cancelWhenGracefulShutdown {
      while true {
        do {
          try await eventLoop.submit {}.get()
          try await store.ping()
          Systemd.watchdogPing()
        } catch {
          logger.error("health check failed, not pinging the watchdog: \(error)")
        }
        try await Task.sleep(for: interval)
      }
    }
  }
}
