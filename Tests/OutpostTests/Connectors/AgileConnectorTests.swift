import Foundation
import OutpostModel
import OutpostReminders
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// The Agile Network connector against the sandbox's Keycloak realm and GraphQL gateway over
/// real HTTP, on the sandbox's manual clock: the first sync (follows, 30 days of feed,
/// subscriptions, settings), the change feed after it, a cursor the service forgot, a failing
/// subgraph that must not empty a list, every action sent twice, and an expired token.
@Suite(.serialized) struct AgileConnectorTests {
  /// 2026-02-03T12:00:00Z, the sandbox's reference.
  static let reference = Date(timeIntervalSince1970: 1_770_120_000)
  static let window = SyncWindow(
    from: reference.addingTimeInterval(-30 * 86_400), to: reference.addingTimeInterval(365 * 86_400))

  struct World {
    let server: SandboxServer
    let connector: AgileNetworkConnector
    let brand: String
    let clock: Clock
    var sandbox: AgileNetworkSandbox { server.agileNetwork }

    /// The sandbox's time, which the connector reads as its own.
    final class Clock: @unchecked Sendable {
      private let lock = NSLock()
      private var offset: TimeInterval = 0
      func now() -> Date { lock.withLock { AgileConnectorTests.reference.addingTimeInterval(offset) } }
      func advance(_ seconds: TimeInterval) { lock.withLock { offset += seconds } }
    }

    func advance(seconds: Double) async {
      clock.advance(seconds)
      await sandbox.advanceClock(seconds: seconds)
    }

    /// A session with a fresh access token of the brand's realm.
    func session(lifetime: Int = 3600) async throws -> OIDCSession {
      let token = try #require(
        await server.keycloak.issueAccessToken(
          realm: brand, issuerBase: server.url(for: .keycloak), lifetimeSeconds: lifetime))
      return OIDCSession(
        accessToken: SecretString(token), refreshToken: SecretString("unused"),
        expiresAt: clock.now().addingTimeInterval(Double(lifetime)), subject: AgileNetworkSandbox.demoUserID,
        identity: AccountIdentity(displayName: "Jo Rivera"))
    }

