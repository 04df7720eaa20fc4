import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The brand's GraphQL gateway over HTTP (agile-network.md §5): one POST per operation with
/// the bearer, the GraphQL-over-HTTP `Accept`, and Apollo's client headers. Errors are
/// classified once, by status and by `extensions.code` (never by message text): a rejected
/// token is a session to renew, a stale cursor a full resync, a store-billed subscription
/// the store's page, a failing subgraph a partial answer whose gaps mean "unknown", not "empty".
struct AgileGraphQL: Sendable {
  let url: String
  let transport: any HTTPTransport
  /// The clock the token's expiry is judged by: the one its `expiresAt` was set by.
  var now: @Sendable () -> Date = { Date() }

  /// A reply that executed: its `data` and the errors that came with it (a subgraph down).
  struct Reply: Sendable {
    var data: JSONValue
    var errors: [GraphQLError]

    /// Whether an error names `path` or a field inside it: that part of `data` is unknown.
    func failed(at path: [String]) -> Bool {
      errors.contains { error in error.path.count >= path.count && Array(error.path.prefix(path.count)) == path }
    }
  }

  struct GraphQLError: Sendable, Equatable {
    var message: String
    var code: String?
    var path: [String]
    var extensions: JSONValue?
  }

  /// A failure the caller decides on (a cancel refused because the store bills it).
  enum Refusal: Error, Sendable {
    case connector(ConnectorError)
    case graphQL(GraphQLError, data: JSONValue?)
  }

  /// Runs `operation`; an error that leaves no data to use is thrown, classified.
  func run(
    _ operation: AgileOperation, variables: [String: JSONValue] = [:], token: SecretString, activity: String
  ) async throws(ConnectorError) -> Reply {
    do {
      return try await attempt(operation, variables: variables, token: token, activity: activity)
    } catch {
      switch error {
      case .connector(let failure): throw failure
      case .graphQL(let failure, _): throw Self.classify(failure, activity: activity)
      }
    }
  }

  /// Like `run`, but an error that names a field comes back to the caller with the data.
  func attempt(
    _ operation: AgileOperation, variables: [String: JSONValue] = [:], token: SecretString, activity: String
  ) async throws(Refusal) -> Reply {
    let body: JSONValue = [
      "query": .string(operation.text), "operationName": .string(operation.name),
      "variables": .object(variables),
    ]
    let (url, transport, now) = (self.url, self.transport, self.now)
    let response: HTTPResponse
    do throws(ConnectorError) {
      // Within a `SessionKeeper` call the token is renewed ahead of its end, and after a 401
      // renewed once and the operation sent again (the gateway acted on nothing).
      response = try await SessionLease.send(
        token: token, of: OIDCSession.self, accessToken: \.accessToken, expiring: { $0.isExpiring(at: now()) },
        refused: { $0.status == 401 },
        request: { token throws(ConnectorError) in
          let request = HTTPRequest(
            method: "POST", url: url,
            headers: [
              ("Authorization", "Bearer \(token.reveal())"), ("Content-Type", "application/json"),
              ("Accept", "application/graphql-response+json, application/json;q=0.9"),
              ("apollographql-client-name", "outpost"), ("apollographql-client-version", ProductInfo.version),
            ], body: Array(body.serialized))
          do throws(HTTPTransportError) {
            return try await transport.send(request)
          } catch {
            throw error.connectorError
          }
        })
    } catch {
      throw .connector(error)
    }
    let parsed = try? JSONParser.parse(response.body)
    let errors = Self.errors(parsed?["errors"])
    switch response.status {
    case 200: break
    case 401: throw .connector(.sessionExpired)
    case 429:
      throw .connector(.rateLimited(retryAfter: response.header("retry-after").flatMap(Double.init)))
    case 500..<600: throw .connector(.transient("\(activity): HTTP \(response.status)"))
    default:
      if let first = errors.first { throw .graphQL(first, data: nil) }
      throw .connector(.unexpectedReply("\(activity): HTTP \(response.status)"))
    }
    guard let parsed, case .object = parsed else {
      // A 200 cut short by a dropped connection is the network's doing.
      throw .connector(.transient("\(activity): the reply was cut short or is not JSON"))
    }
    let data = parsed["data"] ?? .null
    // With plain JSON every well-formed answer is a 200: the code says what went wrong.
    if let blocking = errors.first(where: { Self.blocks($0, data: data) }) { throw .graphQL(blocking, data: data) }
    if data == .null {
      if let first = errors.first { throw .graphQL(first, data: nil) }
      throw .connector(.unexpectedReply("\(activity): the reply holds no data"))
    }
    return Reply(data: data, errors: errors)
  }

  /// Errors that make the whole answer unusable, whatever data came with them.
  private static func blocks(_ error: GraphQLError, data: JSONValue) -> Bool {
    switch error.code {
    case "UNAUTHENTICATED", "RATE_LIMITED", "GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED",
      "PERSISTED_QUERY_NOT_FOUND", "CURSOR_EXPIRED", "MANAGED_BY_STORE", "SUBSCRIPTION_NOT_ACTIVE",
      "BAD_USER_INPUT", "FORBIDDEN":
      return true
    default:
      // A top-level field with an error and no data is no answer at all.
      return error.path.count == 1 && (data[error.path[0]] ?? .null) == .null
    }
  }

  static func errors(_ value: JSONValue?) -> [GraphQLError] {
    guard case .array(let list)? = value else { return [] }
    return list.map { entry in
      let path: [String]
      if case .array(let parts)? = entry["path"] {
        path = parts.map { part in part.stringValue ?? part.int64Value.map { String($0) } ?? "" }
      } else {
        path = []
      }
      return GraphQLError(
        message: entry["message"]?.stringValue ?? "", code: entry["extensions"]?["code"]?.stringValue, path: path,
        extensions: entry["extensions"])
    }
  }

  /// The class of a GraphQL error (agile-network.md §5's table).
  static func classify(_ error: GraphQLError, activity: String) -> ConnectorError {
    switch error.code {
    case "UNAUTHENTICATED": return .sessionExpired
    case "FORBIDDEN":
      return .invalidCredentials("\(activity): the brand does not allow this account to do that")
    case "RATE_LIMITED":
      return .rateLimited(retryAfter: error.extensions?["retryAfterSeconds"]?.int64Value.map(Double.init))
    case "NOT_FOUND": return .notFound("\(activity): the brand does not know it (any more)")
    // Will never succeed as sent: an action so refused ends at once as failed, in the brand's words.
    case "BAD_USER_INPUT": return .refused("\(activity): the brand refused the request (\(error.message))")
    case "GRAPHQL_PARSE_FAILED", "GRAPHQL_VALIDATION_FAILED", "PERSISTED_QUERY_NOT_FOUND":
      return .unexpectedReply("\(activity): the brand's API does not take Outpost's query (\(error.message))")
    case "CURSOR_EXPIRED": return .conflict("\(activity): the change cursor is too old")
    case "MANAGED_BY_STORE", "SUBSCRIPTION_NOT_ACTIVE": return .conflict("\(activity): \(error.message)")
    default: return .transient("\(activity): \(error.message.isEmpty ? "the brand's API failed" : error.message)")
    }
  }
}
