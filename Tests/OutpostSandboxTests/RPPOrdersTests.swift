import Foundation
import OutpostSandbox
import Testing

/// Orders under rpp.md §3–4.4: pages and cursors, ETags and 304, tenant isolation (404), and
/// PATCH under If-Match and the policy guardrails. The sandbox starts at 2027-02-20 10:00 in
/// Los Angeles (`rppReferenceDate`); Ana's seeded orders are found by their appointment start.
@Suite struct RPPOrdersTests {
  /// All of Ana's orders, following the cursors.
  private func allOrders(_ rpp: RPPClient, _ token: String, query: String = "limit=5") async throws -> [[String: Any]] {
    var orders: [[String: Any]] = []
    var path = "/orders?\(query)"
    while true {
      let reply = try await rpp.api("GET", path, token: token)
      #expect(reply.status == 200, "\(reply.body)")
      orders += reply.items
      guard let cursor = try reply.jsonObject()["nextCursor"] as? String else { return orders }
      path = "/orders?\(query)&cursor=\(queryEscaped(cursor))"
    }
  }

  private func order(_ orders: [[String: Any]], startingAt start: String) throws -> [String: Any] {
    try #require(orders.first { ($0["appointment"] as? [String: Any])?["start"] as? String == start }, "no \(start)")
  }

