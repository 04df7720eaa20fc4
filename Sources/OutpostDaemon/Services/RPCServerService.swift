import Foundation
import Logging
import OutpostDesktop
import OutpostModel
import OutpostRPCTransport
import ServiceLifecycle

/// Serves the socket from inside the service group, so that SIGTERM/SIGINT are handled from the
/// first request on; at graceful shutdown it tells subscribers, stops accepting, lets in-flight
/// requests finish and closes connections.
struct RPCServerService: Service {
  let server: RPCServer
  let services: DaemonServices
  /// A socket inherited from systemd, if any.
  let listenDescriptor: CInt?
  /// Start-up work that can wait until clients are served (it would compete for the CPU with
  /// the start, a client waiting on it under socket activation).
  var whenServing: @Sendable () async -> Void = {}

  func run() async throws {
    let paths = services.paths
    let logger = services.logger
    // Recorded before the first client can be served: whoever subscribes finds it already in
    // the log (with `since`), not racing in after the subscribe reply.
    _ = try? await services.events.publish(
      OutpostEventType.daemonDidStart, ["pid": .int(Int64(getpid())), "version": .string(ProductInfo.version)])
    do {
      if let listenDescriptor {
        try await server.adopt(descriptor: listenDescriptor)
        logger.info("serving on the socket passed by systemd (fd \(listenDescriptor))")
      } else {
        try RuntimeDirectory.removeStaleSocket(paths.socketPath)
        try await server.bind(path: paths.socketPath)
        logger.info("serving on \(paths.socketPath)")
      }
    } catch RuntimeDirectory.Failure.socketInUse(let path) {
      throw DaemonStartError(
        exitCode: .alreadyRunning, component: "instance",
        message: RuntimeDirectory.Failure.socketInUse(path: path).description)
    } catch {
      throw DaemonStartError(
        exitCode: .cannotCreate, component: "rpc", message: "cannot listen on \(paths.socketPath): \(error)")
    }
    Systemd.ready(status: "Serving on \(paths.socketPath)")
    logger.notice("started", metadata: ["version": "\(ProductInfo.version)", "store": "\(services.store.path)"])
    await whenServing()

    try? await gracefulShutdown()
    Systemd.stopping(status: "Stopping: finishing requests in flight")
    logger.notice("stopping")
    _ = try? await services.events.publish(OutpostEventType.daemonWillStop)
    await services.accounts.cancelAllInteractiveLogins()
    await server.shutdown()
  }
}
