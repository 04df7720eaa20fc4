/// The viiraa project on the shared admin API: `GET /__admin/state?service=viiraa` (ground truth
/// per user: row counts per table, the latest reading, sessions; counters) and
/// `POST /__admin/mutate {"service":"viiraa","op":…}`:
/// - `soft-delete-reading` `{"email", "id"?}`: the newest reading when no id is given;
/// - `hard-delete-reading` `{"email", "dedupKey"?}`: gone outright (without a key, the newest
///   reading more than an hour old);
/// - `end-sessions` `{"email"}`: refreshes then fail with `session_not_found`;
/// - `add-reminder` `{"email", "title", "startsAt", "rrule"?}`: a coach's reminder, in the
///   user's zone (`startsAt` RFC 3339);
/// - `publish-insight` `{"email", "title", "body"?}`: an insight published now, unread;
/// - `config` `{"accessTokenLifetimeSeconds"?, "reuseIntervalSeconds"?}`.
/// Never shows a password or a token.
enum ViiRaaAdmin {
  static let operations = [
    "soft-delete-reading", "hard-delete-reading", "end-sessions", "add-reminder", "publish-insight", "config",
  ]

  static let latestColumns = ["id", "measured_at", "value_mgdl", "range_flag", "trend", "dedup_key", "updated_at"]

  static func state(_ sandbox: ViiRaaSandbox) async -> SandboxJSON {
    // On PostgreSQL the copy is the truth (it also holds what clients wrote).
    var onPostgres: [String: (counts: [(String, SandboxJSON)], latest: SandboxJSON)] = [:]
    if let postgres = await sandbox.postgres {
      for user in ViiRaaDemo.authUsers {
        var counts: [(String, SandboxJSON)] = []
        for table in ViiRaaTables.all {
          let rows = await postgres.rows("\(table.name)?select=deleted_at&user_id=eq.\(user.id)&order=id.asc")
          let deleted = rows.count { row in
            if case .null = row["deleted_at"] ?? .null { return false }
            return true
          }
          counts.append((table.name, .object([("rows", .int(rows.count - deleted)), ("deleted", .int(deleted))])))
        }
        let latest = await postgres.first(
          "glucose_readings?select=\(latestColumns.joined(separator: ","))&user_id=eq.\(user.id)"
            + "&deleted_at=is.null&order=measured_at.desc,id.desc")
        let latestJSON = latest.map { row in SandboxJSON.object(latestColumns.map { ($0, row[$0] ?? .null) }) }
        onPostgres[user.id] = (counts, latestJSON ?? .null)
      }
    }
    let stats = sandbox.auth.currentStats()
    let sessions = sandbox.auth.withState { state in
      ViiRaaDemo.authUsers.map { state.sessions.counts(of: $0.email.lowercased()) }
    }
    let lifetime = sandbox.auth.withState { $0.settings.accessTokenLifetimeSeconds }
    return sandbox.withState { state in
      let users = ViiRaaDemo.authUsers.enumerated().map { index, user -> SandboxJSON in
        let owner = user.id
        let counts = ViiRaaTables.all.map { table -> (String, SandboxJSON) in
          let rows = state.rows(table.name, owner: owner)
          let deleted = rows.count { $0["deleted_at"] != .null }
          return (table.name, .object([("rows", .int(rows.count - deleted)), ("deleted", .int(deleted))]))
        }
        let latest = state.rows("glucose_readings", owner: owner).last { $0["deleted_at"] == .null }
        let truth = onPostgres[owner]
        return .object([
          ("email", .string(user.email)), ("id", .string(owner)), ("tables", .object(truth?.counts ?? counts)),
          (
            "latestReading",
            truth?.latest
              ?? latest.map { ViiRaaTables.glucoseReadings.object($0, columns: latestColumns) } ?? .null
          ),
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
        ("config", .object([("accessTokenLifetimeSeconds", .int(lifetime))])),
        ("users", .array(users)),
        (
          "counters",
          .object([
            ("logins", .int(stats.logins)), ("failedLogins", .int(stats.failedLogins)),
            ("refreshes", .int(stats.refreshes)), ("reuseRejected", .int(stats.reuseRejected)),
            ("activeSessions", .int(stats.activeSessions)), ("liveReadings", .int(state.liveReadings)),
          ])
        ),
      ])
    }
  }

  static func mutate(_ operation: String, _ body: SandboxAdminBody, sandbox: ViiRaaSandbox) throws(SandboxAdminError)
    -> SandboxJSON
  {
    switch operation {
    case "soft-delete-reading":
      try body.requireOnly(["service", "op", "email", "id"])
      let email = try user(body)
      let id = try body.string("id")
      guard let deleted = sandbox.softDeleteNow(email: email, id: id) else {
        throw SandboxAdminError("\(email) has no live reading \(id ?? "")", status: .notFound)
      }
      return .object([("deleted", .string(deleted))])
    case "hard-delete-reading":
      try body.requireOnly(["service", "op", "email", "dedupKey"])
      let email = try user(body)
      let key = try body.string("dedupKey")
      guard let deleted = sandbox.hardDeleteNow(email: email, dedupKey: key) else {
        throw SandboxAdminError("\(email) has no reading \(key ?? "")", status: .notFound)
      }
      return .object([("deleted", .string(deleted))])
    case "add-reminder":
      try body.requireOnly(["service", "op", "email", "title", "startsAt", "rrule"])
      let email = try user(body)
      let title = try body.requiredString("title")
      let text = try body.requiredString("startsAt")
      guard let starts = SandboxTime.parseISO(text) else {
        throw SandboxAdminError("startsAt \"\(text)\" is not an RFC 3339 time", status: .badRequest)
      }
      let rrule = try body.string("rrule")
      let id = sandbox.addRow("coaching_reminders", email: email) { zone in
        [
          "title": .text(title), "body": .text("\(title) — from your ViiRaa coach."), "category": .text("custom"),
          "starts_at": .time(Int64(starts) * 1_000_000),
          "rrule": rrule.map { .text($0) } ?? .null, "time_zone": .text(zone), "ends_at": .null, "active": .bool(true),
          "created_by": .text("coach"), "last_completed_at": .null, "snoozed_until": .null, "link": .null,
        ]
      }
      return .object([("id", .string(id))])
    case "publish-insight":
      try body.requireOnly(["service", "op", "email", "title", "body"])
      let email = try user(body)
      let title = try body.requiredString("title")
      let text = try body.string("body") ?? "From your ViiRaa coach."
      let now = sandbox.nowMicroseconds()
      let id = sandbox.addRow("insights", email: email) { _ in
        [
          "kind": .text("tip"), "title": .text(title), "body": .text(text),
          "period_start": .null, "period_end": .null, "metrics": .null, "published_at": .time(now), "read_at": .null,
        ]
      }
      return .object([("id", .string(id))])
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

  private static func user(_ body: SandboxAdminBody) throws(SandboxAdminError) -> String {
    let email = try body.requiredString("email").lowercased()
    guard ViiRaaDemo.authUsers.contains(where: { $0.email == email }) else {
      throw SandboxAdminError("no viiraa user \(email)", status: .notFound)
    }
    return email
  }
}
