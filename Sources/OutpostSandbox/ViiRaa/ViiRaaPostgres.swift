import Foundation

/// The viiraa project's Data API on PostgreSQL (`SandboxViiRaaConfiguration.postgres`, issue
/// 46): its own database with viiraa.sql loaded, the generated history copied in at start (as
/// the superuser, triggers off, so that its stamps and versions stay those generated), and
/// every `/viiraa/rest/v1` request answered by `PostgRESTEngine` as the token's user. Auth stays
/// the emulated GoTrue of `TasksSandbox`.
///
/// Not on PostgreSQL yet: live mode (readings arriving as the clock moves) and the admin
/// changes (`softDeleteReading`, `deleteReading`, faults that edit rows) still act on the
/// in-memory copy only.
final class ViiRaaPostgres: Sendable {
  let engine: PostgRESTEngine
  let database: String

  private init(engine: PostgRESTEngine, database: String) {
    self.engine = engine
    self.database = database
  }

  static func start(_ sandbox: ViiRaaSandbox) async throws -> ViiRaaPostgres {
    let (directory, database) = try await SandboxPostgres.shared.database(project: "viiraa")
    do {
      try await seed(sandbox, database: database)
      let engine = try await PostgRESTEngine.start(socketDirectory: directory, database: database)
      return ViiRaaPostgres(engine: engine, database: database)
    } catch {
      await SandboxPostgres.shared.drop(database)
      throw error
    }
  }

  func stop() async {
    await engine.stop()
    await SandboxPostgres.shared.drop(database)
  }

  /// The demo users into `auth.users` and every generated row into its table, in one file.
  private static func seed(_ sandbox: ViiRaaSandbox, database: String) async throws {
    let users = ViiRaaDemo.authUsers
    var sql = "SET session_replication_role = replica;\n"
    sql += "INSERT INTO auth.users (id, email) VALUES "
    sql += try users.map { "(\(try SQLText.literal($0.id)), \(try SQLText.literal($0.email)))" }.joined(separator: ", ")
    sql += ";\n"
    let tables = sandbox.withState { state in
      ViiRaaTables.all.map { table in
        (table, users.flatMap { state.rows(table.name, owner: $0.id) })
      }
    }
    for (table, rows) in tables where !rows.isEmpty {
      let names = table.columns.map(\.name)
      let json = SandboxJSON.array(rows.map { table.object($0, columns: names) }).serialized
      guard !json.contains("$outpost_seed$") else { throw PostgRESTError.invalidBody("seed text") }
      let list = names.map(SQLText.identifier).joined(separator: ", ")
      sql +=
        "INSERT INTO public.\(SQLText.identifier(table.name)) (\(list)) SELECT \(list) FROM "
        + "json_populate_recordset(NULL::public.\(SQLText.identifier(table.name)), $outpost_seed$\(json)$outpost_seed$);\n"
    }
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("outpost-viiraa-seed-\(UUID()).sql")
    try Data(sql.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    // The server's user reads the file only through psql, which this process runs.
    try await SandboxPostgres.shared.load(file: file.path, database: database)
  }

  /// A GET as the service role (past row-level security): the admin's ground truth.
  func rows(_ query: String) async -> [[String: SandboxJSON]] {
    let reply = await engine.respond(
      SandboxRequest(method: .GET, uri: "/rest/v1/" + query),
      path: "/rest/v1/" + (query.split(separator: "?").first.map(String.init) ?? query),
      caller: .service)
    guard case .array(let rows)? = SandboxJSON.parse(reply.body) else { return [] }
    return rows.compactMap(\.members)
  }
}
