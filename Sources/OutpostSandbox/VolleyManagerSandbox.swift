import Synchronization

/// The live state of the fake VolleyManager: users, sessions, settings, counters and the
/// generated data (VolleyManagerSandboxData.swift has the data hooks). Tests use it
/// to change the world under a running client ("the password changed upstream", "every session
/// just expired"); the `/__sandbox/volleymanager/…` endpoints offer the same over HTTP.
///
/// A class with a mutex rather than an actor: the HTTP handlers run on NIO event loops and answer
/// synchronously, and a short lock is all they need. The public hooks are nevertheless `async`,
/// so call sites read exactly as they would for an actor (`await sandbox.stats()`).
public final class VolleyManagerSandbox: Sendable {
  private let state: Mutex<VolleyManagerState>
  /// The sandbox-wide clock, shared with every other module: tests move it forward instead of
  /// sleeping, and sessions age, games begin and end, exactly as if that much time had passed.
  let clock: SandboxSharedClock

  init(configuration: SandboxConfiguration, clock: SandboxSharedClock) {
    let settings = VolleyManagerSettings(
      sessionLifetimeSeconds: Self.clampLifetime(configuration.sessionLifetimeSeconds),
      latencyMilliseconds: Self.clampLatency(configuration.latencyMilliseconds),
      errorRate: Self.clampRate(configuration.errorRate),
      loginFailureStyle: configuration.loginFailureStyle,
      staleSessionStatus: VolleyManagerSettings.staleSessionStatuses.contains(configuration.staleSessionStatus)
        ? configuration.staleSessionStatus : 406,
      rateLimitEvery: max(0, configuration.rateLimitEvery),
      malformedRate: Self.clampRate(configuration.malformedRate))
    self.clock = clock
    state = Mutex(
      VolleyManagerState(
        users: configuration.users, settings: settings, seed: configuration.seed,
        assignmentsPerAssociation: min(max(configuration.assignmentsPerAssociation, 0), Self.maximumAssignments),
        clock: clock.calendar))
  }

  /// The sandbox's "now" (the shared clock). Every session lifetime and every "has the game
  /// begun" decision is judged at this instant.
  func now() -> ContinuousClock.Instant { clock.now() }

  /// Moves the sandbox's clock forward (never back), for every module at once.
  public func advanceClock(seconds: Double) async { advanceClockNow(seconds: seconds) }

  func advanceClockNow(seconds: Double) { clock.advance(seconds: seconds) }

  /// How far the clock was advanced, in seconds.
  var clockAdvancedSeconds: Double { clock.advancedSeconds }

  /// Runs `body` under the lock. Keep it short: it blocks an event loop.
  func withState<Result>(_ body: (inout VolleyManagerState) -> Result) -> Result {
    state.withLock { body(&$0) }
  }

  /// Changes the password of `username`, creating the user (with the demo associations) if it
  /// does not exist. Sessions already logged in stay valid until they expire, as upstream.
  public func setPassword(_ password: String, for username: String) async {
    state.withLock { state in
      if state.users[username] != nil {
        state.users[username]?.password = password
      } else {
        state.users[username] = SandboxUser(username: username, password: password)
      }
    }
  }

  /// Adds a user or replaces the one with the same username.
  public func setUser(_ user: SandboxUser) async {
    state.withLock { $0.users[user.username] = user }
  }

  /// Every session, logged in or not, is stale from now on; clients must log in again.
  public func expireAllSessions() async {
    state.withLock { $0.expireAllSessions() }
  }

  /// Applies to existing sessions too: a session is stale once it is older than the lifetime
  /// in force when it is next used.
  public func setSessionLifetime(seconds: Double) async {
    state.withLock { $0.settings.sessionLifetimeSeconds = Self.clampLifetime(seconds) }
  }

  public func setLatency(milliseconds: Int) async {
    state.withLock { $0.settings.latencyMilliseconds = Self.clampLatency(milliseconds) }
  }

  public func setErrorRate(_ rate: Double) async {
    state.withLock { $0.settings.errorRate = Self.clampRate(rate) }
  }

  public func setLoginFailureStyle(_ style: LoginFailureStyle) async {
    state.withLock { $0.settings.loginFailureStyle = style }
  }

  /// 401, 403 or 406; other values are ignored.
  public func setStaleSessionStatus(_ status: Int) async {
    guard VolleyManagerSettings.staleSessionStatuses.contains(status) else { return }
    state.withLock { $0.settings.staleSessionStatus = status }
  }

  /// Every Nth `/api/…` request answers 429; 0 turns rate limiting off.
  public func setRateLimitEvery(_ every: Int) async {
    state.withLock { $0.settings.rateLimitEvery = max(0, every) }
  }

  /// Fraction (0…1) of list replies cut short into invalid JSON.
  public func setMalformedRate(_ rate: Double) async {
    state.withLock { $0.settings.malformedRate = Self.clampRate(rate) }
  }

  public func stats() async -> VolleyManagerStats { currentStats() }

  /// The counters once more than `count` logins have succeeded, or after `timeout` if that does
  /// not happen: a test waits for a client's login as for an event, without polling.
  public func stats(loginsAbove count: Int, timeout: Duration) async -> VolleyManagerStats {
    let id = state.withLock { state in
      state.lastWaiterID += 1
      return state.lastWaiterID
    }
    await withTaskGroup(of: Void.self) { group in
      group.addTask { await self.waitForLogin(above: count, id: id) }
      // A bound, not a pace: the reply comes when the login does.
      group.addTask { try? await Task.sleep(for: timeout) }
      await group.next()
      group.cancelAll()
    }
    return currentStats()
  }

  private func waitForLogin(above count: Int, id: UInt64) async {
    await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        state.withLock { state in
          // Cancelled before it was registered: the handler below found nothing to resume.
          if state.stats.logins > count || Task.isCancelled {
            continuation.resume()
          } else {
            state.loginWaiters.append(.init(id: id, above: count, continuation: continuation))
          }
        }
      }
    } onCancel: {
      state.withLock { state in
        guard let index = state.loginWaiters.firstIndex(where: { $0.id == id }) else { return }
        state.loginWaiters.remove(at: index).continuation.resume()
      }
    }
  }

  /// `stats()` for synchronous callers inside the module (the admin endpoint).
  func currentStats() -> VolleyManagerStats {
    let now = now()
    return state.withLock { state in
      var stats = state.stats
      stats.activeSessions = state.activeSessionCount(now: now)
      return stats
    }
  }

  /// Enough for any benchmark, small enough that a typo cannot exhaust memory.
  static let maximumAssignments = 20_000

  static func clampLifetime(_ seconds: Double) -> Double {
    guard seconds.isFinite else { return seconds > 0 ? VolleyManagerSettings.maximumLifetimeSeconds : 0 }
    return min(max(seconds, 0), VolleyManagerSettings.maximumLifetimeSeconds)
  }

  static func clampLatency(_ milliseconds: Int) -> Int {
    min(max(milliseconds, 0), VolleyManagerSettings.maximumLatencyMilliseconds)
  }

  static func clampRate(_ rate: Double) -> Double {
    rate.isNaN ? 0 : min(max(rate, 0), 1)
  }
}
