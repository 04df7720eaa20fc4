import Foundation
import OutpostSandbox
import Testing

/// Life on the sandbox clock (agile-network.md §8): subscriptions move at their dates, followed
/// experts publish into `feed` and `changes`, cursors expire, and the faults on demand.
@Suite struct AgileNetworkLifeTests {
  static let day = 86_400.0

  @Test func subscriptionsMoveOnTheClock() async throws {
    try await withAgileSandbox { server, agile in
      let start = try #require(
        dig(try await agile.data(AgileNetworkMutationTests.changes), "changes", "cursor") as? String)
      func status(_ id: String) async -> String? {
        await server.agileNetwork.subscriptions(brand: agileBrand).first { $0.id == id }?.status
      }
      #expect(await status("sub_5") == "ACTIVE")
      // sub_5's first renewal (day 5) fails: GRACE, retried 3 days later with success.
      await server.advanceClock(seconds: 5 * Self.day)
      #expect(await status("sub_5") == "GRACE")
      let grace = try await agile.data(
        #"{ viewer { subscriptions { id status nextBillingDate graceEndsAt } entitlements { source expert { id } } } }"#
      )
      let subscriptions = dig(grace, "viewer", "subscriptions") as? [[String: Any]] ?? []
      let fifth = try #require(subscriptions.first { $0["id"] as? String == "sub_5" })
      #expect(fifth["nextBillingDate"] as? String == "2026-02-11T00:00:00.000Z")
      #expect(fifth["graceEndsAt"] as? String == "2026-02-22T00:00:00.000Z")
      let sources = (dig(grace, "viewer", "entitlements") as? [[String: Any]] ?? []).compactMap {
        $0["source"] as? String
      }
      #expect(sources.contains("GRACE_PERIOD") && sources.contains("COMPLIMENTARY") && sources.contains("SUBSCRIPTION"))
      await server.advanceClock(seconds: 4 * Self.day)
      #expect(await status("sub_5") == "ACTIVE")
      // sub_2's grace runs out on day 12, sub_3's cancelled period on day 20; sub_1 renews on day 10.
      await server.advanceClock(seconds: 12 * Self.day)
      #expect(await status("sub_2") == "EXPIRED")
      #expect(await status("sub_3") == "EXPIRED")
      let first = await server.agileNetwork.subscriptions(brand: agileBrand).first { $0.id == "sub_1" }
      #expect(first?.status == "ACTIVE")
      #expect(first.map { $0.currentPeriodEnd > Int(agileReferenceDate.timeIntervalSince1970) + 30 * 86_400 } == true)
      let updates = try await agile.allChanges(since: start).events.filter {
        $0["kind"] as? String == "SUBSCRIPTION_UPDATED"
      }
      let ids = updates.compactMap { dig($0, "subscription", "id") as? String }
      #expect(ids.filter { $0 == "sub_5" }.count == 2)
      #expect(ids.contains("sub_1") && ids.contains("sub_2") && ids.contains("sub_3"))
      // The admin can set a status too.
      try await agile.admin(
        "subscription-status", #""brand":"\#(agileBrand)","subscriptionId":"sub_1","status":"GRACE""#)
      #expect(await status("sub_1") == "GRACE")
    }
  }

  @Test func contentPublishedOnTheClockReachesFeedAndChanges() async throws {
    try await withAgileSandbox { server, agile in
      let feedQuery = "{ feed(first: 5) { edges { node { id publishedAt expert { slug } } } } }"
      let before = try await agile.data(feedQuery)
      let newestBefore = try #require(dig(before, "feed", "edges", 0, "node", "publishedAt") as? String)
      let start = try #require(
        dig(try await agile.data(AgileNetworkMutationTests.changes), "changes", "cursor") as? String)
      await server.advanceClock(seconds: 3 * Self.day)
      let after = try await agile.data(feedQuery)
      let newestAfter = try #require(dig(after, "feed", "edges", 0, "node", "publishedAt") as? String)
      #expect(newestAfter > newestBefore)
      // Followed or subscribed experts' content reaches the feed of changes (§6).
      let follows = Set(await server.agileNetwork.follows(brand: agileBrand)).union(
        await server.agileNetwork.subscriptions(brand: agileBrand).map(\.expertSlug))
      let (events, cursor) = try await agile.allChanges(since: start)
      let published = events.filter { $0["kind"] as? String == "CONTENT_PUBLISHED" }
      #expect(!published.isEmpty)
      let slugs = Set(published.compactMap { dig($0, "content", "expert", "slug") as? String })
      #expect(slugs.isSubset(of: follows), "\(slugs)")
      // Published on demand: at the top of the feed and in the next batch.
      let id = try #require(await server.agileNetwork.publish(brand: agileBrand, expertSlug: "jose-muller"))
      #expect(dig(try await agile.data(feedQuery), "feed", "edges", 0, "node", "id") as? String == id)
      let next = try await agile.data(AgileNetworkMutationTests.changes, variables: #"{"since":"\#(cursor)"}"#)
      #expect(dig(next, "changes", "events", 0, "content", "id") as? String == id)
      // A promotion comes within the week.
      await server.advanceClock(seconds: 5 * Self.day)
      let promotion = try await agile.allChanges(since: cursor).events.first {
        $0["kind"] as? String == "PROMOTION"
      }
      #expect((dig(promotion, "promotion", "webUrl") as? String)?.hasPrefix("https://\(agileDomain)/") == true)
    }
  }

