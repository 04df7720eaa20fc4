import Foundation

/// One row of the `tasks` table. `owner` is the user's lower-cased email: row-level security
/// shows each user only their own rows.
struct TasksRow: Sendable, Equatable {
  let id: Int
  let owner: String
  var title: String
  /// Unix microseconds, or nil for no due date.
  var dueAt: Int64?
  var done: Bool
  /// Unix microseconds; strictly increasing across the table, one value per write request.
  var updatedAt: Int64

  var publicValue: SandboxTask {
    SandboxTask(
      id: id, title: title, dueAt: dueAt.map { Date(timeIntervalSince1970: Double($0) / 1_000_000) }, done: done,
      updatedAt: TasksTimestamps.postgres(updatedAt))
  }
}

/// A validated change to a row; nil fields stay as they are.
struct TasksRowChange: Sendable, Equatable {
  var title: String?
  /// `.some(nil)` clears the due date.
  var dueAt: Int64??
  var done: Bool?

  var isEmpty: Bool { title == nil && dueAt == nil && done == nil }

  func applied(to row: TasksRow) -> TasksRow {
    var copy = row
    if let title { copy.title = title }
    if let dueAt { copy.dueAt = dueAt }
    if let done { copy.done = done }
    return copy
  }

  /// The bounds of the `tasks_title_check` constraint.
  static let titleLengths = 1...200
}

/// The settings that can change while the sandbox runs.
struct TasksSettings: Sendable {
  var accessTokenLifetimeSeconds: Int
  var reuseIntervalSeconds: Double
}

/// Everything the tasks service remembers, guarded by the `TasksSandbox` mutex.
struct TasksState: Sendable {
  /// By lower-cased email (Supabase Auth folds the case of emails).
  var users: [String: SandboxTasksUser]
  /// Users in configuration order, for stable listings.
  var userOrder: [String]
  /// Every row of the table, ordered by id.
  var rows: [TasksRow]
  var nextID: Int
  var settings: TasksSettings
  var sessions = TasksSessions()
  var stats = TasksStats()
  /// When each user last signed in (Unix microseconds), for the user object.
  var lastSignIn: [String: Int64] = [:]
  /// PKCE codes handed out by `/authorize` and not traded yet.
  var pendingCodes: [String: TasksOAuth.PendingCode] = [:]
  private var lastStamp: Int64

  init(configuration: SandboxTasksConfiguration, seed: UInt64, startMicroseconds: Int64) {
    var users: [String: SandboxTasksUser] = [:]
    var order: [String] = []
    for user in configuration.users where users[user.email.lowercased()] == nil {
      users[user.email.lowercased()] = user
      order.append(user.email.lowercased())
    }
    self.users = users
    userOrder = order
    let perUser = min(max(configuration.tasksPerUser, 0), SandboxTasksConfiguration.maximumTasksPerUser)
    rows = TasksSeed.rows(owners: order, perUser: perUser, seed: seed, startMicroseconds: startMicroseconds)
    nextID = (rows.last?.id ?? 0) + 1
    lastStamp = rows.map(\.updatedAt).max() ?? 0
    settings = TasksSettings(
      accessTokenLifetimeSeconds: TasksSandbox.clampLifetime(configuration.accessTokenLifetimeSeconds),
      reuseIntervalSeconds: TasksSandbox.clampReuseInterval(configuration.reuseIntervalSeconds))
  }

  /// The `updated_at` of a write at `now`: never equal to or before an earlier one, even when
  /// two writes fall in the same microsecond, so `updated_at=gt.<cursor>` never misses a change.
  mutating func stamp(now microseconds: Int64) -> Int64 {
    lastStamp = max(microseconds, lastStamp + 1)
    return lastStamp
  }

  func user(_ email: String) -> SandboxTasksUser? { users[email.lowercased()] }

  func rows(of owner: String) -> [TasksRow] { rows.filter { $0.owner == owner.lowercased() } }

  /// Changes the matched rows with one timestamp (one request is one transaction) and returns
  /// them as they are now.
  mutating func update(ids: [Int], with change: TasksRowChange, now: Int64) -> [TasksRow] {
    guard !ids.isEmpty else { return [] }
    let wanted = Set(ids)
    let stamp = stamp(now: now)
    var changed: [TasksRow] = []
    for index in rows.indices where wanted.contains(rows[index].id) {
      rows[index] = change.applied(to: rows[index])
      rows[index].updatedAt = stamp
      changed.append(rows[index])
    }
    return changed
  }

  mutating func delete(ids: [Int]) -> [TasksRow] {
    let wanted = Set(ids)
    let deleted = rows.filter { wanted.contains($0.id) }
    rows.removeAll { wanted.contains($0.id) }
    return deleted
  }

  /// Inserts rows for `owner` with one timestamp; ids come from the table's sequence.
  mutating func insert(_ inputs: [(title: String, dueAt: Int64?, done: Bool)], owner: String, now: Int64)
    -> [TasksRow]
  {
    let stamp = stamp(now: now)
    let inserted = inputs.map { input -> TasksRow in
      defer { nextID += 1 }
      return TasksRow(
        id: nextID, owner: owner.lowercased(), title: input.title, dueAt: input.dueAt, done: input.done,
        updatedAt: stamp)
    }
    rows += inserted
    return inserted
  }
}
