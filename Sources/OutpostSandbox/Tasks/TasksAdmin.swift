/// The tasks service on the shared admin API (`/__admin/state?service=tasks`,
/// `POST /__admin/mutate {"service":"tasks","op":…}`): what the Swift hooks of `TasksSandbox`
/// offer, for a sandbox in another process. Never shows a password or a token.
enum TasksAdmin {
  static let operations = ["update", "delete", "revoke-sessions", "set-password", "config"]

  static func state(_ sandbox: TasksSandbox) async -> SandboxJSON {
    let stats = sandbox.currentStats()
    // Once the table is on PostgreSQL its rows are there (soft-deleted ones included).
    var copied: [String: [TasksRow]]?
    if let postgres = await sandbox.postgres {
      var rows: [String: [TasksRow]] = [:]
      for email in sandbox.withState({ $0.userOrder }) {
        rows[email] = await TasksPostgres.rows(of: email, in: postgres)
      }
      copied = rows
    }
    return sandbox.withState { state in
      .object([
        ("config", config(state.settings, holding: sandbox.refreshGate.isClosed)),
        (
          "users",
          .array(
            state.userOrder.compactMap { state.users[$0] }.map { user in
              let owner = user.email.lowercased()
              let counts = state.sessions.counts(of: owner)
              return .object([
                ("email", .string(owner)), ("id", .string(user.id)),
                (
                  "tasks",
                  .array(
                    (copied?[owner] ?? state.rows(of: owner)).map { TasksColumn.row($0, columns: TasksColumn.allCases) }
                  )
                ),
                (
                  "sessions",
                  .object([
                    ("active", .int(counts.live)), ("ended", .int(counts.ended)),
                    ("familiesRevoked", .int(counts.familiesRevoked)), ("refreshTokens", .int(counts.refreshTokens)),
                  ])
                ),
              ])
            })
        ),
        (
          "counters",
          .object([
            ("logins", .int(stats.logins)), ("failedLogins", .int(stats.failedLogins)),
            ("refreshes", .int(stats.refreshes)), ("reuseRejected", .int(stats.reuseRejected)),
            ("apiRequests", .int(stats.apiRequests)), ("activeSessions", .int(stats.activeSessions)),
            ("heldRefreshReplies", .int(stats.heldRefreshReplies)),
          ])
        ),
      ])
    }
  }

  static func mutate(_ operation: String, _ body: SandboxAdminBody, sandbox: TasksSandbox)
    async throws(SandboxAdminError) -> SandboxJSON
  {
    switch operation {
    case "update":
      try body.requireOnly(["service", "op", "email", "id", "title", "due_at", "done"])
      let (email, id) = (try body.requiredString("email"), try body.requiredInt("id"))
      let change = try rowChange(body)
      guard let row = await sandbox.update(email: email, id: id, change) else { throw noSuchTask(email, id) }
      return .object([("task", TasksColumn.row(row, columns: TasksColumn.allCases))])
    case "delete":
      try body.requireOnly(["service", "op", "email", "id"])
      let (email, id) = (try body.requiredString("email"), try body.requiredInt("id"))
      // Softly, as a client of the project deletes (supabase.md §7).
      guard await sandbox.deleteTask(email: email, id: id) else { throw noSuchTask(email, id) }
      return .object([("deleted", true)])
    case "revoke-sessions":
      try body.requireOnly(["service", "op", "email"])
      let email = try body.requiredString("email")
      let revoked = sandbox.withState { state -> Int? in
        state.user(email) == nil ? nil : state.sessions.end(owner: email.lowercased())
      }
      guard let revoked else { throw SandboxAdminError("no tasks user \(email)", status: .notFound) }
      return .object([("revoked", .int(revoked))])
    case "set-password":
      try body.requireOnly(["service", "op", "email", "password"])
      let email = try body.requiredString("email")
      let password = try body.requiredString("password")
      guard password.count >= TasksSandbox.minimumPasswordLength else {
        throw SandboxAdminError("password must have at least \(TasksSandbox.minimumPasswordLength) characters")
      }
      guard let revoked = sandbox.setPasswordNow(password, email: email) else {
        throw SandboxAdminError("no tasks user \(email)", status: .notFound)
      }
      return .object([("revoked", .int(revoked))])
    default:
      try body.requireOnly([
        "service", "op", "accessTokenLifetimeSeconds", "reuseIntervalSeconds", "holdRefreshReplies",
      ])
      return try updateConfig(body, sandbox: sandbox)
    }
  }

  /// The same checks as a PATCH, but strict about types: a script's typo must not pass.
  private static func rowChange(_ body: SandboxAdminBody) throws(SandboxAdminError) -> TasksRowChange {
    var change = TasksRowChange()
    if let title = try body.string("title") {
      guard TasksRowChange.titleLengths.contains(title.count) else {
        throw SandboxAdminError("title must have 1…200 characters")
      }
      change.title = title
    }
    if let due = body.members["due_at"] {
      if due.isNull {
        change.dueAt = .some(nil)
      } else if let text = due.stringValue, let micros = TasksTimestamps.parse(text) {
        change.dueAt = micros
      } else {
        throw SandboxAdminError("due_at must be an ISO 8601 timestamp or null")
      }
    }
    change.done = try body.bool("done")
    guard !change.isEmpty else { throw SandboxAdminError("nothing to change: give title, due_at or done") }
    return change
  }

  private static func updateConfig(_ body: SandboxAdminBody, sandbox: TasksSandbox) throws(SandboxAdminError)
    -> SandboxJSON
  {
    let lifetime = try body.int("accessTokenLifetimeSeconds")
    let lifetimes =
      SandboxTasksConfiguration
      .minimumAccessTokenLifetimeSeconds...SandboxTasksConfiguration
      .maximumAccessTokenLifetimeSeconds
    if let lifetime, !lifetimes.contains(lifetime) {
      throw SandboxAdminError("accessTokenLifetimeSeconds must be \(lifetimes.lowerBound)…\(lifetimes.upperBound)")
    }
    let interval = try body.double("reuseIntervalSeconds")
    let maximum = SandboxTasksConfiguration.maximumReuseIntervalSeconds
    if let interval, !(0...maximum).contains(interval) {
      throw SandboxAdminError("reuseIntervalSeconds must be 0…\(Int(maximum))")
    }
    let hold = try body.bool("holdRefreshReplies")
    if let hold { sandbox.refreshGate.set(closed: hold) }
    return sandbox.withState { state in
      if let lifetime { state.settings.accessTokenLifetimeSeconds = lifetime }
      if let interval { state.settings.reuseIntervalSeconds = interval }
      return config(state.settings, holding: sandbox.refreshGate.isClosed)
    }
  }

  private static func config(_ settings: TasksSettings, holding: Bool) -> SandboxJSON {
    .object([
      ("accessTokenLifetimeSeconds", .int(settings.accessTokenLifetimeSeconds)),
      ("reuseIntervalSeconds", .double(settings.reuseIntervalSeconds)),
      ("holdRefreshReplies", .bool(holding)),
    ])
  }

  private static func noSuchTask(_ email: String, _ id: Int) -> SandboxAdminError {
    SandboxAdminError("\(email) has no task \(id)", status: .notFound)
  }
}
