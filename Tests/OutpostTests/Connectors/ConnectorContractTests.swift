import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// The contract every syncing connector keeps, checked against the sandbox over real HTTP
/// (vdirsyncer's storage tests, in spirit): the right secret logs in, a wrong one is
/// `invalidCredentials` (never anything that would be retried), a fetch lists only the kinds
/// the connector declares (something, unless it declares none), ids are stable and unique from
/// one fetch to the next, and an unreachable service is a temporary failure.
///
/// A connector that signs in interactively keeps it too: its secret is the refresh token a
/// sign-in leaves in the keyring (`InteractiveLoginTests` covers the sign-in itself).
@Suite(.serialized) struct ConnectorContractTests {
  /// One connector under test: how to build it against a sandbox, and its good and bad secrets.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    /// The sandbox module that serves it (whose fault knobs the error classes turn).
    var service: SandboxServiceName
    var make: @Sendable (SandboxServer) async -> (any SyncingConnectorBox, good: SecretString, bad: SecretString)
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "volleymanager", service: .volleymanager) { server in
      let account = ConnectorAccount(id: "c", username: SandboxUser.demo.username, baseURL: server.baseURL)
      return (
        Box(VolleyManagerConnector(account: account, transport: TestHTTP.transport)),
        SecretString(SandboxUser.demo.password), SecretString("not-the-password")
      )
    },
    Case(name: "ical (the VolleyManager feed)", service: .volleymanager) { server in
      let code = await server.volleyManager.calendarCode(for: SandboxUser.demo.username) ?? "XXXXXX"
      let account = ConnectorAccount(id: "c", username: nil, baseURL: server.baseURL)
      return (
        Box(ICalFeedConnector(account: account, transport: TestHTTP.transport)),
        SecretString("\(server.baseURL)/indoor/iCal/referee/\(code)"),
        SecretString("\(server.baseURL)/indoor/iCal/referee/ZZZZZZ")
      )
    },
    Case(name: "tasks (Supabase Auth + PostgREST)", service: .tasks) { server in
      let account = ConnectorAccount(
        id: "c", username: SandboxTasksUser.demo.email, baseURL: server.url(for: .tasks),
        options: ["apiKey": "sandbox-tasks-anon-key"])
      return (
        Box(TasksConnector(account: account, transport: TestHTTP.transport)),
        SecretString(SandboxTasksUser.demo.password), SecretString("not-the-password")
      )
    },
    Case(name: "rpp (Firebase Auth + the RPP API)", service: .rpp) { server in
      let account = ConnectorAccount(
        id: "c", username: RPPSeed.agent, baseURL: server.url(for: .rpp),
        options: [
          "firebase_api_key": SandboxRPPConfiguration.defaultAPIKey,
          "firebase_auth_base": server.baseURL + "/identitytoolkit.googleapis.com",
          "firebase_token_base": server.baseURL + "/securetoken.googleapis.com",
        ])
      return (
        Box(RPPConnector(account: account, transport: TestHTTP.transport)), SecretString(RPPSeed.password),
        SecretString("not-the-password")
      )
    },
    Case(name: "viiraa (Supabase Auth + PostgREST, keyset pull)", service: .viiraa) { server in
      let account = ConnectorAccount(
        id: "c", username: ViiRaaDemo.libreEmail, baseURL: server.url(for: .viiraa),
        options: ["apiKey": SandboxViiRaaConfiguration.defaultAPIKey])
      return (
        Box(ViiRaaConnector(account: account, transport: TestHTTP.transport)), SecretString(ViiRaaDemo.password),
        SecretString("not-the-password")
      )
    },
    Case(name: "agility (Supabase Auth + PostgREST, embedded line items)", service: .agility) { server in
      let account = ConnectorAccount(
        id: "c", username: AgilityDemo.email, baseURL: server.url(for: .agility),
        options: ["apiKey": SandboxAgilityConfiguration.defaultAPIKey, "timeZone": "America/New_York"])
      return (
        Box(AgilityConnector(account: account, transport: TestHTTP.transport)), SecretString(AgilityDemo.password),
        SecretString("not-the-password")
      )
    },
    Case(name: "agilenetwork (Keycloak and the GraphQL gateway)", service: .agilenetwork) { server in
      // The contract logs in twice from the same secret: Keycloak's default, where a refresh
      // token is not revoked by its use (the rotating mode is InteractiveLoginTests').
      await server.keycloak.update { $0.revokeRefreshToken = false }
      let token = await server.keycloak.issueRefreshToken() ?? "no such realm"
      let brand = (try? AgileConnectorTests.preset(for: server)) ?? ServicePreset(id: "none", values: [:])
      let account = ConnectorAccount(
        id: "c", username: nil, baseURL: server.url(for: .keycloak), options: ["brand": brand.id], preset: brand)
      return (
        Box(AgileNetworkConnector(account: account, transport: TestHTTP.transport)), SecretString(token),
        SecretString("not-a-refresh-token")
      )
    },
  ]

  /// The sandbox on a clock that moves only when told: a service whose data ticks (ViiRaa's
  /// live readings every 5 minutes) must not add a reading between the two listings compared.
  static func stillSandbox() -> SandboxConfiguration {
    var configuration = SandboxConfiguration()
    configuration.manualClock = true
    // Three days of ViiRaa history, not 35: generating it costs CPU the parallel suite shares.
    configuration.viiraa.historyDays = 3
    return configuration
  }

  /// A kind's own schemes, with those its configured presets bring (a brand's).
  static func schemes(_ descriptor: ConnectorDescriptor) -> [LinkScheme] {
    guard let presets = descriptor.presets else { return descriptor.linkSchemes }
    return descriptor.linkSchemes
      + ServicePresetTests.shipped().presets(in: presets.table).compactMap(presets.linkScheme(for:))
  }

  @Test(arguments: cases)
  func keepsTheContract(_ testCase: Case) async throws {
    let server = try await SandboxServer.start(Self.stillSandbox())
    let (connector, good, bad) = await testCase.make(server)
    do {
      try await connector.logInFails(with: bad)
      let window = SyncWindow.around(Date())
      let first = try await connector.fetch(good, window: window)
      #expect(!first.isEmpty || connector.kinds.isEmpty, "nothing listed")
      #expect(Set(first.map(\.kind)).isSubset(of: connector.kinds))
      let keys = first.map { "\($0.kind.rawValue)/\($0.upstreamID)" }
      #expect(Set(keys).count == keys.count, "ids are not unique")
      #expect(first.allSatisfy { !$0.upstreamID.isEmpty && !$0.title.isEmpty })
      #expect(
        first.allSatisfy { item in item.startsAt.map { window.contains($0) || item.kind != .assignment } ?? true })
      // What it declares holds for what it brings: every kind declared, every link in a
      // declared scheme (or the web), every declared subtitle and amount field there.
      let declared = Dictionary(uniqueKeysWithValues: connector.descriptor.itemKinds.map { ($0.kind, $0) })
      #expect(Set(connector.kinds).isSubset(of: Set(declared.keys)), "a kind it syncs is not declared")
      for item in first {
        guard let link = item.link else { continue }
        #expect(
          (try? DeepLink.parse(link, schemes: Self.schemes(connector.descriptor)).get()) != nil,
          "\(link) is in no declared scheme")
      }
      for declaration in declared.values {
        let items = first.filter { $0.kind == declaration.kind }
        guard !items.isEmpty else { continue }
        for key in declaration.subtitle {
          #expect(items.contains { $0.details[key] != nil }, "\(declaration.kind): no item has the subtitle's \(key)")
        }
        if let amount = declaration.amount {
          #expect(items.contains { declaration.amount(of: $0) != nil }, "\(declaration.kind): no item has \(amount)")
        }
      }
      let second = try await connector.fetch(good, window: window)
      let secondKeys = Set(second.map { "\($0.kind.rawValue)/\($0.upstreamID)" })
      #expect(
        secondKeys == Set(keys),
        "ids are not stable: \(secondKeys.symmetricDifference(keys).sorted().prefix(20))")
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
    let (stopped, good2, _) = await testCase.make(server)
    do {
      _ = try await stopped.fetch(good2, window: SyncWindow.around(Date()))
      Issue.record("a stopped service answered")
    } catch let error as ConnectorError {
      #expect(error.isTemporary, "\(error)")
    }
  }
}

