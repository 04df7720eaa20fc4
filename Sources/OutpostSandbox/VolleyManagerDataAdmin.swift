import Foundation

/// The data half of `/__sandbox/volleymanager/…`: create conflicts under a running client and
/// read back what the sandbox holds. JSON in, JSON out; like the other admin paths these are
/// never delayed, never fail at random and never count as API requests.
///
///     POST games/move      {"number":N,"startingDateTime":"2026-03-01T18:00:00Z"}
///     POST games/cancel    {"number":N}
///     POST exchanges/take  {"__identity":"<exchange uuid>"}
///     GET  data?username=U
enum VolleyManagerDataAdmin {
  private struct Move: Decodable {
    static let keys: Set = ["number", "startingDateTime"]
    var number: Int
    var startingDateTime: String
  }

  private struct Cancel: Decodable {
    static let keys: Set = ["number"]
    var number: Int
  }

  private struct Take: Decodable {
    static let keys: Set = ["__identity"]
    var identity: String

    enum CodingKeys: String, CodingKey {
      case identity = "__identity"
    }
  }

  /// nil when the endpoint is not one of these (the caller answers 404).
  static func respond(to request: SandboxRequest, endpoint: String, sandbox: VolleyManagerSandbox)
    -> SandboxResponse?
  {
    switch (request.method, endpoint) {
    case (.POST, "games/move"): move(request, sandbox: sandbox)
    case (.POST, "games/cancel"): cancel(request, sandbox: sandbox)
    case (.POST, "exchanges/take"): take(request, sandbox: sandbox)
    case (.GET, "data"): data(request, sandbox: sandbox)
    default: nil
    }
  }

  private static func move(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    let move: Move
    switch VolleyManagerAdmin.decode(Move.self, from: request, allowedKeys: Move.keys) {
    case .success(let value): move = value
    case .failure(let message): return VolleyManagerAdmin.failure(.badRequest, message)
    }
    guard let start = SandboxTime.parseISO(move.startingDateTime) else {
      return VolleyManagerAdmin.failure(.badRequest, "startingDateTime must be an ISO 8601 date-time")
    }
    guard sandbox.moveGameNow(number: move.number, to: start) else {
      return VolleyManagerAdmin.failure(.notFound, "no game has number \(move.number)")
    }
    return .json(
      .ok, .object([("number", .int(move.number)), ("startingDateTime", .string(SandboxTime.upstream(start)))]))
  }

  private static func cancel(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    let cancel: Cancel
    switch VolleyManagerAdmin.decode(Cancel.self, from: request, allowedKeys: Cancel.keys) {
    case .success(let value): cancel = value
    case .failure(let message): return VolleyManagerAdmin.failure(.badRequest, message)
    }
    guard sandbox.cancelGameNow(number: cancel.number) else {
      return VolleyManagerAdmin.failure(.notFound, "no game has number \(cancel.number)")
    }
    return .json(.ok, .object([("number", .int(cancel.number)), ("cancelled", true)]))
  }

  private static func take(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    let take: Take
    switch VolleyManagerAdmin.decode(Take.self, from: request, allowedKeys: Take.keys) {
    case .success(let value): take = value
    case .failure(let message): return VolleyManagerAdmin.failure(.badRequest, message)
    }
    switch sandbox.takeExchangeNow(id: take.identity) {
    case .done: return .json(.ok, .object([("__identity", .string(take.identity)), ("status", "applied")]))
    case .unknown: return VolleyManagerAdmin.failure(.notFound, "no exchange entry \(take.identity)")
    case .conflict: return VolleyManagerAdmin.failure(.conflict, "exchange entry \(take.identity) is not open")
    }
  }

  /// The records of `SandboxRecords.swift`, dates in ISO 8601, keys sorted.
  private static func data(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    guard let username = request.query.flatMap({ FormFields(urlEncoded: $0) })?["username"] else {
      return VolleyManagerAdmin.failure(.badRequest, "data needs ?username=")
    }
    guard let records = sandbox.records(for: username) else {
      return VolleyManagerAdmin.failure(.notFound, "no user \(username)")
    }
    struct Snapshot: Encodable {
      var username: String
      var assignments: [SandboxAssignment]
      var exchanges: [SandboxExchange]
      var compensations: [SandboxCompensation]
    }
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .iso8601
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let snapshot = Snapshot(
      username: username, assignments: records.assignments, exchanges: records.exchanges,
      compensations: records.compensations)
    guard let body = try? encoder.encode(snapshot) else {
      return VolleyManagerAdmin.failure(.internalServerError, "could not encode the data")
    }
    return SandboxResponse(status: .ok, headers: [("Content-Type", "application/json")], body: Array(body))
  }
}
