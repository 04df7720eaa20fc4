import Foundation
import OutpostSandbox
import Testing

/// The seeded world, the life simulation on the sandbox clock, ground truth and the scale seed,
/// and faults (rpp.md §5).
@Suite struct RPPWorldTests {
  /// Tokens that outlive the clock jumps of these tests.
  private static let longTokens = rppConfiguration(SandboxRPPConfiguration(idTokenLifetimeSeconds: 30 * 86_400))

  @Test func theSeededWorldIsRealistic() async throws {
    try await withRPPSandbox { server, rpp in
      let state = try await rpp.state()
      let orders = try #require(state["orders"] as? [[String: Any]])
      #expect(
        Set(orders.compactMap { $0["status"] as? String })
          == ["pending", "scheduled", "in_progress", "completed", "delivered", "cancelled"])
      let ana = try await rpp.signIn().idToken
      let mine = try await rpp.api("GET", "/orders?limit=100", token: ana).items
      let starts = mine.compactMap { ($0["appointment"] as? [String: Any])?["start"] as? String }
      #expect(starts.contains { $0.hasSuffix("-08:00") } && starts.contains { $0.hasSuffix("-07:00") })
      let earliest = try #require(starts.compactMap(RPPTestTime.ms).min())
      #expect(earliest <= Int64(rppReferenceDate.timeIntervalSince1970 * 1000) - 30 * 86_400_000)
      let delivered = try #require(mine.first { $0["status"] as? String == "delivered" })
      let url = try #require((delivered["delivery"] as? [String: Any])?["url"] as? String)
      #expect(url.hasPrefix("https://"))
      let lukas = try await rpp.signIn(email: RPPSeed.zurichClient).idToken
      let me = try await rpp.api("GET", "/me", token: lukas).jsonObject()
      #expect(me["name"] as? String == "Lukas Brändli")
      #expect(me["timeZone"] as? String == "Europe/Zurich")
      #expect((me["savedAddresses"] as? [[String: Any]])?.first?["city"] as? String == "Zürich")
      let services = try await rpp.api("GET", "/services", token: lukas).items
      #expect(services.allSatisfy { ($0["price"] as? [String: Any])?["currency"] as? String == "CHF" })
      let swiss = try await rpp.api("GET", "/orders?limit=100", token: lukas).items
      #expect(swiss.contains { $0["status"] as? String == "pending" })
      #expect(swiss.allSatisfy { ($0["appointment"] as? [String: Any])?["timeZone"] as? String == "Europe/Zurich" })
      let zoe = try await rpp.signIn(email: RPPSeed.secondClient).idToken
      #expect(try await rpp.api("GET", "/me", token: zoe).jsonObject()["name"] as? String == "Zoë Müller-Chen")
    }
  }

  @Test func anOrderLivesThroughItsDayOnTheSandboxClock() async throws {
    try await withRPPSandbox(Self.longTokens) { server, rpp in
      let token = try await rpp.signIn().idToken
      let list = try await rpp.api("GET", "/orders?limit=100", token: token).items
      let order = try #require(
        list.first { ($0["appointment"] as? [String: Any])?["start"] as? String == "2027-02-22T11:30:00-08:00" })
      let id = try #require(order["id"] as? String)
      #expect(order["assignedTo"] is NSNull)
      func detail() async throws -> [String: Any] {
        try await rpp.api("GET", "/orders/\(id)", token: token).jsonObject()
      }
      func events() async throws -> [String] {
        try await detail()["timeline"].flatMap { $0 as? [[String: Any]] }?.compactMap { $0["event"] as? String } ?? []
      }
      // 2027-02-20 10:00 → 11:31: assigned (48 h ahead), with its own conversation.
      try await rpp.admin("life", #""advanceSeconds":5460"#)
      let assigned = try await detail()
      #expect((assigned["assignedTo"] as? [String: Any])?["name"] as? String == "Dana Reyes")
      let conversationID = try #require(assigned["conversationId"] as? String)
      #expect(conversationID != order["conversationId"] as? String)
      // → 2027-02-21 11:31: the day-before reminder.
      await server.rpp.advanceClock(seconds: 86_400)
      let reminders = try await rpp.api("GET", "/notifications?type=appointment_reminder", token: token).items
      #expect(reminders.contains { $0["orderId"] as? String == id })
      // → 2027-02-22 11:01: en route (a message and a notification).
      await server.rpp.advanceClock(seconds: 84_600)
      #expect(try await events().last == "photographer_en_route")
      let conversation = try await rpp.api("GET", "/conversations", token: token).items.first {
        $0["id"] as? String == conversationID
      }
      #expect(conversation?["unreadCount"] as? Int == 1)
      // → 11:26 arrived, → 11:31 in progress, → 12:16 completed, → 18:16 delivered.
      await server.rpp.advanceClock(seconds: 1500)
      #expect(try await events().last == "photographer_arrived")
      await server.rpp.advanceClock(seconds: 300)
      #expect(try await detail()["status"] as? String == "in_progress")
      await server.rpp.advanceClock(seconds: 2700)
      #expect(try await detail()["status"] as? String == "completed")
      await server.rpp.advanceClock(seconds: 6 * 3600)
      let done = try await detail()
      #expect(done["status"] as? String == "delivered")
      #expect(((done["delivery"] as? [String: Any])?["url"] as? String)?.hasPrefix("https://") == true)
      #expect(
        try await events() == [
          "created", "confirmed", "photographer_assigned", "photographer_en_route", "photographer_arrived",
          "in_progress", "completed", "delivered",
        ])
      let types = Set(
        try await rpp.api("GET", "/notifications?limit=100", token: token).items.filter {
          $0["orderId"] as? String == id
        }
        .compactMap { $0["type"] as? String })
      #expect(
        types == [
          "booking_confirmed", "appointment_reminder", "photographer_en_route", "photographer_arrived",
          "order_status_updated",
        ])
    }
  }

  /// (How fast the scale seed is, is outpost-sync-bench's figure, not an assertion here: a
  /// loaded machine took 30 s.)
  @Test func groundTruthMatchesTheAPIAfterTheScaleSeed() async throws {
    try await withRPPSandbox { server, rpp in
      let seeded = try await rpp.admin(
        "scale-seed", #""email":"\#(RPPSeed.secondClient)","orders":1000,"messages":10000"#)
      #expect(seeded["orders"] as? Int == 1005)
      let token = try await rpp.signIn(email: RPPSeed.secondClient).idToken
      var seen: [String: Int] = [:]
      var path = "/orders?limit=100"
      while true {
        let reply = try await rpp.api("GET", path, token: token)
        for item in reply.items { seen[item["id"] as? String ?? ""] = item["version"] as? Int }
        guard let cursor = try reply.jsonObject()["nextCursor"] as? String else { break }
        path = "/orders?limit=100&cursor=\(queryEscaped(cursor))"
      }
      let truth = try #require(try await rpp.state()["orders"] as? [[String: Any]]).filter {
        $0["customer"] as? String == RPPSeed.secondClient
      }
      #expect(seen.count == 1005)
      #expect(
        Dictionary(uniqueKeysWithValues: truth.map { ($0["id"] as? String ?? "", $0["version"] as? Int ?? 0) }) == seen)
      let conversations = try await rpp.api("GET", "/conversations?limit=1", token: token).items
      #expect(conversations.count == 1)
    }
  }

  @Test func faultsReachTheClientInTheAPIsShape() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let id = try #require(try await rpp.api("GET", "/orders?limit=1", token: token).items.first?["id"] as? String)
      try await rpp.admin("order-quirks", #""orderId":"\#(id)","status":"on_hold","unknownField":true"#)
      let odd = try await rpp.api("GET", "/orders/\(id)", token: token).jsonObject()
      #expect(odd["status"] as? String == "on_hold")
      #expect(odd["priorityLane"] is [String: Any])
      try await rpp.admin("fail-next", #""count":1,"status":500"#)
      let failed = try await rpp.api("GET", "/me", token: token)
      #expect(failed.status == 500)
      #expect(failed.rppCode == "INTERNAL")
      try await rpp.admin("fail-next", #""count":1,"status":502"#)
      let proxy = try await rpp.api("GET", "/me", token: token)
      #expect(proxy.status == 502)
      #expect(proxy.header("Content-Type")?.hasPrefix("text/html") == true)
      #expect(try await rpp.api("GET", "/me", token: token).status == 200)
      let faults = try await rpp.client.postJSON(
        "/__admin/faults", #"{"service":"rpp","rateLimitEvery":1,"retryAfterSeconds":7}"#)
      #expect(faults.status == 200)
      let limited = try await rpp.api("GET", "/me", token: token)
      #expect(limited.status == 429)
      #expect(limited.rppCode == "RATE_LIMITED")
      #expect(limited.header("Retry-After") == "7")
      let google = try await rpp.signInReply()
      #expect(google.status == 429)
      #expect(google.googleMessage?.hasPrefix("QUOTA_EXCEEDED") == true)
      _ = try await rpp.client.postJSON("/__admin/faults", #"{"service":"rpp","rateLimitEvery":0,"errorRate":1}"#)
      let down = try await rpp.api("GET", "/me", token: token)
      #expect(down.status == 503)
      #expect(down.rppCode == "UNAVAILABLE")
      #expect(down.header("Retry-After") != nil)
      _ = try await rpp.client.postJSON("/__admin/faults", #"{"service":"rpp","errorRate":0}"#)
      try await rpp.admin("config", #""rateLimitPerMinute":2"#)
      #expect(try await rpp.api("GET", "/me", token: token).status == 200)
      #expect(try await rpp.api("GET", "/me", token: token).status == 200)
      let perUser = try await rpp.api("GET", "/me", token: token)
      #expect(perUser.rppCode == "RATE_LIMITED")
      #expect(perUser.header("Retry-After") == "60")
    }
  }
}
