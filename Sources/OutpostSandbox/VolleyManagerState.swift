import Crypto

/// A `Neos_Flow_Session`. Anonymous when it comes from `/login`; a login replaces it with a new,
/// authenticated one, because Flow rotates the id on every authentication attempt.
struct VolleyManagerSession: Sendable {
  let id: String
  let createdAt: ContinuousClock.Instant
  /// Set once the session is logged in.
  var username: String?
  let csrfToken: String
  /// The occupation `switchRoleAndAttribute` selected; every data call is scoped to it.
  var activeOccupationID: String?
}

/// The settings that can change while the sandbox runs (admin endpoint, test hooks).
struct VolleyManagerSettings: Sendable {
  var sessionLifetimeSeconds: Double
  var latencyMilliseconds: Int
  var errorRate: Double
  var loginFailureStyle: LoginFailureStyle
  var staleSessionStatus: Int
  /// Every Nth `/api/…` request is answered 429; 0 turns it off.
  var rateLimitEvery = 0
  /// Fraction (0…1) of list replies cut short into invalid JSON.
  var malformedRate = 0.0

  /// Bounds that keep arithmetic safe (a huge lifetime would overflow `Duration`).
  static let maximumLifetimeSeconds = 10.0 * 365 * 24 * 3600
  static let maximumLatencyMilliseconds = 60_000
  static let staleSessionStatuses = [401, 403, 406]
}

enum VolleyManagerLoginOutcome {
  case success(VolleyManagerSession)
  /// Wrong username or password; carries the rotated anonymous session.
  case failure(VolleyManagerSession)
  /// Right password for a two-factor account; the second factor cannot be completed here.
  case secondFactor(VolleyManagerSession)
}

/// Everything VolleyManager remembers, guarded by the `VolleyManagerSandbox` mutex. Methods take
/// `now` so that expiry is decided in one place and at one instant per request.
struct VolleyManagerState: Sendable {
  var users: [String: SandboxUser]
  var settings: VolleyManagerSettings
  var rng: SplitMix64
  var stats = VolleyManagerStats()
  /// The generated assignments, exchanges and compensations of every user.
  var data: VolleyManagerData
  /// Rendered iCal feeds by username, valid while their key matches.
  var feeds: [String: VolleyManagerICal.CachedFeed] = [:]
  /// The hidden-field values of the login form. Flow signs them with an installation-wide key,
  /// so they are fixed per sandbox (derived from the seed), not per session.
  let trustedProperties: String
  let referrerArguments: String
  private var sessions: [String: VolleyManagerSession] = [:]
  /// The association each user last switched to: the server's default party after a login may
  /// not be the one a client wants, which is why clients must switch explicitly.
  private var lastOccupation: [String: String] = [:]
  private var sessionsCreatedSincePurge = 0
  /// Who waits for the next successful login (`VolleyManagerSandbox.stats(loginsAbove:…)`).
  var loginWaiters: [LoginWaiter] = []
  var lastWaiterID: UInt64 = 0

  struct LoginWaiter: Sendable {
    let id: UInt64
    /// Woken once more logins than this have succeeded.
    let above: Int
    let continuation: CheckedContinuation<Void, Never>
  }

  init(
    users: [SandboxUser], settings: VolleyManagerSettings, seed: UInt64, assignmentsPerAssociation: Int,
    clock: SandboxClock
  ) {
    self.users = Dictionary(users.map { ($0.username, $0) }, uniquingKeysWith: { _, last in last })
    data = VolleyManagerData(
      seed: seed, perAssociation: assignmentsPerAssociation, clock: clock, users: Array(self.users.values))
    self.settings = settings
    self.rng = SplitMix64(seed: seed)
    // Flow serialises the (empty) argument arrays and appends their HMAC: `a:0:{}` as such, and
    // base64-encoded (`YTowOnt9`) for the referrer.
    let encryptionKey = SandboxSecrets.key("volleymanager-flow-encryption-key", seed: seed)
    trustedProperties = Self.appendHMAC("a:0:{}", key: encryptionKey)
    referrerArguments = Self.appendHMAC("YTowOnt9", key: encryptionKey)
  }

  /// Flow's `HashService::appendHmac`: the string followed by its HMAC-SHA1 in hex (40 digits),
  /// under the installation's encryption key. SHA-1 because that is what Flow uses, and what
  /// gives the 40 digits clients see.
  static func appendHMAC(_ string: String, key: SymmetricKey) -> String {
    string + SandboxIdentifiers.hex(HMAC<Insecure.SHA1>.authenticationCode(for: Array(string.utf8), using: key))
  }

  // MARK: Sessions

