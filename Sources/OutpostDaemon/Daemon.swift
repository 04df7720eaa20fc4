import Foundation
import Logging
import NIOCore
import NIOPosix
import OutpostDesktop
import OutpostModel
import OutpostRPC
import OutpostRPCTransport
import OutpostStore
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
    let configuration: DaemonConfiguration
    do {
      configuration = try DaemonConfiguration.load(path: paths.configFilePath)
    } catch {
      printError(
        "outpostd: configuration error\n\(error)\nFix the file (`outpostd --print-config` shows every key), then start again."
      )
      return .configError
    }
    let style: OutpostLogHandler.Style =
      Systemd.stderrIsJournal(environment: options.environment) ? .journal : .terminal
    let level = options.logLevel ?? configuration.logLevel
    LoggingSystem.bootstrap { label in OutpostLogHandler(label: label, level: level, style: style) }
    let logger = Logger(label: "outpostd")

    do {
      try await serve(paths: paths, configuration: configuration, logger: logger)
      logger.notice("stopped")
      return .ok
    } catch let error as DaemonStartError {
      logger.error("\(error.message)")
      if style == .journal { printError("outpostd: \(error.message)") }
      return error.exitCode
    } catch {
      logger.critical("stopped by an unexpected error: \(error)")
      return .failure
    }
  }

  static func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
  }

  private static func serve(paths: OutpostPaths, configuration: DaemonConfiguration, logger: Logger) async throws {
    Systemd.status("Starting")
    let listenDescriptors = Systemd.listenDescriptors()
    do {
      try RuntimeDirectory.prepare(paths.runtimeDirectory, mode: 0o700, isPrivate: true)
      try RuntimeDirectory.prepare(paths.dataDirectory, mode: 0o700, isPrivate: true)
    } catch {
      throw DaemonStartError(exitCode: .cannotCreate, message: "\(error)")
    }
    let lock: InstanceLock
    do {
      lock = try InstanceLock(path: paths.lockPath)
    } catch .heldBy(let pid) {
      let who = pid.map { "(pid \($0)) " } ?? ""
      throw DaemonStartError(
        exitCode: .alreadyRunning,
        message: "outpostd is already running \(who)for \(paths.runtimeDirectory) and serving \(paths.socketPath). "
          + "Use that one (`outpost status`), or stop it first (`systemctl --user stop outpostd` or `kill \(pid.map(String.init) ?? "PID")`)."
      )
    } catch .cannotOpen(let path, let code) {
      throw DaemonStartError(
        exitCode: .cannotCreate, message: "cannot create \(path): \(String(cString: strerror(code)))")
    }
    defer { withExtendedLifetime(lock) {} }

    Systemd.status("Opening the store")
    let store: Store
    do {
      store = try Store.open(path: paths.databasePath)
    } catch {
      switch error {
      case .corrupt, .newerSchema: throw DaemonStartError(exitCode: .dataError, message: error.description)
      default: throw DaemonStartError(exitCode: .cannotCreate, message: error.description)
      }
    }
    defer {
      do { try store.close() } catch { logger.error("closing the store: \(error)") }
    }

    let events = try await EventHub(store: store, retained: configuration.eventsRetained, logger: logger)
    let services = DaemonServices(paths: paths, store: store, events: events, logger: logger)
    let dispatcher = RPCDispatcher(registry: Handlers.registry(services: services)) { method, error in
      logger.error("internal error in \(method): \(error)")
    }
    // One event-loop thread is plenty for a per-user daemon and keeps idle wakeups at zero.
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let server = RPCServer(
      group: group, dispatcher: dispatcher,
      configuration: RPCServerConfiguration(
        maxFrameBytes: configuration.maxFrameBytes, maxConnections: configuration.maxConnections,
        drainTimeout: .seconds(configuration.drainTimeoutSeconds)),
      logger: logger
    ) { peer in events.unsubscribe(peer) }
    services.setConnectionCounter { server.connectionCount }

    var lifecycle: [any Service] = [
      RPCServerService(server: server, services: services, listenDescriptor: listenDescriptors.first)
    ]
    if let interval = Systemd.watchdogInterval() {
      lifecycle.append(WatchdogService(interval: interval, eventLoop: group.next(), store: store, logger: logger))
    }
    let serviceGroup = ServiceGroup(
      configuration: .init(services: lifecycle, gracefulShutdownSignals: [.sigterm, .sigint], logger: logger))
    do {
      try await serviceGroup.run()
    } catch {
      try? await group.shutdownGracefully()
      throw error
    }
    try? await group.shutdownGracefully()
  }
}
