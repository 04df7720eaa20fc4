import Foundation
import Logging
import OutpostCalendar
import OutpostConnectors
import OutpostDesktop
import OutpostModel
import OutpostSnapshot
import OutpostStore
import OutpostSync
import Synchronization

/// What handlers need from the rest of the daemon. Built by the composition root (`Daemon`),
/// and by tests with an in-memory store.
final class DaemonServices: Sendable {
  let paths: OutpostPaths
  let store: Store
  let events: EventHub
  let logger: Logger
  let startedAt: Date
  let accounts: AccountService
  let vault: KeyringVault
  let sync: SyncEngine
  let calendars: CalendarFiles
  let caldav: CalDAVPushService
  let snapshots: SnapshotService
  /// Where the calendar feed listens, once it does (`calendar.url`).
  let feed = FeedEndpoint()
  private let connectionCounter = Mutex<(@Sendable () -> Int)?>(nil)

  init(
    paths: OutpostPaths, store: Store, events: EventHub, logger: Logger, startedAt: Date = Date(),
    transport: any HTTPTransport = URLSessionTransport(), syncConfiguration: SyncConfiguration = SyncConfiguration(),
    calendarSettings: CalendarSettings = CalendarSettings(), calendarFiles: Bool = true, calendarVdir: Bool = true,
    snapshotOptions: SnapshotOptions = SnapshotOptions(), snapshotWriter: SnapshotWriter? = nil
  ) {
    vault = KeyringVault(secrets: SecretStore())
    let calendars = CalendarFiles(
      store: store, directory: paths.dataDirectory + "/calendars", settings: calendarSettings, enabled: calendarFiles,
      vdir: calendarVdir, logger: logger)
    self.calendars = calendars
    // The snapshot service needs the engine (for sync times) and the engine tells it when a
    // sync ends: the engine is built first and finds the service here.
    let snapshotsLater = LateBound<SnapshotService>()
    let sync = SyncEngine(
      store: store, configuration: syncConfiguration, logger: logger, now: { Date() },
      announce: { accountID, changes in
        await ItemEvents.announce(changes, accountID: accountID, store: store, events: events, logger: logger)
        await calendars.scheduleRegeneration()
      },
      announceAction: { action in await ItemEvents.announce(action, events: events, logger: logger) },
      finished: { accountID, report in await snapshotsLater.value?.syncFinished(accountID: accountID, report: report) })
    self.sync = sync
    let snapshots = SnapshotService(
      store: store, sync: sync, options: snapshotOptions, writer: snapshotWriter, logger: logger)
    snapshotsLater.set(snapshots)
    self.snapshots = snapshots
    // Whatever a bar shows changes with an event: items, accounts, actions.
    events.listen { event in
      guard ["items.", "account.", "action."].contains(where: { event.type.hasPrefix($0) }) else { return }
      Task { await snapshots.refreshSoon() }
    }
    let caldav = CalDAVPushService(
      store: store, vault: vault, calendars: calendars, transport: transport, logger: logger)
    calendars.afterRegeneration.withLock { $0 = { await caldav.pushSoon() } }
    self.caldav = caldav
    accounts = AccountService(
      store: store, vault: vault, transport: transport, events: events, logger: logger, sync: sync)
    self.paths = paths
    self.store = store
    self.events = events
    self.logger = logger
    self.startedAt = startedAt
  }

  /// The server exists only after the handlers are registered; it reports its count here.
  func setConnectionCounter(_ counter: @escaping @Sendable () -> Int) {
    connectionCounter.withLock { $0 = counter }
  }

  var connectionCount: Int { connectionCounter.withLock { $0 }?() ?? 0 }
}

/// A value that exists only after the closures that need it were made (one-time wiring).
final class LateBound<Value: Sendable>: Sendable {
  private let storage = Mutex<Value?>(nil)
  var value: Value? { storage.withLock { $0 } }
  func set(_ value: Value) { storage.withLock { $0 = value } }
}
