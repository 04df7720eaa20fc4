/// A browser sign-in waiting at the login form (`session_code` → this).
struct KeycloakAuthRequest: Sendable {
  var realm: String
  var clientID: String
  var redirectURI: String
  var state: String?
  var nonce: String?
  var scope: String
  var challenge: String
  var createdAt: ContinuousClock.Instant
}

/// An authorization code: single use, short-lived, bound to its client, redirect and challenge.
struct KeycloakAuthCode: Sendable {
  var request: KeycloakAuthRequest
  var username: String
  /// The session the code starts (its `session_state`), created at the exchange.
  var sessionID: String
  var issuedAt: ContinuousClock.Instant
  var used = false
}

/// A device authorization (RFC 8628) and how far the user got with it.
struct KeycloakDeviceGrant: Sendable {
  enum Status: Sendable, Equatable {
    case pending
    case approved(username: String)
    case denied
    /// Tokens were issued: the device code works no more.
    case consumed
  }

  var deviceCode: String
  var userCode: String
  var realm: String
  var clientID: String
  var scope: String
  var issuedAt: ContinuousClock.Instant
  /// Raised by 5 s at every `slow_down`, as RFC 8628 §3.5 makes the client do.
  var interval: Int
  var lastPoll: ContinuousClock.Instant?
  var status: Status = .pending

  func isExpired(at now: ContinuousClock.Instant, lifespan: Int) -> Bool { now - issuedAt >= .seconds(lifespan) }
}

/// Everything the keycloak service remembers, guarded by the `KeycloakSandbox` mutex.
struct KeycloakState: Sendable {
  var settings: SandboxKeycloakSettings
  let realms: [String: SandboxKeycloakRealm]
  let realmOrder: [String]
  /// By lower-cased username.
  var users: [String: SandboxKeycloakUser]
  var userOrder: [String]
  var authRequests: [String: KeycloakAuthRequest] = [:]
  var codes: [String: KeycloakAuthCode] = [:]
  /// By device code.
  var deviceGrants: [String: KeycloakDeviceGrant] = [:]
  /// Magic links, by key.
  var actionTokens: [String: KeycloakActionToken] = [:]
  var sessions = KeycloakSessions()
  var stats = SandboxKeycloakStats()

  init(configuration: SandboxKeycloakConfiguration) {
    settings = configuration.settings.clamped
    var realms: [String: SandboxKeycloakRealm] = [:]
    for realm in configuration.realms where realms[realm.name] == nil { realms[realm.name] = realm }
    self.realms = realms
    realmOrder = configuration.realms.map(\.name).filter { realms[$0] != nil }.reduce(into: []) {
      if !$0.contains($1) { $0.append($1) }
    }
    var users: [String: SandboxKeycloakUser] = [:]
    var order: [String] = []
    for user in configuration.users where users[user.username.lowercased()] == nil {
      users[user.username.lowercased()] = user
      order.append(user.username.lowercased())
    }
    self.users = users
    userOrder = order
  }

  func user(_ username: String) -> SandboxKeycloakUser? { users[username.lowercased()] }

  /// The user whose credentials these are, when they are right and the user is enabled.
  func authenticate(username: String, password: String) -> SandboxKeycloakUser? {
    guard let user = user(username), !password.isEmpty, user.password == password, user.enabled else { return nil }
    return user
  }

  /// The device grant with this user code (typed by a person: case and dash do not matter).
  func deviceCode(forUserCode typed: String) -> String? {
    let wanted = typed.uppercased().filter { $0 != "-" && $0 != " " }
    return deviceGrants.values.first { $0.userCode.filter { $0 != "-" } == wanted }?.deviceCode
  }

  /// Drops what can never be used again, so a long demo or a fuzzer cannot grow memory.
  mutating func purge(now: ContinuousClock.Instant) {
    guard authRequests.count + codes.count + deviceGrants.count + actionTokens.count > 5_000 else { return }
    let hour = Duration.seconds(3600)
    authRequests = authRequests.filter { now - $0.value.createdAt < hour }
    codes = codes.filter { now - $0.value.issuedAt < hour }
    deviceGrants = deviceGrants.filter { now - $0.value.issuedAt < hour }
    actionTokens = actionTokens.filter { $0.value.expiresAt > now }
  }
}
