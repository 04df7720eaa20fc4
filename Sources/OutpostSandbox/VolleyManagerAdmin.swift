import Foundation
import NIOHTTP1

/// `/__sandbox/volleymanager/…`: the test hooks of `VolleyManagerSandbox` over HTTP, for scripts
/// and end-to-end tests that run the sandbox as a separate process. JSON in, JSON out. These
/// paths are not part of VolleyManager: they are never delayed, never fail at random and never
/// count as API requests.
enum VolleyManagerAdmin {
  static let prefix = "/__sandbox/volleymanager/"

  static func respond(to request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    let endpoint = String(request.path.dropFirst(prefix.count))
    switch (request.method, endpoint) {
    case (.GET, "stats"): return .json(.ok, statsJSON(sandbox.currentStats()))
    case (.GET, "config"): return .json(.ok, configJSON(sandbox))
    case (.POST, "config"): return updateConfig(request, sandbox: sandbox)
    case (.POST, "users"): return upsertUser(request, sandbox: sandbox)
    case (.GET, "clock"): return .json(.ok, .object([("advancedSeconds", .double(sandbox.clockAdvancedSeconds))]))
    case (.POST, "clock"): return advanceClock(request, sandbox: sandbox)
    case (.POST, "expire-sessions"):
      sandbox.withState { $0.expireAllSessions() }
      return .json(.ok, .object([("expired", true)]))
    default:
      if let response = VolleyManagerDataAdmin.respond(to: request, endpoint: endpoint, sandbox: sandbox) {
        return response
      }
      return failure(
        .notFound,
        "unknown sandbox endpoint; try GET stats, GET/POST config, GET/POST clock, POST users, POST expire-sessions, "
          + "POST games/move, POST games/cancel, POST exchanges/take, GET data?username= under \(prefix)")
    }
  }

