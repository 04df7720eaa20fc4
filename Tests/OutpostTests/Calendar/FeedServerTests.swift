import Foundation
import OutpostCalendar
import Testing

@testable import OutpostDaemon

extension CalendarOutputs {
  /// The loopback feed: what a subscriber gets, and what everybody else does not.
  @Suite struct Feed {
    @Test func theCalendarComesWithAStrongETagAndAKnownVersionGets304() async throws {
      try await FeedFixture.with { feed in
        let connection = try feed.connect()
        let all = try await blocking { try connection.exchange(feed.get("all")) }
        #expect(all.status == 200)
        #expect(all.headers["content-type"] == "text/calendar; charset=utf-8")
        #expect(all.headers["cache-control"] == "no-cache")
        let etag = try #require(all.headers["etag"])
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && etag.count > 2)  // Strong: no W/.
        #expect(all.body == (try await feed.fixture.calendars.render(accountID: nil, name: nil).bytes))

        // All on the same connection (keep-alive); a body sent where none belongs would garble
        // the next reply.
        let lena = try await blocking { try connection.exchange(feed.get("lena")) }
        #expect(lena.status == 200)
        #expect(try ICalParser.parse(lena.body).events.count == CalendarOutputFixture.season.count)
        #expect(lena.headers["etag"] != etag)  // Named after the account: other bytes.
        for match in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
          let cached = try await blocking {
            try connection.exchange(feed.get("all", headers: ["If-None-Match: \(match)"]))
          }
          #expect(cached.status == 304, "If-None-Match: \(match)")
          #expect(cached.body.isEmpty && cached.headers["content-length"] == nil)
          #expect(cached.headers["etag"] == etag)
        }
        let other = try await blocking {
          try connection.exchange(feed.get("all", headers: ["If-None-Match: \"other\""]))
        }
        #expect(other.status == 200 && other.body == all.body)
        let head = try await blocking { try connection.exchange(FeedFixture.request(feed.path("all"), method: "HEAD")) }
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["content-length"] == String(all.body.count))
        #expect(try await blocking { try connection.exchange(feed.get("all")) }.body == all.body)
      }
    }

    @Test func aThousandConditionalRequestsRenderOnce() async throws {
      try await FeedFixture.with { feed in
        let connection = try feed.connect()
        let first = try await blocking { try connection.exchange(feed.get("all")) }
        let etag = try #require(first.headers["etag"])
        let statuses = try await blocking {
          try (0..<1000).map { _ in try connection.exchange(feed.get("all", headers: ["If-None-Match: \(etag)"])).status
          }
        }
        #expect(statuses == Array(repeating: 304, count: 1000))
        #expect(feed.source.missCount == 1)
      }
    }

    @Test func everythingButTheRightURLGetsTheSame404WithoutReachingTheCalendars() async throws {
      try await FeedFixture.with { feed in
        let token = feed.token.text
        var wrong = Array(token)
        wrong[63] = wrong[63] == "0" ? "1" : "0"  // One digit off.
        let requests = [
          FeedFixture.request(feed.path("all", token: String(wrong))),
          FeedFixture.request(feed.path("all", token: String(token.dropLast()))),
          FeedFixture.request(feed.path("all", token: token.uppercased())),
          FeedFixture.request(feed.path("all", token: "")),
          FeedFixture.request("/calendar/all.ics"), FeedFixture.request("/"),
          FeedFixture.request("/calendar/\(token)/all"), FeedFixture.request(feed.path("all") + "/more"),
          FeedFixture.request("http://127.0.0.1\(feed.path("all"))"),
          FeedFixture.request(feed.path("all"), method: "POST", headers: ["Content-Length: 0"]),
          FeedFixture.request(feed.path("all"), method: "OPTIONS"),
          FeedFixture.request(feed.path("nobody")),  // The right token, an unknown account.
        ]
        let connection = try feed.connect()
        let replies = try await blocking { try requests.map { try connection.exchange($0) } }
        let first = try #require(replies.first)
        #expect(first.status == 404 && String(decoding: first.body, as: UTF8.self) == "Not Found\n")
        for (reply, request) in zip(replies, requests) {
          #expect(reply.status == 404 && reply.body == first.body, "\(request)")
          #expect(reply.headWithoutDate == first.headWithoutDate, "\(request)")
        }
        // Only the unknown account, asked for with the right token, went past the router.
        #expect(feed.source.missCount == 1)
      }
    }

    @Test func itListensOnLoopbackOnly() async throws {
      try await FeedFixture.with { feed in
        #expect(feed.server.boundHost == "127.0.0.1")
        #expect(feed.server.port > 0)
        // All of 127/8 is this machine's loopback: a server on 0.0.0.0 would answer 127.0.0.2.
        #expect(throws: POSIXError(.ECONNREFUSED)) {
          _ = try RawHTTPConnection(host: "127.0.0.2", port: feed.server.port)
        }
      }
    }

    @Test func aRegenerationWithAChangeChangesTheETag() async throws {
      try await FeedFixture.with { feed in
        let connection = try feed.connect()
        let before = try await blocking { try connection.exchange(feed.get("lena")) }
        let etag = try #require(before.headers["etag"])
        // Regenerated without a change: rendered again, the same bytes, the same tag.
        await feed.fixture.calendars.regenerateNow()
        let same = try await blocking { try connection.exchange(feed.get("lena", headers: ["If-None-Match: \(etag)"])) }
        #expect(same.status == 304)
        #expect(feed.source.missCount == 2)

        var season = CalendarOutputFixture.season
        season[0].location = "Hardau, Zürich"
        try await feed.fixture.syncAndRegenerate(season)
        let after = try await blocking {
          try connection.exchange(feed.get("lena", headers: ["If-None-Match: \(etag)"]))
        }
        #expect(after.status == 200)
        #expect(after.headers["etag"] != nil && after.headers["etag"] != etag)
        #expect(String(decoding: after.body, as: UTF8.self).contains("LOCATION:Hardau\\, Zürich\r\n"))
      }
    }

    @Test func pipelinedRequestsAreAnsweredInOrderAndBadOnesCloseTheConnection() async throws {
      try await FeedFixture.with { feed in
        let pipelined = try feed.connect()
        let replies = try await blocking {
          try pipelined.send(feed.get("lena") + feed.get("nobody") + feed.get("all"))
          return try (0..<3).map { _ in try pipelined.response() }
        }
        #expect(replies.map(\.status) == [200, 404, 200])
        #expect(replies[0].headers["etag"] != replies[2].headers["etag"])

        let closing = [
          FeedFixture.request(feed.path("all"), method: "POST", headers: ["Content-Length: 5"]) + "hello",
          FeedFixture.request(feed.path("all"), headers: ["Transfer-Encoding: chunked"]) + "0\r\n\r\n",
          "GARBAGE\r\n\r\n",
          FeedFixture.request(feed.path("all"), headers: ["X-Big: " + String(repeating: "a", count: 9000)]),
          FeedFixture.request(feed.path("all"), headers: ["Connection: close"]),
          "GET \(feed.path("all")) HTTP/1.0\r\n\r\n",
        ]
        for request in closing {
          let connection = try feed.connect()
          let reply = try await blocking { try connection.exchange(request) }
          #expect(reply.headers["connection"] == "close", "\(request.prefix(60))")
          #expect(try await blocking { connection.isClosedByServer() }, "\(request.prefix(60))")
        }
        // HTTP/1.0 asking for keep-alive gets it.
        let old = try feed.connect()
        let kept = try await blocking {
          try (0..<2).map { _ in try old.exchange("GET \(feed.path("all")) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
          }
        }
        #expect(kept.map(\.status) == [200, 200] && kept[0].headers["connection"] == "keep-alive")
      }
    }
  }
}
