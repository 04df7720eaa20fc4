import Foundation
import Testing

@testable import OutpostDaemon

extension CalendarOutputs {
  /// The feed's HTTP/1 over real sockets: what NIO's parser refuses, the limits a hostile local
  /// client meets, and the framing of replies on kept and closed connections.
  @Suite struct FeedHTTP {
    /// Sends `request` on a connection of its own; the reply, and whether the server then closed.
    func lastExchange(_ feed: FeedFixture, _ request: String) async throws -> (RawHTTPConnection.Response, Bool) {
      let connection = try feed.connect()
      return try await blocking {
        let reply = try connection.exchange(request)
        return (reply, connection.isClosedByServer())
      }
    }

    @Test func requestsThatAreNotHTTPGet400AndCloseWithoutReachingTheCalendars() async throws {
      try await FeedFixture.with { feed in
        let path = feed.path("all")
        let malformed = [
          "GARBAGE\r\n\r\n",
          "GET \(path)\r\n\r\n",  // No version.
          "GET \(path) HTTP/2.0\r\n\r\n",
          "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon here\r\n\r\n",
          "GET \(path) HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n",  // White space before the colon.
          // Methods are case-sensitive, and NIO's parser knows only registered ones.
          FeedFixture.request(path, method: "get"),
        ]
        for request in malformed {
          let (reply, closed) = try await lastExchange(feed, request)
          #expect(reply.status == 400, "\(request.prefix(60))")
          #expect(String(decoding: reply.body, as: UTF8.self) == "Bad Request\n")
          #expect(reply.headers["connection"] == "close" && closed, "\(request.prefix(60))")
        }
        #expect(feed.source.missCount == 0)

        // Behind a good request on the same connection: the good one is answered first.
        let connection = try feed.connect()
        let (replies, closed) = try await blocking {
          try connection.send(feed.get("all") + "GARBAGE\r\n\r\n" + feed.get("all"))
          return (try [connection.response(), connection.response()], connection.isClosedByServer())
        }
        #expect(replies.map(\.status) == [200, 400])
        #expect(closed)  // The request after the garbage is not answered.
      }
    }

    @Test func aHeadOverTheLimitsGets431AndCloses() async throws {
      try await FeedFixture.with { feed in
        let limits = FeedServer.Limits.standard
        let path = feed.path("all")
        let tooMany = (0..<limits.maximumHeaderCount - 1).map { "X-Field-\($0): 1" }  // With Host, User-Agent.
        let oversized = [
          FeedFixture.request(path, headers: ["X-Big: " + String(repeating: "a", count: limits.maximumHeadBytes)]),
          FeedFixture.request(path + "?" + String(repeating: "a", count: limits.maximumHeadBytes)),
          FeedFixture.request(path, headers: tooMany),
        ]
        for request in oversized {
          let (reply, closed) = try await lastExchange(feed, request)
          #expect(reply.status == 431, "\(request.prefix(60))")
          #expect(String(decoding: reply.body, as: UTF8.self) == "Request Header Fields Too Large\n")
          #expect(reply.headers["connection"] == "close" && closed)
        }
        #expect(feed.source.missCount == 0)

        // Up to the limits, a request is served.
        let connection = try feed.connect()
        let within = [
          FeedFixture.request(path, headers: Array(tooMany.dropLast())),
          FeedFixture.request(
            path, headers: ["X-Big: " + String(repeating: "a", count: limits.maximumHeadBytes - 200)]),
        ]
        for request in within {
          let reply = try await blocking { try connection.exchange(request) }
          #expect(reply.status == 200 && reply.headers["connection"] == nil)
        }
      }
    }

    @Test func pipelinedHEADRepliesCarryNoBodyAndKeepTheFraming() async throws {
      try await FeedFixture.with { feed in
        let connection = try feed.connect()
        let replies = try await blocking {
          try connection.send(
            FeedFixture.request(feed.path("all"), method: "HEAD") + feed.get("all")
              + FeedFixture.request(feed.path("nobody"), method: "HEAD") + feed.get("lena"))
          // Read as the client would: no body after a HEAD reply. A body sent there would be
          // read as the next status line.
          return try [true, false, true, false].map { try connection.response(toHEAD: $0) }
        }
        #expect(replies.map(\.status) == [200, 200, 404, 200])
        #expect(replies[0].headers["content-length"] == String(replies[1].body.count) && !replies[1].body.isEmpty)
        #expect(replies[0].headers["etag"] == replies[1].headers["etag"])
        #expect(replies[2].headers["content-length"] == "10")
        let after = try await blocking { try connection.exchange(feed.get("all")) }
        #expect(after.status == 200 && after.body == replies[1].body)
      }
    }

    @Test func aBodyIsNeverParsedAndIsDrainedAfterTheReply() async throws {
      try await FeedFixture.with { feed in
        let smuggled = feed.get("all")
        // What follows a body is not read as a request.
        let (reply, closed) = try await lastExchange(
          feed,
          FeedFixture.request(feed.path("all"), method: "POST", headers: ["Content-Length: 5"]) + "hello" + smuggled)
        #expect(reply.status == 404 && reply.headers["connection"] == "close" && closed)

        // The reply comes before the body; the body is read and dropped, not parsed, and the
        // connection is not reset under the client (which a close with unread input would do,
        // failing these sends).
        let connection = try feed.connect()
        let drained = try await blocking {
          try connection.send(
            FeedFixture.request(feed.path("all"), method: "POST", headers: ["Content-Length: 100000000"]))
          let reply = try connection.response()
          let chunk = String(repeating: smuggled, count: 512)
          for _ in 0..<64 { try connection.send(chunk) }
          return (reply, connection.isClosedByServer())
        }
        #expect(drained.0.status == 404 && drained.0.headers["connection"] == "close")
        #expect(drained.1)
        #expect(feed.source.missCount == 0)
      }
    }

    @Test func aRequestToSwitchProtocolsIsAnsweredAndEndsTheConnection() async throws {
      try await FeedFixture.with { feed in
        // NIO's parser stops after an upgrade request, so a kept connection would never answer
        // the next request.
        let (reply, closed) = try await lastExchange(
          feed,
          FeedFixture.request(feed.path("all"), headers: ["Connection: Upgrade", "Upgrade: websocket"])
            + feed.get("all"))
        #expect(reply.status == 200 && reply.headers["connection"] == "close" && closed)
      }
    }

    @Test func idleAndStalledConnectionsAreClosed() async throws {
      var limits = FeedServer.Limits.standard
      limits.idleTimeout = .milliseconds(300)
      try await FeedFixture.with(limits: limits) { feed in
        let silent = try feed.connect()
        #expect(try await blocking { silent.isClosedByServer() })
        // Half a request line and no more: closed without a reply.
        let stalled = try feed.connect()
        #expect(
          try await blocking {
            try stalled.send("GET /calendar/")
            return stalled.isEndedByServerWithoutReply()
          })
      }
    }

    @Test func connectionsOverTheLimitAreClosedAtOnce() async throws {
      var limits = FeedServer.Limits.standard
      limits.maximumConnections = 2
      try await FeedFixture.with(limits: limits) { feed in
        let open = try [feed.connect(), feed.connect()]
        for connection in open {
          #expect(try await blocking { try connection.exchange(feed.get("all")) }.status == 200)
        }
        let refused = try feed.connect()
        #expect(try await blocking { refused.isClosedByServer() })
        // The two within the limit are still served.
        for connection in open {
          #expect(try await blocking { try connection.exchange(feed.get("all")) }.status == 200)
        }
      }
    }
  }
}
