/// The keycloak service on the shared admin API (`/__admin/state?service=keycloak`,
/// `POST /__admin/mutate {"service":"keycloak","op":…}`): the Swift hooks of `KeycloakSandbox`
/// for a sandbox in another process. Never shows a password, a code that grants tokens, or a
/// token (user codes are shown: a person reads them off a screen anyway).
enum KeycloakAdmin {
  static let operations = [
    "approve", "deny", "config", "revoke-sessions", "user", "rotate-signing-key", "drop-old-signing-keys",
  ]
  static let settingKeys = [
    "accessTokenLifespan", "ssoSessionIdle", "ssoSessionMax", "offlineSessionIdle", "codeLifespan",
    "deviceCodeLifespan", "devicePollInterval", "revokeRefreshToken", "browserLogin", "magicLinkLifespan",
    "tamperIDTokenSignature",
  ]

  static func state(_ sandbox: KeycloakSandbox) -> SandboxJSON {
    let stats = sandbox.currentStats()
    let now = sandbox.clock.now()
    let keyIDs = sandbox.tokens.keyIDs
    return sandbox.withState { state in
      .object([
        ("config", config(state.settings)),
        // Never the private keys: the published ones, the signing key first.
        (
          "signingKeys",
          .array(keyIDs.enumerated().map { .object([("kid", .string($1)), ("signing", .bool($0 == 0))]) })
        ),
        (
          "realms",
          .array(
            state.realmOrder.compactMap { state.realms[$0] }.map { realm in
              .object([
                ("name", .string(realm.name)), ("clientId", .string(realm.clientID)),
                (
                  "redirectUris",
                  .array(["http://127.0.0.1/callback", "\(realm.scheme)://auth/callback"].map { .string($0) })
                ),
              ])
            })
        ),
        (
          "users",
          .array(
            state.userOrder.compactMap { state.users[$0] }.map { user in
              let counts = state.sessions.counts(of: user.username)
              return .object([
                ("username", .string(user.username)), ("id", .string(user.id)), ("enabled", .bool(user.enabled)),
                ("sessions", .object([("active", .int(counts.active)), ("ended", .int(counts.ended))])),
              ])
            })
        ),
        (
          "deviceCodes",
          .array(
            state.deviceGrants.values.sorted { $0.issuedAt < $1.issuedAt }.map { grant in
              let expired = grant.isExpired(at: now, lifespan: state.settings.deviceCodeLifespan)
              return .object([
                ("realm", .string(grant.realm)), ("userCode", .string(grant.userCode)),
                ("status", .string(expired && grant.status == .pending ? "expired" : status(grant.status))),
                ("interval", .int(grant.interval)),
              ])
            })
        ),
        (
          "counters",
          .object([
            ("logins", .int(stats.logins)), ("refreshes", .int(stats.refreshes)),
            ("reuseDetected", .int(stats.reuseDetected)), ("devicePolls", .int(stats.devicePolls)),
            ("slowDowns", .int(stats.slowDowns)), ("refusedExchanges", .int(stats.refusedExchanges)),
            ("activeSessions", .int(stats.activeSessions)),
          ])
        ),
      ])
    }
  }

  static func mutate(_ operation: String, _ body: SandboxAdminBody, sandbox: KeycloakSandbox)
    throws(SandboxAdminError) -> SandboxJSON
  {
    switch operation {
    case "approve":
      try body.requireOnly(["service", "op", "userCode", "username"])
      let userCode = try body.requiredString("userCode")
      let username = try body.string("username") ?? SandboxKeycloakUser.demo.username
      if let problem = sandbox.decideNow(userCode: userCode, approve: true, username: username) {
        throw SandboxAdminError(problem, status: .notFound)
      }
      return .object([("approved", .string(userCode))])
    case "deny":
      try body.requireOnly(["service", "op", "userCode"])
      let userCode = try body.requiredString("userCode")
      if let problem = sandbox.decideNow(userCode: userCode, approve: false) {
        throw SandboxAdminError(problem, status: .notFound)
      }
      return .object([("denied", .string(userCode))])
    case "revoke-sessions":
      try body.requireOnly(["service", "op", "username"])
      let username = try body.requiredString("username")
      let ended = sandbox.withState { state -> Int? in
        state.user(username) == nil ? nil : state.sessions.end(username: username)
      }
      guard let ended else { throw SandboxAdminError("no keycloak user \(username)", status: .notFound) }
      return .object([("revoked", .int(ended))])
    case "user":
      try body.requireOnly(["service", "op", "username", "enabled"])
      let username = try body.requiredString("username")
      guard let enabled = try body.bool("enabled") else { throw SandboxAdminError("enabled is required") }
      let found = sandbox.withState { state -> Bool in
        guard state.users[username.lowercased()] != nil else { return false }
        state.users[username.lowercased()]?.enabled = enabled
        if !enabled { _ = state.sessions.end(username: username) }
        return true
      }
      guard found else { throw SandboxAdminError("no keycloak user \(username)", status: .notFound) }
      return .object([("username", .string(username)), ("enabled", .bool(enabled))])
    case "rotate-signing-key":
      try body.requireOnly(["service", "op", "dropOld"])
      let kid = sandbox.tokens.rotate(dropOld: try body.bool("dropOld") ?? false)
      return .object([("kid", .string(kid)), ("published", .array(sandbox.tokens.keyIDs.map { .string($0) }))])
    case "drop-old-signing-keys":
      try body.requireOnly(["service", "op"])
      let dropped = sandbox.tokens.dropOldKeys()
      return .object([("dropped", .int(dropped)), ("published", .array(sandbox.tokens.keyIDs.map { .string($0) }))])
    default:
      try body.requireOnly(["service", "op"] + settingKeys)
      return try updateConfig(body, sandbox: sandbox)
    }
  }