  @Test func oldCursorsExpire() async throws {
    try await withAgileSandbox { server, agile in
      let start = try #require(
        dig(try await agile.data(AgileNetworkMutationTests.changes), "changes", "cursor") as? String)
      await server.advanceClock(seconds: 31 * Self.day)
      let stale = try await agile.post(AgileNetworkMutationTests.changes, variables: #"{"since":"\#(start)"}"#)
      #expect(stale.status == 200)
      let object = try stale.jsonObject()
      #expect(object["data"] is NSNull)
      #expect(try errorCodes(stale) == ["CURSOR_EXPIRED"])
      #expect(dig(object, "errors", 0, "path") as? [String] == ["changes"])
      let fresh = try #require(
        dig(try await agile.data(AgileNetworkMutationTests.changes), "changes", "cursor") as? String)
      try await agile.admin("expire-cursors", #""brand":"\#(agileBrand)""#)
      let expired = try await agile.post(AgileNetworkMutationTests.changes, variables: #"{"since":"\#(fresh)"}"#)
      #expect(try errorCodes(expired) == ["CURSOR_EXPIRED"])
    }
  }

  @Test func faultsOnDemand() async throws {
    try await withAgileSandbox { server, agile in
      try await agile.admin("faults", #""downSubgraphs":["offers"]"#)
      let partial = try await agile.post(#"{ expert(slug: "jose-muller") { id name offer { interval } } }"#)
      #expect(partial.status == 200)
      let object = try partial.jsonObject()
      #expect(dig(object, "data", "expert", "name") as? String == "José Müller")
      #expect(dig(object, "data", "expert", "offer") is NSNull)
      #expect(dig(object, "errors", 0, "message") as? String == "Subgraph errors redacted")
      #expect(dig(object, "errors", 0, "path") as? [String] == ["expert", "offer"])
      try await agile.admin("faults", #""downSubgraphs":[],"unknownEnumValue":true,"extraField":true"#)
      let odd = try await agile.data("{ viewer { subscriptions { id status } } }")
      let first = try #require(dig(odd, "viewer", "subscriptions", 0) as? [String: Any])
      #expect(first["status"] as? String == "UNKNOWN_FUTURE_VALUE")
      #expect(first["experimentalField"] as? String == "sandbox")
      await server.agileNetwork.setFaults { $0 = AgileNetworkFaults() }
      await server.agileNetwork.setFaults { $0.gatewayTimeout = true }
      #expect(try await agile.post("{ viewer { id } }").status == 504)
      await server.agileNetwork.setFaults { $0.gatewayTimeout = false }
      // The host's faults apply to the gateway as to any module.
      let faults = try await agile.client.postJSON("/__admin/faults", #"{"service":"agilenetwork","rateLimitEvery":1}"#)
      #expect(faults.status == 200)
      let limited = try await agile.post("{ viewer { id } }")
      #expect(limited.status == 429)
      #expect(try errorCodes(limited) == ["RATE_LIMITED"])
      // The admin state is ground truth and holds no token.
      let state = try await agile.client.get("/__admin/state?service=agilenetwork")
      #expect(state.status == 200)
      #expect(!state.body.contains(agile.token))
      #expect(state.body.contains("jose-muller"))
    }
  }
}
