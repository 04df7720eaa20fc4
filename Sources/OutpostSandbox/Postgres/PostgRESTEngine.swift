import Logging
import NIOHTTP1
import PostgresNIO

/// The Data API of one sandbox Supabase project on its own PostgreSQL database, run as
/// PostgREST runs a request (supabase.md §4): one transaction, `role` set to `authenticated`
/// (or `anon`) and the JWT's claims in `request.jwt.claims`, so that `auth.uid()`, the row-level
/// security policies, the constraints and the triggers of the project's SQL decide, and their
/// errors come back with PostgreSQL's SQLSTATE and words. Auth (GoTrue) stays emulated: the
/// project verifies the token and hands over its claims.
final class PostgRESTEngine: Sendable {
  /// Who the request runs as: the role and the claims `auth.uid()` reads.
  struct Caller: Sendable {
    var role: String
    var claims: String
    var subject: String?
    /// The sandbox clock's "now" for the transaction (`sandbox.now`, sandbox-clock.sql), as
    /// PostgreSQL reads a timestamp; nil for PostgreSQL's own.
    var now: String?

    /// The secret key's role, which row-level security lets through: the sandbox's own admin
    /// reads (the ground truth a test compares a client's store with).
    static let service = Caller(role: "service_role", claims: #"{"role":"service_role"}"#, subject: nil)

    static let anonymous = Caller(role: "anon", claims: #"{"role":"anon"}"#, subject: nil)

    static func user(_ subject: String, email: String? = nil, expiresAt: Int? = nil) -> Caller {
      var members: [(String, SandboxJSON)] = [
        ("sub", .string(subject)), ("role", .string("authenticated")), ("aud", .string("authenticated")),
      ]
      if let email { members.append(("email", .string(email))) }
      if let expiresAt { members.append(("exp", .int(expiresAt))) }
      return Caller(role: "authenticated", claims: SandboxJSON.object(members).serialized, subject: subject)
    }
  }

  let database: String
  private let client: PostgresClient
  private let running: Task<Void, Never>
  let schema: PostgRESTSchema
  private static let logger = Logger(label: "outpost.sandbox.postgrest") { _ in SwiftLogNoOpLogHandler() }

  /// Connects as `authenticator` (the role PostgREST logs in as) and reads the schema cache.
  static func start(socketDirectory: String, database: String) async throws -> PostgRESTEngine {
    let configuration = PostgresClient.Configuration(
      unixSocketPath: socketDirectory + "/.s.PGSQL.5432", username: "authenticator", password: nil,
      database: database)
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    let running = Task { await client.run() }
    do {
      let schema = try await readSchema(client)
      return PostgRESTEngine(database: database, client: client, running: running, schema: schema)
    } catch {
      running.cancel()
      await running.value
      throw error
    }
  }

  private init(database: String, client: PostgresClient, running: Task<Void, Never>, schema: PostgRESTSchema) {
    self.database = database
    self.client = client
    self.running = running
    self.schema = schema
  }

  func stop() async {
    running.cancel()
    await running.value
  }

  private static func readSchema(_ client: PostgresClient) async throws -> PostgRESTSchema {
    func pairs(_ sql: String) async throws -> [(String, String)] {
      var result: [(String, String)] = []
      for try await (a, b) in try await client.query(PostgresQuery(unsafeSQL: sql), logger: logger).decode(
        (String, String).self)
      {
        result.append((a, b))
      }
      return result
    }
    var schema = PostgRESTSchema()
    for (table, columns) in try await pairs(PostgRESTSchema.columnsQuery) {
      schema.columns[table] = columns.split(separator: ",").map(String.init)
    }
    for (table, columns) in try await pairs(PostgRESTSchema.primaryKeysQuery) {
      schema.primaryKeys[table] = columns.split(separator: ",").map(String.init)
    }
    let keys = try await client.query(PostgresQuery(unsafeSQL: PostgRESTSchema.foreignKeysQuery), logger: logger)
    for try await (table, columns, referenced, referencedColumns) in keys.decode((String, String, String, String).self)
    {
      schema.foreignKeys.append(
        .init(
          table: table, columns: columns.split(separator: ",").map(String.init), referenced: referenced,
          referencedColumns: referencedColumns.split(separator: ",").map(String.init)))
    }
    let functions = try await client.query(PostgresQuery(unsafeSQL: PostgRESTSchema.functionsQuery), logger: logger)
    for try await (name, set, row) in functions.decode((String, String, String).self) {
      schema.functions[name] = .init(returnsSet: set == "true", returnsRow: row == "true")
    }
    return schema
  }

  // MARK: Requests

  /// `path` is below `/rest/v1/` (a table, or `rpc/<function>`).
  func respond(_ request: SandboxRequest, path: String, caller: Caller) async -> SandboxResponse {
    do throws(PostgRESTError) {
      let name = String(path.dropFirst("/rest/v1/".count))
      if name.hasPrefix("rpc/") {
        guard request.method == .POST || request.method == .GET else { throw Self.unsupported(request.method) }
        return try await call(String(name.dropFirst(4)), request, caller: caller)
      }
      guard SQLText.isIdentifier(name) else {
        throw PostgRESTError(.notFound, "PGRST205", "Could not find the table 'public.\(name)' in the schema cache")
      }
      let parsed = try PostgRESTRequest(request, table: name)
      let statements = PostgRESTStatements(schema: schema)
      switch request.method {
      case .GET, .HEAD: return try await read(parsed, statements, caller: caller, head: request.method == .HEAD)
      case .POST:
        let (body, keys) = try Self.rows(request.body)
        let sql = try statements.representation(try statements.insert(parsed, keys: keys), parsed)
        return try await write(parsed, sql, body: body, status: .created, caller: caller)
      case .PATCH:
        guard let object = SandboxJSON.parse(request.body), let members = object.members else {
          throw .invalidBody()
        }
        let sql = try statements.representation(try statements.update(parsed, keys: members.keys.sorted()), parsed)
        return try await write(parsed, sql, body: object.serialized, status: .ok, caller: caller)
      case .DELETE:
        let sql = try statements.representation(try statements.delete(parsed), parsed)
        return try await write(parsed, sql, body: nil, status: .ok, caller: caller)
      default: throw Self.unsupported(request.method)
      }
    } catch {
      return error.response
    }
  }

  static func unsupported(_ method: HTTPMethod) -> PostgRESTError {
    PostgRESTError(.methodNotAllowed, "PGRST117", "Unsupported HTTP method: \(method.rawValue)")
  }

  /// One object or an array of objects with the same keys, as a JSON array's text and the keys.
  static func rows(_ body: [UInt8]) throws(PostgRESTError) -> (String, [String]) {
    guard let json = SandboxJSON.parse(body) else { throw .invalidBody() }
    let objects: [[String: SandboxJSON]]
    switch json {
    case .object: objects = [json.members ?? [:]]
    case .array(let items):
      let members = items.compactMap(\.members)
      guard members.count == items.count else { throw .invalidBody() }
      guard Set(members.map { $0.keys.sorted() }).count <= 1 else { throw .invalidBody("All object keys must match") }
      objects = members
    default: throw .invalidBody()
    }
    let text: String
    if case .array = json { text = json.serialized } else { text = SandboxJSON.array([json]).serialized }
    return (text, objects.first?.keys.sorted() ?? [])
  }

  private func read(_ request: PostgRESTRequest, _ statements: PostgRESTStatements, caller: Caller, head: Bool)
    async throws(PostgRESTError) -> SandboxResponse
  {
    let (rowsSQL, countSQL) = try statements.read(request)
    let (json, count, total) = try await transaction(caller) { connection in
      let (json, count) = try await Self.single(connection, rowsSQL, bind: nil)
      var total: Int64?
      if request.wantsCount { total = try await Self.single(connection, countSQL, bind: nil).1 }
      return (json, count, total)
    }
    if let total, request.offset > 0, request.offset >= total {
      throw PostgRESTError(
        .rangeNotSatisfiable, "PGRST103", "Requested range not satisfiable",
        details: "An offset of \(request.offset) was requested, but there are only \(total) rows.")
    }
    var response = try answer(json, count: Int(count), request: request, status: .ok)
    if let total, count < total { response.status = .partialContent }
    if head { response.body = [] }
    return response.adding(
      "Content-Range",
      TasksRest.contentRange(offset: request.offset, count: Int(count), total: total.map { "\($0)" } ?? "*"))
  }

  private func write(
    _ request: PostgRESTRequest, _ sql: String, body: String?, status: HTTPResponseStatus, caller: Caller
  ) async throws(PostgRESTError) -> SandboxResponse {
    let singular = request.singular
    let (json, count) = try await transaction(caller) { connection in
      let result = try await Self.single(connection, sql, bind: body)
      // The singular Accept on a write that touched other than one row undoes it.
      if singular && result.1 != 1 { throw SingularMiss(count: result.1) }
      return result
    }
    let range = TasksRest.contentRange(offset: 0, count: Int(count), total: "*")
    guard request.wantsRepresentation else {
      return SandboxResponse(status: status == .created ? .created : .noContent).adding("Content-Range", range)
    }
    var applied = request.resolution.map { ["resolution=\($0)"] } ?? []
    applied.append("return=representation")
    return try answer(json, count: Int(count), request: request, status: status)
      .adding("Content-Range", range)
      .adding("Preference-Applied", applied.joined(separator: ", "))
  }

  private func call(_ function: String, _ request: SandboxRequest, caller: Caller) async throws(PostgRESTError)
    -> SandboxResponse
  {
    var arguments: [(String, SandboxJSON)] = []
    if request.method == .POST, !request.body.isEmpty {
      guard case .object(let members)? = SandboxJSON.parse(request.body) else { throw .invalidBody() }
      arguments = members
    } else if let fields = FormFields(urlEncoded: request.query ?? "") {
      arguments = fields.pairs.map { ($0.name, .string($0.value)) }
    }
    let (sql, rows, set) = try PostgRESTStatements(schema: schema).call(function, arguments: arguments)
    let (json, count) = try await transaction(caller) { connection in try await Self.single(connection, sql, bind: nil)
    }
    if rows && !set {
      // A function returning one row answers that row as an object.
      guard case .array(let items)? = SandboxJSON.parse(Array(json.utf8)) else { throw .invalidBody() }
      return .json(.ok, items.first ?? .null, contentType: TasksRest.arrayType)
    }
    _ = count
    return SandboxResponse(status: .ok, headers: [("Content-Type", TasksRest.arrayType)], body: Array(json.utf8))
  }

  private func answer(_ json: String, count: Int, request: PostgRESTRequest, status: HTTPResponseStatus)
    throws(PostgRESTError) -> SandboxResponse
  {
    guard request.singular else {
      return SandboxResponse(status: status, headers: [("Content-Type", TasksRest.arrayType)], body: Array(json.utf8))
    }
    guard count == 1, case .array(let items)? = SandboxJSON.parse(Array(json.utf8)), let only = items.first else {
      throw Self.singularMiss(count)
    }
    return .json(status, only, contentType: TasksRest.objectType)
  }

  static func singularMiss(_ count: Int) -> PostgRESTError {
    PostgRESTError(
      .notAcceptable, "PGRST116", "JSON object requested, multiple (or no) rows returned",
      details: "The result contains \(count) rows")
  }

  private struct SingularMiss: Error { var count: Int64 }

  // MARK: Transactions

  /// Runs `body` in a transaction as `caller` (PostgREST's `set_config('role', …, true)` and the
  /// claims), committing when it succeeds and rolling back when anything fails; database
  /// errors become PostgREST's answers.
  private func transaction<T: Sendable>(
    _ caller: Caller, _ body: @Sendable (PostgresConnection) async throws -> T
  ) async throws(PostgRESTError) -> T {
    let logger = Self.logger
    let authenticated = caller.role != "anon"
    do {
      return try await client.withConnection { connection in
        try await connection.query("BEGIN", logger: logger)
        do {
          try await connection.query(
            """
            SELECT set_config('role', \(caller.role), true), set_config('request.jwt.claims', \(caller.claims), true),
              set_config('request.jwt.claim.sub', \(caller.subject ?? ""), true),
              set_config('sandbox.now', \(caller.now ?? ""), true)
            """, logger: logger)
          let value = try await body(connection)
          try await connection.query("COMMIT", logger: logger)
          return value
        } catch {
          _ = try? await connection.query("ROLLBACK", logger: logger)
          throw error
        }
      }
    } catch let error as PSQLError {
      guard let info = error.serverInfo, let state = info[.sqlState] else {
        throw PostgRESTError(.serviceUnavailable, "PGRST001", "Database client error: \(error.code)")
      }
      throw PostgRESTError.database(
        sqlState: state, message: info[.message] ?? "", detail: info[.detail], hint: info[.hint],
        authenticated: authenticated)
    } catch let error as PostgRESTError {
      throw error
    } catch let miss as SingularMiss {
      throw Self.singularMiss(Int(miss.count))
    } catch {
      throw PostgRESTError(.serviceUnavailable, "PGRST000", "Database connection error: \(error)")
    }
  }

  /// The one (json text, count) row of a statement, with its body bound as `$1`.
  private static func single(_ connection: PostgresConnection, _ sql: String, bind: String?) async throws -> (
    String, Int64
  ) {
    var binds = PostgresBindings()
    if let bind { binds.append(bind) }
    let rows = try await connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger)
    for try await (json, count) in rows.decode((String, Int64).self) { return (json, count) }
    return ("[]", 0)
  }
}
