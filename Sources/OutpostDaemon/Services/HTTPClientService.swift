import OutpostConnectors
import ServiceLifecycle

/// Owns the daemon's one HTTP client. First in the service group, so it is shut down last:
/// syncs, CalDAV pushes and logins still running at shutdown finish (or are cancelled) before
/// its connections close.
struct HTTPClientService: Service {
  let transport: AsyncHTTPTransport

  func run() async throws {
    try? await gracefulShutdown()
    await transport.shutdown()
  }
}
