import Foundation
import OutpostModel
import OutpostReminders
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// A fan's day on the sandbox's clock (agile-network.md, issue 16's "done means"): 5-second
/// access tokens, a sync every 15 minutes through the change feed while the brand's experts
/// publish, a follow made offline and replayed (sent twice), and the subscription's renewal
/// reminder. At the end the synced feed is what a complete read of the service gives, the
/// follow exists once, each expiry cost one refresh, and the renewal has one deadline.
@Suite(.serialized) struct AgileDayTests {
  @Test func aDayOfPublishingEndsWithTheFeedTheServiceHoldsAndOneRefreshPerExpiry() async throws {
    var settings = SandboxKeycloakSettings()
    settings.accessTokenLifespan = 5
    try await AgileConnectorTests().withWorld(keycloak: SandboxKeycloakConfiguration(settings: settings)) { world in
      let account = ConnectorAccount(
        id: "a-1", username: nil, baseURL: world.server.url(for: .keycloak), options: ["brand": world.brand],
        preset: try AgileConnectorTests.preset(for: world.server))
      let clock = world.clock
      let keeper = SessionKeeper(
        connector: world.connector, account: account, vault: SessionKeeperTests.MemoryVault(),
        now: { clock.now() }
      ) { _ in }
      let refreshToken = try #require(await world.server.keycloak.issueRefreshToken(realm: world.brand))
      _ = try await keeper.adopt(SecretString(refreshToken), label: "Agile")

      var local: [String: Item] = [:]
      var cursor: SyncCursor?
      var renewals: Set<String> = []
      let before = await world.server.keycloak.stats()
      let contentBefore = await world.sandbox.counts(brand: world.brand)?.content ?? 0
      let steps = 96
      // An expert the fan does not follow yet, followed on the train (queued) and sent twice.
      let follows = await world.sandbox.follows(brand: world.brand)
      let slugs = try await keeper.query("agile.experts", params: [:])
      let newcomer = try #require(
        ((slugs["edges"].map { edges -> [String] in
          guard case .array(let list) = edges else { return [] }
          return list.compactMap { $0["node"]?["slug"]?.stringValue }
        }) ?? []).first { !follows.contains($0) })
      let queued = try AgileNetworkConnector.prepare(
        .agileFollow, params: ["expert": .string(newcomer)], now: clock.now())

      for step in 0..<steps {
        await world.advance(seconds: 900)
        // Every three hours a followed expert publishes besides the schedule.
        if step % 12 == 5, let expert = follows.first {
          #expect(await world.sandbox.publish(brand: world.brand, expertSlug: expert) != nil)
        }
        // Back online at noon: the queue replays the follow, and a retry sends it again.
        if step == 48 {
          for _ in 0..<2 {
            let outcome = try await keeper.perform(
              ActionRequest(type: .agileFollow, target: queued.target, params: queued.params, item: nil))
            guard case .done = outcome else {
              Issue.record("the replayed follow: \(outcome)")
              return
            }
          }
        }
        let fetched = try await keeper.fetch(window: AgileConnectorTests.window, cursor: cursor)
        cursor = fetched.cursor
        for kind in fetched.complete { local = local.filter { $0.value.kind != kind } }
        for item in fetched.items { local["\(item.kind.rawValue)/\(item.upstreamID)"] = item }
        for key in fetched.removed { local["\(key.kind.rawValue)/\(key.upstreamID)"] = nil }
        for item in local.values where item.kind == .subscription {
          for deadline in ReminderPlanner.deadlines(of: item) where deadline.name == "renewal" {
            renewals.insert("\(item.upstreamID)@\(deadline.at.timeIntervalSince1970)")
          }
        }
      }

      // The service's own answer, read completely by a second client at the end.
      let truth = try await world.connector.fetch(
        try await world.session(), window: AgileConnectorTests.window, cursor: nil)
      let truthContent = Set(truth.items.filter { $0.kind == .content }.map(\.upstreamID))
      // The feed is the last 30 days: what aged out during the day stays synced but is not in
      // it (as `outpost agile feed` shows it), nor in a fresh read.
      let monthAgo = clock.now().addingTimeInterval(-30 * 86_400)
      let localContent = Set(
        local.values.filter { item in
          item.kind == .content
            && (item.details["publishedAt"]?.stringValue.flatMap(UTCTimestamp.parse).map { $0 >= monthAgo } ?? false)
        }.map(\.upstreamID))
      #expect(localContent == truthContent, "the synced feed differs from the service's")
      let published = (await world.sandbox.counts(brand: world.brand)?.content ?? 0) - contentBefore
      #expect(published >= steps / 12, "only \(published) pieces were published during the day")
      let experts = Set(local.values.filter { $0.kind == .expert }.compactMap { $0.details["slug"]?.stringValue })
      #expect(experts == Set(await world.sandbox.follows(brand: world.brand)))
      #expect(await world.sandbox.follows(brand: world.brand).filter { $0 == newcomer }.count == 1)
      // Each 15-minute step found the 5-second token over: one refresh each, no more.
      let refreshes = await world.server.keycloak.stats().refreshes - before.refreshes
      #expect(refreshes == steps, "\(refreshes) refreshes over \(steps) expiries")
      #expect(await world.server.keycloak.stats().reuseDetected == 0)
      // No renewal fell in the day: each active subscription kept one renewal deadline, so
      // its reminder is planned (and fires) once.
      let subscriptions = local.values.filter { $0.kind == .subscription && !ReminderPlanner.deadlines(of: $0).isEmpty }
      #expect(!subscriptions.isEmpty)
      #expect(renewals.count == subscriptions.count, "\(renewals.sorted())")
    }
  }
}
