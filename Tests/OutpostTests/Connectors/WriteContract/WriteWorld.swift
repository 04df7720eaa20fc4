import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// One connector's account against a fresh sandbox, as the daemon drives it: through its
/// session keeper (so a renewal mid-action is the keeper's and the lease's, as in production),
/// over a `ContractLink`, on the sandbox's manual clock.
struct WriteWorld: Sendable {
  let server: SandboxServer
  let link: ContractLink
  let perform: @Sendable (ActionRequest) async throws -> ActionOutcome
  let fetch: @Sendable () async throws -> [Item]
  /// Sign-ins and renewals so far (the adopting sign-in included).
  let logins: @Sendable () async -> Int
  /// A live question (`QueryingConnector`), for what a user looks up before acting (free slots).
  let query: @Sendable (String, [String: JSONValue]) async throws -> JSONValue

  /// The sandbox's one clock (every module shares it; ViiRaa's module only reads it).
  var now: Date { server.viiraa.currentDate() }

  func items(_ kind: ItemKind) async throws -> [Item] { try await fetch().filter { $0.kind == kind } }

  func item(_ kind: ItemKind, _ upstreamID: String) async throws -> Item? {
    try await items(kind).first { $0.upstreamID == upstreamID }
  }

  /// A request as the queue holds it once `prepare` accepted it.
  static func request(_ type: ActionType, _ prepared: PreparedAction, item: Item? = nil) -> ActionRequest {
    ActionRequest(type: type, target: prepared.target, params: prepared.params, item: item)
  }

  /// Builds the world around an adopted account; `expire` makes the service hold the current
  /// access token (or session) expired.
  static func make<C: SyncingConnector & ActingConnector>(
    server: SandboxServer, link: ContractLink, connector: C, account: ConnectorAccount, secret: SecretString,
    expire: @escaping @Sendable () async -> Void
  ) async throws -> WriteWorld {
    let clock: @Sendable () -> Date = { server.viiraa.currentDate() }
    let keeper = SessionKeeper(
      connector: connector, account: account, vault: SessionKeeperTests.MemoryVault(), now: clock
    ) { _ in }
    _ = try await keeper.adopt(secret, label: C.descriptor.displayName)
    link.onExpire(expire)
    return WriteWorld(
      server: server, link: link,
      perform: { request in try await keeper.perform(request) },
      fetch: { try await keeper.fetch(window: SyncWindow.around(clock()), cursor: nil).items },
      logins: { await keeper.loginCount },
      query: { name, params in
        guard let sink = keeper as? any QuerySink else { throw WriteContractError("\(name): no queries") }
        return try await sink.query(name, params: params)
      })
  }
}

/// The connectors with actions, each on a sandbox of its own with short-lived tokens (five
/// minutes: a mid-action expiry then costs the test five minutes of the manual clock, which no
/// seeded deadline is that close to).
enum WriteWorlds {
  static let tokenSeconds = 300

  static func configuration(_ services: [SandboxServiceName], reference: Date? = nil) -> SandboxConfiguration {
    var configuration = SandboxConfiguration(referenceDate: reference, services: Set(services))
    configuration.manualClock = true
    return configuration
  }

  /// PostgREST writes: anything but a read under `/rest/v1/` (an RPC included).
  static let restWrite: @Sendable (HTTPRequest) -> Bool = { request in
    request.url.contains("/rest/v1/") && request.method != "GET" && request.method != "HEAD"
  }

  static func tasks() async throws -> WriteWorld {
    var configuration = configuration([.tasks])
    configuration.tasks.accessTokenLifetimeSeconds = tokenSeconds
    let server = try await SandboxServer.start(configuration)
    let link = ContractLink(isWrite: restWrite)
    let account = ConnectorAccount(
      id: "w", username: SandboxTasksUser.demo.email, baseURL: server.url(for: .tasks),
      options: ["apiKey": "sandbox-tasks-anon-key"])
    return try await started(server) {
      try await WriteWorld.make(
        server: server, link: link, connector: TasksConnector(account: account, transport: link), account: account,
        secret: SecretString(SandboxTasksUser.demo.password)
      ) { await server.advanceClock(seconds: Double(tokenSeconds + 1)) }
    }
  }

  /// On PostgreSQL: the constraints, policies and triggers that refuse are the project's SQL's.
  static func viiraa() async throws -> WriteWorld {
    var configuration = configuration([.viiraa])
    configuration.viiraa.postgres = true
    configuration.viiraa.historyDays = 3
    configuration.viiraa.accessTokenLifetimeSeconds = tokenSeconds
    let server = try await SandboxServer.start(configuration)
    let link = ContractLink(isWrite: restWrite)
    let account = ConnectorAccount(
      id: "w", username: ViiRaaDemo.libreEmail, baseURL: server.url(for: .viiraa),
      options: ["apiKey": SandboxViiRaaConfiguration.defaultAPIKey])
    return try await started(server) {
      try await WriteWorld.make(
        server: server, link: link,
        connector: ViiRaaConnector(account: account, transport: link) { server.viiraa.currentDate() }, account: account,
        secret: SecretString(ViiRaaDemo.password)
      ) { await server.advanceClock(seconds: Double(tokenSeconds + 1)) }
    }
  }

