import Foundation
import Logging
import OutpostModel
import OutpostSnapshot
import OutpostStore
import OutpostSync

/// Keeps the status-bar files (`snapshot.json`, `waybar.json`, `i3status-rust.json`,
/// `line.txt`) current, so that bars read a file instead of spawning a program every few
/// seconds. Rebuilt when something it shows changes (items, accounts, actions, a sync), and
/// by one timer at the instant its content changes by itself (`Snapshot.validUntil`: the next
/// item starts, a day word turns, a sync becomes stale); never on a fixed tick.
actor SnapshotService {
  let store: Store
  let sync: SyncEngine
  let options: SnapshotOptions
  /// Nil when the files are off (`snapshot.files = false`): `snapshot.get` still answers.
  let writer: SnapshotWriter?
  let logger: Logger
  /// How unread notifications are counted (the notification centre's), 0 until it exists.
  let unreadNotifications: @Sendable () async -> Int
  private var pending: Task<Void, Never>?
  private var timer: Task<Void, Never>?
  /// The last successful sync recorded in the store, per account (written at most hourly).
  private var recordedSyncs: [String: Date]?
  private var lastCommandFailure: String?
  private let barSummaries: BarSummaryCache
  /// The files' reader (`locale(options)`), whom the cached summaries are written for.
  private let filesLocale: ViewLocale

  init(
    store: Store, sync: SyncEngine, options: SnapshotOptions, writer: SnapshotWriter?, logger: Logger,
    unreadNotifications: @escaping @Sendable () async -> Int = { 0 }
  ) {
    self.store = store
    self.sync = sync
    self.options = options
    self.writer = writer
    self.logger = logger
    self.unreadNotifications = unreadNotifications
    filesLocale = Self.locale(options)
    barSummaries = BarSummaryCache(store: store, locale: filesLocale)
  }

  /// The bar's reader: the snapshot's language and zone, with the decimal separator of the
  /// user's locale when it is in that language (de_CH writes 5.4, de_DE 5,4).
  static func locale(_ options: SnapshotOptions, environment: [String: String] = ProcessInfo.processInfo.environment)
    -> ViewLocale
  {
    let numbers =
      Language.preferred(environment: environment) == options.language
      ? NumberStyle.preferred(environment: environment) : NumberStyle.style(options.language, region: nil)
    return ViewLocale(language: options.language, timeZone: options.timeZone, numbers: numbers)
  }

  /// Rebuilds soon: a burst of events (a sync's changes, then its end) costs one rebuild.
  func refreshSoon() {
    guard pending == nil else { return }
    pending = Task {
      try? await Task.sleep(for: .milliseconds(150))
      await self.refreshNow()
    }
  }

  func refreshNow() async {
    pending = nil
    timer?.cancel()
    timer = nil
    let snapshot: Snapshot
    do {
      snapshot = try await current()
    } catch {
      logger.error("snapshot: cannot read the store: \(error)")
      return
    }
    if let writer {
      let update = await writer.update(snapshot)
      if let error = update.writeError { logger.error("snapshot: \(error)") }
      if !update.changed.isEmpty {
        logger.debug("snapshot: rewrote \(update.changed.map(\.fileName).joined(separator: ", "))")
      }
      if let outcome = update.command, !outcome.succeeded {
        // `pkill` exits 1 whenever the bar is not running: say it once, quietly.
        let text = "\(outcome)"
        if text != lastCommandFailure { logger.info("snapshot: the on_change command: \(text)") }
        lastCommandFailure = text
      } else if update.command != nil {
        lastCommandFailure = nil
      }
    }
    arm(at: snapshot.validUntil)
  }

  /// The snapshot as of now (what `snapshot.get` and `outpost snapshot` print).
  /// - Parameter language: the reader's, when not the files' (`outpost snapshot` in the
  ///   user's language): its service lines are written afresh, not taken from the cache.
  func current(at now: Date = Date(), language: Language? = nil, region: String? = nil) async throws -> Snapshot {
    let source = SnapshotSource(store: store)
    var options = options
    let services: [String: Snapshot.ServiceSummary]
    // The reader's words and number style; written afresh only when they are not the files'
    // (a bar running `outpost snapshot` every few seconds reads the cache).
    if let language,
      case let reader = ViewLocale(
        language: language, timeZone: options.timeZone, numbers: NumberStyle.style(language, region: region)),
      reader != filesLocale
    {
      options.language = language
      services = await StoreViews.barSummaries(store: store, locale: reader, now: now)
    } else {
      services = await barSummaries.summaries(now: now)
    }
    return try await source.snapshot(
      at: now, options: options, lastSuccessfulSync: try await lastSuccessfulSyncs(),
      unreadNotifications: await unreadNotifications(), services: services)
  }

  /// After a sync attempt: a success moves "last updated", recorded in the store at most
  /// hourly so that syncs that change nothing still write nothing most of the time.
  func syncFinished(accountID: String, report: SyncReport) async {
    guard report.outcome == .synced || report.outcome == .notModified else { return }
    let now = Date()
    var recorded = (try? await recordedSuccessfulSyncs()) ?? [:]
    if now.timeIntervalSince(recorded[accountID] ?? .distantPast) >= 3600 {
      do {
        try await store.recordSuccessfulSync(accountID: accountID, at: now)
        recorded[accountID] = now
        recordedSyncs = recorded
      } catch {
        logger.warning("snapshot: cannot record the sync time: \(error)")
      }
    }
    refreshSoon()
  }

  /// One timer, to the instant the content changes by itself.
  private func arm(at instant: Date?) {
    guard let instant else { return }
    // A second late rather than early: the content is built for "after" the instant.
    timer = Task {
      try? await QuietSleep.sleep(until: instant.addingTimeInterval(1))
      guard !Task.isCancelled else { return }
      await self.refreshNow()
    }
  }

  /// The engine's in-memory times (exact), else what the store recorded (after a restart).
  /// Account id → its last successful sync: the recorded one, or the engine's if later.
  func lastSuccessfulSyncs() async throws -> [String: Date] {
    var result = try await recordedSuccessfulSyncs()
    for account in try await store.accounts() {
      if let exact = await sync.status(accountID: account.id)?.lastSuccessAt {
        result[account.id] = max(exact, result[account.id] ?? .distantPast)
      }
    }
    return result
  }

  private func recordedSuccessfulSyncs() async throws -> [String: Date] {
    if let recordedSyncs { return recordedSyncs }
    let loaded = try await store.lastSuccessfulSyncs()
    recordedSyncs = loaded
    return loaded
  }
}
