import Foundation
import Logging
import NIOCore
import NIOPosix
import OutpostCalendar
import OutpostConnectors
import OutpostDesktop
import OutpostModel
import OutpostRPC
import OutpostRPCTransport
import OutpostSnapshot
import OutpostStore
import OutpostSync
import ServiceLifecycle

#if canImport(Glibc)
  import Glibc
#endif

/// The composition root: builds every part in dependency order, serves until SIGTERM/SIGINT,
/// then shuts down in reverse order.
public struct Daemon {
  public struct Options: Sendable {
    public var paths: OutpostPaths
    public var logLevel: Logger.Level?
    public var environment: [String: String]

    public init(paths: OutpostPaths, logLevel: Logger.Level?, environment: [String: String]) {
      self.paths = paths
      self.logLevel = logLevel
      self.environment = environment
    }
  }

  /// Runs the daemon to the end; returns how the process should exit.
  public static func run(_ options: Options) async -> DaemonExitCode {
    let paths = options.paths
    // Taken once: reading them (sd_listen_fds(3), by hand) clears the variables so that children do not inherit them.
    let listenDescriptors = Systemd.listenDescriptors()
    let style: OutpostLogHandler.Style =
      Systemd.stderrIsJournal(environment: options.environment) ? .journal : .terminal
    var configuration = DaemonConfiguration()
    var failure: DaemonStartError?
    do {
      configuration = try DaemonConfiguration.load(path: paths.configFilePath)
    } catch {
      failure = DaemonStartError(
        exitCode: .configError, component: "config",
        message: "configuration error\n\(error)\nFix the file (`outpostd --print-config` shows every key), then "
          + "restart outpostd.")
    }
    let level = options.logLevel ?? configuration.logLevel
    LoggingSystem.bootstrap { label in OutpostLogHandler(label: label, level: level, style: style) }
    let logger = Logger(label: "outpostd")

    if failure == nil {
      do {
        try await serve(
          paths: paths, configuration: configuration, listenDescriptors: listenDescriptors, logger: logger)
        logger.notice("stopped")
        return .ok
      } catch let error as DaemonStartError {
        failure = error
      } catch {
        logger.critical("stopped by an unexpected error: \(error)")
        return .failure
      }
    }
    guard let failure else { return .failure }
    // On a terminal the message keeps its lines; the journal gets it as one record.
    if style == .terminal { printError("outpostd: \(failure.message)") } else { logger.error("\(failure.message)") }
    // Started by systemd for a waiting client: exiting would only make systemd retry until it
    // gives up on the socket, and the client would learn nothing. Stay up and say what is wrong.
    if let descriptor = listenDescriptors.first, failure.exitCode != .alreadyRunning {
      await NotOperationalMode.serve(descriptor: descriptor, failure: failure, paths: paths, logger: logger)
    }
    return failure.exitCode
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  private static func serve(
    paths: OutpostPaths, configuration: DaemonConfiguration, listenDescriptors: [CInt], logger: Logger
  ) async throws {
    Systemd.status("Starting")
    do {
      try RuntimeDirectory.prepare(paths.runtimeDirectory, mode: 0o700, isPrivate: true)
      try RuntimeDirectory.prepare(paths.dataDirectory, mode: 0o700, isPrivate: true)
    } catch {
      throw DaemonStartError(exitCode: .cannotCreate, component: "runtime", message: "\(error)")
    }
    let lock: InstanceLock
    do {
      lock = try InstanceLock(path: paths.lockPath)
    } catch .heldBy(let pid) {
      let who = pid.map { "(pid \($0)) " } ?? ""
      throw DaemonStartError(
        exitCode: .alreadyRunning, component: "instance",
        message: "outpostd is already running \(who)for \(paths.runtimeDirectory) and serving \(paths.socketPath). "
          + "Use that one (`outpost status`), or stop it first (`systemctl --user stop outpostd` or `kill \(pid.map(String.init) ?? "PID")`)."
      )
    } catch .cannotOpen(let path, let code) {
      throw DaemonStartError(
        exitCode: .cannotCreate, component: "runtime",
        message: "cannot create \(path): \(String(cString: strerror(code)))")
    }
    defer { withExtendedLifetime(lock) {} }

    Systemd.status("Opening the store")
    // The store opens on the other core while the settings, the event loop and the HTTP client
    // are made: together they are several milliseconds of a socket-activated start, the client
    // waiting (docs/performance.md, "Start to ready").
    let opening = Task.detached { Result { () throws(StoreError) in try Store.open(path: paths.databasePath) } }
    var sync = SyncConfiguration()
    sync.interval = .seconds(configuration.syncIntervalMinutes * 60)
    sync.pastDays = configuration.syncPastDays
    sync.backoffCap = .seconds(configuration.syncBackoffCapMinutes * 60)
    sync.retention = ConnectorRegistry.retentionPolicy(defaultDays: configuration.syncRetentionDays)
    var calendar = CalendarSettings()
    calendar.timeZone = TimeZone(identifier: configuration.calendarTimeZone) ?? calendar.timeZone
    calendar.alarmsMinutesBefore = configuration.calendarAlarmMinutes > 0 ? [configuration.calendarAlarmMinutes] : []
    calendar.includeContactDetails = configuration.calendarIncludeContacts
    // Appointments as the compiled-in connectors declare them, in calendars and bars alike.
    calendar.eventKinds = ConnectorRegistry.appointmentKinds
    calendar.language =
      Language(rawValue: configuration.language) ?? Language.preferred(environment: ProcessEnvironment.current())
    sync.language = calendar.language
    var snapshotOptions = SnapshotOptions()
    snapshotOptions.maxItems = configuration.snapshotMaxItems
    snapshotOptions.kinds = ConnectorRegistry.appointmentKinds.map(\.rawValue).sorted().map(ItemKind.init(rawValue:))
    snapshotOptions.language = calendar.language
    snapshotOptions.unreadCounters = Dictionary(
      ConnectorRegistry.itemKinds.compactMap { declaration in declaration.unreadKey.map { (declaration.kind, $0) } },
      uniquingKeysWith: { first, _ in first })
    let snapshotDirectory =
      configuration.snapshotDirectory.isEmpty ? paths.runtimeDirectory : configuration.snapshotDirectory
    let onChange = configuration.snapshotOnChange.isEmpty ? nil : PostChangeCommand(configuration.snapshotOnChange)
    let snapshotWriter =
      configuration.snapshotFiles ? SnapshotWriter(directory: snapshotDirectory, postChangeCommand: onChange) : nil
    let notificationSettings = NotificationSettings(configuration, language: calendar.language)
    // Connecting to the session bus takes a thread and a few round trips: begun now, it is done
    // by the time the notification service starts. A failure here is that start's to report.
    let desktopNotifier = notificationSettings.desktop ? DesktopNotifier() : nil
    if let desktopNotifier { Task.detached { try? await desktopNotifier.openConnection() } }
    // One event-loop thread is plenty for a per-user daemon and keeps idle wakeups at zero. The
    // socket, the feed and every upstream request share it.
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let http = AsyncHTTPTransport(group: group)
    let store: Store
    do {
      store = try await opening.value.get()
    } catch {
      await http.shutdown()
      try? await group.shutdownGracefully()
      switch error {
      case .corrupt, .newerSchema:
        throw DaemonStartError(exitCode: .dataError, component: "store", message: error.description)
      default: throw DaemonStartError(exitCode: .cannotCreate, component: "store", message: error.description)
      }
    }
    defer {
      do { try store.close() } catch { logger.error("closing the store: \(error)") }
    }
    let releasing = HeapHygiene.releasing { store.releaseMemory() }
    defer { HeapHygiene.stopReleasing(releasing) }
    let events: EventHub
    do {
      events = try await EventHub(store: store, retained: configuration.eventsRetained, logger: logger)
    } catch {
      await http.shutdown()
      try? await group.shutdownGracefully()
      throw error
    }
    let shipped = ShippedPresets.load(tables: ConnectorRegistry.presetTables)
    for problem in shipped.problems {
      logger.warning("\(shipped.path ?? "presets"):\(problem.line): \(problem.message); that entry is left out")
    }
    if shipped.path == nil && !ConnectorRegistry.presetTables.isEmpty {
      logger.warning("no shipped presets file (share/outpost/presets.toml) was found; only config.toml's are known")
    }
    let services = DaemonServices(
      paths: paths, store: store, events: events, logger: logger, transport: http, syncConfiguration: sync,
      calendarSettings: calendar, calendarFiles: configuration.calendarFiles, calendarVdir: configuration.calendarVdir,
      snapshotOptions: snapshotOptions, snapshotWriter: snapshotWriter,
      notificationSettings: notificationSettings, desktopNotifier: desktopNotifier,
      presets: shipped.presets.overlaid(with: configuration.presets))
    let dispatcher = RPCDispatcher(registry: Handlers.registry(services: services)) { method, error in
      logger.error("internal error in \(method): \(error)")
    }
    let maxConnections = OpenFileLimit.raise(toHold: configuration.maxConnections)
    if maxConnections < configuration.maxConnections {
      logger.warning(
        "the open-file limit allows \(maxConnections) connections, not rpc.max_connections = \(configuration.maxConnections): raise LimitNOFILE= (hard limit)"
      )
    }
    let server = RPCServer(
      group: group, dispatcher: dispatcher,
      configuration: RPCServerConfiguration(
        maxFrameBytes: configuration.maxFrameBytes, maxConnections: maxConnections,
        drainTimeout: .seconds(configuration.drainTimeoutSeconds), afterLargeReply: HeapHygiene.trimSoon),
      logger: logger
    ) { peer in events.unsubscribe(peer) }
    services.setConnectionCounter { server.connectionCount }
    do {
      try await OnlineOnlyActions.setAsideLeftovers(store: services.store, logger: logger)
      try await services.accounts.start()
    } catch {
      await http.shutdown()
      throw DaemonStartError(exitCode: .dataError, component: "store", message: error.description)
    }

    var lifecycle: [any Service] = [
      HTTPClientService(transport: http),
      RPCServerService(
        server: server, services: services, listenDescriptor: listenDescriptors.first,
        whenServing: { [services] in
          // The accounts' first checks (in the background); notifications (reminders may fire
          // at once, catching up with the time the daemon was not running); then reminders. The
          // first plan (with 100,000 items it keeps a core busy for seconds) runs behind them. A
          // reminder snoozed or dismissed before the scheduler starts is in the store, where its
          // start reads it.
          await services.accounts.checkAtStart()
          await services.notifications.connectToDesktop()
          await services.reminders.start(planning: false)
          await services.reminders.planInBackground()
        }),
    ]
    if configuration.calendarFeed {
      lifecycle.append(
        FeedServerService(
          calendars: services.calendars, port: configuration.calendarFeedPort, group: group, logger: logger,
          endpoint: services.feed))
    }
    // The calendars and the bars' files as of the store now; later ones follow the changes.
    // The calendars usually are as the last run left them: then nothing is rendered.
    await services.calendars.scheduleRegeneration(unlessUpToDate: true)
    await services.snapshots.refreshSoon()
    // A notification's declared button queues the connector's action on its item, as
    // `outpost actions add` would: checked against the item, queued, sent once.
    await services.notifications.onItemAction { [weak services, logger] notification, type, params in
      guard let services, let number = notification.itemNumber else { return }
      do {
        let queued = try await ActionHandlers.queue(
          type.rawValue, on: .item(number), params: .object(params), wait: false, services)
        logger.notice("notifications: \(type.rawValue) queued as action #\(queued.action.number) for item #\(number)")
      } catch {
        logger.warning("notifications: \(type.rawValue) on item #\(number) not queued: \(error)")
      }
    }
    // Read here is read at the service: each unread twin in its own centre gets its receipt
    // queued (sent now when online, later when not).
    await services.notifications.onRead { [weak services, logger] read in
      guard let services else { return }
      for (notice, action) in await services.notifications.readMirror.serviceTwins(of: read) {
        do {
          _ = try await ActionHandlers.queue(
            action.rawValue, on: .item(notice.number), params: nil, wait: false, services)
        } catch {
          logger.warning("notifications: \(action.rawValue) on item #\(notice.number) not queued: \(error)")
        }
      }
    }
    // The preferences and the signal subscription before serving; the bus round trips, the
    // reminders and their plan once the socket is served (RPCServerService.whenServing).
    await services.notifications.start()
    lifecycle.append(
      SyncService(
        engine: services.sync, store: store, retention: sync.retention, logger: logger))
    lifecycle.append(SleepService(reminders: services.reminders, snapshots: services.snapshots, logger: logger))
    lifecycle.append(
      KeyringWatchService(
        accounts: services.accounts, vault: services.vault, interval: .seconds(configuration.keyringPollSeconds),
        logger: logger))
    if let interval = Systemd.watchdogInterval() {
      lifecycle.append(WatchdogService(interval: interval, eventLoop: group.next(), store: store, logger: logger))
    }
    let serviceGroup = ServiceGroup(
      configuration: .init(services: .named(lifecycle), gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await serviceGroup.run()
    } catch {
      await http.shutdown()
      try? await group.shutdownGracefully()
      throw error
    }
    try? await group.shutdownGracefully()
  }
}
