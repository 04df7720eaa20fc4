import Foundation
import Logging
import NIOPosix
import OutpostDesktop
import OutpostModel
import OutpostRPC
import OutpostRPCTransport
import ServiceLifecycle
import Synchronization

/// What outpostd does when systemd started it for a waiting client but it cannot work (invalid
/// config.toml, damaged database, …). Exiting would make systemd restart it until it gives up on
/// the socket, and `outpost status` would only say "not running". Instead it serves the socket:
/// `daemon.hello` answers, `daemon.status` names the failing component and what to do, every
/// other method answers `NotOperational`. SIGTERM stops it with the failure's exit status.
enum NotOperationalMode {
  static func serve(descriptor: CInt, failure: DaemonStartError, paths: OutpostPaths, logger: Logger) async {
    let startedAt = Date()
    let server = Mutex<RPCServer?>(nil)
    var registry = RPCHandlerRegistry()
    registry.register(DaemonHello.self) { _, _ in
      DaemonHello.Result(
        product: ProductInfo.name, version: ProductInfo.version, apiVersion: ProductInfo.apiVersion,
        capabilities: ["daemon"])
    }
    registry.register(DaemonStatus.self) { _, _ in
      DaemonStatus.Result(
        version: ProductInfo.version, pid: getpid(), startedAt: startedAt,
        uptimeSeconds: (Date().timeIntervalSince(startedAt) * 1000).rounded() / 1000,
        socketPath: paths.socketPath, storePath: paths.databasePath, configPath: paths.configFilePath,
        // The server is asked after the lock is released: no call out runs under a Mutex.
        counts: .init(
          connections: server.withLock { $0 }?.connectionCount ?? 0, subscribers: 0, eventsRetained: 0, lastEventSeq: 0),
        components: [.init(name: failure.component, health: .failed, detail: failure.message)])
    }
    let refusal = RPCError.notOperational(failure.message)
    for method in RPCMethods.all where method.name != DaemonHello.name && method.name != DaemonStatus.name {
      registry.registerFailing(method, with: refusal)
    }
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let rpcServer = RPCServer(
      group: group, dispatcher: RPCDispatcher(registry: registry), configuration: RPCServerConfiguration(),
      logger: logger)
    server.withLock { $0 = rpcServer }
    // The socket is adopted inside the service group, whose SIGTERM handling is in place by
    // then: a stop that comes right after the first answer is a graceful one, with the failure's
    // exit status, never the default action of SIGTERM.
    var services: [any Service] = [
      ServeSocket(server: rpcServer, descriptor: descriptor, failure: failure, logger: logger)
    ]
    if let interval = Systemd.watchdogInterval() { services.append(WatchdogPinger(interval: interval)) }
    do {
      try await ServiceGroup(
        configuration: .init(services: .named(services), gracefulShutdownSignals: [.sigterm, .sigint], logger: logger)
      ).run()
    } catch {
      logger.error("cannot serve the socket passed by systemd: \(error)")
    }
    try? await group.shutdownGracefully()
  }

  private struct ServeSocket: Service {
    let server: RPCServer
    let descriptor: CInt
    let failure: DaemonStartError
    let logger: Logger

    func run() async throws {
      try await server.adopt(descriptor: descriptor)
      let firstLine = failure.message.split(separator: "\n").first.map(String.init) ?? failure.message
      Systemd.ready(status: "Not operational: \(firstLine)")
      logger.notice("serving in not-operational mode until stopped; `outpost status` shows why")
      try? await gracefulShutdown()
      Systemd.stopping(status: "Stopping")
      await server.shutdown()
    }
  }

  /// Not-operational is a state, not a hang: keep telling the watchdog so.
  private struct WatchdogPinger: Service {
    let interval: Duration
    func run() async throws {
      try? await cancelWhenGracefulShutdown {
        while true {
          Systemd.watchdogPing()
          try await Task.sleep(for: interval)
        }
      }
    }
  }
}
