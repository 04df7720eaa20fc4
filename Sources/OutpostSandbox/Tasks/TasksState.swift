import Foundation

/// One row of the `tasks` table (contrib/supabase/tasks.sql). `owner` is the user's lower-cased
/// email and `userID` their Auth id: row-level security shows each user only their own rows.
struct TasksRow: Sendable, Equatable {
  let id: Int
  let owner: String
  var title: String
  /// Unix microseconds, or nil for no due date.
  var dueAt: Int64?
  var done: Bool
  /// Unix microseconds; strictly increasing across the table, one value per write request.
  var updatedAt: Int64
  /// Unix microseconds of the insert.
  var createdAt: Int64
  /// Set instead of deleting the row (supabase.md §7): the row stays, a listing of live rows
  /// leaves it out.
  var deletedAt: Int64? = nil
  /// Bumped by every update, as the project's `stamp_row` trigger does: what writes are
  /// preconditioned on.
  var version = 1

  init(id: Int, owner: String, title: String, dueAt: Int64?, done: Bool, updatedAt: Int64, createdAt: Int64? = nil) {
    self.id = id
    self.owner = owner
    self.title = title
    self.dueAt = dueAt
    self.done = done
    self.updatedAt = updatedAt
    self.createdAt = createdAt ?? updatedAt
  }

  var userID: String { SandboxTasksUser.id(email: owner) }

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
  /// `.some(nil)` restores a soft-deleted row.
  var deletedAt: Int64??
  /// A `user_id` the client sent: row-level security's WITH CHECK lets only the caller's own.
  var userID: String?
  /// Columns the client sent that the trigger stamps over (`created_at`, `version`): a write
  /// of only these still fires the trigger.
  var stampedOver = false

  var isEmpty: Bool { title == nil && dueAt == nil && done == nil && deletedAt == nil && userID == nil && !stampedOver }

  func applied(to row: TasksRow) -> TasksRow {
    var copy = row
    if let title { copy.title = title }
    if let dueAt { copy.dueAt = dueAt }
    if let done { copy.done = done }
    if let deletedAt { copy.deletedAt = deletedAt }
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

  /// Every row of the user's, soft-deleted ones included (what their token's reads can see).
  func rows(of owner: String) -> [TasksRow] { rows.filter { $0.owner == owner.lowercased() } }

  /// The user's rows not soft-deleted.
  func liveRows(of owner: String) -> [TasksRow] { rows(of: owner).filter { $0.deletedAt == nil } }

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
      rows[index].version += 1
      changed.append(rows[index])
    }
    return changed
  }

  /// Soft-deletes the rows, as a client of a §7 project deletes: `deleted_at` set, and stamped
  /// and versioned like any update.
  mutating func softDelete(ids: [Int], now: Int64) -> [TasksRow] {
    update(ids: ids, with: TasksRowChange(deletedAt: .some(now)), now: now)
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
