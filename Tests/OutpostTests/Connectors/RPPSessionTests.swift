import Foundation
import OutpostModel
import OutpostSandbox
import Synchronization
import Testing

@testable import OutpostConnectors

/// The RPP connector against the sandbox's Firebase Auth and RPP API over real HTTP, through
/// the session keeper as the daemon uses it. Time is the sandbox's manual clock, and the
/// connector's own clock moves with it: nothing here waits.
@Suite(.serialized) struct RPPSessionTests {
  let key = VaultKey(kind: "rpp", accountID: "r-1")

  /// The sandbox and a connector clock that moves in step with it.
  final class World: Sendable {
    let server: SandboxServer
    let clock: Mutex<Date>

    init(_ server: SandboxServer, now: Date) {
      self.server = server
      clock = Mutex(now)
    }

    var now: Date { clock.withLock { $0 } }

    func advance(seconds: Double) async {
      await server.rpp.advanceClock(seconds: seconds)
      clock.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    func account(_ email: String = RPPSeed.agent) -> ConnectorAccount {
      ConnectorAccount(
        id: "r-1", username: email, baseURL: server.url(for: .rpp),
        options: [
          "firebase_api_key": SandboxRPPConfiguration.defaultAPIKey,
          "firebase_auth_base": server.baseURL + "/identitytoolkit.googleapis.com",
          "firebase_token_base": server.baseURL + "/securetoken.googleapis.com",
        ])
    }

    func connector(_ email: String = RPPSeed.agent) -> RPPConnector {
      RPPConnector(account: account(email), transport: TestHTTP.transport, now: { [self] in self.now })
    }

    func keeper(_ vault: any CredentialVault, _ email: String = RPPSeed.agent) -> SessionKeeper<RPPConnector> {
      SessionKeeper(connector: connector(email), account: account(email), vault: vault) { _ in }
    }

    /// `GET /__admin/state?service=rpp`: the sandbox's ground truth.
    func state() async throws -> JSONValue {
      let reply = try await TestHTTP.transport.send(
        HTTPRequest(method: "GET", url: server.baseURL + "/__admin/state?service=rpp"))
      return try JSONParser.parse(reply.body)
    }

    func mutate(_ fields: JSONValue) async throws {
      guard case .object(var members) = fields else { return }
      members["service"] = "rpp"
      let reply = try await TestHTTP.transport.send(
        HTTPRequest(
          method: "POST", url: server.baseURL + "/__admin/mutate", headers: [("Content-Type", "application/json")],
          body: Array(JSONValue.object(members).serialized)))
      #expect(reply.status == 200, "\(reply.text)")
    }
  }

  func withWorld(tokenLifetime: Int = 3600, _ body: (World) async throws -> Void) async throws {
    var configuration = SandboxConfiguration(services: [.rpp])
    configuration.rpp.idTokenLifetimeSeconds = tokenLifetime
    configuration.manualClock = true
    let server = try await SandboxServer.start(configuration)
    do {
      let probe = World(server, now: Date())
      let now = try #require(await probe.state()["now"]?.stringValue.flatMap(UTCTimestamp.parse))
      try await body(World(server, now: now))
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  static func array(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let values)? = value { return values }
    return []
  }

  @Test func theKeyringKeepsPasswordAndRefreshTokenAndEachExpiryCostsOneRefresh() async throws {
    try await withWorld(tokenLifetime: 10) { world in
      let vault = SessionKeeperTests.MemoryVault()
      let keeper = world.keeper(vault)
      _ = try await keeper.adopt(SecretString(RPPSeed.password), label: "RPP")
      let stored = RPPStoredSecret(try #require(await vault.secrets[key]))
      #expect(stored.password?.reveal() == RPPSeed.password && stored.refreshToken != nil)

      let first = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: nil)
      let truth = try await world.state()
      let orders = Self.array(truth["orders"]).filter { $0["customer"] == .string(RPPSeed.agent) }
      let conversations = Self.array(truth["conversations"]).filter { $0["customer"] == .string(RPPSeed.agent) }
      let messages = conversations.flatMap { Self.array($0["messages"]) }
      #expect(!orders.isEmpty && !messages.isEmpty)
      #expect(
        Set(first.items.filter { $0.kind == .order }.map(\.upstreamID)) == Set(orders.compactMap(\.["id"]?.stringValue))
      )
      #expect(
        Set(first.items.filter { $0.kind == .conversation }.map(\.upstreamID))
          == Set(conversations.compactMap(\.["id"]?.stringValue)))
      #expect(
        Set(first.items.filter { $0.kind == .message }.map(\.upstreamID))
          == Set(messages.compactMap(\.["id"]?.stringValue)))
      for order in orders {
        let item = try #require(first.items.first { $0.upstreamID == order["id"]?.stringValue })
        #expect(item.details["version"] == order["version"] && item.details["status"] == order["status"])
      }

