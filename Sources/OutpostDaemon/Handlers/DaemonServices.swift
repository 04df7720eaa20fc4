import Foundation
import Logging
import OutpostCalendar
import OutpostConnectors
import OutpostDesktop
import OutpostModel
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
  /// Where the calendar feed listens, once it does (`calendar.url`).
  let feed = FeedEndpoint()
  private let connectionCounter = Mutex<(@Sendable () -> Int)?>(nil)

  init(
    paths: OutpostPaths, store: Store, events: EventHub, logger: Logger, startedAt: Date = Date(),
    transport: any HTTPTransport = URLSessionTransport(), syncConfiguration: SyncConfiguration = SyncConfiguration(),
    calendarSettings: CalendarSettings = CalendarSettings(), calendarFiles: Bool = true, calendarVdir: Bool = true
  ) {
    vault = KeyringVault(secrets: SecretStore())
    let calendars = CalendarFiles(
      store: store, directory: paths.dataDirectory + "/calendars", settings: calendarSettings, enabled: calendarFiles,
      vdir: calendarVdir, logger: logger)
    self.calendars = calendars
    let sync = SyncEngine(
      store: store, configuration: syncConfiguration, logger: logger, now: { Date() },
      announce: { accountID, changes in
        await ItemEvents.announce(changes, accountID: accountID, store: store, events: events, logger: logger)
        await calendars.scheduleRegeneration()
      },
      announceAction: { action in await ItemEvents.announce(action, events: events, logger: logger) })
    self.sync = sync
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