    func fetch(_ cursor: SyncCursor?) async throws -> FetchResult {
      try await connector.fetch(try await session(), window: AgileConnectorTests.window, cursor: cursor)
    }
  }

  /// The first shipped brand, with its API pointed at this sandbox (as config.toml would).
  static func preset(for server: SandboxServer) throws -> ServicePreset {
    let shipped = ShippedPresets.load(path: ServicePresetTests.shippedPath, tables: ["agile.brands"])
    var brand = try #require(shipped.presets.presets(in: "agile.brands").first)
    brand.values["keycloak.base_url"] = server.url(for: .keycloak)
    brand.values["api.graphql_url"] = server.url(for: .agilenetwork) + "/\(brand.id)/graphql"
    return brand
  }

  func withWorld(
    keycloak: SandboxKeycloakConfiguration = SandboxKeycloakConfiguration(), _ body: (World) async throws -> Void
  ) async throws {
    let shipped = ShippedPresets.load(path: ServicePresetTests.shippedPath, tables: ["agile.brands"])
    let first = try #require(shipped.presets.presets(in: "agile.brands").first)
    var configuration = SandboxConfiguration(
      referenceDate: Self.reference, services: [.keycloak, .agilenetwork], keycloak: keycloak)
    configuration.manualClock = true
    configuration.agileNetwork = SandboxAgileNetworkConfiguration(
      brands: [
        first.id: SandboxAgileBrandInfo(
          name: first["name"] ?? first.id, domain: first["deep_link.universal_link_domain"] ?? "example.org")
      ])
    let server = try await SandboxServer.start(configuration)
    do {
      let preset = try Self.preset(for: server)
      let clock = World.Clock()
      let account = ConnectorAccount(
        id: "a-1", username: nil, baseURL: server.url(for: .keycloak), options: ["brand": preset.id], preset: preset)
      let connector = AgileNetworkConnector(account: account, transport: TestHTTP.transport) { clock.now() }
      try await body(World(server: server, connector: connector, brand: preset.id, clock: clock))
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  func items(_ result: FetchResult, _ kind: ItemKind) -> [Item] { result.items.filter { $0.kind == kind } }

  @Test func aFirstSyncListsFollowsTheMonthsFeedSubscriptionsAndSettings() async throws {
    try await withWorld { world in
      let result = try await world.fetch(nil)
      #expect(result.complete.isSuperset(of: [.expert, .content, .subscription, .notificationSettings]))
      let follows = await world.sandbox.follows(brand: world.brand)
      #expect(Set(items(result, .expert).compactMap { $0.details["slug"]?.stringValue }) == Set(follows))
      #expect(follows.contains("jose-muller"), "the seed's non-ASCII name has a transliterated slug")
      let scheme = try #require(try AgileConnectorTests.preset(for: world.server)["deep_link.scheme"])
      #expect(items(result, .expert).allSatisfy { $0.link?.hasPrefix("\(scheme)://expert/") == true })

      let content = items(result, .content)
      #expect(!content.isEmpty)
      let monthAgo = Self.reference.addingTimeInterval(-30 * 86_400)
      for item in content {
        #expect(follows.contains(item.details["expertSlug"]?.stringValue ?? ""), "\(item.title)")
        let published = try #require(item.details["publishedAt"]?.stringValue.flatMap(UTCTimestamp.parse))
        #expect(published >= monthAgo && published <= Self.reference)
        #expect(["video", "article"].contains(item.details["type"]?.stringValue ?? ""))
      }

      // Expired subscriptions are not listed; the others carry what the CLI and reminders need.
      let upstream = await world.sandbox.subscriptions(brand: world.brand).filter { $0.status != "EXPIRED" }
      let subscriptions = items(result, .subscription)
      #expect(Set(subscriptions.map(\.upstreamID)) == Set(upstream.map(\.id)))
      let statuses = Set(subscriptions.compactMap { $0.details["status"]?.stringValue })
      #expect(statuses.isSuperset(of: ["active", "grace", "canceled_at_period_end"]))
      let store = try #require(subscriptions.first { $0.details["provider"]?.stringValue == "app_store" })
      #expect(store.details["storeManaged"] == .bool(true))
      #expect(store.details["manageUrl"]?.stringValue?.hasPrefix("https://") == true)
      let active = try #require(
        subscriptions.first {
          $0.details["status"]?.stringValue == "active" && $0.details["storeManaged"] == .bool(false)
        })
      let renewal = try #require(ReminderPlanner.deadlines(of: active).first)
      #expect(renewal.name == "renewal")
      #expect(renewal.lead == .seconds(3 * 86_400))
      #expect(active.details["price"]?.stringValue?.contains(".") == true)

      let settings = try #require(items(result, .notificationSettings).first)
      #expect(settings.details["promotions"] == .bool(false))
      #expect(settings.details["newContent"] == .bool(true))
      #expect(result.cursor?.values["changes"] != nil)
    }
  }

  @Test func laterSyncsReadOnlyTheChangesAndReReadWhatAnEventNames() async throws {
    try await withWorld { world in
      let first = try await world.fetch(nil)
      // Nothing happened: nothing comes, no list is claimed complete.
      let quiet = try await world.fetch(first.cursor)
      #expect(quiet.items.isEmpty && quiet.complete.isEmpty && quiet.removed.isEmpty)

      let followed = try #require(await world.sandbox.follows(brand: world.brand).first)
      let published = try #require(await world.sandbox.publish(brand: world.brand, expertSlug: followed))
      let news = try await world.fetch(quiet.cursor)
      #expect(news.items.map(\.upstreamID) == [published])
      #expect(news.complete.isEmpty)

      // A subscription changed by billing: the subscriptions are read again, whole.
      let active = try #require(
        await world.sandbox.subscriptions(brand: world.brand).first { $0.status == "ACTIVE" && $0.provider == "STRIPE" }
      )
      #expect(await world.sandbox.setSubscriptionStatus("GRACE", subscription: active.id, brand: world.brand))
      let billed = try await world.fetch(news.cursor)
      #expect(billed.complete.contains(.subscription))
      #expect(
        billed.items.first { $0.upstreamID == active.id }?.details["status"] == .string("grace"))

      // A promotion arrives as an item of its own.
      let promotion = try #require(
        await world.sandbox.emitPromotion(brand: world.brand, title: "50% off", body: "This week"))
      let offered = try await world.fetch(billed.cursor)
      #expect(offered.items.contains { $0.kind == .promotion && $0.upstreamID == promotion })
    }
  }

  /// A cursor the brand forgot, or one it never gave (its state was lost), is refused as such:
  /// the engine then starts over without it (SyncEngineTests), and that listing is complete.
  @Test func aForgottenCursorIsRefusedAndAFullListingIsComplete() async throws {
    try await withWorld { world in
      let first = try await world.fetch(nil)
      await world.sandbox.expireCursors(brand: world.brand)
      await #expect {
        _ = try await world.fetch(first.cursor)
      } throws: { error in
        if case .cursorRefused = error as? ConnectorError { true } else { false }
      }
      let unknown = SyncCursor(["changes": "chg_999999999"])
      await #expect {
        _ = try await world.fetch(unknown)
      } throws: { error in
        if case .cursorRefused = error as? ConnectorError { true } else { false }
      }
      let again = try await world.fetch(nil)
      #expect(again.complete.isSuperset(of: [.expert, .content, .subscription]))
      #expect(again.cursor?.values["changes"] != first.cursor?.values["changes"])
    }
  }

  @Test func aFailingSubgraphLeavesItsListUnknownNotEmpty() async throws {
    try await withWorld { world in
      await world.sandbox.setFault(subgraph: .subscriptions, down: true)
      let result = try await world.fetch(nil)
      #expect(!result.complete.contains(.subscription), "a null list with an error is unknown")
      #expect(items(result, .subscription).isEmpty)
      #expect(result.complete.contains(.expert))
    }
  }

  @Test func followAndUnfollowAreSafeToSendTwice() async throws {
    try await withWorld { world in
      let session = try await world.session()
      let follows = await world.sandbox.follows(brand: world.brand)
      // An expert the user does not follow yet: from the live search.
      let found = try await world.connector.query("agile.experts", params: [:], session: session)
      let slugs =
        (found["edges"].map { edges -> [String] in
          guard case .array(let list) = edges else { return [] }
          return list.compactMap { $0["node"]?["slug"]?.stringValue }
        }) ?? []
      let newcomer = try #require(slugs.first { !follows.contains($0) })
      for _ in 0..<2 {
        let prepared = try AgileNetworkConnector.prepare(
          .agileFollow, params: ["expert": .string(newcomer)], now: Date())
        let outcome = try await world.connector.perform(
          ActionRequest(type: .agileFollow, target: prepared.target, params: prepared.params, item: nil),
          session: session)
        guard case .done = outcome else {
          Issue.record("follow: \(outcome)")
          return
        }
      }
      #expect(await world.sandbox.follows(brand: world.brand).filter { $0 == newcomer }.count == 1)
      for _ in 0..<2 {
        let outcome = try await world.connector.perform(
          ActionRequest(type: .agileUnfollow, target: newcomer, params: ["expert": .string(newcomer)], item: nil),
          session: session)
        guard case .done = outcome else {
          Issue.record("unfollow: \(outcome)")
          return
        }
      }
      #expect(!(await world.sandbox.follows(brand: world.brand).contains(newcomer)))
      let unknown = try await world.connector.perform(
        ActionRequest(type: .agileFollow, target: "nobody-here", params: ["expert": "nobody-here"], item: nil),
        session: session)
      guard case .conflict(let reason, _) = unknown else {
        Issue.record("\(unknown)")
        return
      }
      #expect(reason.english.contains("nobody-here"))
    }
  }

  @Test func cancellingIsOnceAtTheEndOfThePeriodAndNeverForAStoreBilledOne() async throws {
    try await withWorld { world in
      let first = try await world.fetch(nil)
      let session = try await world.session()
      let active = try #require(
        items(first, .subscription).first {
          $0.details["status"]?.stringValue == "active" && $0.details["storeManaged"] == .bool(false)
        })
      let prepared = try AgileNetworkConnector.prepare(.agileCancel, on: active, params: [:], now: Date())
      for _ in 0..<2 {
        let outcome = try await world.connector.perform(
          ActionRequest(type: .agileCancel, target: prepared.target, params: prepared.params, item: active),
          session: session)
        guard case .done = outcome else {
          Issue.record("cancel: \(outcome)")
          return
        }
      }
      let upstream = await world.sandbox.subscriptions(brand: world.brand).first { $0.id == active.upstreamID }
      #expect(upstream?.status == "CANCELED_AT_PERIOD_END")

      let store = try #require(items(first, .subscription).first { $0.details["storeManaged"] == .bool(true) })
      #expect(throws: ActionRefusal.self) {
        try AgileNetworkConnector.prepare(.agileCancel, on: store, params: [:], now: Date())
      }
      // Queued before the item said so: the service's MANAGED_BY_STORE is a conflict naming the page.
      let outcome = try await world.connector.perform(
        ActionRequest(type: .agileCancel, target: store.upstreamID, params: [:], item: store), session: session)
      guard case .conflict(let reason, _) = outcome else {
        Issue.record("\(outcome)")
        return
      }
      #expect(reason.english.contains("https://"))
    }
  }

  @Test func notificationSettingsAreWrittenBackAndMirrored() async throws {
    try await withWorld { world in
      let first = try await world.fetch(nil)
      let prepared = try AgileNetworkConnector.prepare(.agileNotifications, params: ["promotions": true], now: Date())
      let outcome = try await world.connector.perform(
        ActionRequest(type: .agileNotifications, target: prepared.target, params: prepared.params, item: nil),
        session: try await world.session())
      guard case .done = outcome else {
        Issue.record("\(outcome)")
        return
      }
      let next = try await world.fetch(first.cursor)
      #expect(next.items.first { $0.kind == .notificationSettings }?.details["promotions"] == .bool(true))
    }
  }

  @Test func anExpiredTokenIsASessionToRenewNotAnError() async throws {
    try await withWorld { world in
      let session = try await world.session(lifetime: 5)
      await world.advance(seconds: 10)
      // The connector's clock says the token is over: renewed before any request.
      await #expect(throws: ConnectorError.sessionExpired) {
        _ = try await world.connector.fetch(session, window: AgileConnectorTests.window, cursor: nil)
      }
      // A token the gateway refuses though this machine still trusts it: the same.
      var trusted = session
      trusted.expiresAt = world.clock.now().addingTimeInterval(3600)
      await #expect(throws: ConnectorError.sessionExpired) {
        _ = try await world.connector.fetch(trusted, window: AgileConnectorTests.window, cursor: nil)
      }
    }
  }
}
