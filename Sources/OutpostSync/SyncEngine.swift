import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Syncs every registered account: on its schedule, on demand, and with backoff after
/// failures. The store is the single place results go; changes are handed to `announce` for
/// the events that calendar, reminder and snapshot work listens to.
public actor SyncEngine {
  let store: Store
  let configuration: SyncConfiguration
  let logger: Logger
  let now: @Sendable () -> Date
  /// A sync's changes, with the items the user's own actions changed in it (no news).
  let announce: @Sendable (String, [ItemChange], Set<Int64>) async -> Void
  let announceAction: @Sendable (QueuedAction) async -> Void
  /// After a replay that sent actions which had waited in the queue (offline, behind another,
  /// for a login): the account and those actions, once per replay (`SyncEngine+Replayed`).
  let announceReplayed: @Sendable (String, [QueuedAction]) async -> Void
  /// After every sync attempt, with its report (status bars show the last successful one).
  let finished: @Sendable (String, SyncReport) async -> Void
  private var accounts: [String: Registration] = [:]
  private var statuses: [String: SyncStatus] = [:]
  /// A sync in flight per account: a second request joins it instead of starting another.
  private var running: [String: Task<SyncReport, Never>] = [:]
  /// The counters of the fetches running now, for `status(accountID:)`.
  private var progress: [String: SyncProgress] = [:]
  /// Accounts whose next sync lists everything, ignoring the stored cursor (`sync --full`).
  private var fullListing: Set<String> = []
  /// Accounts whose running sync has begun its look at the action queue (`syncQueued`).
  private var queueLooked: Set<String> = []
  /// Set by `stop`: a sync that fails from here on failed because the daemon stops (its
  /// requests cancelled), which says nothing about the account.
  private var stopping = false
  private var random = SystemRandomNumberGenerator()
  /// How the schedule waits (`Task.sleep` unless a test drives it); cancelled to wake it.
  let sleepFor: @Sendable (Duration) async throws -> Void
  /// The schedule's current wait, cancelled by `wakeSchedule`.
  var sleeper: Task<Void, Never>?
  /// A wake that came while the schedule was not waiting: its next wait ends at once.
  var wakePending = false
  /// Rounds of the schedule so far (tests check that it waits rather than spins).
  public internal(set) var scheduleRounds = 0

  struct Registration {
    var name: String
    var source: any SyncSource
    var actions: (any ActionSink)?
    /// Set while the account waits for the user (needs a login): no retries until then.
    var paused: Bool
  }

  public init(
    store: Store, configuration: SyncConfiguration = SyncConfiguration(), logger: Logger,
    now: @escaping @Sendable () -> Date = { Date() },
    announce: @escaping @Sendable (String, [ItemChange], Set<Int64>) async -> Void = { _, _, _ in },
    announceAction: @escaping @Sendable (QueuedAction) async -> Void = { _ in },
    announceReplayed: @escaping @Sendable (String, [QueuedAction]) async -> Void = { _, _ in },
    finished: @escaping @Sendable (String, SyncReport) async -> Void = { _, _ in },
    sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
  ) {
    self.announceAction = announceAction
    self.announceReplayed = announceReplayed
    self.finished = finished
    self.store = store
    self.configuration = configuration
    self.logger = logger
    self.now = now
    self.announce = announce
    self.sleepFor = sleep
  }

  /// Adds (or replaces) an account; its first sync is due at once.
  public func register(accountID: String, name: String, source: any SyncSource, actions: (any ActionSink)? = nil) {
    accounts[accountID] = Registration(name: name, source: source, actions: actions, paused: false)
    var status = statuses[accountID] ?? SyncStatus()
    status.nextRunAt = now()
    statuses[accountID] = status
    wakeSchedule()
  }

  public func unregister(accountID: String) {
    accounts[accountID] = nil
    statuses[accountID] = nil
    running[accountID]?.cancel()
  }

  public func status(accountID: String) -> SyncStatus? {
    guard var status = statuses[accountID] else { return nil }
    status.progress = progress[accountID]?.current
    return status
  }

  /// Resumes an account that waited for the user, and syncs it soon.
  public func resume(accountID: String) {
    accounts[accountID]?.paused = false
    statuses[accountID]?.nextRunAt = now()
    wakeSchedule()
  }

  /// The daemon stops: syncs under way are cancelled and end `.stopped`, not as failures (a
  /// fresh-eyes tester's account read "offline: the request was cancelled" after a restart).
  public func stop() {
    stopping = true
    for task in running.values { task.cancel() }
  }

  /// Makes every account due now (after a resume from suspend, or when the network is back).
  public func syncAllSoon() {
    for id in accounts.keys { statuses[id]?.nextRunAt = now() }
    wakeSchedule()
  }

  /// Syncs one account now (joining a sync already running) and returns what it did. `full`:
  /// a full listing, from no cursor (after the one running, if any).
  public func sync(accountID: String, full: Bool = false) async -> SyncReport? {
    if full {
      if let task = running[accountID] { _ = await task.value }
      fullListing.insert(accountID)
    }
    return await start(accountID: accountID)?.value
  }

  /// After an action was queued: a sync that still looks at the queue. A sync already past its
  /// look (fetching, or storing) is waited for and followed by another rather than joined:
  /// joined, the new action waited minutes for the next scheduled sync although the service
  /// was up (a fresh-eyes tester's `--no-wait` adds, one after the other).
  public func syncQueued(accountID: String) async -> SyncReport? {
    if let task = running[accountID], queueLooked.contains(accountID) { _ = await task.value }
    return await start(accountID: accountID)?.value
  }

  /// The account's sync in flight, started now unless one runs. It is marked running before
  /// this returns, so the schedule never starts a second one for the same account.
  @discardableResult
  func start(accountID: String) -> Task<SyncReport, Never>? {
    if let task = running[accountID] { return task }
    guard let registration = accounts[accountID] else { return nil }
    let task = Task {
      let report = await self.perform(accountID: accountID, registration: registration)
      await self.settle(accountID: accountID, report: report)
      return report
    }
    running[accountID] = task
    return task
  }

  /// After a sync: nothing runs for the account any more, and the schedule looks again (the
  /// account's next run was just set).
  private func settle(accountID: String, report: SyncReport) async {
    running[accountID] = nil
    queueLooked.remove(accountID)
    await finished(accountID, report)
    wakeSchedule()
  }

  private func perform(accountID: String, registration: Registration) async -> SyncReport {
    let started = now()
    statuses[accountID, default: SyncStatus()].running = true
    statuses[accountID]?.lastAttemptAt = started
    defer { statuses[accountID]?.running = false }
    let window = SyncWindow.around(started, pastDays: configuration.pastDays, futureDays: configuration.futureDays)
    var cursor: SyncCursor?
    do {
      cursor = try await store.syncCursor(accountID: accountID).flatMap {
        try? JSONCoding.convert($0, to: SyncCursor.self)
      }
      if fullListing.remove(accountID) != nil, cursor != nil {
        logger.info("account \(registration.name): a full listing, as asked")
        cursor = nil
      }
    } catch {
      return failed(accountID, Phrase("sync.storeUnreadable", .text("\(error)")), retry: true)
    }
    var actedOn: Set<Int64> = []
    if let sink = registration.actions {
      queueLooked.insert(accountID)
      do {
        actedOn = try await replayActions(accountID: accountID, sink: sink)
      } catch {
        guard case .session(let sessionError) = error else { return failed(accountID, .verbatim(""), retry: true) }
        return failed(accountID, sessionError)
      }
    }
    let result: FetchResult
    let counter = SyncProgress()
    progress[accountID] = counter
    defer { progress[accountID] = nil }
    do {
      result = try await watched(registration.source, window: window, cursor: cursor, counter: counter)
    } catch {
      // The service lost the position (an expired or unknown cursor): a full listing, once,
      // rather than the same refused cursor on every retry.
      guard cursor != nil, case .connector(.cursorRefused(let detail)) = error else { return failed(accountID, error) }
      logger.notice("account \(registration.name): \(detail); starting over with a full listing")
      do {
        result = try await watched(registration.source, window: window, cursor: nil, counter: counter)
      } catch {
        return failed(accountID, error)
      }
    }
    if result.notModified {
      succeeded(accountID)
      return SyncReport(accountID: accountID, outcome: .notModified)
    }
    let outcome: Store.SyncOutcome
    do {
      outcome = try await store.applySync(
        accountID: accountID, items: Self.titled(result.items, language: configuration.language), points: result.points,
        complete: result.complete, window: window,
        cursor: result.cursor.flatMap { try? JSONTreeEncoder.encode($0) },
        removed: result.removed, retention: configuration.retention, at: started)
    } catch {
      return failed(accountID, Phrase("sync.storeUnwritable", .text("\(error)")), retry: true)
    }
    for kind in outcome.suspectedWipes {
      logger.warning(
        "account \(registration.name): the service listed no \(kind) items although some are known; kept them, will look again next sync"
      )
    }
    succeeded(accountID, continueAfter: result.continueAfter)
    if !outcome.changes.isEmpty {
      logger.info("account \(registration.name): \(Self.summary(outcome.changes))")
      await announce(accountID, outcome.changes, actedOn)
    }
    for (kind, counts) in outcome.seriesChanges.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      logger.info("account \(registration.name): \(kind) points: \(counts.stored) stored, \(counts.removed) removed")
    }
    return SyncReport(
      accountID: accountID, outcome: .synced, changes: outcome.changes, suspectedWipes: outcome.suspectedWipes,
      seriesChanges: outcome.seriesChanges)
  }

  /// The fetch, with its pages counted in `counter` as the connector reads them.
  private func watched(_ source: any SyncSource, window: SyncWindow, cursor: SyncCursor?, counter: SyncProgress)
    async throws(SessionError) -> FetchResult
  {
    do {
      return try await SyncProgress.$watching.withValue(counter) {
        try await source.fetch(window: window, cursor: cursor)
      }
    } catch let error as SessionError {
      throw error
    } catch {
      throw .connector(.unexpectedReply("\(error)"))  // the fetch throws only SessionError
    }
  }

  private func succeeded(_ accountID: String, continueAfter: Double? = nil) {
    var status = statuses[accountID, default: SyncStatus()]
    status.lastSuccessAt = now()
    status.successes += 1
    status.lastError = nil
    status.lastErrorPhrase = nil
    status.offline = false
    status.consecutiveFailures = 0
    status.failingSince = nil
    status.parked = false
    status.nextRunAt = now().addingTimeInterval(jittered(configuration.interval))
    if let continueAfter {
      // A partial fetch goes on as soon as the service allows, not a whole interval later.
      status.nextRunAt = now().addingTimeInterval(max(continueAfter, 1))
      logger.info("sync of \(accounts[accountID]?.name ?? accountID) is partial; it goes on in \(Int(continueAfter)) s")
    }
    statuses[accountID] = status
  }

  private func failed(_ accountID: String, _ error: SessionError) -> SyncReport {
    if stopping || Task.isCancelled { return SyncReport(accountID: accountID, outcome: .stopped) }
    switch error {
    case .needsLogin, .vault:
      // Waits for the user (or the keyring watcher): retrying would change nothing.
      accounts[accountID]?.paused = true
      return failed(accountID, error.phrase, retry: false)
    case .connector(let connectorError):
      // Waiting cures what is temporary (and an expired session); anything else ends parked.
      let curable = connectorError.isTemporary || connectorError == .sessionExpired
      var report = failed(
        accountID, error.phrase, retry: true, offline: connectorError.isTemporary, curable: curable)
      if case .unreachable = connectorError { statuses[accountID]?.unreachable = true }
      if case .rateLimited(let retryAfter?, _) = connectorError, case .failed(let text, let retryAt?) = report.outcome {
        let honoured = max(retryAt, now().addingTimeInterval(retryAfter))
        statuses[accountID]?.nextRunAt = honoured
        report.outcome = .failed(text, retryAt: honoured)
      }
      return report
    }
  }

  private func failed(
    _ accountID: String, _ message: Phrase, retry: Bool, offline: Bool = false, curable: Bool = true
  ) -> SyncReport {
    if stopping || Task.isCancelled { return SyncReport(accountID: accountID, outcome: .stopped) }
    var status = statuses[accountID, default: SyncStatus()]
    status.lastError = message.english
    status.lastErrorPhrase = message
    status.offline = offline
    status.unreachable = false
    status.consecutiveFailures += 1
    if status.failingSince == nil { status.failingSince = now() }
    if !curable && status.consecutiveFailures >= configuration.parkAfter {
      if !status.parked {
        let name = accounts[accountID]?.name ?? accountID
        let hours = Int(seconds(configuration.parkedInterval) / 3600)
        logger.warning(
          "account \(name): \(status.consecutiveFailures) failures in a row; parked, tried every \(hours) h until it syncs"
        )
      }
      status.parked = true
    }
    if retry && status.parked {
      status.nextRunAt = now().addingTimeInterval(seconds(configuration.parkedInterval))
    } else if retry {
      let exponent = min(status.consecutiveFailures - 1, 20)
      let base = seconds(configuration.backoffBase) * Double(1 << exponent)
      let delay = min(base, seconds(configuration.backoffCap))
      status.nextRunAt = now().addingTimeInterval(delay * jitterFactor())
    } else {
      status.nextRunAt = nil
    }
    statuses[accountID] = status
    logger.notice("sync of \(accounts[accountID]?.name ?? accountID) failed: \(message.english)")
    return SyncReport(accountID: accountID, outcome: .failed(message, retryAt: status.nextRunAt))
  }

  // MARK: Scheduling

  /// The accounts due at `time`, and when the next one is due after them.
  func due(at time: Date) -> (due: [String], next: Date?) {
    var due: [String] = []
    var next: Date?
    for (id, registration) in accounts where !registration.paused && running[id] == nil {
      guard let at = statuses[id]?.nextRunAt else { continue }
      if at <= time { due.append(id) } else { next = min(next ?? at, at) }
    }
    return (due.sorted(), next)
  }

  private func jittered(_ duration: Duration) -> Double { seconds(duration) * jitterFactor() }

  private func jitterFactor() -> Double {
    let spread = max(0, min(configuration.jitter, 0.9))
    return spread == 0 ? 1 : Double.random(in: (1 - spread)...(1 + spread), using: &random)
  }

  func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
  }

  static func summary(_ changes: [ItemChange]) -> String {
    let counts = Dictionary(grouping: changes, by: \.change).mapValues(\.count)
    return [ItemChange.Kind.new, .changed, .cancelled, .removed].compactMap { kind in
      counts[kind].map { "\($0) \(kind.rawValue)" }
    }.joined(separator: ", ")
  }
}

extension SyncEngine {
  /// Items whose kind makes its titles of words, titled in `language` (`ItemKindDeclaration.titles`).
  static func titled(_ items: [Item], language: Language) -> [Item] {
    items.map { item in
      guard let declaration = ConnectorRegistry.itemKind(item.kind), !declaration.titles.isEmpty else { return item }
      var titled = item
      titled.title = declaration.title(of: item, in: language)
      return titled
    }
  }
}