extension ConnectorContractTests {
  /// Every class of failure a service gives is the connector error the engine acts on: a
  /// failing service is temporary (retried with backoff), a 429 is rate-limited with the
  /// service's Retry-After, a reply cut short or half a document is never taken as data (a
  /// feed cut in half must not look like half the events were deleted).
  @Test(arguments: cases)
  func classifiesEveryFailure(_ testCase: Case) async throws {
    let server = try await SandboxServer.start(Self.stillSandbox())
    let (connector, good, _) = await testCase.make(server)
    // VolleyManager's module keeps its own knobs (no truncation, its own Retry-After); every
    // other module takes the host's shared ones.
    let ownKnobs = testCase.service == .volleymanager
    func faults(_ settings: [String: JSONValue]) async throws {
      var body = settings
      if ownKnobs {
        body = body.filter { ["errorRate", "rateLimitEvery", "malformedRate", "latencyMilliseconds"].contains($0.key) }
      } else {
        body["service"] = .string(testCase.service.rawValue)
      }
      let path = ownKnobs ? "/__sandbox/volleymanager/config" : "/__admin/faults"
      let reply = try await TestHTTP.transport.send(
        HTTPRequest(
          method: "POST", url: server.baseURL + path, headers: [("content-type", "application/json")],
          body: Array(try JSONEncoder().encode(JSONValue.object(body)))))
      try #require(
        reply.status == 200, "the sandbox refused \(settings): \(String(decoding: reply.body, as: UTF8.self))")
    }
    func failure(_ settings: [String: JSONValue]) async throws -> ConnectorError? {
      try await faults(settings)
      do {
        _ = try await connector.fetch(good, window: SyncWindow.around(Date()))
        return nil
      } catch let error as ConnectorError {
        return error
      }
    }
    let off: [String: JSONValue] = [
      "errorRate": 0, "rateLimitEvery": 0, "truncateRate": 0, "malformedRate": 0, "latencyMilliseconds": 0,
    ]
    do {
      let unavailable = try await failure(off.merging(["errorRate": 1]) { $1 })
      #expect(unavailable?.isTemporary == true, "a 503 gave \(String(describing: unavailable))")
      let limited = try await failure(off.merging(["rateLimitEvery": 1, "retryAfterSeconds": 7]) { $1 })
      if ownKnobs {
        guard case .rateLimited? = limited else {
          Issue.record("a 429 gave \(String(describing: limited))")
          return try await server.stop()
        }
      } else {
        #expect(limited == .rateLimited(retryAfter: 7), "a 429 gave \(String(describing: limited))")
        let truncated = try await failure(off.merging(["truncateRate": 1]) { $1 })
        #expect(truncated != nil, "a reply cut short was taken as data")
        #expect(truncated?.isTemporary == true, "a reply cut short gave \(String(describing: truncated))")
      }
      let malformed = try await failure(off.merging(["malformedRate": 1]) { $1 })
      #expect(malformed != nil, "half a document was taken as data")
      // Back to normal, it works again: nothing stuck from the failures.
      #expect(try await failure(off) == nil)
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }
}