  /// `GET stats?loginsAbove=N[&timeoutSeconds=S]`: answered once more than N logins have
  /// succeeded, or after S seconds (default 30, at most 120) with the counters as they are. Nil
  /// for any other request.
  static func statsAfterLogins(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) async -> SandboxResponse? {
    guard request.method == .GET, request.path == prefix + "stats", let query = request.query else { return nil }
    var fields: [Substring: Substring] = [:]
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      fields[parts[0]] = parts.count == 2 ? parts[1] : ""
    }
    guard let above = fields["loginsAbove"] else { return nil }
    let unknown = Set(fields.keys).subtracting(["loginsAbove", "timeoutSeconds"])
    guard unknown.isEmpty else {
      return failure(
        .badRequest,
        "unknown parameters: \(unknown.sorted().joined(separator: ", ")); allowed: loginsAbove, timeoutSeconds")
    }
    guard let count = Int(above), count >= 0 else {
      return failure(.badRequest, "loginsAbove must be a count, 0 or more")
    }
    let seconds = fields["timeoutSeconds"].map { Int($0) } ?? 30
    guard let seconds, (1...120).contains(seconds) else {
      return failure(.badRequest, "timeoutSeconds must be 1…120")
    }
    return .json(.ok, statsJSON(await sandbox.stats(loginsAbove: count, timeout: .seconds(seconds))))
  }

  static func statsJSON(_ stats: VolleyManagerStats) -> SandboxJSON {
    .object([
      ("logins", .int(stats.logins)),
      ("failedLogins", .int(stats.failedLogins)),
      ("activeSessions", .int(stats.activeSessions)),
      ("apiRequests", .int(stats.apiRequests)),
      ("staleSessionReplies", .int(stats.staleSessionReplies)),
      ("rateLimitedReplies", .int(stats.rateLimitedReplies)),
      ("malformedReplies", .int(stats.malformedReplies)),
    ])
  }

  static func configJSON(_ sandbox: VolleyManagerSandbox) -> SandboxJSON {
    let settings = sandbox.withState { $0.settings }
    return .object([
      ("sessionLifetimeSeconds", .double(settings.sessionLifetimeSeconds)),
      ("latencyMilliseconds", .int(settings.latencyMilliseconds)),
      ("errorRate", .double(settings.errorRate)),
      ("loginFailureStyle", .string(settings.loginFailureStyle.rawValue)),
      ("staleSessionStatus", .int(settings.staleSessionStatus)),
      ("rateLimitEvery", .int(settings.rateLimitEvery)),
      ("malformedRate", .double(settings.malformedRate)),
    ])
  }

  private struct ConfigUpdate: Decodable {
    static let keys: Set = [
      "sessionLifetimeSeconds", "latencyMilliseconds", "errorRate", "loginFailureStyle", "staleSessionStatus",
      "rateLimitEvery", "malformedRate",
    ]
    var sessionLifetimeSeconds: Double?
    var latencyMilliseconds: Int?
    var errorRate: Double?
    var loginFailureStyle: LoginFailureStyle?
    var staleSessionStatus: Int?
    var rateLimitEvery: Int?
    var malformedRate: Double?
  }

  private struct UserUpdate: Decodable {
    static let keys: Set = ["username", "password", "twoFactor", "displayName"]
    var username: String
    var password: String
    var twoFactor: Bool?
    var displayName: String?
  }

  /// Validates everything before changing anything, so a bad request leaves the sandbox as it was.
  private static func updateConfig(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    let update: ConfigUpdate
    switch decode(ConfigUpdate.self, from: request, allowedKeys: ConfigUpdate.keys) {
    case .success(let value): update = value
    case .failure(let message): return failure(.badRequest, message)
    }
    if let seconds = update.sessionLifetimeSeconds,
      !(0...VolleyManagerSettings.maximumLifetimeSeconds).contains(seconds)
    {
      return failure(
        .badRequest, "sessionLifetimeSeconds must be 0…\(Int(VolleyManagerSettings.maximumLifetimeSeconds))")
    }
    if let milliseconds = update.latencyMilliseconds,
      !(0...VolleyManagerSettings.maximumLatencyMilliseconds).contains(milliseconds)
    {
      return failure(.badRequest, "latencyMilliseconds must be 0…\(VolleyManagerSettings.maximumLatencyMilliseconds)")
    }
    if let rate = update.errorRate, !(0...1).contains(rate) {
      return failure(.badRequest, "errorRate must be between 0 and 1")
    }
    if let status = update.staleSessionStatus, !VolleyManagerSettings.staleSessionStatuses.contains(status) {
      return failure(.badRequest, "staleSessionStatus must be 401, 403 or 406")
    }
    if let every = update.rateLimitEvery, every < 0 {
      return failure(.badRequest, "rateLimitEvery must be 0 (off) or more")
    }
    if let rate = update.malformedRate, !(0...1).contains(rate) {
      return failure(.badRequest, "malformedRate must be between 0 and 1")
    }
    sandbox.withState { state in
      if let seconds = update.sessionLifetimeSeconds { state.settings.sessionLifetimeSeconds = seconds }
      if let milliseconds = update.latencyMilliseconds { state.settings.latencyMilliseconds = milliseconds }
      if let rate = update.errorRate { state.settings.errorRate = rate }
      if let style = update.loginFailureStyle { state.settings.loginFailureStyle = style }
      if let status = update.staleSessionStatus { state.settings.staleSessionStatus = status }
      if let every = update.rateLimitEvery { state.settings.rateLimitEvery = every }
      if let rate = update.malformedRate { state.settings.malformedRate = rate }
    }
    return .json(.ok, configJSON(sandbox))
  }

  /// Creates the user or changes its password (and 2FA flag / display name when given). Always
  /// 200 (scripts check for that); `created` tells which. The reply never echoes the password.
  private static func upsertUser(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    let update: UserUpdate
    switch decode(UserUpdate.self, from: request, allowedKeys: UserUpdate.keys) {
    case .success(let value): update = value
    case .failure(let message): return failure(.badRequest, message)
    }
    guard !update.username.isEmpty, !update.password.isEmpty else {
      return failure(.badRequest, "username and password must not be empty")
    }
    let created = sandbox.withState { state -> Bool in
      if var user = state.users[update.username] {
        user.password = update.password
        if let twoFactor = update.twoFactor { user.twoFactor = twoFactor }
        if let displayName = update.displayName { user.displayName = displayName }
        state.users[update.username] = user
        return false
      }
      var user = SandboxUser(username: update.username, password: update.password, twoFactor: update.twoFactor ?? false)
      if let displayName = update.displayName { user.displayName = displayName }
      state.users[update.username] = user
      return true
    }
    return .json(.ok, .object([("username", .string(update.username)), ("created", .bool(created))]))
  }

  /// `POST clock {"advanceSeconds": N}`: the sandbox's time jumps N seconds ahead, for tests
  /// that would otherwise wait (session lifetimes, games that begin).
  private static func advanceClock(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    struct ClockUpdate: Decodable { var advanceSeconds: Double }
    let update: ClockUpdate
    switch decode(ClockUpdate.self, from: request, allowedKeys: ["advanceSeconds"]) {
    case .success(let value): update = value
    case .failure(let message): return failure(.badRequest, message)
    }
    guard update.advanceSeconds.isFinite, update.advanceSeconds > 0,
      update.advanceSeconds <= VolleyManagerSettings.maximumLifetimeSeconds
    else {
      return failure(
        .badRequest, "advanceSeconds must be above 0 and at most \(Int(VolleyManagerSettings.maximumLifetimeSeconds))")
    }
    sandbox.advanceClockNow(seconds: update.advanceSeconds)
    return .json(.ok, .object([("advancedSeconds", .double(sandbox.clockAdvancedSeconds))]))
  }

  enum Decoded<Value> {
    case success(Value)
    case failure(String)
  }

  /// Strict decoding: unknown keys are refused, so a typo in a test script fails loudly instead
  /// of being ignored.
  static func decode<Value: Decodable>(
    _ type: Value.Type, from request: SandboxRequest, allowedKeys: Set<String>
  ) -> Decoded<Value> {
    let data = Data(request.body)
    guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      return .failure("the body must be a JSON object")
    }
    let unknown = Set(object.keys).subtracting(allowedKeys)
    guard unknown.isEmpty else {
      return .failure("unknown keys: \(unknown.sorted().joined(separator: ", ")); allowed: \(allowedKeys.sorted())")
    }
    do {
      return .success(try JSONDecoder().decode(Value.self, from: data))
    } catch {
      return .failure("invalid body: \(error)")
    }
  }

  static func failure(_ status: HTTPResponseStatus, _ message: String) -> SandboxResponse {
    .json(status, .object([("error", .string(message))]))
  }
}