  private static func updateConfig(_ body: SandboxAdminBody, sandbox: KeycloakSandbox) throws(SandboxAdminError)
    -> SandboxJSON
  {
    var settings = sandbox.withState { $0.settings }
    let lifetimes: [(String, WritableKeyPath<SandboxKeycloakSettings, Int>)] = [
      ("accessTokenLifespan", \.accessTokenLifespan), ("ssoSessionIdle", \.ssoSessionIdle),
      ("ssoSessionMax", \.ssoSessionMax), ("offlineSessionIdle", \.offlineSessionIdle),
      ("codeLifespan", \.codeLifespan), ("deviceCodeLifespan", \.deviceCodeLifespan),
      ("magicLinkLifespan", \.magicLinkLifespan),
    ]
    for (key, path) in lifetimes {
      guard let value = try body.int(key) else { continue }
      let range = SandboxKeycloakSettings.lifetimes
      guard range.contains(value) else {
        throw SandboxAdminError("\(key) must be \(range.lowerBound)…\(range.upperBound)")
      }
      settings[keyPath: path] = value
    }
    if let interval = try body.int("devicePollInterval") {
      let range = SandboxKeycloakSettings.intervals
      guard range.contains(interval) else {
        throw SandboxAdminError("devicePollInterval must be \(range.lowerBound)…\(range.upperBound)")
      }
      settings.devicePollInterval = interval
    }
    if let revoke = try body.bool("revokeRefreshToken") { settings.revokeRefreshToken = revoke }
    if let tamper = try body.bool("tamperIDTokenSignature") { settings.tamperIDTokenSignature = tamper }
    if let mode = try body.string("browserLogin") {
      guard let parsed = SandboxKeycloakBrowserLogin(rawValue: mode) else {
        throw SandboxAdminError(
          "browserLogin must be one of these", allowed: SandboxKeycloakBrowserLogin.allCases.map(\.rawValue))
      }
      settings.browserLogin = parsed
    }
    return sandbox.withState { state in
      state.settings = settings
      return config(settings)
    }
  }

  static func config(_ settings: SandboxKeycloakSettings) -> SandboxJSON {
    .object([
      ("accessTokenLifespan", .int(settings.accessTokenLifespan)), ("ssoSessionIdle", .int(settings.ssoSessionIdle)),
      ("ssoSessionMax", .int(settings.ssoSessionMax)), ("offlineSessionIdle", .int(settings.offlineSessionIdle)),
      ("codeLifespan", .int(settings.codeLifespan)), ("deviceCodeLifespan", .int(settings.deviceCodeLifespan)),
      ("devicePollInterval", .int(settings.devicePollInterval)),
      ("revokeRefreshToken", .bool(settings.revokeRefreshToken)),
      ("browserLogin", .string(settings.browserLogin.rawValue)),
      ("magicLinkLifespan", .int(settings.magicLinkLifespan)),
      ("tamperIDTokenSignature", .bool(settings.tamperIDTokenSignature)),
    ])
  }

  private static func status(_ status: KeycloakDeviceGrant.Status) -> String {
    switch status {
    case .pending: "pending"
    case .approved: "approved"
    case .denied: "denied"
    case .consumed: "consumed"
    }
  }
}
