import NIOHTTP1

/// `/__admin/…`: one admin API for every module, JSON in and out, for tests and scripts that run
/// the sandbox in another process. These paths belong to no upstream: they are never delayed,
/// never fail at random and never count as a module's requests.
///
///     GET  /__admin/state?service=NAME    the module's data
///     POST /__admin/mutate                {"service":NAME,"op":…, …} a change "made upstream"
///     GET  /__admin/log?since=N           the requests answered after number N
///     GET  /__admin/clock                 POST /__admin/clock {"advanceSeconds":N}
///     GET  /__admin/faults?service=NAME   POST /__admin/faults {"service":NAME, …settings}
struct SandboxAdmin: Sendable {
  static let prefix = "/__admin/"
  static let logPath = "/__admin/log"
  static let endpoints = [
    "GET state?service=", "POST mutate", "GET log?since=", "GET clock", "POST clock", "GET faults?service=",
    "POST faults",
  ]

  /// The mounted modules by name.
  let services: [SandboxServiceName: any SandboxService]
  let clock: SandboxSharedClock
  let log = SandboxRequestLog()
  let faults: SandboxFaultInjector

  init(services: [any SandboxService], clock: SandboxSharedClock, seed: UInt64) {
    self.services = Dictionary(services.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    self.clock = clock
    faults = SandboxFaultInjector(seed: seed)
  }

  static func owns(_ path: String) -> Bool { path == "/__admin" || path.hasPrefix(prefix) }

  func respond(to request: SandboxRequest) async -> SandboxResponse {
    let endpoint = request.path.hasPrefix(Self.prefix) ? String(request.path.dropFirst(Self.prefix.count)) : ""
    do throws(SandboxAdminError) {
      switch (request.method, endpoint) {
      case (.GET, "state"): return .json(.ok, await state(try service(named: request.queryFields["service"])))
      case (.POST, "mutate"): return .json(.ok, try await mutate(SandboxAdminBody(parsing: request.body)))
      case (.GET, "log"): return try readLog(since: request.queryFields["since"])
      case (.GET, "clock"): return .json(.ok, clockJSON)
      case (.POST, "clock"): return .json(.ok, try advanceClock(SandboxAdminBody(parsing: request.body)))
      case (.GET, "faults"):
        let service = try faultable(service(named: request.queryFields["service"]))
        return .json(.ok, faults.json(service.name))
      case (.POST, "faults"): return .json(.ok, try updateFaults(SandboxAdminBody(parsing: request.body)))
      default:
        throw SandboxAdminError(
          "unknown admin endpoint under \(Self.prefix)", allowed: Self.endpoints, status: .notFound)
      }
    } catch {
      return error.response
    }
  }

  private func service(named name: String?) throws(SandboxAdminError) -> any SandboxService {
    let mounted = services.keys.sorted().map(\.rawValue)
    guard let name else { throw SandboxAdminError("service is required", allowed: mounted) }
    guard let known = SandboxServiceName(rawValue: name), let service = services[known] else {
      throw SandboxAdminError("no service \"\(name)\" runs in this sandbox", allowed: mounted)
    }
    return service
  }

  private func faultable(_ service: any SandboxService) throws(SandboxAdminError) -> any SandboxService {
    guard service.acceptsHostFaults else {
      throw SandboxAdminError(
        "\(service.name.rawValue) keeps its own fault settings: POST /__sandbox/\(service.name.rawValue)/config")
    }
    return service
  }

  private func state(_ service: any SandboxService) async -> SandboxJSON {
    var members: [(String, SandboxJSON)] = [("service", .string(service.name.rawValue))]
    if case .object(let own) = await service.adminState() { members += own }
    if service.acceptsHostFaults { members.append(("faults", faults.json(service.name))) }
    return .object(members)
  }

  private func mutate(_ body: SandboxAdminBody) async throws(SandboxAdminError) -> SandboxJSON {
    let service = try service(named: body.string("service"))
    let operations = service.adminOperations
    guard let operation = try body.string("op") else { throw SandboxAdminError("op is required", allowed: operations) }
    guard operations.contains(operation) else {
      throw SandboxAdminError("unknown op \"\(operation)\" for \(service.name.rawValue)", allowed: operations)
    }
    return try await service.adminMutate(operation: operation, body: body)
  }

  private func readLog(since text: String?) throws(SandboxAdminError) -> SandboxResponse {
    guard let since = Int(text ?? "0"), since >= 0 else {
      throw SandboxAdminError("since must be a request number (0 or more)")
    }
    let (entries, last) = log.entries(after: since)
    return .json(.ok, SandboxRequestLog.json(entries, last: last))
  }

  private var clockJSON: SandboxJSON {
    .object([
      ("advancedSeconds", .double(clock.advancedSeconds)),
      ("now", .string(SandboxTime.upstream(clock.unixSeconds(at: clock.now())))),
    ])
  }

  private func advanceClock(_ body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxJSON {
    try body.requireOnly(["advanceSeconds"])
    let limit = SandboxSharedClock.maximumAdvanceSeconds
    guard let seconds = try body.double("advanceSeconds"), seconds > 0, seconds <= limit else {
      throw SandboxAdminError("advanceSeconds must be above 0 and at most \(Int(limit))")
    }
    clock.advance(seconds: seconds)
    return clockJSON
  }

  private func updateFaults(_ body: SandboxAdminBody) throws(SandboxAdminError) -> SandboxJSON {
    try body.requireOnly(["service"] + SandboxFaultSettings.keys)
    let service = try faultable(service(named: body.string("service")))
    return try faults.update(service.name, body)
  }
}
