/// The fake upstream services a sandbox can host; `outpost-sandbox --service NAME` picks them.
public enum SandboxServiceName: String, Sendable, CaseIterable, Codable, Comparable {
  /// Swiss Volley's VolleyManager, at the root (its real paths have no prefix).
  case volleymanager
  /// A minimal Supabase project (Auth + PostgREST) with a `tasks` table, under `/tasks`.
  case tasks
  /// A Keycloak server with one OpenID Connect realm per Agile Network brand, under `/keycloak`.
  case keycloak
  /// Real Property Photography's client API under `/rpp/v1`, behind a Firebase Auth stand-in
  /// under `/identitytoolkit.googleapis.com`, `/securetoken.googleapis.com`, `/www.googleapis.com`.
  case rpp
  /// ViiRaa's Supabase project (Auth + PostgREST over the glucose-coaching tables) under `/viiraa`.
  case viiraa
  /// Agility's Supabase project (Auth + PostgREST over the freelancer-finance tables) under `/agility`.
  case agility
  /// Agile Network's GraphQL gateway, one endpoint per brand (the Keycloak realms), under `/agile`.
  case agilenetwork

  /// Declaration order, so listings (start-up lines, errors) always read the same way.
  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}

/// One fake upstream service mounted in the sandbox: its routes and data under a path prefix,
/// plus what the shared admin API (`/__admin/…`) needs from it. The host owns what all modules
/// share (the clock, the request log, fault injection), so a new module is a folder of files
/// and one line in `SandboxServer.start`, with no change to the HTTP plumbing.
protocol SandboxService: Sendable {
  var name: SandboxServiceName { get }
  /// Where the module is mounted, without a trailing slash; "" owns the root, i.e. every path
  /// no other module claims.
  var pathPrefix: String { get }
  /// Every prefix the module owns (`pathPrefix` only, unless a module spans several, as the
  /// Firebase emulator layout does).
  var pathPrefixes: [String] { get }
  /// False for a module that keeps its own fault knobs (VolleyManager); the host then refuses
  /// `/__admin/faults` for it instead of stacking two kinds of faults.
  var acceptsHostFaults: Bool { get }
  /// The names `POST /__admin/mutate` accepts as `op`.
  var adminOperations: [String] { get }

  /// Answers a request under the prefix (the path arrives complete, prefix included); nil
  /// gives the host's bare 404. Async for modules that sign or verify tokens with jwt-kit; it
  /// runs on the connection's event loop (see `EventLoopTaskExecutor`), so keep it short.
  func respond(to request: SandboxRequest) async -> SandboxResponse?
  /// What the module's 429 or 503 looks like upstream.
  func faultResponse(_ fault: SandboxFault, to request: SandboxRequest) -> SandboxResponse
  /// `GET /__admin/state?service=NAME`: the module's data, never a password or a token.
  func adminState() async -> SandboxJSON
  /// `POST /__admin/mutate` with an `op` from `adminOperations` (already checked). Async for
  /// a project whose data is on PostgreSQL.
  func adminMutate(operation: String, body: SandboxAdminBody) async throws(SandboxAdminError) -> SandboxJSON
  /// The path as the request log keeps it, with any secret in it masked.
  func loggedPath(_ path: String) -> String
}

extension SandboxService {
  var acceptsHostFaults: Bool { true }

  var pathPrefixes: [String] { [pathPrefix] }

  func loggedPath(_ path: String) -> String { path }

  func faultResponse(_ fault: SandboxFault, to request: SandboxRequest) -> SandboxResponse {
    switch fault {
    case .rateLimited(let seconds):
      .json(.tooManyRequests, .object([("message", "Too Many Requests")])).adding("Retry-After", String(seconds))
    case .unavailable: .json(.serviceUnavailable, .object([("message", "Service Unavailable")]))
    }
  }

  /// Whether `path` lies under the module's prefix (always, for the root module).
  func owns(_ path: String) -> Bool {
    pathPrefixes.contains { prefix in prefix.isEmpty || path == prefix || path.hasPrefix(prefix + "/") }
  }
}

/// Hands each request to the admin API or to the module whose prefix it lies under (the
/// longest prefix wins; the root module takes the rest), applies that module's faults around
/// it and logs the outcome. A path no mounted module owns gets a bare 404, so a sandbox without
/// VolleyManager answers 404 at `/login`.
struct SandboxRouter: Sendable {
  let services: [any SandboxService]
  let admin: SandboxAdmin
  let log: SandboxRequestLog
  let faults: SandboxFaultInjector

  init(services: [any SandboxService], admin: SandboxAdmin) {
    // Longest prefix first, so `/tasks` is tried before the root module.
    self.services = services.sorted { $0.pathPrefix.count > $1.pathPrefix.count }
    self.admin = admin
    log = admin.log
    faults = admin.faults
  }

  func respond(to request: SandboxRequest) async -> SandboxResponse {
    let path = request.path
    if SandboxAdmin.owns(path) {
      let response = await admin.respond(to: request)
      // Reading the log is not logged: a poll would otherwise fill it with itself.
      if path != SandboxAdmin.logPath {
        log.append(method: request.method.rawValue, path: path, status: Int(response.status.code), service: "admin")
      }
      return response
    }
    guard let service = services.first(where: { $0.owns(path) }) else {
      let response = SandboxResponse.html(
        .notFound, "<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>")
      log.append(method: request.method.rawValue, path: path, status: 404, service: "none")
      return response
    }
    var response: SandboxResponse
    var latency = 0
    if service.acceptsHostFaults {
      let (delay, fault) = faults.before(service.name)
      latency = delay
      if let fault {
        response = service.faultResponse(fault, to: request)
      } else {
        response = faults.after(await serve(request, by: service), service.name)
      }
    } else {
      response = await serve(request, by: service)
    }
    response.delayMilliseconds = max(response.delayMilliseconds, latency)
    log.append(
      method: request.method.rawValue, path: service.loggedPath(path), status: Int(response.status.code),
      service: service.name.rawValue)
    return response
  }

  private func serve(_ request: SandboxRequest, by service: any SandboxService) async -> SandboxResponse {
    await service.respond(to: request)
      ?? .html(.notFound, "<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>")
  }
}

extension SandboxRequest {
  /// `host:port` for absolute redirect URLs: the request's Host header when it looks sane (as a
  /// web server would use it), otherwise the address the connection arrived on.
  var authority: String {
    if let host = headers.first(name: "host"), !host.isEmpty, host.count < 256,
      host.unicodeScalars.allSatisfy({ Self.authorityCharacters.contains($0) })
    {
      return host
    }
    return localAuthority
  }

  private static let authorityCharacters = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]".unicodeScalars)

  /// The decoded query parameters (empty when there is no query).
  var queryFields: FormFields { FormFields(urlEncoded: query ?? "") ?? FormFields(urlEncoded: "")! }
}
