/// The agility project on the shared admin API: `GET /__admin/state?service=agility` (per
/// user: live and deleted rows per table, the invoice sequence, sessions; the overdue job's
/// switch; counters) and `POST /__admin/mutate {"service":"agility","op":…}`:
/// - `mark-viewed` `{"email", "id"?}`: the "viewed" hook on a sent invoice (newest when no id);
/// - `record-payment` `{"email", "id"?, "amount"?}`: a server-side payment, the open amount
///   when no amount (dollars, a JSON number); fully paid → `paid`;
/// - `overdue-job` `{"enabled"}`: the nightly job that stores `overdue`;
/// - `delete-category` `{"email", "name"}`: later references get 409 `23503` (on PostgreSQL
///   the row is deleted, in memory soft-deleted);
/// - `connection-status` `{"email", "account" (id or name), "status"}`;
/// - `end-sessions` `{"email"}`: refreshes then fail with `session_not_found`;
/// - `config` `{"accessTokenLifetimeSeconds"?, "reuseIntervalSeconds"?}`.
/// Never shows a password or a token.
enum AgilityAdmin {
  static let operations = [
    "mark-viewed", "record-payment", "overdue-job", "delete-category", "connection-status", "end-sessions", "config",
  ]

  /// A user's row counts, invoice statuses and last invoice number, from `rows`.
  struct Truth {
    var counts: [(String, SandboxJSON)] = []
    var statuses: [String: Int] = [:]
    var sequence = 0

    mutating func add(_ table: String, _ rows: [AgilityTables.Row]) {
      let deleted = rows.count { !AgilityTables.isLive($0) }
      counts.append((table, .object([("rows", .int(rows.count - deleted)), ("deleted", .int(deleted))])))
      guard table == "invoices" else { return }
      for invoice in rows where AgilityTables.isLive(invoice) {
        statuses[AgilityTables.text(invoice["status"]) ?? "", default: 0] += 1
      }
      sequence =
        rows.compactMap { AgilityTables.text($0["invoice_number"]).flatMap { Int($0.dropFirst(4)) } }.max() ?? 0
    }
  }

