import Foundation
import GraphQL
import NIOHTTP1

/// `POST|GET /agile/<brand>/graphql`: the gateway of agile-network.md §5 in the order a real
/// one works: method and `Accept`, the bearer token, the per-token rate limit, persisted
/// queries, parse, validation, then execution against the brand's state at the request's
/// instant.
enum AgileNetworkGateway {
  static func respond(_ request: SandboxRequest, brandID: String, sandbox: AgileNetworkSandbox) async -> SandboxResponse
  {
    guard request.method == .GET || request.method == .POST else {
      return AgileNetworkReplies.httpError(.methodNotAllowed, "Use GET or POST", code: "METHOD_NOT_ALLOWED")
        .adding("Allow", "GET, POST")
    }
    guard let mode = AgileResponseMode(accept: request.headers.first(name: "accept")) else {
      return AgileNetworkReplies.httpError(
        .notAcceptable, "Accept application/graphql-response+json or application/json", code: "NOT_ACCEPTABLE")
    }
    let faults = sandbox.faults
    if faults.gatewayTimeout {
      return AgileNetworkReplies.httpError(.gatewayTimeout, "Gateway Timeout", code: "GATEWAY_TIMEOUT")
    }
    let now = sandbox.nowSeconds
    guard let token = bearerToken(request),
      let claims = sandbox.keycloak.verifyAccessToken(token, realm: brandID, now: now)
    else {
      return AgileNetworkReplies.requestError(
        .unauthorized, mode, [AgileNetworkReplies.error("Invalid or expired token", code: "UNAUTHENTICATED")]
      ).adding("WWW-Authenticate", #"Bearer error="invalid_token""#)
    }
    if let wait = sandbox.throttle(token: token, now: now) {
      return .json(
        .tooManyRequests,
        .object([
          (
            "errors",
            .array([
              AgileNetworkReplies.error(
                "Too many requests", code: "RATE_LIMITED", extensions: [("retryAfterSeconds", .int(wait))])
            ])
          )
        ]), contentType: mode.contentType
      ).adding("Retry-After", String(wait))
    }
    let body: AgileGraphQLRequest
    do {
      body = try AgileGraphQLRequest.read(request)
    } catch {
      switch error {
      case .malformed(let reason): return AgileNetworkReplies.httpError(.badRequest, reason, code: "BAD_REQUEST")
      }
    }
    let query: String
    switch resolveQuery(body, sandbox: sandbox) {
    case .success(let text): query = text
    case .failure(let reply): return reply.response(mode)
    }
    let document: Document
    do {
      document = try parse(source: Source(body: query, name: "GraphQL request"))
    } catch {
      let graphQLError = error as? GraphQLError
      return AgileNetworkReplies.requestError(
        .badRequest, mode,
        [
          AgileNetworkReplies.error(
            graphQLError?.message ?? "Syntax error", code: "GRAPHQL_PARSE_FAILED",
            locations: graphQLError?.locations.map { .object([("line", .int($0.line)), ("column", .int($0.column))]) }
              ?? [])
        ])
    }
    let operations = document.definitions.compactMap { $0 as? OperationDefinition }
    let operation =
      body.operationName.map { name in operations.first { $0.name?.value == name } }
      ?? (operations.count == 1 ? operations.first : nil)
    if request.method == .GET, operation?.operation == .mutation {
      return AgileNetworkReplies.httpError(.methodNotAllowed, "Mutations need POST", code: "METHOD_NOT_ALLOWED")
        .adding("Allow", "POST")
    }
    var problems = validate(schema: AgileNetworkSchema.schema, ast: document)
    // Introspection (only `__schema`/`__type`/`__typename` at the root) is exempt, as gateways'
    // depth limits usually make it: the standard introspection query is 15 levels deep.
    if problems.isEmpty, let operation, !AgileNetworkDepth.isIntrospection(operation),
      AgileNetworkDepth.of(operation.selectionSet, fragments: document) > 10
    {
      problems = [GraphQLError(message: "The query is deeper than 10 levels")]
    }
    guard problems.isEmpty else {
      let errors = AgileNetworkReplies.errors(problems, requestFailed: true).map {
        recoded($0, "GRAPHQL_VALIDATION_FAILED")
      }
      return AgileNetworkReplies.requestError(.badRequest, mode, errors)
    }
    guard let brand = sandbox.liveBrand(brandID, now: now) else {
      return AgileNetworkReplies.httpError(.notFound, "No such brand", code: "NOT_FOUND")
    }
    let context = AgileRequestContext(
      sandbox: sandbox, brand: brand,
      viewer: AgileViewer(id: claims.subject, email: claims.email, name: claims.name), now: now, faults: faults)
    let result: GraphQLResult
    do {
      result = try await execute(
        schema: AgileNetworkSchema.schema, documentAST: document, rootValue: AgileRootNode(), context: context,
        variableValues: Dictionary(
          body.variables.map { ($0.0, AgileNetworkJSON.map($0.1)) }, uniquingKeysWith: { _, last in last }),
        operationName: body.operationName)
    } catch {
      return AgileNetworkReplies.requestError(
        .badRequest, mode, [AgileNetworkReplies.error("\(error)", code: "BAD_USER_INPUT")])
    }
    return AgileNetworkOutput.reply(result, mode: mode, faults: faults)
  }

  static func bearerToken(_ request: SandboxRequest) -> String? {
    guard let header = request.headers.first(name: "authorization") else { return nil }
    let parts = header.split(separator: " ", maxSplits: 1)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    return String(parts[1]).trimmingCharacters(in: .whitespaces)
  }

  private static func recoded(_ error: SandboxJSON, _ code: String) -> SandboxJSON {
    guard case .object(var members) = error else { return error }
    members.removeAll { $0.0 == "extensions" }
    members.append(("extensions", .object([("code", .string(code))])))
    return .object(members)
  }

  private struct QueryRefusal: Error {
    let message: String
    let code: String
    let status: HTTPResponseStatus

    func response(_ mode: AgileResponseMode) -> SandboxResponse {
      AgileNetworkReplies.requestError(status, mode, [AgileNetworkReplies.error(message, code: code)])
    }
  }

  /// The query text: as sent (remembered under its hash when one came along and matches), or
  /// looked up by hash (APQ); PERSISTED_QUERY_NOT_FOUND until the hash was sent with its query.
  private static func resolveQuery(_ body: AgileGraphQLRequest, sandbox: AgileNetworkSandbox) -> Result<
    String, QueryRefusal
  > {
    if let query = body.query {
      if let hash = body.persistedHash {
        guard SandboxIdentifiers.hex(SandboxDigest.sha256(Array(query.utf8))) == hash else {
          return .failure(
            QueryRefusal(message: "provided sha does not match query", code: "BAD_REQUEST", status: .badRequest))
        }
        sandbox.persist(query, hash: hash)
      }
      return .success(query)
    }
    guard let hash = body.persistedHash else {
      return .failure(
        QueryRefusal(
          message: "GraphQL operations must contain a non-empty `query`", code: "BAD_REQUEST", status: .badRequest))
    }
    guard let query = sandbox.persistedQuery(hash) else {
      // Apollo answers 200 here whatever the Accept: the client resends with the query.
      return .failure(QueryRefusal(message: "PersistedQueryNotFound", code: "PERSISTED_QUERY_NOT_FOUND", status: .ok))
    }
    return .success(query)
  }
}

/// The one root value: Query's and Mutation's field names do not overlap, so one node serves
/// both operation types.
struct AgileRootNode: AgileGraphNode {
  static let mutations: Set<String> = [
    "followExpert", "unfollowExpert", "cancelSubscription", "updateNotificationPreferences",
  ]

  func field(_ name: String, _ arguments: AgileArguments, _ context: AgileRequestContext) throws -> (any Sendable)? {
    Self.mutations.contains(name)
      ? try AgileMutationRoot().field(name, arguments, context) : try AgileQueryRoot().field(name, arguments, context)
  }
}
