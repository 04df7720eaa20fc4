import Foundation
import Synchronization

/// The live state of the "tasks" service: a minimal Supabase project (Auth + PostgREST) with a
/// `tasks` table. Tests use these hooks to change the world under a running client ("someone
/// edited the task upstream", "every session was revoked"); `POST /__admin/mutate` offers the
/// same over HTTP.
///
/// A class with a mutex, like `VolleyManagerSandbox`: handlers run on NIO event loops (async only
/// where jwt-kit signs or verifies a token, and then still on the loop) and never hold the lock
/// across an `await`; the public hooks are `async` so call sites read as they would for an actor.
public final class TasksSandbox: Sendable {
  let clock: SandboxSharedClock
  let apiKey: String
  let accessTokens: TasksAccessTokens
  /// Holds refresh replies back after their rotation (`holdRefreshReplies`).
  let refreshGate = TasksReplyGate()
  private let state: Mutex<TasksState>
  /// The Data API on PostgreSQL, when the configuration asks for it (`TasksPostgres`).
  let databaseSlot: SandboxDatabaseSlot

  /// `jwtSecretName` differs per project when another project (viiraa) reuses this one as its
  /// Auth server.
  init(
    configuration: SandboxTasksConfiguration, seed: UInt64, clock: SandboxSharedClock,
    jwtSecretName: String = "tasks-jwt-secret"
  ) async {
    self.clock = clock
    apiKey = configuration.apiKey
    databaseSlot = SandboxDatabaseSlot(wanted: configuration.postgres)
    accessTokens = await TasksAccessTokens(seed: seed, secretName: jwtSecretName)
    state = Mutex(
      TasksState(
        configuration: configuration, seed: seed, startMicroseconds: clock.unixMicroseconds(at: clock.now())))
    // Once copied, the rows live in PostgreSQL alone (the admin's hooks act on the copy); the
    // model keeps the users and their sessions.
    databaseSlot.prepare(start: { [self] in try await TasksPostgres.start(self) }, catchUp: { _ in })
  }

  /// The PostgreSQL copy of the table, if the rows are there.
  var postgres: SandboxProjectDatabase? { get async { await databaseSlot.current() } }

  func detachPostgres() async { await databaseSlot.detach() }

  /// Runs `body` under the lock. Keep it short: it blocks an event loop.
  func withState<Result, Failure: Error>(_ body: (inout TasksState) throws(Failure) -> Result) throws(Failure)
    -> Result
  {
    try state.withLock { (state: inout TasksState) throws(Failure) -> Result in try body(&state) }
  }

  /// Moves the sandbox's one clock forward (every module's): tokens expire and revoked refresh
  /// tokens leave their reuse interval as if that much time had passed.
  public func advanceClock(seconds: Double) async { clock.advance(seconds: seconds) }

  /// "Now" on the sandbox's clock, for clients that must agree with it (a test's connector).
  public func currentDate() -> Date {
    Date(timeIntervalSince1970: Double(clock.unixMicroseconds(at: clock.now())) / 1_000_000)
  }

  /// The user's live rows (not soft-deleted) as the table holds them now, ordered by id;
  /// empty for an unknown user.
  public func tasks(for email: String) async -> [SandboxTask] { await liveRows(of: email).map(\.publicValue) }

  /// The user's live rows, from the PostgreSQL copy when the table is there.
  func liveRows(of email: String) async -> [TasksRow] {
    guard let postgres = await postgres else { return withState { $0.liveRows(of: email) } }
    return await TasksPostgres.liveRows(of: email, in: postgres)
  }

  /// Changes a row as another client would upstream: `updated_at` moves on. Nil when the user
  /// has no row with that id. Titles are clipped to the column's 1–200 characters.
  @discardableResult
  public func updateTask(email: String, id: Int, _ change: SandboxTaskChange) async -> SandboxTask? {
    var rowChange = TasksRowChange(done: change.done)
    if let title = change.title, !title.isEmpty { rowChange.title = String(title.prefix(200)) }
    switch change.due {
    case .none?: rowChange.dueAt = .some(nil)
    case .at(let date)?: rowChange.dueAt = Int64((date.timeIntervalSince1970 * 1_000_000).rounded())
    case nil: break
    }
    return await update(email: email, id: id, rowChange)?.publicValue
  }