/// A connector with its session type hidden, for the parameterised contract.
protocol SyncingConnectorBox: Sendable {
  var kinds: Set<ItemKind> { get }
  var descriptor: ConnectorDescriptor { get }
  func logInFails(with secret: SecretString) async throws
  func fetch(_ secret: SecretString, window: SyncWindow) async throws -> [Item]
  /// The whole first fetch: items, series points, and the kinds it lists completely.
  func fetchResult(_ secret: SecretString, window: SyncWindow) async throws -> FetchResult
}

struct Box<C: SyncingConnector>: SyncingConnectorBox {
  let connector: C
  init(_ connector: C) { self.connector = connector }
  var kinds: Set<ItemKind> { C.itemKinds }
  var descriptor: ConnectorDescriptor { C.descriptor }

  func logInFails(with secret: SecretString) async throws {
    do {
      _ = try await connector.logIn(secret: secret)
      Issue.record("a wrong secret logged in")
    } catch {
      guard case .invalidCredentials = error else {
        Issue.record("a wrong secret gave \(error), not invalidCredentials")
        return
      }
    }
  }

  func fetch(_ secret: SecretString, window: SyncWindow) async throws -> [Item] {
    try await fetchResult(secret, window: window).items
  }

  func fetchResult(_ secret: SecretString, window: SyncWindow) async throws -> FetchResult {
    let session = try await connector.logIn(secret: secret).session
    return try await connector.fetch(session, window: window, cursor: nil)
  }
}
