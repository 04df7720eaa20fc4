/// The viiraa project's Data API on PostgreSQL (`SandboxViiRaaConfiguration.postgres`, issue
/// 46): viiraa.sql, the generated history copied in, the requests run as the token's user.
///
/// Not on PostgreSQL yet: live mode (readings arriving as the clock moves) and the admin
/// changes (`softDeleteReading`, `deleteReading`, added reminders) still act on the in-memory
/// copy only.
enum ViiRaaPostgres {
  static func start(_ sandbox: ViiRaaSandbox) async throws -> SandboxProjectDatabase {
    let users = ViiRaaDemo.authUsers
    let rows = sandbox.withState { state in
      ViiRaaTables.all.map { table in (table, users.flatMap { state.rows(table.name, owner: $0.id) }) }
    }
    return try await SandboxProjectDatabase.start(project: "viiraa", users: users, rows: rows)
  }
}