  static func agility() async throws -> WriteWorld {
    var configuration = configuration([.agility], reference: AgilityConnectorTests.reference)
    configuration.agility.postgres = true
    configuration.agility.accessTokenLifetimeSeconds = tokenSeconds
    let server = try await SandboxServer.start(configuration)
    let link = ContractLink(isWrite: restWrite)
    let account = ConnectorAccount(
      id: "w", username: AgilityDemo.email, baseURL: server.url(for: .agility),
      options: ["apiKey": SandboxAgilityConfiguration.defaultAPIKey, "timeZone": "America/New_York"])
    return try await started(server) {
      try await WriteWorld.make(
        server: server, link: link,
        connector: AgilityConnector(account: account, transport: link) { server.agility.currentDate() },
        account: account,
        secret: SecretString(AgilityDemo.password)
      ) { await server.advanceClock(seconds: Double(tokenSeconds + 1)) }
    }
  }

  static func rpp() async throws -> WriteWorld {
    var configuration = configuration([.rpp])
    configuration.rpp.idTokenLifetimeSeconds = tokenSeconds
    let server = try await SandboxServer.start(configuration)
    let link = ContractLink { request in
      request.url.hasPrefix(server.url(for: .rpp)) && ["POST", "PATCH", "PUT", "DELETE"].contains(request.method)
    }
    let account = ConnectorAccount(
      id: "w", username: RPPSeed.agent, baseURL: server.url(for: .rpp),
      options: [
        "firebase_api_key": SandboxRPPConfiguration.defaultAPIKey,
        "firebase_auth_base": server.baseURL + "/identitytoolkit.googleapis.com",
        "firebase_token_base": server.baseURL + "/securetoken.googleapis.com",
      ])
    return try await started(server) {
      try await WriteWorld.make(
        server: server, link: link,
        connector: RPPConnector(account: account, transport: link) { server.viiraa.currentDate() }, account: account,
        secret: SecretString(RPPSeed.password)
      ) { await server.advanceClock(seconds: Double(tokenSeconds + 1)) }
    }
  }

  /// The refresh token Keycloak issued is the secret; it survives its use (Keycloak's default),
  /// so the keeper can renew from it.
  static func agileNetwork() async throws -> WriteWorld {
    let shipped = ShippedPresets.load(path: ServicePresetTests.shippedPath, tables: ["agile.brands"])
    let first = try #require(shipped.presets.presets(in: "agile.brands").first)
    var configuration = configuration([.keycloak, .agilenetwork], reference: AgileConnectorTests.reference)
    configuration.keycloak.settings.accessTokenLifespan = tokenSeconds
    configuration.agileNetwork = SandboxAgileNetworkConfiguration(
      brands: [
        first.id: SandboxAgileBrandInfo(
          name: first["name"] ?? first.id, domain: first["deep_link.universal_link_domain"] ?? "example.org")
      ])
    let server = try await SandboxServer.start(configuration)
    let link = ContractLink { request in
      request.url.contains("/graphql") && String(decoding: request.body, as: UTF8.self).contains("mutation")
    }
    return try await started(server) {
      await server.keycloak.update { $0.revokeRefreshToken = false }
      let token = try #require(await server.keycloak.issueRefreshToken())
      let brand = try AgileConnectorTests.preset(for: server)
      let account = ConnectorAccount(
        id: "w", username: nil, baseURL: server.url(for: .keycloak), options: ["brand": brand.id], preset: brand)
      return try await WriteWorld.make(
        server: server, link: link,
        connector: AgileNetworkConnector(account: account, transport: link) { server.viiraa.currentDate() },
        account: account,
        secret: SecretString(token)
      ) { await server.advanceClock(seconds: Double(tokenSeconds + 1)) }
    }
  }

  /// VolleyManager's session is a cookie; the service forgets it (as after its idle timeout).
  static func volleyManager() async throws -> WriteWorld {
    let server = try await SandboxServer.start(configuration([.volleymanager]))
    // The actions' own forms, not the association switch that may come first.
    let paths = [
      VolleyManagerPaths.pick, VolleyManagerPaths.offer, VolleyManagerPaths.withdraw, VolleyManagerPaths.compensation,
    ]
    let link = ContractLink { request in paths.contains { request.url.hasSuffix($0) } }
    let account = ConnectorAccount(id: "w", username: SandboxUser.demo.username, baseURL: server.baseURL)
    return try await started(server) {
      try await WriteWorld.make(
        server: server, link: link, connector: VolleyManagerConnector(account: account, transport: link),
        account: account,
        secret: SecretString(SandboxUser.demo.password)
      ) { await server.volleyManager.expireAllSessions() }
    }
  }

  /// The sandbox stops when the world cannot be made.
  private static func started(_ server: SandboxServer, _ body: () async throws -> WriteWorld) async throws
    -> WriteWorld
  {
    do {
      return try await body()
    } catch {
      try await server.stop()
      throw error
    }
  }
}
