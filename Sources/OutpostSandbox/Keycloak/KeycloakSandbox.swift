import Synchronization

/// The live state of the "keycloak" service: a Keycloak stand-in with one realm per brand.
/// Tests use these hooks to act as the user (approve a device code, sign in in the browser) or
/// as an administrator (end sessions, disable a user, change lifetimes); `POST /__admin/mutate`
/// offers the same over HTTP for a sandbox in another process.
///
/// A class with a mutex, like `TasksSandbox`: handlers run on NIO event loops and answer
/// synchronously; the public hooks are `async` so call sites read as they would for an actor.
public final class KeycloakSandbox: Sendable {
  let clock: SandboxSharedClock
  let tokens: KeycloakTokens
  let legacyAuthPath: Bool
  private let state: Mutex<KeycloakState>

  init(configuration: SandboxKeycloakConfiguration, seed: UInt64, clock: SandboxSharedClock) {
    self.clock = clock
    tokens = KeycloakTokens()
    legacyAuthPath = configuration.legacyAuthPath
    state = Mutex(KeycloakState(configuration: configuration))
  }

  /// Runs `body` under the lock. Keep it short: it blocks an event loop.
  func withState<Result>(_ body: (inout KeycloakState) -> Result) -> Result {
    state.withLock { body(&$0) }
  }

  /// Moves the sandbox's one clock forward (every module's): codes, tokens and sessions age.
  public func advanceClock(seconds: Double) async { clock.advance(seconds: seconds) }

  public func settings() async -> SandboxKeycloakSettings { withState { $0.settings } }

  /// Changes lifetimes and switches; they apply from the next request on.
  public func update(_ change: @Sendable (inout SandboxKeycloakSettings) -> Void) async {
    withState { state in
      var settings = state.settings
      change(&settings)
      state.settings = settings.clamped
    }
  }

  /// The user codes of device sign-ins nobody approved or declined yet, oldest first.
  public func pendingUserCodes() async -> [String] {
    withState { state in
      state.deviceGrants.values.filter { $0.status == .pending }.sorted { $0.issuedAt < $1.issuedAt }.map(\.userCode)
    }
  }

  /// The user approves a device sign-in at the verification page. False when no pending,
  /// unexpired sign-in has that code, or the user is unknown or disabled.
  @discardableResult
  public func approveDevice(userCode: String, username: String = SandboxKeycloakUser.demo.username) async -> Bool {
    decideNow(userCode: userCode, approve: true, username: username) == nil
  }

  /// The user declines a device sign-in: its next poll gets `access_denied`.
  @discardableResult
  public func denyDevice(userCode: String) async -> Bool { decideNow(userCode: userCode, approve: false) == nil }

  /// Ends every session of the user (the admin console's "sign out"): their refresh tokens get
  /// `invalid_grant`. Returns how many were live.
  @discardableResult
  public func revokeSessions(username: String) async -> Int { withState { $0.sessions.end(username: username) } }

  /// Disables (or enables again) a user: refreshes and sign-ins then fail.
  @discardableResult
  public func setUserEnabled(_ enabled: Bool, username: String) async -> Bool {
    withState { state in
      guard state.users[username.lowercased()] != nil else { return false }
      state.users[username.lowercased()]?.enabled = enabled
      return true
    }
  }

  /// A refresh token of a new session, as if the user had just signed in with the client (an
  /// offline session with `offline_access`). For tests that need a signed-in secret without
  /// playing a sign-in; no HTTP, so it works whatever the server does. Nil for an unknown realm
  /// or user.
  public func issueRefreshToken(
    realm: String = SandboxKeycloakRealm.brands[0].name, username: String = SandboxKeycloakUser.demo.username,
    scope: String = "openid offline_access"
  ) async -> String? {
    let now = clock.now()
    return withState { state -> String? in
      guard let client = state.realms[realm], state.user(username) != nil else { return nil }
      state.stats.logins += 1
      return state.sessions.start(
        id: KeycloakRandom.uuid(), realm: realm, clientID: client.clientID, username: username, scope: scope, now: now)
    }
  }

  public func stats() async -> SandboxKeycloakStats { currentStats() }

  /// Rotates the realm keys, as a Keycloak admin adds a new RSA key provider of higher priority:
  /// a new 2048-bit key (new `kid`) signs from now on; the older keys stay in the JWKS and still
  /// verify, unless `dropOld` withdraws them at once. Returns the new `kid`.
  @discardableResult
  public func rotateSigningKey(dropOld: Bool = false) async -> String { tokens.rotate(dropOld: dropOld) }

  /// Withdraws every key but the signing one (Keycloak's "disable the old key"): tokens they
  /// signed are refused from now on. Returns how many keys were dropped.
  @discardableResult
  public func dropOldSigningKeys() async -> Int { tokens.dropOldKeys() }

  /// The `kid` of every published key, the signing one first (what `certs` lists).
  public func signingKeyIDs() async -> [String] { tokens.keyIDs }

  // MARK: Synchronous forms, for the admin API and the pages

  func currentStats() -> SandboxKeycloakStats {
    withState { state in
      var stats = state.stats
      stats.activeSessions = state.sessions.liveCount
      return stats
    }
  }

  /// Approves or declines the pending device sign-in with `userCode`; nil when done, else why not.
  func decideNow(userCode: String, approve: Bool, username: String? = nil) -> String? {
    let now = clock.now()
    return withState { state -> String? in
      guard let deviceCode = state.deviceCode(forUserCode: userCode), let grant = state.deviceGrants[deviceCode],
        grant.status == .pending
      else { return "no pending sign-in has the code \(userCode)" }
      guard !grant.isExpired(at: now, lifespan: state.settings.deviceCodeLifespan) else {
        return "the code \(userCode) has expired"
      }
      if approve {
        guard let user = username.flatMap(state.user), user.enabled else { return "no enabled user \(username ?? "")" }
        state.deviceGrants[deviceCode]?.status = .approved(username: user.username)
      } else {
        state.deviceGrants[deviceCode]?.status = .denied
      }
      return nil
    }
  }
}
