import Foundation
import Logging
import OutpostModel
import OutpostStore
import OutpostSync
import ServiceLifecycle

/// Runs the sync schedule, and purges items past the retention once a day.
struct SyncService: Service {
  let engine: SyncEngine
  let store: Store
  /// What each kind keeps (`ConnectorRegistry.retentionPolicy`).
  let retention: RetentionPolicy
  let logger: Logger
  var now: @Sendable () -> Date = { Date() }

  func run() async throws {
    try await cancelWhenGracefulShutdown {
      await withTaskGroup(of: Void.self) { group in
        group.addTask { await engine.runSchedule() }
        group.addTask {
          while !Task.isCancelled {
            await purge()
            try? await Task.sleep(for: .seconds(86_400))
          }
        }
        await group.waitForAll()
      }
    }
    // Before the HTTP client shuts down (the services stop in reverse order): the syncs it
    // cancels then end as stopped, not as the account's failures.
    await engine.stop()
  }

  private func purge() async {
    do {
      let purged = try await store.purgeItems(retention, now: now())
      if purged > 0 { logger.info("purged \(purged) item(s) past their kind's retention") }
    } catch {
      logger.error("purging old items failed: \(error)")
    }
  }
}
