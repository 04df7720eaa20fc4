import Foundation
import Logging
import OutpostStore
import OutpostSync
import ServiceLifecycle

/// Runs the sync schedule, and purges items past the retention once a day.
struct SyncService: Service {
  let engine: SyncEngine
  let store: Store
  let retentionDays: Int
  let logger: Logger

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
  }

  private func purge() async {
    let cutoff = Date().addingTimeInterval(-Double(retentionDays) * 86_400)
    do {
      let purged = try await store.purgeItems(endedBefore: cutoff)
      if purged > 0 { logger.info("purged \(purged) item(s) older than \(retentionDays) days") }
    } catch {
      logger.error("purging old items failed: \(error)")
    }
  }
}
