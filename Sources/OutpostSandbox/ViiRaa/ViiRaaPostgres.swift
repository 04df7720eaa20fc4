/// The viiraa project's Data API on PostgreSQL (`SandboxViiRaaConfiguration.postgres`, issue
/// 46): viiraa.sql, the generated history copied in, the requests run as the token's user.
///
/// Live mode (readings arriving as the clock moves) and the admin changes (`softDeleteReading`,
/// `hardDeleteReading`, added reminders and insights) run on the in-memory model, which
/// journals them; the copy catches up before each request (`SandboxDatabaseSlot`). They pick
/// among the rows the sandbox made: a reading a client wrote is the copy's alone.
enum ViiRaaPostgres {
  static func start(_ sandbox: ViiRaaSandbox) async throws -> SandboxProjectDatabase {
    let users = ViiRaaDemo.authUsers
    // The copy is taken and the journal started under one lock: no change falls between.
    let rows = sandbox.withState { state in
      state.journal.start()
      return ViiRaaTables.all.map { table in (table, users.flatMap { state.rows(table.name, owner: $0.id) }) }
    }
    return try await SandboxProjectDatabase.start(project: "viiraa", users: users, rows: rows)
  }
}
