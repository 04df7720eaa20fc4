import Foundation
import OutpostModel
import OutpostSandbox
import Synchronization
import Testing

@testable import OutpostConnectors

#if canImport(Glibc)
  import Glibc
#endif

/// Issue 19's resource limits, upstream side: a server that answers with a body that never ends
/// (chunked, forever). The daemon's HTTP client refuses it at its limit instead of reading on,
/// closes the connection (the server's writes start failing after little more than the limit and
/// the socket buffers), and keeps serving other requests meanwhile.
@Suite(.serialized) struct EndlessUpstreamTests {
  /// A loopback server on a thread of its own (not the cooperative pool) that answers every
  /// connection with an endless chunked body and counts the bytes it managed to send.
  final class EndlessServer: Sendable {
    let port: UInt16
    private let listener: Int32
    private let sent = Atomic<Int>(0)
    private let finished = Atomic<Bool>(false)

    var bytesSent: Int { sent.load(ordering: .acquiring) }
    /// True once the client stopped taking bytes (a write failed: the connection was closed).
    var clientClosed: Bool { finished.load(ordering: .acquiring) }

    init() throws {
      let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      self.listener = listener
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard bound == 0, listen(listener, 4) == 0 else { throw POSIXError(.EADDRINUSE) }
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
      }
      port = UInt16(bigEndian: address.sin_port)
      let thread = Thread { [self] in serve() }
      thread.start()
    }

    private func serve() {
      let client = accept(listener, nil, nil)
      guard client >= 0 else { return }
      defer { close(client) }
      var request = [UInt8](repeating: 0, count: 4096)
      _ = read(client, &request, request.count)
      let head = Array("HTTP/1.1 200 OK\r\nContent-Type: text/calendar\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
      let payload = [UInt8](repeating: UInt8(ascii: "x"), count: 65_536)
      let chunk = Array("10000\r\n".utf8) + payload + Array("\r\n".utf8)
      guard write(client, head, head.count) == head.count else { return }
      while true {
        let written = chunk.withUnsafeBufferPointer { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if written <= 0 { break }
        sent.add(written, ordering: .releasing)
        // Far past any limit: the client kept reading, which the test reports.
        if sent.load(ordering: .relaxed) > 1 << 30 { break }
      }
      finished.store(true, ordering: .releasing)
    }

    func stop() {
      shutdown(listener, Int32(SHUT_RDWR))
      close(listener)
    }
  }

  @Test func anEndlessBodyIsRefusedAtTheLimitAndTheConnectionClosed() async throws {
    let endless = try EndlessServer()
    defer { endless.stop() }
    let sandbox = try await SandboxServer.start(SandboxConfiguration())
    var options = AsyncHTTPTransport.Options()
    options.maximumResponseBytes = 4 << 20
    options.readTimeout = .seconds(120)
    let transport = AsyncHTTPTransport(options: options)

    let refused = Task {
      try await transport.send(HTTPRequest(method: "GET", url: "http://127.0.0.1:\(endless.port)/feed.ics"))
    }
    // While that body streams, other requests are served.
    let stats = try await transport.send(
      HTTPRequest(method: "GET", url: sandbox.baseURL + "/__sandbox/volleymanager/stats"))
    #expect(stats.status == 200)
    await #expect(throws: HTTPTransportError.responseTooLarge(limit: 4 << 20)) { try await refused.value }

    // The server finds the connection closed: its writes fail after the limit plus what the
    // two sockets' buffers hold, not after a gigabyte.
    while !endless.clientClosed { try await Task.sleep(for: .milliseconds(10)) }
    #expect(endless.bytesSent < (4 << 20) + (32 << 20), "the server sent \(endless.bytesSent) bytes")
    let again = try await transport.send(HTTPRequest(method: "GET", url: sandbox.baseURL + "/login"))
    #expect(again.status == 200)
    await transport.shutdown()
    try await sandbox.stop()
  }
}
