/// Keycloak user sessions and their refresh tokens (agile-network.md §2.5–2.6). A refresh
/// always issues a new token; with "Revoke Refresh Token" on, only the newest works and a spent
/// one presented again ends the session (reuse detection). Ordinary sessions die at the earlier
/// of SSO idle and SSO max; offline ones (`offline_access`) only when idle too long.
struct KeycloakSessions: Sendable {
  struct Session: Sendable {
    let id: String
    let realm: String
    let clientID: String
    let username: String
    let offline: Bool
    let scope: String
    let startedAt: ContinuousClock.Instant
    var lastRefresh: ContinuousClock.Instant
    /// The token a refresh must present (with rotation), the newest.
    var current: String
    var tokens: [String]
    var ended = false
  }

  enum RefreshOutcome: Equatable {
    case issued(sessionID: String, refreshToken: String)
    /// `invalid_grant` with this description; the session (if any) is over.
    case refused(String)
    /// A spent token under rotation: the session was ended.
    case reused
  }

  private(set) var sessions: [String: Session] = [:]
  private var tokens: [String: String] = [:]

  mutating func start(
    id: String, realm: String, clientID: String, username: String, scope: String, now: ContinuousClock.Instant
  ) -> String {
    purgeIfLarge()
    let token = KeycloakRandom.token()
    let offline = scope.split(separator: " ").contains("offline_access")
    sessions[id] = Session(
      id: id, realm: realm, clientID: clientID, username: username.lowercased(), offline: offline, scope: scope,
      startedAt: now, lastRefresh: now, current: token, tokens: [token])
    tokens[token] = id
    return token
  }

  func session(_ id: String) -> Session? { sessions[id] }

  /// The session's state at `now`, ending it when it ran out; nil when live.
  mutating func inactivity(_ id: String, now: ContinuousClock.Instant, settings: SandboxKeycloakSettings) -> String? {
    guard var session = sessions[id], !session.ended else { return "Session not active" }
    let idle = session.offline ? settings.offlineSessionIdle : settings.ssoSessionIdle
    let idleOver = now - session.lastRefresh > .seconds(idle)
    let maxOver = !session.offline && now - session.startedAt > .seconds(settings.ssoSessionMax)
    guard idleOver || maxOver else { return nil }
    session.ended = true
    sessions[id] = session
    return "Token is not active"
  }

  mutating func refresh(
    _ presented: String, clientID: String, now: ContinuousClock.Instant, settings: SandboxKeycloakSettings
  ) -> RefreshOutcome {
    guard let id = tokens[presented], let session = sessions[id] else { return .refused("Invalid refresh token") }
    guard session.clientID == clientID else {
      return .refused("Invalid refresh token. Token client and authorized client don't match")
    }
    if let reason = inactivity(id, now: now, settings: settings) { return .refused(reason) }
    if settings.revokeRefreshToken && presented != session.current {
      sessions[id]?.ended = true
      return .reused
    }
    let child = KeycloakRandom.token()
    tokens[child] = id
    sessions[id]?.current = child
    sessions[id]?.tokens.append(child)
    sessions[id]?.lastRefresh = now
    return .issued(sessionID: id, refreshToken: child)
  }

  /// The session a refresh token belongs to, live or not.
  func sessionID(of token: String) -> String? { tokens[token] }

  mutating func end(_ id: String) { sessions[id]?.ended = true }

  /// Ends every live session of `username` (the admin's "sign out"); returns how many.
  mutating func end(username: String) -> Int {
    let ids = sessions.values.filter { $0.username == username.lowercased() && !$0.ended }.map(\.id)
    for id in ids { sessions[id]?.ended = true }
    return ids.count
  }

  func counts(of username: String) -> (active: Int, ended: Int) {
    let mine = sessions.values.filter { $0.username == username.lowercased() }
    return (mine.count { !$0.ended }, mine.count(where: \.ended))
  }

  var liveCount: Int { sessions.values.count { !$0.ended } }

  /// A client that signs in forever must not grow memory without bound: ended sessions go.
  private mutating func purgeIfLarge() {
    guard sessions.count >= 10_000 else { return }
    for session in sessions.values where session.ended {
      sessions[session.id] = nil
      for token in session.tokens { tokens[token] = nil }
    }
  }
}

/// Random codes and tokens from the system RNG, so they cannot be guessed from the seed.
enum KeycloakRandom {
  static let tokenAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
  /// Keycloak's user codes avoid vowels and look-alikes: `WDJB-MJHT`.
  static let userCodeAlphabet = Array("BCDFGHJKLMNPQRSTVWXZ")

  static func token(_ count: Int = 43) -> String {
    var generator = SystemRandomNumberGenerator()
    return String((0..<count).map { _ in tokenAlphabet.randomElement(using: &generator)! })
  }

  static func userCode() -> String {
    var generator = SystemRandomNumberGenerator()
    let letters = (0..<8).map { _ in userCodeAlphabet.randomElement(using: &generator)! }
    return String(letters[0..<4]) + "-" + String(letters[4..<8])
  }

  static func uuid() -> String {
    var generator = SystemRandomNumberGenerator()
    return SandboxIdentifiers.uuid(using: &generator)
  }
}
