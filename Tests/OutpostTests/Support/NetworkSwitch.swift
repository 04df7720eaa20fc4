import Synchronization

@testable import OutpostConnectors

/// The network as a test turns it off and on: while off, every request fails as a laptop on a
/// train sees it (no route), without touching the sandbox behind it.
final class NetworkSwitch: HTTPTransport {
  private let inner: any HTTPTransport
  private let down = Mutex(false)

  init(_ inner: any HTTPTransport = TestHTTP.transport) { self.inner = inner }

  func set(online: Bool) { down.withLock { $0 = !online } }

  func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    if down.withLock({ $0 }) { throw .unreachable("network is down") }
    return try await inner.send(request)
  }
}
