import OutpostModel

/// How the "keycloak" service (a Keycloak stand-in under `/keycloak`, one realm per Agile
/// Network brand: upstreams/agile-network.md §2 and §8) behaves at start. The settings can
/// change later through `KeycloakSandbox.update` or `POST /__admin/mutate {"op":"config"}`.
public struct SandboxKeycloakConfiguration: Sendable {
  public var realms: [SandboxKeycloakRealm]
  /// Every realm has these users.
  public var users: [SandboxKeycloakUser]
  public var settings: SandboxKeycloakSettings
  /// Keycloak before v17 served everything under `/auth` (`/keycloak/auth/realms/…` here).
  public var legacyAuthPath: Bool

  public init(
    realms: [SandboxKeycloakRealm] = SandboxKeycloakRealm.brands, users: [SandboxKeycloakUser] = [.demo],
    settings: SandboxKeycloakSettings = SandboxKeycloakSettings(), legacyAuthPath: Bool = false
  ) {
    self.realms = realms
    self.users = users
    self.settings = settings
    self.legacyAuthPath = legacyAuthPath
  }
}

/// One realm and its public desktop client (agile-network.md §2.2): standard flow and device
/// grant on, password grant off, PKCE S256 required, redirects `http://127.0.0.1/callback`
/// (any port, as Keycloak strips loopback ports) and `<scheme>://auth/callback`.
public struct SandboxKeycloakRealm: Sendable, Hashable {
  public var name: String
  public var clientID: String
  public var scheme: String

  public init(name: String, clientID: String? = nil, scheme: String? = nil) {
    self.name = name
    self.clientID = clientID ?? "\(name)-desktop"
    self.scheme = scheme ?? name.filter { $0 != "-" }
  }

  /// The brands of the shipped presets file (agile-network.md §1; `share/outpost/presets.toml`,
  /// found as `ShippedPresets` says), one realm each; none when no file is found. Read once.
  public static let brands: [SandboxKeycloakRealm] = realms(
    from: ShippedPresets.load(tables: [brandTable]).presets.presets(in: brandTable))

  static let brandTable = "agile.brands"

  public static func realms(from presets: [ServicePreset]) -> [SandboxKeycloakRealm] {
    presets.map {
      SandboxKeycloakRealm(
        name: $0["keycloak.realm"] ?? $0.id, clientID: $0["keycloak.client_id"], scheme: $0["deep_link.scheme"])
    }
  }
}

/// A user of every realm. Passwords live in memory only and are never logged or shown.
public struct SandboxKeycloakUser: Sendable, Hashable {
  public var username: String
  public var email: String
  public var password: String
  public var name: String
  public var enabled: Bool

  public init(username: String, email: String? = nil, password: String, name: String, enabled: Bool = true) {
    self.username = username
    self.email = email ?? username
    self.password = password
    self.name = name
    self.enabled = enabled
  }

  /// The user id (`sub`), derived from the username: the same in every run.
  public var id: String { SandboxIdentifiers.stableUUID("keycloak-user:\(username.lowercased())") }

  public static let demo = SandboxKeycloakUser(
    username: "fan@example.com", password: "demo-fan-2026", name: "Jo Rivera")
}

/// What the user's browser does at the authorization endpoint.
public enum SandboxKeycloakBrowserLogin: String, Sendable, CaseIterable, Codable {
  /// Shows the login form (username and password), as for a browser not signed in yet.
  case form
  /// Redirects back at once with a code for the first user, as a browser with a live SSO
  /// session does.
  case approve
  /// Redirects back with `error=access_denied`, as when the user cancels.
  case deny
}

/// Lifetimes (seconds, on the sandbox clock) and switches; Keycloak's defaults unless said.
public struct SandboxKeycloakSettings: Sendable, Equatable {
  public var accessTokenLifespan: Int
  public var ssoSessionIdle: Int
  public var ssoSessionMax: Int
  public var offlineSessionIdle: Int
  /// "Client login timeout": how long an authorization code may wait for its exchange.
  public var codeLifespan: Int
  public var deviceCodeLifespan: Int
  /// How long a mailed magic link (an action token, agile-network.md §3) can be opened: the
  /// BFF's `expiresIn`, 900 s as the BFF asks of the extension.
  public var magicLinkLifespan: Int
  /// Seconds between device-grant polls; 0 or 1 make tests quick (agile-network.md §8).
  public var devicePollInterval: Int
  /// Each refresh token works once; a spent one presented again ends the whole session
  /// (Keycloak's "Revoke Refresh Token" with no reuse allowed). Off in Keycloak by default;
  /// on here, the stricter behaviour Outpost must survive.
  public var revokeRefreshToken: Bool
  public var browserLogin: SandboxKeycloakBrowserLogin
  /// A fault for clients' refusal tests: the token endpoint's ID tokens carry a signature with
  /// one bit flipped, so they fail verification against the JWKS (access tokens stay good).
  public var tamperIDTokenSignature: Bool

  public init(
    accessTokenLifespan: Int = 300, ssoSessionIdle: Int = 1800, ssoSessionMax: Int = 36_000,
    offlineSessionIdle: Int = 30 * 86_400, codeLifespan: Int = 60, deviceCodeLifespan: Int = 600,
    devicePollInterval: Int = 5, revokeRefreshToken: Bool = true, browserLogin: SandboxKeycloakBrowserLogin = .form,
    magicLinkLifespan: Int = 900, tamperIDTokenSignature: Bool = false
  ) {
    self.accessTokenLifespan = accessTokenLifespan
    self.ssoSessionIdle = ssoSessionIdle
    self.ssoSessionMax = ssoSessionMax
    self.offlineSessionIdle = offlineSessionIdle
    self.codeLifespan = codeLifespan
    self.deviceCodeLifespan = deviceCodeLifespan
    self.magicLinkLifespan = magicLinkLifespan
    self.devicePollInterval = devicePollInterval
    self.revokeRefreshToken = revokeRefreshToken
    self.browserLogin = browserLogin
    self.tamperIDTokenSignature = tamperIDTokenSignature
  }

  /// Every lifetime is 1 s … 1 year; the poll interval 0 … 60 s.
  public static let lifetimes = 1...(365 * 86_400)
  public static let intervals = 0...60

  var clamped: SandboxKeycloakSettings {
    var copy = self
    for path: WritableKeyPath<SandboxKeycloakSettings, Int> in [
      \.accessTokenLifespan, \.ssoSessionIdle, \.ssoSessionMax, \.offlineSessionIdle, \.codeLifespan,
      \.deviceCodeLifespan, \.magicLinkLifespan,
    ] {
      copy[keyPath: path] = min(max(copy[keyPath: path], Self.lifetimes.lowerBound), Self.lifetimes.upperBound)
    }
    copy.devicePollInterval = min(max(copy.devicePollInterval, Self.intervals.lowerBound), Self.intervals.upperBound)
    return copy
  }
}

/// Counters of the keycloak service, for tests and `GET /__admin/state?service=keycloak`.
public struct SandboxKeycloakStats: Sendable, Equatable {
  /// Sessions started (a code exchanged, a device code granted, a test's `issueRefreshToken`).
  public var logins = 0
  public var refreshes = 0
  /// Spent refresh tokens presented again (each ended its session).
  public var reuseDetected = 0
  public var devicePolls = 0
  public var slowDowns = 0
  /// Authorization-code exchanges refused (wrong verifier, reused or late code, …).
  public var refusedExchanges = 0
  public var activeSessions = 0

  public init() {}
}