      for expiry in 1...3 {
        let before = await world.server.rpp.counters().refreshes
        await world.advance(seconds: 11)
        try await withThrowingTaskGroup(of: Void.self) { group in
          for _ in 0..<6 {
            group.addTask { _ = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: first.cursor) }
          }
          try await group.waitForAll()
        }
        #expect(await world.server.rpp.counters().refreshes == before + 1, "expiry \(expiry)")
      }
    }
  }

  @Test func aSyncThatFindsNothingNewReturnsNothingAndKeepsItsCursor() async throws {
    try await withWorld { world in
      let keeper = world.keeper(SessionKeeperTests.MemoryVault())
      _ = try await keeper.adopt(SecretString(RPPSeed.password), label: "RPP")
      var cursor = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: nil).cursor
      // The feed is inclusive: the last few seconds' changes may come once more, then settle.
      await world.advance(seconds: 60)
      cursor = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: cursor).cursor
      let settled = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: cursor)
      let again = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: settled.cursor)
      #expect(again.items.isEmpty && again.cursor == settled.cursor)

      // A photographer's message: the next sync brings it (and its conversation), nothing else.
      let truth = try await world.state()
      let conversation = try #require(
        Self.array(truth["conversations"]).first {
          $0["customer"] == .string(RPPSeed.agent) && $0["kind"] == "order"
        }?["id"]?.stringValue)
      try await world.mutate(["op": "staff-message", "conversationId": .string(conversation), "body": "Running late"])
      await world.advance(seconds: 10)
      let news = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: again.cursor)
      #expect(news.items.contains { $0.kind == .message && $0.details["body"] == "Running late" })
      #expect(news.items.allSatisfy { $0.kind != .order })
      #expect(news.items.first { $0.kind == .conversation }?.upstreamID == conversation)
    }
  }

  @Test func accountsOutpostCannotUseAreRefusedClearly() async throws {
    try await withWorld { world in
      func refusal(_ email: String, _ password: String = RPPSeed.password) async -> ConnectorError? {
        do {
          _ = try await world.connector(email).logIn(secret: SecretString(password))
          return nil
        } catch { return error }
      }
      guard case .unsupported(let photographer)? = await refusal(RPPSeed.photographer) else {
        Issue.record("a photographer's account was taken")
        return
      }
      #expect(photographer.contains("photographer"))
      guard case .unsupported(let twoStep)? = await refusal(RPPSeed.mfa) else {
        Issue.record("a two-step account was taken")
        return
      }
      #expect(twoStep.contains("two-step") && twoStep.contains("not support yet; sign in on the web"))
      guard case .invalidCredentials? = await refusal(RPPSeed.noPartner) else {
        Issue.record("an account without partner was taken")
        return
      }
      guard case .invalidCredentials? = await refusal(RPPSeed.agent, "wrong") else {
        Issue.record("a wrong password was taken")
        return
      }
    }
  }

  /// A refresh token that died (revoked everywhere) is replaced by one silent sign-in with the
  /// stored password; after a password change elsewhere, the stored one is refused and the
  /// keeper drops the secret so the user is asked.
  @Test func aDeadRefreshTokenCostsOneSilentSignInUntilThePasswordChanges() async throws {
    try await withWorld(tokenLifetime: 10) { world in
      let vault = SessionKeeperTests.MemoryVault()
      let keeper = world.keeper(vault)
      _ = try await keeper.adopt(SecretString(RPPSeed.password), label: "RPP")
      let firstToken = RPPStoredSecret(try #require(await vault.secrets[key])).refreshToken?.reveal()
      try await world.mutate(["op": "revoke-tokens", "email": .string(RPPSeed.agent)])
      await world.advance(seconds: 11)
      let signIns = await world.server.rpp.counters().signIns
      _ = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: nil)
      #expect(await world.server.rpp.counters().signIns == signIns + 1)
      let secondToken = RPPStoredSecret(try #require(await vault.secrets[key])).refreshToken?.reveal()
      #expect(secondToken != nil && secondToken != firstToken)

      _ = await world.server.rpp.setPassword("changed-on-the-web", email: RPPSeed.agent)
      await world.advance(seconds: 11)
      do {
        _ = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: nil)
        Issue.record("the old password still signed in")
      } catch let error as SessionError {
        guard case .needsLogin = error else {
          Issue.record("expected needs-login, got \(error)")
          return
        }
      }
      #expect(await vault.secrets[key] == nil, "the refused password stayed in the keyring")
    }
  }

  /// A first sync bigger than the rate limit allows keeps what it got and goes on where it
  /// stopped once the minute is over, until everything is there, each message once.
  @Test func aFirstSyncBeyondTheRateLimitGoesOnWhereItStopped() async throws {
    try await withWorld { world in
      #expect(await world.server.rpp.seedScale(email: RPPSeed.zurichClient, orders: 150, messages: 600))
      await world.server.rpp.update { $0.rateLimitPerMinute = 60 }
      let keeper = world.keeper(SessionKeeperTests.MemoryVault(), RPPSeed.zurichClient)
      _ = try await keeper.adopt(SecretString(RPPSeed.password), label: "RPP")
      var local: [String: Item] = [:]
      var cursor: SyncCursor?
      var rounds = 0
      while true {
        rounds += 1
        let result = try await keeper.fetch(window: SyncWindow.around(world.now), cursor: cursor)
        for item in result.items { local["\(item.kind.rawValue)/\(item.upstreamID)"] = item }
        cursor = result.cursor
        guard let after = result.continueAfter else { break }
        #expect(after > 0 && after <= 60)
        try #require(rounds < 20, "the sync never finished")
        await world.advance(seconds: after)
      }
      #expect(rounds > 2, "the rate limit was never met")
      let conversations = Self.array(try await world.state()["conversations"]).filter {
        $0["customer"] == .string(RPPSeed.zurichClient)
      }
      let messages = conversations.flatMap { Self.array($0["messages"]) }.compactMap { $0["id"]?.stringValue }
      #expect(messages.count >= 600)
      #expect(Set(messages) == Set(local.values.filter { $0.kind == .message }.map(\.upstreamID)))
      #expect(cursor?.values["conversations.done"] == nil)
    }
  }
}
