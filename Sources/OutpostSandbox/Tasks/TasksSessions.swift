/// Supabase Auth sessions and their refresh-token families, with GoTrue's rotation and reuse
/// detection (supabase.md §3.4): every refresh revokes the presented token and issues a child.
/// A revoked token presented again is (1) answered with the session's active token when it is
/// that token's parent (a client that lost the reply), (2) accepted like a live one within the
/// reuse interval after its revocation, or (3) taken as theft: the whole family is revoked.
struct TasksSessions: Sendable {
  struct RefreshToken: Sendable {
    let token: String
    let sessionID: String
    let parent: String?
    /// On the sandbox clock, so tests step over the reuse interval instead of sleeping.
    var revokedAt: ContinuousClock.Instant?
  }

  struct Session: Sendable {
    let id: String
    let owner: String
    /// Oldest first; the active token is the newest one not revoked.
    var tokens: [String]
    /// Signed out, or ended from outside (the admin API): its tokens are no longer accepted.
    var ended = false
    /// Reuse was detected: every token of the family is dead.
    var familyRevoked = false

    var isLive: Bool { !ended && !familyRevoked }
  }

  enum RefreshOutcome: Equatable {
    case issued(sessionID: String, owner: String, refreshToken: String)
    case notFound
    case sessionGone
    case alreadyUsed
  }

  private var tokens: [String: RefreshToken] = [:]
  private(set) var sessions: [String: Session] = [:]

  /// A new session for `owner` with its first refresh token.
  mutating func start(owner: String) -> (sessionID: String, refreshToken: String) {
    purgeIfLarge()
    var generator = SystemRandomNumberGenerator()
    let id = SandboxIdentifiers.uuid(using: &generator)
    let token = newToken()
    tokens[token] = RefreshToken(token: token, sessionID: id, parent: nil)
    sessions[id] = Session(id: id, owner: owner, tokens: [token])
    return (id, token)
  }

  mutating func refresh(_ presented: String, now: ContinuousClock.Instant, reuseInterval: Double) -> RefreshOutcome {
    guard let token = tokens[presented] else { return .notFound }
    guard var session = sessions[token.sessionID], !session.ended else { return .sessionGone }
    guard !session.familyRevoked else { return .alreadyUsed }
    if let revokedAt = token.revokedAt {
      if let active = activeToken(of: session), active.parent == presented {
        return .issued(sessionID: session.id, owner: session.owner, refreshToken: active.token)
      }
      guard now - revokedAt <= .milliseconds(Int64(reuseInterval * 1000)) else {
        for name in session.tokens where tokens[name]?.revokedAt == nil { tokens[name]?.revokedAt = now }
        session.familyRevoked = true
        sessions[session.id] = session
        return .alreadyUsed
      }
    } else {
      tokens[presented]?.revokedAt = now
    }
    let child = newToken()
    tokens[child] = RefreshToken(token: child, sessionID: session.id, parent: presented)
    session.tokens.append(child)
    sessions[session.id] = session
    return .issued(sessionID: session.id, owner: session.owner, refreshToken: child)
  }

  func isLive(_ sessionID: String) -> Bool { sessions[sessionID]?.isLive ?? false }

  /// Sign-out: the session and its tokens are gone, so a later refresh finds no token.
  mutating func remove(_ sessionID: String) {
    guard let session = sessions.removeValue(forKey: sessionID) else { return }
    for token in session.tokens { tokens[token] = nil }
  }

  /// Sessions of `owner` that are still live, for sign-out with scope global or others.
  func liveSessions(of owner: String) -> [String] {
    sessions.values.filter { $0.owner == owner && $0.isLive }.map(\.id)
  }

  /// Ends every session of `owner` from outside; their refreshes then fail with
  /// `session_not_found`. Returns how many were live.
  mutating func end(owner: String) -> Int {
    let ids = liveSessions(of: owner)
    for id in ids { sessions[id]?.ended = true }
    return ids.count
  }

  func counts(of owner: String) -> (live: Int, ended: Int, familiesRevoked: Int, refreshTokens: Int) {
    let mine = sessions.values.filter { $0.owner == owner }
    return (
      mine.count(where: \.isLive), mine.count(where: \.ended), mine.count(where: \.familyRevoked),
      mine.reduce(0) { $0 + $1.tokens.count }
    )
  }

  var liveCount: Int { sessions.values.count(where: \.isLive) }

  private func activeToken(of session: Session) -> RefreshToken? {
    session.tokens.reversed().lazy.compactMap { tokens[$0] }.first { $0.revokedAt == nil }
  }

  /// 12 lower-case alphanumerics, like current GoTrue; from the system RNG so tokens cannot be
  /// guessed from the seed.
  private func newToken() -> String {
    let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
    var generator = SystemRandomNumberGenerator()
    while true {
      let token = String((0..<12).map { _ in alphabet.randomElement(using: &generator)! })
      if tokens[token] == nil { return token }
    }
  }

  /// Keeps a client that signs in forever (or a fuzzer) from growing memory without bound:
  /// dead sessions go first.
  private mutating func purgeIfLarge() {
    guard sessions.count >= 10_000 else { return }
    for session in sessions.values where !session.isLive { remove(session.id) }
  }
}