  static func state(_ sandbox: AgilitySandbox) async -> SandboxJSON {
    // On PostgreSQL the copy is the truth: it holds what clients wrote and what the admin changed.
    var onPostgres: [String: Truth] = [:]
    if await sandbox.postgres != nil {
      for user in AgilityDemo.authUsers {
        var truth = Truth()
        for table in AgilityTables.all { truth.add(table.name, await sandbox.rows(table.name, owner: user.id)) }
        onPostgres[user.id] = truth
      }
    }
    let stats = sandbox.auth.currentStats()
    let sessions = sandbox.auth.withState { state in
      AgilityDemo.authUsers.map { state.sessions.counts(of: $0.email.lowercased()) }
    }
    let lifetime = sandbox.auth.withState { $0.settings.accessTokenLifetimeSeconds }
    return sandbox.withState { state in
      let users = AgilityDemo.authUsers.enumerated().map { index, user -> SandboxJSON in
        let owner = user.id
        var truth = Truth()
        for table in AgilityTables.all { truth.add(table.name, state.rows(table.name, owner: owner)) }
        truth.sequence = state.invoiceSequence[owner] ?? 0
        if let copy = onPostgres[owner] { truth = copy }
        return .object([
          ("email", .string(user.email)), ("id", .string(owner)), ("tables", .object(truth.counts)),
          ("invoiceSequence", .int(truth.sequence)),
          ("invoiceStatuses", .object(truth.statuses.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })),
          (
            "sessions",
            .object([
              ("active", .int(sessions[index].live)), ("ended", .int(sessions[index].ended)),
              ("familiesRevoked", .int(sessions[index].familiesRevoked)),
            ])
          ),
        ])
      }
      return .object([
        (
          "config",
          .object([
            ("accessTokenLifetimeSeconds", .int(lifetime)), ("overdueJobEnabled", .bool(state.overdueJobEnabled)),
          ])
        ),
        ("users", .array(users)),
        (
          "counters",
          .object([
            ("logins", .int(stats.logins)), ("failedLogins", .int(stats.failedLogins)),
            ("refreshes", .int(stats.refreshes)), ("reuseRejected", .int(stats.reuseRejected)),
            ("activeSessions", .int(stats.activeSessions)), ("invoicesSent", .int(state.counters.sent)),
            ("invoicesViewed", .int(state.counters.viewed)), ("payments", .int(state.counters.payments)),
            ("overdueStored", .int(state.counters.overdueStored)),
            ("overdueJobRuns", .int(state.counters.overdueJobRuns)),
          ])
        ),
      ])
    }
  }

  static func mutate(_ operation: String, _ body: SandboxAdminBody, sandbox: AgilitySandbox)
    async throws(SandboxAdminError) -> SandboxJSON
  {
    switch operation {
    case "mark-viewed":
      try body.requireOnly(["service", "op", "email", "id"])
      let email = try user(body)
      let id = try body.string("id")
      guard let invoice = await sandbox.markViewed(email: email, invoiceID: id) else {
        throw SandboxAdminError("\(email) has no sent invoice \(id ?? "")", status: .notFound)
      }
      return summary(invoice)
    case "record-payment":
      try body.requireOnly(["service", "op", "email", "id", "amount"])
      let email = try user(body)
      let id = try body.string("id")
      let amount = try body.double("amount").map { Int64(($0 * 100).rounded()) }
      if let amount, amount <= 0 { throw SandboxAdminError("amount must be positive", status: .badRequest) }
      guard let invoice = await sandbox.recordPayment(email: email, invoiceID: id, amountCents: amount) else {
        throw SandboxAdminError("\(email) has no open invoice \(id ?? "")", status: .notFound)
      }
      return summary(invoice)
    case "overdue-job":
      try body.requireOnly(["service", "op", "enabled"])
      guard let enabled = try body.bool("enabled") else {
        throw SandboxAdminError("enabled (a boolean) is required", status: .badRequest)
      }
      sandbox.setOverdueJobNow(enabled)
      return .object([("enabled", .bool(enabled))])
    case "delete-category":
      try body.requireOnly(["service", "op", "email", "name"])
      let email = try user(body)
      let name = try body.requiredString("name")
      guard let id = await sandbox.deleteCategory(email: email, name: name) else {
        throw SandboxAdminError("\(email) has no live category \(name)", status: .notFound)
      }
      return .object([("deleted", .string(id))])
    case "connection-status":
      try body.requireOnly(["service", "op", "email", "account", "status"])
      let email = try user(body)
      let account = try body.requiredString("account")
      let status = try body.requiredString("status")
      guard AgilitySandbox.connectionStatuses.contains(status) else {
        throw SandboxAdminError(
          "status must be one of \(AgilitySandbox.connectionStatuses.sorted().joined(separator: ", "))",
          status: .badRequest)
      }
      guard await sandbox.setConnectionStatus(email: email, account: account, status: status) else {
        throw SandboxAdminError("\(email) has no account \(account)", status: .notFound)
      }
      return .object([("account", .string(account)), ("status", .string(status))])
    case "end-sessions":
      try body.requireOnly(["service", "op", "email"])
      let email = try user(body)
      return .object([("ended", .int(sandbox.auth.withState { $0.sessions.end(owner: email) }))])
    default:
      try body.requireOnly(["service", "op", "accessTokenLifetimeSeconds", "reuseIntervalSeconds"])
      let lifetime = try body.int("accessTokenLifetimeSeconds")
      let interval = try body.double("reuseIntervalSeconds")
      return sandbox.auth.withState { state in
        if let lifetime { state.settings.accessTokenLifetimeSeconds = TasksSandbox.clampLifetime(lifetime) }
        if let interval { state.settings.reuseIntervalSeconds = TasksSandbox.clampReuseInterval(interval) }
        return .object([
          ("accessTokenLifetimeSeconds", .int(state.settings.accessTokenLifetimeSeconds)),
          ("reuseIntervalSeconds", .double(state.settings.reuseIntervalSeconds)),
        ])
      }
    }
  }

  private static func summary(_ invoice: AgilityInvoice) -> SandboxJSON {
    .object([
      ("id", .string(invoice.id)), ("invoice_number", .string(invoice.invoiceNumber)),
      ("status", .string(invoice.status)), ("amount_paid", .double(Double(invoice.amountPaidCents) / 100)),
      ("total", .double(Double(invoice.totalCents) / 100)), ("version", .int(invoice.version)),
    ])
  }

  private static func user(_ body: SandboxAdminBody) throws(SandboxAdminError) -> String {
    let email = try body.requiredString("email").lowercased()
    guard AgilityDemo.emails.contains(email) else {
      throw SandboxAdminError("no agility user \(email)", status: .notFound)
    }
    return email
  }
}
