import Foundation
import OutpostSandbox
import OutpostTestSupport
import Testing

/// HTTP-level behaviour clients rely on: keep-alive with Content-Length, and a server that
/// survives whatever it is sent.
@Suite(.offThePool) struct RobustnessTests {
  @Test func pipelinedRequestsOnOneKeepAliveConnection() async throws {
    try await withSandbox { server, _ in
      let connection = try RawConnection(port: server.port)
      connection.send("GET /login HTTP/1.1\r\nHost: a\r\n\r\nGET /nowhere HTTP/1.1\r\nHost: a\r\n\r\n")
      let login = try #require(connection.readResponse())
      #expect(login.status == 200)
      #expect(login.header("Content-Length") == String(login.body.count))
      #expect(String(decoding: login.body, as: UTF8.self).hasSuffix("</html>\n"))
      let missing = try #require(connection.readResponse())
      #expect(missing.status == 404)
      #expect(missing.header("X-Flow-Powered") == "Flow/5.3")
      #expect(String(decoding: missing.body, as: UTF8.self).contains("<html"))
      // HEAD announces the length but sends no body, so the next reply follows right after.
      connection.send("HEAD /login HTTP/1.1\r\nHost: a\r\n\r\n")
      connection.send("GET /__sandbox/volleymanager/stats HTTP/1.1\r\nHost: a\r\n\r\n")
      let head = try #require(connection.readResponse(bodyless: true))
      #expect(head.status == 404)
      #expect(Int(head.header("Content-Length") ?? "") ?? 0 > 0)
      let stats = try #require(connection.readResponse())
      #expect(stats.status == 200)
      #expect(String(decoding: stats.body, as: UTF8.self).hasPrefix("{\"logins\":"))
    }
  }

  @Test func http10WithoutKeepAliveIsClosedAfterTheReply() async throws {
    try await withSandbox { server, _ in
      let connection = try RawConnection(port: server.port)
      connection.send("GET /login HTTP/1.0\r\n\r\n")
      let reply = try #require(connection.readResponse())
      #expect(reply.status == 200)
      #expect(reply.header("Connection")?.lowercased() == "close")
      #expect(connection.isClosedByServer())
    }
  }

  @Test func garbageGetsA400AndTheServerKeepsServing() async throws {
    try await withSandbox { server, client in
      for junk in ["GARBAGE\r\n\r\n", "GET / HTTP/1.1\r\nContent-Length: nope\r\n\r\n", "\u{0}\u{1}\u{2}\r\n\r\n"] {
        let connection = try RawConnection(port: server.port)
        connection.send(junk)
        #expect(connection.readResponse()?.status == 400)
      }
      // Oversized bodies are refused, and the connection closed.
      let big = try RawConnection(port: server.port)
      big.send("POST /login HTTP/1.1\r\nHost: a\r\nContent-Length: 2000000\r\n\r\n")
      big.send([UInt8](repeating: 65, count: 2_000_000))
      #expect(big.readResponse()?.status == 413)
      // Bodies that are not valid forms reach the handlers without crashing them.
      let (cookie, _) = try await client.loginPage()
      for body in ["%ZZ", "a=%E2%28%A1", "===&&&", String(repeating: "[", count: 10_000)] {
        let reply = try await client.send(
          "POST", "/sportmanager.security/authentication/authenticate", session: cookie, body: body,
          contentType: "application/x-www-form-urlencoded")
        #expect(reply.status == 500)
      }
      let session = try await client.logIn()
      let put = try await client.send(
        "PUT", switchRolePath, session: session, body: "%%%", contentType: "text/plain;charset=UTF-8")
      #expect(put.status == 500)
      // A hostile Host header is not reflected into Location.
      let connection = try RawConnection(port: server.port)
      connection.send("GET \(dashboardPath) HTTP/1.1\r\nHost: evil\"<x>\r\n\r\n")
      let redirect = try #require(connection.readResponse())
      #expect(redirect.header("Location") == "http://127.0.0.1:\(server.port)/login")
      #expect(try await client.get("/login").status == 200)
    }
  }

  @Test func stopClosesIdleConnectionsAndIsIdempotent() async throws {
    let server = try await SandboxServer.start(SandboxConfiguration())
    #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
    #expect(server.port > 0)
    let connection = try RawConnection(port: server.port)
    connection.send("GET /login HTTP/1.1\r\nHost: a\r\n\r\n")
    #expect(connection.readResponse()?.status == 200)
    try await server.stop()
    #expect(connection.isClosedByServer())
    try await server.stop()
    #expect(throws: (any Error).self) { _ = try RawConnection(port: server.port) }
  }
}
