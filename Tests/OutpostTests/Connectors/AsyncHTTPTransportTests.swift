import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// The daemon's HTTP client, against the sandbox over real loopback HTTP: what it promises the
/// connectors (no redirects followed, bytes as sent, bounded replies) and how each way a request
/// can fail arrives classified. No assertion reads a clock: latencies are a minute where a
/// limit is a fraction of a second.
@Suite(.serialized) struct AsyncHTTPTransportTests {
  static func transport(read: Int64 = 20_000, maximumBytes: Int = 64 << 20) -> AsyncHTTPTransport {
    var options = AsyncHTTPTransport.Options()
    options.readTimeout = .milliseconds(read)
    options.maximumResponseBytes = maximumBytes
    return AsyncHTTPTransport(options: options)
  }

  @Test func redirectsComeBackAndThePathIsSentAsWritten() async throws {
    try await withServer { server, transport in
      let dashboard = try await transport.send(
        HTTPRequest(method: "GET", url: server.baseURL + "/sportmanager.volleyball/main/dashboard"))
      #expect(dashboard.status == 303)
      #expect(dashboard.header("Location")?.contains("/login") == true)
      // `%5C` must reach the server as `%5C`: the route exists only under that spelling.
      let season = try await transport.send(
        HTTPRequest(
          method: "GET",
          url: server.baseURL + "/api/sportmanager.indoorvolleyball/api%5Cindoorseason/getActiveIndoorSeason"))
      #expect(season.status == 406)  // known route, no session (an unknown one is 404)
    }
  }

  @Test func aReplyOverTheLimitIsRefusedNotRead() async throws {
    try await withServer(maximumBytes: 1000) { server, transport in
      let code = try #require(await server.volleyManager.calendarCode(for: SandboxUser.demo.username))
      await #expect(throws: HTTPTransportError.responseTooLarge(limit: 1000)) {
        try await transport.send(HTTPRequest(method: "GET", url: server.baseURL + "/indoor/iCal/referee/\(code)"))
      }
      // The connection pool is still usable after a refused body.
      let small = server.baseURL + "/__sandbox/volleymanager/stats"
      #expect(try await transport.send(HTTPRequest(method: "GET", url: small)).status == 200)
    }
  }

  @Test func nothingListeningIsUnreachableAndABadURLIsSaidSo() async throws {
    let server = try await SandboxServer.start(SandboxConfiguration())
    let closed = server.baseURL
    try await server.stop()
    let transport = Self.transport()
    defer { Task { await transport.shutdown() } }
    do {
      _ = try await transport.send(HTTPRequest(method: "GET", url: closed + "/login"))
      Issue.record("a closed port answered")
    } catch {
      guard case .unreachable(let detail) = error else {
        Issue.record("a closed port gave \(error), not unreachable")
        return
      }
      // In the system's words, without NIO's "connection reset (error set)" and errno.
      #expect(detail.hasSuffix("Connection refused") && !detail.contains("errno"), "\(detail)")
    }
    await #expect(throws: HTTPTransportError.invalidURL("ftp://example.org/")) {
      try await transport.send(HTTPRequest(method: "GET", url: "ftp://example.org/"))
    }
  }

  @Test func aSilentServerTimesOut() async throws {
    try await withServer(read: 300) { server, transport in
      await server.volleyManager.setLatency(milliseconds: 60_000)
      await #expect(throws: HTTPTransportError.timedOut) {
        try await transport.send(HTTPRequest(method: "GET", url: server.baseURL + Self.seasonPath))
      }
    }
  }

  /// A read limit far above the time a loaded machine takes to notice the request arrived, so
  /// the cancellation cannot lose a race with the timeout.
  @Test func aCancelledRequestSaysCancelled() async throws {
    try await withServer(read: 120_000) { server, transport in
      await server.volleyManager.setLatency(milliseconds: 60_000)
      let before = await server.volleyManager.stats().apiRequests
      let pending = Task { try await transport.send(HTTPRequest(method: "GET", url: server.baseURL + Self.seasonPath)) }
      // Cancel once the request has reached the server (its count says so), not after a delay.
      while await server.volleyManager.stats().apiRequests == before { try await Task.sleep(for: .milliseconds(5)) }
      pending.cancel()
      await #expect(throws: HTTPTransportError.cancelled) { try await pending.value }
    }
  }

  static let seasonPath = "/api/sportmanager.indoorvolleyball/api%5Cindoorseason/getActiveIndoorSeason"

  @Test func aShutDownClientRefusesPolitely() async throws {
    try await withServer { server, transport in
      await transport.shutdown()
      await #expect(throws: HTTPTransportError.cancelled) {
        try await transport.send(HTTPRequest(method: "GET", url: server.baseURL + "/login"))
      }
    }
  }

  private func withServer(
    read: Int64 = 20_000, maximumBytes: Int = 64 << 20,
    _ body: (SandboxServer, AsyncHTTPTransport) async throws -> Void
  ) async throws {
    let server = try await SandboxServer.start(SandboxConfiguration())
    let transport = Self.transport(read: read, maximumBytes: maximumBytes)
    do {
      try await body(server, transport)
    } catch {
      await transport.shutdown()
      try await server.stop()
      throw error
    }
    await transport.shutdown()
    try await server.stop()
  }
}
