import Foundation
import OutpostSandbox
import Testing

/// Booking under rpp.md §4.2–4.3 and §3's idempotency: availability in the partner's time zone
/// (across a DST change), POST /orders with its required Idempotency-Key, replays, reuse,
/// a key still in flight, a slot taken meanwhile, and the Zürich partner's confirmation.
@Suite struct RPPBookingTests {
  private static let booking =
    #"{"serviceIds":["svc_drone"],"appointment":{"start":"2027-03-02T08:00:00-08:00"},"addressId":"adr_ocean12","notes":"Gate code 4711"}"#

  @Test func availabilityListsSlotsInThePartnersZoneWithinLeadAndHorizon() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let reply = try await rpp.api("GET", "/availability?serviceId=svc_photo25&date=2027-03-13&days=2", token: token)
      #expect(reply.status == 200, "\(reply.body)")
      let object = try reply.jsonObject()
      #expect(object["timeZone"] as? String == "America/Los_Angeles")
      let days = try #require(object["days"] as? [[String: Any]])
      #expect(days.map { $0["date"] as? String } == ["2027-03-13", "2027-03-14"])
      let firsts = days.compactMap { (($0["slots"] as? [[String: Any]])?.first)?["start"] as? String }
      // The 14th is the first day of PDT: the same wall-clock slot, another offset.
      #expect(firsts == ["2027-03-13T08:00:00-08:00", "2027-03-14T08:00:00-07:00"])
      let sunday = try #require(days[1]["slots"] as? [[String: Any]])
      #expect(sunday.count == 18)
      // The seeded DST-weekend shoot (10:00–11:30) blocks the slots that overlap it.
      let blocked = sunday.filter { $0["available"] as? Bool == false }.compactMap { $0["start"] as? String }
      #expect(blocked.contains("2027-03-14T10:00:00-07:00"))
      #expect(blocked.contains("2027-03-14T09:00:00-07:00"))
      #expect(!blocked.contains("2027-03-14T11:30:00-07:00"))
      // Today is inside the 12-hour lead; 61 days ahead is past the 60-day horizon.
      for date in ["2027-02-20", "2027-04-22"] {
        let empty = try await rpp.api("GET", "/availability?serviceId=svc_drone&date=\(date)", token: token)
        #expect(((try empty.jsonObject()["days"] as? [[String: Any]])?.first?["slots"] as? [Any])?.isEmpty == true)
      }
      #expect(
        try await rpp.api("GET", "/availability?serviceId=svc_twilight&date=2027-03-13", token: token).rppCode
          == "VALIDATION_FAILED")
      #expect(
        try await rpp.api("GET", "/availability?serviceId=svc_drone&date=2027-02-31", token: token).rppCode
          == "VALIDATION_FAILED")
      let zurich = try await rpp.signIn(email: RPPSeed.zurichClient).idToken
      let swiss = try await rpp.api("GET", "/availability?serviceId=svc_alp_grundriss&date=2027-03-29", token: zurich)
      let first = (((try swiss.jsonObject()["days"] as? [[String: Any]])?.first?["slots"] as? [[String: Any]])?.first)
      #expect(first?["start"] as? String == "2027-03-29T08:00:00+02:00")
    }
  }

  @Test func aBookingIsCreatedOnceAndReplayedForTheSameKey() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let missing = try await rpp.api("POST", "/orders", token: token, json: Self.booking)
      #expect(missing.status == 400)
      #expect(missing.rppCode == "IDEMPOTENCY_KEY_MISSING")
      let key = idempotencyKey()
      let created = try await rpp.api("POST", "/orders", token: token, json: Self.booking, headers: [key])
      #expect(created.status == 201, "\(created.body)")
      let order = try created.jsonObject()
      let id = try #require(order["id"] as? String)
      #expect(created.header("Location") == "/rpp/v1/orders/\(id)")
      #expect((order["orderNumber"] as? String)?.wholeMatch(of: /RPP-[0-9A-HJ-NP-Z]{6}/) != nil)
      #expect(order["status"] as? String == "scheduled")
      #expect(order["version"] as? Int == 1)
      #expect((order["address"] as? [String: Any])?["id"] as? String == "adr_ocean12")
      #expect((order["total"] as? [String: Any])?["amountMinor"] as? Int == 14900)
      #expect(created.header("Idempotent-Replayed") == nil)
      let replay = try await rpp.api("POST", "/orders", token: token, json: Self.booking, headers: [key])
      #expect(replay.status == 201)
      #expect(replay.header("Idempotent-Replayed") == "true")
      #expect(try replay.jsonObject()["id"] as? String == id)
      let reused = try await rpp.api(
        "POST", "/orders", token: token, json: Self.booking.replacingOccurrences(of: "4711", with: "4712"),
        headers: [key])
      #expect(reused.status == 422)
      #expect(reused.rppCode == "IDEMPOTENCY_KEY_REUSED")
      let again = try await rpp.api("POST", "/orders", token: token, json: Self.booking, headers: [idempotencyKey()])
      #expect(again.status == 409)
      #expect(again.rppCode == "SLOT_UNAVAILABLE")
      let counts = try #require(try await rpp.state()["bookingsByIdempotencyKey"] as? [String: Int])
      #expect(counts == ["\(RPPSeed.agent)|\(key.value)": 1])
      let confirmation = try await rpp.api("GET", "/notifications?type=booking_confirmed", token: token).items
      #expect(confirmation.contains { $0["orderId"] as? String == id })
    }
  }

  @Test func badBookingsAreRefusedWithTheFieldNamed() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let cases: [(String, String)] = [
        (Self.booking.replacingOccurrences(of: "svc_drone", with: "svc_nope"), "serviceIds"),
        (Self.booking.replacingOccurrences(of: "08:00:00-08:00", with: "08:10:00-08:00"), "appointment.start"),
        (Self.booking.replacingOccurrences(of: "-08:00\"}", with: "\"}"), "appointment.start"),
        (
          Self.booking.replacingOccurrences(
            of: #""addressId":"adr_ocean12""#,
            with: #""address":{"line1":"Bahnhofstrasse 1","city":"Zürich","postalCode":"8001","country":"CH"}"#),
          "address.country"
        ),
      ]
      for (body, field) in cases {
        let reply = try await rpp.api("POST", "/orders", token: token, json: body, headers: [idempotencyKey()])
        #expect(reply.status == 400, "\(field)")
        #expect(((reply.rppDetails["fields"] as? [[String: Any]])?.first?["field"] as? String) == field)
      }
      let soon = Self.booking.replacingOccurrences(of: "2027-03-02T08:00", with: "2027-02-20T16:00")
      #expect(
        try await rpp.api("POST", "/orders", token: token, json: soon, headers: [idempotencyKey()]).rppCode
          == "SLOT_UNAVAILABLE")
    }
  }

  @Test func aSlotTakenAfterTheAvailabilityReadIsRefused() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let before = try await rpp.api("GET", "/availability?serviceId=svc_drone&date=2027-03-02", token: token)
      let slot = (((try before.jsonObject()["days"] as? [[String: Any]])?.first?["slots"] as? [[String: Any]])?.first)
      #expect(slot?["start"] as? String == "2027-03-02T08:00:00-08:00")
      #expect(slot?["available"] as? Bool == true)
      try await rpp.admin(
        "take-slot", #""partnerId":"ptn_sunset","start":"2027-03-02T08:00:00-08:00","durationMinutes":60"#)
      let reply = try await rpp.api("POST", "/orders", token: token, json: Self.booking, headers: [idempotencyKey()])
      #expect(reply.status == 409)
      #expect(reply.rppCode == "SLOT_UNAVAILABLE")
    }
  }

  @Test func aKeyStillInFlightIsRefusedAndTheHeldBookingReplaysLater() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      try await rpp.admin("config", #""holdWriteReplies":true"#)
      let key = idempotencyKey()
      let first = Task { try await rpp.api("POST", "/orders", token: token, json: Self.booking, headers: [key]) }
      let deadline = ContinuousClock.now + .seconds(30)
      while await server.rpp.counters().heldReplies < 1 {
        guard ContinuousClock.now < deadline else { throw CancellationError() }
        try await Task.sleep(for: .milliseconds(10))
      }
      // Committed upstream, the reply not yet sent: a retry with the same key is told to wait.
      let state = try await rpp.state()
      #expect((state["bookingsByIdempotencyKey"] as? [String: Int])?["\(RPPSeed.agent)|\(key.value)"] == 1)
      let retry = try await rpp.api("POST", "/orders", token: token, json: Self.booking, headers: [key])
      #expect(retry.status == 409)
      #expect(retry.rppCode == "IDEMPOTENCY_KEY_IN_USE")
      await server.rpp.holdWriteReplies(false)
      let answered = try await first.value
      #expect(answered.status == 201)
      let replay = try await rpp.api("POST", "/orders", token: token, json: Self.booking, headers: [key])
      #expect(replay.header("Idempotent-Replayed") == "true")
      #expect(try replay.jsonObject()["id"] as? String == (try answered.jsonObject()["id"] as? String))
    }
  }

  @Test func theZurichPartnerConfirmsBookingsByHand() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn(email: RPPSeed.zurichClient).idToken
      let policy = try await rpp.api("GET", "/policy", token: token).jsonObject()
      #expect((policy["booking"] as? [String: Any])?["autoConfirm"] as? Bool == false)
      #expect(policy["timeZone"] as? String == "Europe/Zurich")
      let body =
        #"{"serviceIds":["svc_alp_grundriss"],"appointment":{"start":"2027-03-03T08:00:00+01:00"},"address":{"line1":"Rämistrasse 71","city":"Zürich","postalCode":"8006","country":"CH"}}"#
      let created = try await rpp.api("POST", "/orders", token: token, json: body, headers: [idempotencyKey()])
      #expect(created.status == 201, "\(created.body)")
      let order = try created.jsonObject()
      #expect(order["status"] as? String == "pending")
      #expect((order["total"] as? [String: Any])?["currency"] as? String == "CHF")
      let id = try #require(order["id"] as? String)
      let confirmed = try await rpp.admin("confirm-order", #""orderId":"\#(id)""#)
      #expect((confirmed["order"] as? [String: Any])?["status"] as? String == "scheduled")
      let detail = try await rpp.api("GET", "/orders/\(id)", token: token).jsonObject()
      #expect(detail["version"] as? Int == 2)
      #expect((detail["timeline"] as? [[String: Any]])?.last?["event"] as? String == "confirmed")
      let notes = try await rpp.api("GET", "/notifications?unread=true&type=booking_confirmed", token: token).items
      #expect(notes.contains { $0["orderId"] as? String == id && $0["deepLink"] as? String == "rpp://order/\(id)" })
    }
  }
}
