import Foundation
import OutpostSandbox
import Testing

/// The four mutations of agile-network.md §6 and their replays, seen in the upstream's state
/// and in the `changes` feed.
@Suite struct AgileNetworkMutationTests {
  static let changes = """
    query Changes($since: String) { changes(since: $since, first: 100) { cursor hasMore events { id kind occurredAt
      removedId content { id expert { slug } } expert { id slug viewerIsFollowing }
      subscription { id status currentPeriodEnd nextBillingDate graceEndsAt } promotion { id title webUrl } } } }
    """

  @Test func followAndUnfollowAreIdempotentAndShowInChanges() async throws {
    try await withAgileSandbox { server, agile in
      let start = try #require(dig(try await agile.data(Self.changes), "changes", "cursor") as? String)
      let follow =
        "mutation Follow($id: ID!) { followExpert(expertId: $id) { expert { id viewerIsFollowing subscriberCount } } }"
      let first = try await agile.data(follow, variables: #"{"id":"exp_50"}"#)
      let second = try await agile.data(follow, variables: #"{"id":"exp_50"}"#)
      #expect(dig(first, "followExpert", "expert", "viewerIsFollowing") as? Bool == true)
      #expect(
        dig(first, "followExpert", "expert", "subscriberCount") as? Int
          == dig(second, "followExpert", "expert", "subscriberCount") as? Int)
      let slug = try #require(await server.agileNetwork.expertSlug(id: "exp_50", brand: agileBrand))
      #expect(await server.agileNetwork.follows(brand: agileBrand).filter { $0 == slug }.count == 1)
      let unfollow = "mutation($id: ID!) { unfollowExpert(expertId: $id) { expert { viewerIsFollowing } } }"
      for _ in 0..<2 {
        let data = try await agile.data(unfollow, variables: #"{"id":"exp_50"}"#)
        #expect(dig(data, "unfollowExpert", "expert", "viewerIsFollowing") as? Bool == false)
      }
      #expect(!(await server.agileNetwork.follows(brand: agileBrand).contains(slug)))
      let batch = try await agile.data(Self.changes, variables: #"{"since":"\#(start)"}"#)
      let events = dig(batch, "changes", "events") as? [[String: Any]] ?? []
      #expect(events.compactMap { $0["kind"] as? String } == ["FOLLOW_ADDED", "FOLLOW_REMOVED"])
      #expect(events.allSatisfy { dig($0, "expert", "id") as? String == "exp_50" })
      #expect(dig(batch, "changes", "hasMore") as? Bool == false)
      // Nothing new since the cursor just handed out.
      let cursor = try #require(dig(batch, "changes", "cursor") as? String)
      let empty = try await agile.data(Self.changes, variables: #"{"since":"\#(cursor)"}"#)
      #expect((dig(empty, "changes", "events") as? [Any])?.isEmpty == true)
      let unknown = try await agile.post(follow, variables: #"{"id":"exp_999999"}"#)
      #expect(try errorCodes(unknown) == ["NOT_FOUND"])
    }
  }

  @Test func cancelInEveryStatus() async throws {
    try await withAgileSandbox { server, agile in
      let start = try #require(dig(try await agile.data(Self.changes), "changes", "cursor") as? String)
      let cancel = """
        mutation Cancel($id: ID!) { cancelSubscription(subscriptionId: $id) { subscription { id status currentPeriodEnd nextBillingDate canceledAt } } }
        """
      let active = try await agile.data(cancel, variables: #"{"id":"sub_1"}"#)
      #expect(dig(active, "cancelSubscription", "subscription", "status") as? String == "CANCELED_AT_PERIOD_END")
      #expect(dig(active, "cancelSubscription", "subscription", "nextBillingDate") is NSNull)
      #expect(
        dig(active, "cancelSubscription", "subscription", "currentPeriodEnd") as? String == "2026-02-13T00:00:00.000Z")
      let replay = try await agile.data(cancel, variables: #"{"id":"sub_1"}"#)
      #expect(dig(replay, "cancelSubscription", "subscription", "status") as? String == "CANCELED_AT_PERIOD_END")
      let grace = try await agile.data(cancel, variables: #"{"id":"sub_2"}"#)
      #expect(dig(grace, "cancelSubscription", "subscription", "status") as? String == "CANCELED_AT_PERIOD_END")
      // In GRACE the period ends when grace would have.
      #expect(
        dig(grace, "cancelSubscription", "subscription", "currentPeriodEnd") as? String == "2026-02-15T00:00:00.000Z")
      let store = try await agile.post(cancel, variables: #"{"id":"sub_4"}"#)
      #expect(store.status == 200)
      let storeObject = try store.jsonObject()
      #expect(storeObject["data"] is NSNull)
      #expect(try errorCodes(store) == ["MANAGED_BY_STORE"])
      #expect(
        dig(storeObject, "errors", 0, "extensions", "manageUrl") as? String
          == "https://apps.apple.com/account/subscriptions")
      #expect(dig(storeObject, "errors", 0, "path") as? [String] == ["cancelSubscription"])
      #expect(
        try errorCodes(try await agile.post(cancel, variables: #"{"id":"sub_6"}"#)) == ["SUBSCRIPTION_NOT_ACTIVE"])
      let statuses = await server.agileNetwork.subscriptions(brand: agileBrand)
      #expect(statuses.first { $0.id == "sub_4" }?.status == "ACTIVE")
      #expect(statuses.first { $0.id == "sub_4" }?.provider == "APP_STORE")
      #expect(statuses.first { $0.id == "sub_2" }?.status == "CANCELED_AT_PERIOD_END")
      // Preferences too; each real change is one event, replays none.
      let preferences = """
        mutation($input: NotificationPreferencesInput!) { updateNotificationPreferences(input: $input) { newContent promotions updatedAt } }
        """
      for _ in 0..<2 {
        let data = try await agile.data(preferences, variables: #"{"input":{"promotions":true}}"#)
        #expect(dig(data, "updateNotificationPreferences", "promotions") as? Bool == true)
      }
      let batch = try await agile.data(Self.changes, variables: #"{"since":"\#(start)"}"#)
      let kinds = (dig(batch, "changes", "events") as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }
      #expect(kinds == ["SUBSCRIPTION_UPDATED", "SUBSCRIPTION_UPDATED", "PREFERENCES_UPDATED"])
    }
  }
}
