import Foundation
import OutpostSandbox
import Testing

/// The change feed (inclusive `updatedSince`, (updatedAt, id) order, the watermark), messages
/// and read receipts, notifications and devices (rpp.md §3, §4.5–4.7).
@Suite struct RPPFeedTests {
  @Test func theFeedIsInclusiveOrderedAndCatchesAChangeAtTheWatermarkMillisecond() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let all = try await rpp.api("GET", "/orders?updatedSince=2000-01-01T00:00:00Z&limit=100", token: token)
      let stamps: [(String, String)] = all.items.map { item in
        (item["updatedAt"] as? String ?? "", item["id"] as? String ?? "")
      }
      #expect(stamps.count == 16)
      let sorted = stamps.sorted { lhs, rhs in lhs.0 != rhs.0 ? lhs.0 < rhs.0 : lhs.1 < rhs.1 }
      #expect(stamps.map { $0.0 + " " + $0.1 } == sorted.map { $0.0 + " " + $0.1 })
      let (since, sinceID) = stamps[5]
      let tail = try await rpp.api("GET", "/orders?updatedSince=\(queryEscaped(since))&limit=100", token: token)
      #expect(tail.items.first?["id"] as? String == sinceID)
      #expect(tail.items.count == stamps.count - 5)
      let watermark = try #require(try tail.jsonObject()["watermark"] as? String)
      let id = try #require(stamps[0].1 as String?)
      let touched = try await rpp.admin("touch-order", #""orderId":"\#(id)","at":"\#(watermark)""#)
      #expect((touched["order"] as? [String: Any])?["updatedAt"] as? String == watermark)
      let next = try await rpp.api("GET", "/orders?updatedSince=\(queryEscaped(watermark))", token: token)
      #expect(next.items.map { $0["id"] as? String } == [id])
      #expect(try await rpp.api("GET", "/orders?updatedSince=yesterday", token: token).rppCode == "VALIDATION_FAILED")
    }
  }

  @Test func messagesCarryReadReceiptsAndUnreadCounts() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let conversations = try await rpp.api("GET", "/conversations?mine=true&limit=100", token: token).items
      let support = try #require(conversations.first { $0["kind"] as? String == "support" })
      let supportID = try #require(support["id"] as? String)
      #expect((support["participants"] as? [[String: Any]])?.count == 2)
      #expect((support["lastMessage"] as? [String: Any])?["body"] as? String == "No problem, thanks.")
      // Dana is on site for today's shoot: her two messages are unread.
      let onSite = try #require(
        conversations.first { $0["kind"] as? String == "order" && $0["unreadCount"] as? Int == 2 })
      let onSiteID = try #require(onSite["id"] as? String)
      let history = try await rpp.api("GET", "/conversations/\(onSiteID)/messages", token: token).items
      #expect(history.first?["body"] as? String == "I'm here and starting with the exterior.")
      #expect(history.first?["senderRole"] as? String == "photographer")
      let missing = try await rpp.api(
        "POST", "/conversations/\(supportID)/messages", token: token, json: #"{"body":"Hi"}"#)
      #expect(missing.rppCode == "IDEMPOTENCY_KEY_MISSING")
      for body in ["", String(repeating: "x", count: 4001)] {
        let reply = try await rpp.api(
          "POST", "/conversations/\(supportID)/messages", token: token, json: #"{"body":"\#(body)"}"#,
          headers: [idempotencyKey()])
        #expect(reply.rppCode == "VALIDATION_FAILED")
      }
      let sent = try await rpp.api(
        "POST", "/conversations/\(supportID)/messages", token: token,
        json: #"{"body":"\#(String(repeating: "ü", count: 4000))"}"#, headers: [idempotencyKey()])
      #expect(sent.status == 201, "\(sent.body)")
      let message = try sent.jsonObject()
      #expect(message["readAt"] is NSNull)
      #expect(message["senderRole"] as? String == "client")
      // Support reads it ten minutes later: readAt and updatedAt move, version 2.
      await server.rpp.advanceClock(seconds: 601)
      let later = try await rpp.api("GET", "/conversations/\(supportID)/messages?limit=1", token: token).items.first
      #expect(later?["id"] as? String == message["id"] as? String)
      #expect(later?["readAt"] is String)
      #expect(later?["version"] as? Int == 2)
      #expect(later?["updatedAt"] as? String == later?["readAt"] as? String)
      // The client reads Dana's messages.
      let lastID = try #require(history.first?["id"] as? String)
      for _ in 0..<2 {
        let read = try await rpp.api(
          "POST", "/conversations/\(onSiteID)/read", token: token, json: #"{"lastReadMessageId":"\#(lastID)"}"#)
        #expect(read.status == 200)
        #expect(try read.jsonObject()["unreadCount"] as? Int == 0)
      }
      let after = try await rpp.api("GET", "/conversations", token: token).items.first {
        $0["id"] as? String == onSiteID
      }
      #expect(after?["unreadCount"] as? Int == 0)
      #expect((after?["version"] as? Int ?? 0) > (onSite["version"] as? Int ?? 0))
      try await rpp.admin("staff-message", #""conversationId":"\#(onSiteID)","body":"Where is the fuse box?""#)
      let raised = try await rpp.api("GET", "/conversations", token: token).items.first {
        $0["id"] as? String == onSiteID
      }
      #expect(raised?["unreadCount"] as? Int == 1)
      let notes = try await rpp.api("GET", "/notifications?type=new_message", token: token).items
      #expect(notes.first?["conversationId"] as? String == onSiteID)
      let lukas = try await rpp.signIn(email: RPPSeed.zurichClient).idToken
      #expect(try await rpp.api("GET", "/conversations/\(onSiteID)/messages", token: lukas).status == 404)
    }
  }

  @Test func notificationsAreMarkedReadIdempotentlyAndDevicesUpsertByToken() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let unread = try await rpp.api("GET", "/notifications?unread=true", token: token).items
      let first = try #require(unread.first)
      let id = try #require(first["id"] as? String)
      let version = try #require(first["version"] as? Int)
      let read = try await rpp.api("PATCH", "/notifications/\(id)/read", token: token)
      #expect(try read.jsonObject()["read"] as? Bool == true)
      #expect(try read.jsonObject()["version"] as? Int == version + 1)
      let again = try await rpp.api("PATCH", "/notifications/\(id)/read", token: token, json: #"{"read":true}"#)
      #expect(try again.jsonObject()["version"] as? Int == version + 1)
      let unreadAgain = try await rpp.api("PATCH", "/notifications/\(id)/read", token: token, json: #"{"read":false}"#)
      #expect(try unreadAgain.jsonObject()["readAt"] is NSNull)
      #expect(try await rpp.api("GET", "/notifications?type=bogus", token: token).rppCode == "VALIDATION_FAILED")
      let device = #"{"token":"fcm-token-1","platform":"fcm","appVersion":"1.4.0","locale":"de-CH"}"#
      let registered = try await rpp.api("POST", "/devices/register", token: token, json: device)
      #expect(registered.status == 200)
      let deviceID = try #require(try registered.jsonObject()["deviceId"] as? String)
      #expect(deviceID.hasPrefix("dev_"))
      let upsert = try await rpp.api("POST", "/devices/register", token: token, json: device)
      #expect(try upsert.jsonObject()["deviceId"] as? String == deviceID)
      #expect(
        try await rpp.api("POST", "/devices/register", token: token, json: #"{"token":"t","platform":"sms"}"#).rppCode
          == "VALIDATION_FAILED")
      #expect(try await rpp.api("DELETE", "/devices/\(deviceID)", token: token).status == 204)
      #expect(try await rpp.api("DELETE", "/devices/\(deviceID)", token: token).status == 404)
    }
  }
}