  @Test func listsPageByCursorNewestAppointmentFirstAndRefuseForeignOrStaleCursors() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let orders = try await allOrders(rpp, token)
      #expect(orders.count == 16)
      #expect(Set(orders.compactMap { $0["id"] as? String }).count == 16)
      let starts = orders.compactMap { RPPTestTime.ms(($0["appointment"] as? [String: Any])?["start"] as? String) }
      #expect(starts == starts.sorted(by: >))
      let first = try await rpp.api("GET", "/orders?limit=5", token: token)
      #expect(first.items.count == 5)
      let cursor = try #require(try first.jsonObject()["nextCursor"] as? String)
      let watermark = try #require(try first.jsonObject()["watermark"] as? String)
      #expect(watermark == "2027-02-20T17:59:55.000Z")
      let foreign = try await rpp.api(
        "GET", "/orders?limit=5&status=scheduled&cursor=\(queryEscaped(cursor))", token: token)
      #expect(foreign.status == 400)
      #expect(foreign.rppCode == "CURSOR_INVALID")
      #expect(try await rpp.api("GET", "/orders?cursor=bogus", token: token).rppCode == "CURSOR_INVALID")
      #expect(try await rpp.api("GET", "/orders?limit=0", token: token).rppCode == "VALIDATION_FAILED")
      #expect(try await rpp.api("GET", "/orders?limit=101", token: token).rppCode == "VALIDATION_FAILED")
      #expect(try await rpp.api("GET", "/orders?mine=false", token: token).rppCode == "ROLE_NOT_ALLOWED")
      #expect(try await rpp.api("GET", "/orders?limit=5&cursor=\(queryEscaped(cursor))", token: token).status == 200)
      await server.rpp.advanceClock(seconds: 24 * 3600 + 1)
      let fresh = try await rpp.refresh(try await rpp.signIn().refreshToken).jsonObject()["id_token"] as? String
      let stale = try await rpp.api("GET", "/orders?limit=5&cursor=\(queryEscaped(cursor))", token: fresh)
      #expect(stale.rppCode == "CURSOR_INVALID")
      let statuses = try await allOrders(rpp, try #require(fresh), query: "status=delivered,cancelled&limit=100")
      #expect(Set(statuses.compactMap { $0["status"] as? String }) == ["delivered", "cancelled"])
    }
  }

  @Test func everyGetHonoursIfNoneMatch() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let list = try await rpp.api("GET", "/orders", token: token)
      let id = try #require(list.items.first?["id"] as? String)
      let detail = try await rpp.api("GET", "/orders/\(id)", token: token)
      let version = try #require(try detail.jsonObject()["version"] as? Int)
      #expect(detail.header("ETag") == "\"v\(version)\"")
      for (path, etag) in [("/orders/\(id)", detail.header("ETag")), ("/orders", list.header("ETag"))] {
        let again = try await rpp.api(
          "GET", path, token: token, headers: [(name: "If-None-Match", value: try #require(etag))])
        #expect(again.status == 304, "\(path)")
        #expect(again.body.isEmpty)
      }
      for path in ["/me", "/policy", "/services", "/conversations", "/notifications"] {
        let first = try await rpp.api("GET", path, token: token)
        let etag = try #require(first.header("ETag"), "\(path)")
        let again = try await rpp.api("GET", path, token: token, headers: [(name: "If-None-Match", value: etag)])
        #expect(again.status == 304, "\(path)")
      }
    }
  }

  @Test func anotherTenantsOrAnotherCustomersOrderIsNotFound() async throws {
    try await withRPPSandbox { server, rpp in
      let state = try await rpp.state()
      let orders = try #require(state["orders"] as? [[String: Any]])
      let lukas = try #require(orders.first { $0["customer"] as? String == RPPSeed.zurichClient }?["id"] as? String)
      let zoe = try #require(orders.first { $0["customer"] as? String == RPPSeed.secondClient }?["id"] as? String)
      let token = try await rpp.signIn().idToken
      for id in [lukas, zoe, "ord_missing"] {
        let reply = try await rpp.api("GET", "/orders/\(id)", token: token)
        #expect(reply.status == 404)
        #expect(reply.rppCode == "NOT_FOUND")
        let patch = try await rpp.api(
          "PATCH", "/orders/\(id)", token: token, json: #"{"action":"cancel"}"#,
          headers: [(name: "If-Match", value: "\"v1\"")])
        #expect(patch.status == 404)
      }
      let lukasToken = try await rpp.signIn(email: RPPSeed.zurichClient).idToken
      #expect(try await rpp.api("GET", "/orders/\(lukas)", token: lukasToken).status == 200)
    }
  }

  @Test func patchNeedsTheCurrentVersionAndReschedulesWithinThePolicy() async throws {
    try await withRPPSandbox { server, rpp in
      let token = try await rpp.signIn().idToken
      let orders = try await allOrders(rpp, token, query: "limit=100")
      let target = try order(orders, startingAt: "2027-03-04T10:30:00-08:00")
      let id = try #require(target["id"] as? String)
      let version = try #require(target["version"] as? Int)
      let move = #"{"action":"reschedule","appointment":{"start":"2027-03-05T08:00:00-08:00"},"reason":"Seller away"}"#
      let missing = try await rpp.api("PATCH", "/orders/\(id)", token: token, json: move)
      #expect(missing.status == 428)
      #expect(missing.rppCode == "PRECONDITION_REQUIRED")
      let stale = try await rpp.api(
        "PATCH", "/orders/\(id)", token: token, json: move, headers: [(name: "If-Match", value: "\"v\(version + 5)\"")])
      #expect(stale.status == 412)
      #expect(stale.rppCode == "VERSION_MISMATCH")
      #expect((stale.rppDetails["current"] as? [String: Any])?["version"] as? Int == version)
      let moved = try await rpp.api(
        "PATCH", "/orders/\(id)", token: token, json: move, headers: [(name: "If-Match", value: "\"v\(version)\"")])
      #expect(moved.status == 200, "\(moved.body)")
      let body = try moved.jsonObject()
      #expect(body["version"] as? Int == version + 1)
      #expect(body["rescheduleCount"] as? Int == 1)
      #expect((body["appointment"] as? [String: Any])?["start"] as? String == "2027-03-05T08:00:00-08:00")
      let entry = try #require((body["timeline"] as? [[String: Any]])?.last)
      #expect(entry["event"] as? String == "rescheduled")
      #expect(entry["from"] as? String == "2027-03-04T10:30:00-08:00")
      #expect(entry["to"] as? String == "2027-03-05T08:00:00-08:00")
      #expect(moved.header("ETag") == "\"v\(version + 1)\"")
      let second = try await rpp.api(
        "PATCH", "/orders/\(id)", token: token,
        json: #"{"action":"reschedule","appointment":{"start":"2027-03-06T08:00:00-08:00"}}"#,
        headers: [(name: "If-Match", value: "\"v\(version + 1)\"")])
      #expect(second.status == 200)
      let allowed = try #require(
        (try second.jsonObject()["allowedActions"] as? [String: Any])?["reschedule"] as? [String: Any])
      #expect(allowed["allowed"] as? Bool == false)
      #expect(allowed["reason"] as? String == "RESCHEDULE_LIMIT_REACHED")
      let third = try await rpp.api(
        "PATCH", "/orders/\(id)", token: token,
        json: #"{"action":"reschedule","appointment":{"start":"2027-03-08T08:00:00-08:00"}}"#,
        headers: [(name: "If-Match", value: "\"v\(version + 2)\"")])
      #expect(third.status == 409)
      #expect(third.rppCode == "RESCHEDULE_LIMIT_REACHED")
      let notifications = try await rpp.api("GET", "/notifications?type=booking_changed", token: token).items
      #expect(notifications.filter { $0["orderId"] as? String == id }.count == 2)
      // Tomorrow's shoot is inside the 24-hour cutoff; a taken or off-grid slot is refused.
      let tomorrow = try order(orders, startingAt: "2027-02-21T10:00:00-08:00")
      let late = try await rpp.api(
        "PATCH", "/orders/\(try #require(tomorrow["id"] as? String))", token: token,
        json: #"{"action":"reschedule","appointment":{"start":"2027-03-09T08:00:00-08:00"}}"#,
        headers: [(name: "If-Match", value: "\"v\(try #require(tomorrow["version"] as? Int))\"")])
      #expect(late.rppCode == "POLICY_CUTOFF_PASSED")
      #expect(late.rppDetails["cutoffAt"] as? String == "2027-02-20T10:00:00-08:00")
      let other = try order(orders, startingAt: "2027-03-12T14:00:00-08:00")
      let otherID = try #require(other["id"] as? String)
      let ifMatch = [(name: "If-Match", value: "\"v\(try #require(other["version"] as? Int))\"")]
      let taken = try await rpp.api(
        "PATCH", "/orders/\(otherID)", token: token,
        json: #"{"action":"reschedule","appointment":{"start":"2027-03-06T08:30:00-08:00"}}"#, headers: ifMatch)
      #expect(taken.rppCode == "SLOT_UNAVAILABLE")
      let offGrid = try await rpp.api(
        "PATCH", "/orders/\(otherID)", token: token,
        json: #"{"action":"reschedule","appointment":{"start":"2027-03-05T08:10:00-08:00"}}"#, headers: ifMatch)
      #expect(offGrid.rppCode == "VALIDATION_FAILED")
      let cancelled = try #require(orders.first { $0["status"] as? String == "cancelled" })
      let invalid = try await rpp.api(
        "PATCH", "/orders/\(try #require(cancelled["id"] as? String))", token: token, json: #"{"action":"cancel"}"#,
        headers: [(name: "If-Match", value: "\"v\(try #require(cancelled["version"] as? Int))\"")])
      #expect(invalid.rppCode == "INVALID_STATE")
    }
  }

  @Test func aCancelAfterTheFreeCutoffNeedsTheFeeAccepted() async throws {
    try await withRPPSandbox { server, rpp in
      let session = try await rpp.signIn()
      let orders = try await allOrders(rpp, session.idToken, query: "limit=100")
      let target = try order(orders, startingAt: "2027-02-22T11:30:00-08:00")
      let id = try #require(target["id"] as? String)
      let cancel = try #require((target["allowedActions"] as? [String: Any])?["cancel"] as? [String: Any])
      #expect(cancel["freeUntil"] as? String == "2027-02-21T11:30:00-08:00")
      #expect((cancel["lateFee"] as? [String: Any])?["amountMinor"] as? Int == 7450)
      // Past the free cutoff while the cancel waited in an offline queue.
      await server.rpp.advanceClock(seconds: 26 * 3600)
      let token = try #require(try await rpp.refresh(session.refreshToken).jsonObject()["id_token"] as? String)
      let current = try await rpp.api("GET", "/orders/\(id)", token: token)
      let version = try #require(try current.jsonObject()["version"] as? Int)
      let ifMatch = [(name: "If-Match", value: "\"v\(version)\"")]
      let unpaid = try await rpp.api(
        "PATCH", "/orders/\(id)", token: token, json: #"{"action":"cancel","reason":"Listing withdrawn"}"#,
        headers: ifMatch)
      #expect(unpaid.status == 409)
      #expect(unpaid.rppCode == "FEE_ACCEPTANCE_REQUIRED")
      #expect((unpaid.rppDetails["fee"] as? [String: Any])?["amountMinor"] as? Int == 7450)
      #expect((unpaid.rppDetails["fee"] as? [String: Any])?["currency"] as? String == "USD")
      let wrongFee = try await rpp.api(
        "PATCH", "/orders/\(id)", token: token,
        json: #"{"action":"cancel","acceptFee":{"amountMinor":100,"currency":"USD"}}"#, headers: ifMatch)
      #expect(wrongFee.rppCode == "FEE_ACCEPTANCE_REQUIRED")
      let paid = try await rpp.api(
        "PATCH", "/orders/\(id)", token: token,
        json: #"{"action":"cancel","reason":"Listing withdrawn","acceptFee":{"amountMinor":7450,"currency":"USD"}}"#,
        headers: ifMatch)
      #expect(paid.status == 200, "\(paid.body)")
      #expect(try paid.jsonObject()["status"] as? String == "cancelled")
      let entry = try #require((try paid.jsonObject()["timeline"] as? [[String: Any]])?.last)
      #expect(entry["event"] as? String == "cancelled")
      #expect((entry["fee"] as? [String: Any])?["amountMinor"] as? Int == 7450)
      // The queued cancel replayed: 412 with the current order, already cancelled.
      let replay = try await rpp.api(
        "PATCH", "/orders/\(id)", token: token, json: #"{"action":"cancel"}"#, headers: ifMatch)
      #expect(replay.status == 412)
      #expect((replay.rppDetails["current"] as? [String: Any])?["status"] as? String == "cancelled")
      let notes = try await rpp.api("GET", "/notifications?type=booking_cancelled", token: token).items
      #expect(notes.contains { $0["orderId"] as? String == id })
    }
  }
}

enum RPPTestTime {
  /// Milliseconds of an RFC 3339 time with an offset (what the sandbox writes).
  static func ms(_ text: String?) -> Int64? {
    guard let text else { return nil }
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    if let date = formatter.date(from: text) { return Int64((date.timeIntervalSince1970 * 1000).rounded()) }
    formatter.formatOptions = [.withInternetDateTime]
    return formatter.date(from: text).map { Int64($0.timeIntervalSince1970 * 1000) }
  }
}
