import Foundation
import Logging
import OutpostCalendar
import OutpostConnectors
import OutpostDesktop
import OutpostModel
import OutpostReminders
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
  let notifications: NotificationService
  let reminders: ReminderService
  /// Where the calendar feed listens, once it does (`calendar.url`).
  let feed = FeedEndpoint()
  /// The shipped presets (brands) with the user's laid over them.
  let presets: ServicePresets
  private let connectionCounter = Mutex<(@Sendable () -> Int)?>(nil)

  init(
    paths: OutpostPaths, store: Store, events: EventHub, logger: Logger, startedAt: Date = Date(),
    transport: any HTTPTransport, syncConfiguration: SyncConfiguration = SyncConfiguration(),
    calendarSettings: CalendarSettings = CalendarSettings(), calendarFiles: Bool = true, calendarVdir: Bool = true,
    snapshotOptions: SnapshotOptions = SnapshotOptions(), snapshotWriter: SnapshotWriter? = nil,
    notificationSettings: NotificationSettings = NotificationSettings(),
    desktopNotifier: (any DesktopShowing)? = nil,
    presets: ServicePresets = ShippedPresets.load(tables: ConnectorRegistry.presetTables).presets
  ) {
    self.presets = presets
    vault = KeyringVault(secrets: SecretStore())
    let calendars = CalendarFiles(
      store: store, directory: paths.dataDirectory + "/calendars", settings: calendarSettings, enabled: calendarFiles,
      vdir: calendarVdir, logger: logger)
    self.calendars = calendars
    // The snapshot service needs the engine (for sync times) and the engine tells it when a
    // sync ends: the engine is built first and finds the service here.
    let snapshotsLater = LateBound<SnapshotService>()
    let notifications = NotificationService(
      store: store, events: events, logger: logger, language: notificationSettings.language,
      timeZone: notificationSettings.timeZone,
      notifier: notificationSettings.desktop ? desktopNotifier ?? DesktopNotifier() : nil,
      preferences: notificationSettings.preferences)
    let changeNotifier = ChangeNotifier(
      store: store, notifications: notifications, language: notificationSettings.language,
      timeZone: notificationSettings.timeZone, logger: logger)
    let firstSyncs = LateBound<SyncEngine>()
    let healthLater = LateBound<SyncHealth>()
    let sync = SyncEngine(
      store: store, configuration: syncConfiguration, logger: logger, now: { Date() },
      announce: { accountID, changes, actedOn in
        await ItemEvents.announce(changes, accountID: accountID, store: store, events: events, logger: logger)
        await calendars.scheduleRegeneration()
        // An account's first sync is no news: this is the engine's first success for it, and
        // none was recorded before this run.
        let known = (await firstSyncs.value?.status(accountID: accountID)?.successes ?? 0) > 1
        let recorded = (try? await store.lastSuccessfulSyncs()[accountID]) != nil
        // What the user's own actions just did is no news (a withdrawn offer is not "taken").
        await changeNotifier.announce(changes, accountID: accountID, firstSync: !known && !recorded, actedOn: actedOn)
        // Read on the phone is read here (a service's own centre, `NotificationReadMirror`).
        let readThere = await notifications.readMirror.followService(accountID: accountID, at: Date())
        await notifications.closeOnDesktop(ids: readThere)
      },
      announceAction: { action in
        await ItemEvents.announce(action, events: events, logger: logger)
        await changeNotifier.announce(action)
      },
      announceReplayed: { accountID, actions in await changeNotifier.announceReplayed(actions, accountID: accountID) },
      finished: { accountID, report in
        await healthLater.value?.syncFinished(accountID: accountID, report: report)
        await snapshotsLater.value?.syncFinished(accountID: accountID, report: report)
      })
    self.sync = sync
    firstSyncs.set(sync)
    self.notifications = notifications
    let reminders = ReminderService(
      store: store, notifications: notifications, logger: logger, rules: notificationSettings.rules,
      timeZone: notificationSettings.timeZone, language: notificationSettings.language,
      cutoff: notificationSettings.catchUpCutoff)
    self.reminders = reminders
    let snapshots = SnapshotService(
      store: store, sync: sync, options: snapshotOptions, writer: snapshotWriter, logger: logger,
      unreadNotifications: { (try? await store.unreadNotificationCount()) ?? 0 })
    snapshotsLater.set(snapshots)
    self.snapshots = snapshots
    // Whatever a bar shows changes with an event: items, accounts, actions.
    events.listen { event in
      guard ["items.", "account.", "action.", "notification."].contains(where: { event.type.hasPrefix($0) }) else {
        return
      }
      Task { await snapshots.refreshSoon() }
    }
    // Reminders follow the items; a login the user must give is told once.
    events.listen { event in
      if event.type == OutpostEventType.itemsDidChange { Task { await reminders.replan() } }
      if event.type == OutpostEventType.accountDidChangeState {
        Task { await changeNotifier.accountStateChanged(event) }
      }
    }
    let caldav = CalDAVPushService(
      store: store, vault: vault, calendars: calendars, transport: transport, logger: logger)
    calendars.afterRegeneration.withLock { $0 = { await caldav.pushSoon() } }
    self.caldav = caldav
    accounts = AccountService(
      store: store, vault: vault, transport: transport, events: events, logger: logger, sync: sync,
      presets: presets,
      signedInWithLink: { accountID, name in await changeNotifier.signedInWithLink(accountID: accountID, name: name) })
    healthLater.set(
      SyncHealth(
        store: store, accounts: accounts, sync: sync, notifier: changeNotifier, language: notificationSettings.language,
        timeZone: notificationSettings.timeZone))
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
