import Foundation
import NIOHTTP1

/// A sandbox Supabase project's Data API on PostgreSQL (issue 46): its own database cloned from
/// the project's template, the project's generated history copied in at start (as the
/// superuser, triggers off, so that the stamps, versions and numbers stay those generated), and
/// `PostgRESTEngine` answering `/rest/v1` as the token's user. Auth stays the emulated GoTrue.
final class SandboxProjectDatabase: Sendable {
  let engine: PostgRESTEngine
  let database: String

  private init(engine: PostgRESTEngine, database: String) {
    self.engine = engine
    self.database = database
  }

  /// `rows`: every table's generated rows, in an order the foreign keys accept; `after`: SQL
  /// run once they are in (a counter brought up to the rows).
  static func start(
    project: String, users: [SandboxTasksUser], rows: [(SupabaseTable, [[String: SupabaseValue]])],
    after: String = ""
  ) async throws -> SandboxProjectDatabase {
    let (directory, database) = try await SandboxPostgres.shared.database(project: project)
    do {
      try await seed(users: users, rows: rows, after: after, database: database)
      let engine = try await PostgRESTEngine.start(socketDirectory: directory, database: database)
      return SandboxProjectDatabase(engine: engine, database: database)
    } catch {
      await SandboxPostgres.shared.drop(database)
      throw error
    }
  }

  func stop() async {
    await engine.stop()
    await SandboxPostgres.shared.drop(database)
  }

  private static func seed(
    users: [SandboxTasksUser], rows: [(SupabaseTable, [[String: SupabaseValue]])], after: String, database: String
  ) async throws {
    var sql = "SET session_replication_role = replica;\n"
    sql += "INSERT INTO auth.users (id, email) VALUES "
    sql += try users.map { "(\(try SQLText.literal($0.id)), \(try SQLText.literal($0.email)))" }.joined(separator: ", ")
    sql += ";\n"
    for (table, tableRows) in rows where !tableRows.isEmpty {
      let names = table.columns.map(\.name)
      let json = SandboxJSON.array(tableRows.map { table.object($0, columns: names) }).serialized
      guard !json.contains("$outpost_seed$") else { throw PostgRESTError.invalidBody("seed text") }
      let list = names.map(SQLText.identifier).joined(separator: ", ")
      let name = SQLText.identifier(table.name)
      // OVERRIDING SYSTEM VALUE: a generated id (an identity column, tasks') is copied as it is.
      sql +=
        "INSERT INTO public.\(name) (\(list)) OVERRIDING SYSTEM VALUE SELECT \(list) FROM "
        + "json_populate_recordset(NULL::public.\(name), $outpost_seed$\(json)$outpost_seed$);\n"
    }
    sql += after
    let file = FileManager.default.temporaryDirectory.appendingPathComponent("outpost-seed-\(UUID()).sql")
    try Data(sql.utf8).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    try await SandboxPostgres.shared.load(file: file.path, database: database)
  }

  /// Every row a GET as the service role (past row-level security) selects, page by page past
  /// the row cap: the admin's ground truth. `query` needs an `order` for the pages to hold.
  func rows(_ query: String) async -> [[String: SandboxJSON]] {
    let table = query.split(separator: "?", maxSplits: 1).first.map(String.init) ?? query
    var all: [[String: SandboxJSON]] = []
    while true {
      let page = "\(query)\(query.contains("?") ? "&" : "?")limit=\(PostgRESTStatements.maxRows)&offset=\(all.count)"
      let reply = await engine.respond(
        SandboxRequest(method: .GET, uri: "/rest/v1/" + page), path: "/rest/v1/" + table, caller: .service)
      guard case .array(let rows)? = SandboxJSON.parse(reply.body) else { return all }
      all += rows.compactMap(\.members)
      if rows.count < PostgRESTStatements.maxRows { return all }
    }
  }

  /// The first row a GET as the service role selects (`query` with its `order`), if any.
  func first(_ query: String) async -> [String: SandboxJSON]? {
    let table = query.split(separator: "?", maxSplits: 1).first.map(String.init) ?? query
    let reply = await engine.respond(
      SandboxRequest(method: .GET, uri: "/rest/v1/\(query)\(query.contains("?") ? "&" : "?")limit=1"),
      path: "/rest/v1/" + table, caller: .service)
    guard case .array(let rows)? = SandboxJSON.parse(reply.body) else { return nil }
    return rows.first?.members
  }

  /// A PATCH of one row by id as the service role, at the sandbox's now: the row as it is then.
  func update(
    _ name: String, id: String, values: SandboxJSON, nowMicroseconds: Int64, table: SupabaseTable
  ) async -> [String: SupabaseValue]? {
    var headers = HTTPHeaders()
    headers.add(name: "Prefer", value: "return=representation")
    let request = SandboxRequest(
      method: .PATCH, uri: "/rest/v1/\(name)?id=eq.\(id)", headers: headers, body: Array(values.serialized.utf8))
    var caller = PostgRESTEngine.Caller.service
    caller.now = TasksTimestamps.postgres(nowMicroseconds)
    let reply = await engine.respond(request, path: "/rest/v1/\(name)", caller: caller)
    guard case .array(let rows)? = SandboxJSON.parse(reply.body), let row = rows.first?.members else { return nil }
    return table.row(fromJSON: row)
  }

  /// Answers a `/rest/v1` request as `owner` (nil: the anonymous role) at the sandbox's `now`.
  func respond(_ request: SandboxRequest, path: String, owner: String?, nowMicroseconds: Int64) async
    -> SandboxResponse
  {
    var caller = owner.map { PostgRESTEngine.Caller.user($0) } ?? .anonymous
    caller.now = TasksTimestamps.postgres(nowMicroseconds)
    return await engine.respond(request, path: path, caller: caller)
  }
}
