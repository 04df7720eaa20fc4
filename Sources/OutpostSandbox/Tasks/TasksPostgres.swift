/// The tasks project's Data API on PostgreSQL (`SandboxTasksConfiguration.postgres`, issue 46):
/// contrib/supabase/tasks.sql, the seeded rows copied in, the requests run as the token's user.
///
/// Unlike viiraa's, this model has nothing that goes on by itself once the copy is taken (no
/// live data, no nightly job), so the copy is the table from then on: the admin's hooks read
/// and change it, as the service role, and the model keeps only the users and their sessions.
enum TasksPostgres {
  static func start(_ sandbox: TasksSandbox) async throws -> SandboxProjectDatabase {
    let (users, rows) = sandbox.withState { state in
      (state.userOrder.compactMap { state.users[$0] }, state.rows.map(TasksColumn.values(of:)))
    }
    // `id` is an identity column: the copied ids stand, and the next insert is numbered after them.
    let identity = """
      SELECT setval(pg_get_serial_sequence('public.tasks', 'id'), max(id)) FROM public.tasks
        HAVING max(id) IS NOT NULL;
      """
    return try await SandboxProjectDatabase.start(
      project: "tasks", users: users, rows: [(TasksColumn.table, rows)], after: identity)
  }

  /// The user's rows not soft-deleted, ordered by id.
  static func liveRows(of email: String, in database: SandboxProjectDatabase) async -> [TasksRow] {
    await database.rows("tasks?user_id=eq.\(SandboxTasksUser.id(email: email))&deleted_at=is.null&order=id.asc")
      .compactMap { TasksColumn.row(fromJSON: $0, owner: email) }
  }

  /// Every row of the user's, soft-deleted ones included (the admin's state).
  static func rows(of email: String, in database: SandboxProjectDatabase) async -> [TasksRow] {
    await database.rows("tasks?user_id=eq.\(SandboxTasksUser.id(email: email))&order=id.asc")
      .compactMap { TasksColumn.row(fromJSON: $0, owner: email) }
  }

  /// Changes the user's live row `id` at `now` as the service role; the trigger stamps and
  /// versions it. Nil when the user has no such row.
  static func update(
    email: String, id: Int, _ change: TasksRowChange, now: Int64, in database: SandboxProjectDatabase
  ) async -> TasksRow? {
    let user = SandboxTasksUser.id(email: email)
    guard await database.first("tasks?id=eq.\(id)&user_id=eq.\(user)&deleted_at=is.null&order=id.asc") != nil else {
      return nil
    }
    var values: [(String, SandboxJSON)] = []
    if let title = change.title { values.append(("title", .string(title))) }
    if let due = change.dueAt { values.append(("due_at", due.map { .string(TasksTimestamps.postgres($0)) } ?? .null)) }
    if let done = change.done { values.append(("done", .bool(done))) }
    if let deleted = change.deletedAt {
      values.append(("deleted_at", deleted.map { .string(TasksTimestamps.postgres($0)) } ?? .null))
    }
    let row = await database.update(
      "tasks", id: "\(id)", values: .object(values), nowMicroseconds: now, table: TasksColumn.table)
    return row.flatMap { TasksColumn.row(fromValues: $0, owner: email) }
  }
}
