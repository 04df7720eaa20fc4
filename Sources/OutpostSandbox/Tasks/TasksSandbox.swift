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

  /// `jwtSecretName` differs per project when another project (viiraa) reuses this one as its
  /// Auth server.
  init(
    configuration: SandboxTasksConfiguration, seed: UInt64, clock: SandboxSharedClock,
    jwtSecretName: String = "tasks-jwt-secret"
  ) async {
    self.clock = clock
    apiKey = configuration.apiKey
    accessTokens = await TasksAccessTokens(seed: seed, secretName: jwtSecretName)
    state = Mutex(
      TasksState(
        configuration: configuration, seed: seed, startMicroseconds: clock.unixMicroseconds(at: clock.now())))
  }

  /// Runs `body` under the lock. Keep it short: it blocks an event loop.
  func withState<Result>(_ body: (inout TasksState) -> Result) -> Result {
    state.withLock { body(&$0) }
  }

  /// Moves the sandbox's one clock forward (every module's): tokens expire and revoked refresh
  /// tokens leave their reuse interval as if that much time had passed.
  public func advanceClock(seconds: Double) async { clock.advance(seconds: seconds) }

  /// The user's rows as the table holds them now, ordered by id; empty for an unknown user.
  public func tasks(for email: String) async -> [SandboxTask] {
    withState { $0.rows(of: email).map(\.publicValue) }
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
    return updateNow(email: email, id: id, rowChange)?.publicValue
  }

  /// Deletes a row upstream; false when the user has no row with that id.
  @discardableResult
  public func deleteTask(email: String, id: Int) async -> Bool { deleteNow(email: email, id: id) }

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

  func updateNow(email: String, id: Int, _ change: TasksRowChange) -> TasksRow? {
    let now = clock.unixMicroseconds(at: clock.now())
    return withState { state in
      guard state.rows(of: email).contains(where: { $0.id == id }) else { return nil }
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

  func deleteNow(email: String, id: Int) -> Bool {
    withState { state in
      guard state.rows(of: email).contains(where: { $0.id == id }) else { return false }
      return !state.delete(ids: [id]).isEmpty
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