  mutating func startSession(now: ContinuousClock.Instant, username: String? = nil) -> VolleyManagerSession {
    purgeIfDue(now: now)
    var session = VolleyManagerSession(
      id: SandboxIdentifiers.sessionID(), createdAt: now, username: username,
      csrfToken: SandboxIdentifiers.csrfToken())
    if let username, let user = users[username] {
      let remembered = lastOccupation[username].flatMap { user.occupation(withID: $0) }
      session.activeOccupationID = (remembered ?? user.occupations.first)?.id
    }
    sessions[session.id] = session
    return session
  }

  /// The live session with this id, anonymous or not. A stale one is forgotten on the way.
  mutating func session(_ id: String?, now: ContinuousClock.Instant) -> VolleyManagerSession? {
    guard let id, let session = sessions[id] else { return nil }
    guard isLive(session, now: now) else {
      sessions[id] = nil
      return nil
    }
    return session
  }

  mutating func authenticatedSession(_ id: String?, now: ContinuousClock.Instant) -> VolleyManagerSession? {
    guard let session = session(id, now: now), session.username != nil else { return nil }
    return session
  }

  mutating func endSession(_ id: String?) {
    if let id { sessions[id] = nil }
  }

  mutating func expireAllSessions() { sessions.removeAll() }

  mutating func setActiveOccupation(_ occupationID: String, sessionID: String) {
    guard let username = sessions[sessionID]?.username else { return }
    sessions[sessionID]?.activeOccupationID = occupationID
    lastOccupation[username] = occupationID
  }

  func activeSessionCount(now: ContinuousClock.Instant) -> Int {
    sessions.values.count(where: { $0.username != nil && isLive($0, now: now) })
  }

  private func isLive(_ session: VolleyManagerSession, now: ContinuousClock.Instant) -> Bool {
    now - session.createdAt < .seconds(settings.sessionLifetimeSeconds)
  }

  /// Drops stale sessions now and then, so a client that never logs out (or a fuzzer hammering
  /// `/login`) cannot grow memory without bound.
  private mutating func purgeIfDue(now: ContinuousClock.Instant) {
    sessionsCreatedSincePurge += 1
    guard sessionsCreatedSincePurge >= 1024 else { return }
    sessionsCreatedSincePurge = 0
    sessions = sessions.filter { isLive($0.value, now: now) }
    if sessions.count > 100_000 { sessions = sessions.filter { $0.value.username != nil } }
  }

  // MARK: Login

  /// Checks the credentials and always rotates the session: the old id (if any) dies and the
  /// outcome carries a new one.
  mutating func logIn(
    username: String, password: String, replacing oldID: String, now: ContinuousClock.Instant
  ) -> VolleyManagerLoginOutcome {
    endSession(oldID)
    guard let user = users[username], user.password == password else {
      stats.failedLogins += 1
      return .failure(startSession(now: now))
    }
    if user.twoFactor {
      stats.failedLogins += 1
      return .secondFactor(startSession(now: now))
    }
    stats.logins += 1
    loginWaiters.removeAll { waiter in
      guard stats.logins > waiter.above else { return false }
      waiter.continuation.resume()
      return true
    }
    return .success(startSession(now: now, username: username))
  }
}

/// Counters for tests and scripts.
public struct VolleyManagerStats: Sendable, Equatable, Codable {
  /// Successful logins (sessions created with the right password).
  public var logins: Int = 0
  /// Wrong credentials, plus two-factor accounts stopped at the second factor.
  public var failedLogins: Int = 0
  /// Logged-in sessions that have not expired.
  public var activeSessions: Int = 0
  /// Every request under `/api/`, answered or not.
  public var apiRequests: Int = 0
  /// `/api/` requests turned away for a missing or expired session.
  public var staleSessionReplies: Int = 0
  /// `/api/` and feed requests answered 429 by the `rateLimitEvery` knob.
  public var rateLimitedReplies: Int = 0
  /// List and feed replies cut short by the `malformedRate` knob.
  public var malformedReplies: Int = 0
  /// Every request for an iCal feed (the rate-limit knob counts them apart from `/api/`).
  public var feedRequests: Int = 0

  public init(
    logins: Int = 0, failedLogins: Int = 0, activeSessions: Int = 0, apiRequests: Int = 0,
    staleSessionReplies: Int = 0, rateLimitedReplies: Int = 0, malformedReplies: Int = 0
  ) {
    self.logins = logins
    self.failedLogins = failedLogins
    self.activeSessions = activeSessions
    self.apiRequests = apiRequests
    self.staleSessionReplies = staleSessionReplies
    self.rateLimitedReplies = rateLimitedReplies
    self.malformedReplies = malformedReplies
  }
}
