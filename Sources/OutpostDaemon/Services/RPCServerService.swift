import Logging
import OutpostModel
import OutpostRPCTransport
import OutpostDesktop
import ServiceLifecycle

/// Keeps the socket server running until graceful shutdown, then tells subscribers, stops
/// accepting, lets in-flight requests finish and closes connections.
struct RPCServerService: Service {
  let server: RPCServer
  let services: DaemonServices

  func run() async throws {
    try? await gracefulShutdown()
    Systemd.stopping(status: "Stopping: finishing requests in flight")
    services.logger.notice("stopping")
    _ = try? await services.events.publish(OutpostEventType.daemonWillStop)
    await server.shutdown()
  }
}