  /// Deletes a row upstream as a client of the project does, softly (`deleted_at` set, stamped
  /// and versioned; supabase.md §7); false when the user has no live row with that id.
  @discardableResult
  public func deleteTask(email: String, id: Int) async -> Bool {
    await update(email: email, id: id, TasksRowChange(deletedAt: .some(clock.unixMicroseconds(at: clock.now())))) != nil
  }

  /// Ends every live session of the user; their refresh tokens then fail (`session_not_found`).
  /// Returns how many were ended. Access tokens already issued stay valid until they expire.
  @discardableResult
  public func revokeSessions(email: String) async -> Int {
    withState { $0.sessions.end(owner: email.lowercased()) }
  }

  /// Supabase Auth's shortest password by default.
  static let minimumPasswordLength = 6

  /// The user changes their password (elsewhere): every live session of theirs ends, as a
  /// password change ends them at Supabase Auth (supabase.md §3.4), and only the new password
  /// signs in. Returns how many sessions ended; nil for an unknown user.
  @discardableResult
  public func setPassword(_ password: String, email: String) async -> Int? { setPasswordNow(password, email: email) }

  /// Applies to tokens issued from now on. Clamped to 5 s … 1 year.
  public func setAccessTokenLifetime(seconds: Int) async {
    withState { $0.settings.accessTokenLifetimeSeconds = Self.clampLifetime(seconds) }
  }

  /// How long a revoked refresh token is still accepted. Clamped to 0 … 1 day.
  public func setReuseInterval(seconds: Double) async {
    withState { $0.settings.reuseIntervalSeconds = Self.clampReuseInterval(seconds) }
  }

  public func stats() async -> TasksStats { currentStats() }

  /// While true, a refresh grant commits its rotation and then holds its reply back until this
  /// is set false again: a client killed meanwhile never learns its new refresh token.
  public func holdRefreshReplies(_ hold: Bool) async { refreshGate.set(closed: hold) }

  // MARK: Synchronous forms, for the admin API

  func currentStats() -> TasksStats {
    withState { state in
      var stats = state.stats
      stats.activeSessions = state.sessions.liveCount
      stats.heldRefreshReplies = refreshGate.heldCount
      return stats
    }
  }

  /// Changes one live row of the user's at the sandbox's now, on the copy when the table is
  /// there; the row as it is then, or nil when the user has no live row `id`.
  func update(email: String, id: Int, _ change: TasksRowChange) async -> TasksRow? {
    let now = clock.unixMicroseconds(at: clock.now())
    if let postgres = await postgres {
      return await TasksPostgres.update(email: email, id: id, change, now: now, in: postgres)
    }
    return withState { state in
      guard state.liveRows(of: email).contains(where: { $0.id == id }) else { return nil }
      return state.update(ids: [id], with: change, now: now).first
    }
  }

  func setPasswordNow(_ password: String, email: String) -> Int? {
    withState { state -> Int? in
      let owner = email.lowercased()
      guard state.users[owner] != nil else { return nil }
      state.users[owner]?.password = password
      return state.sessions.end(owner: owner)
    }
  }

  static func clampLifetime(_ seconds: Int) -> Int {
    min(
      max(seconds, SandboxTasksConfiguration.minimumAccessTokenLifetimeSeconds),
      SandboxTasksConfiguration.maximumAccessTokenLifetimeSeconds)
  }

  static func clampReuseInterval(_ seconds: Double) -> Double {
    seconds.isNaN ? 0 : min(max(seconds, 0), SandboxTasksConfiguration.maximumReuseIntervalSeconds)
  }
}
