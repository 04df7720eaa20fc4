import Foundation

/// How a sandbox behaves. Everything has a default, so `SandboxConfiguration()` gives the demo
/// set-up: every service, the demo users, a 30-minute session lifetime, no latency and no
/// injected errors. The VolleyManager settings sit at the top level (it came first); other
/// services have their own nested settings.
public struct SandboxConfiguration: Sendable {
  /// Where to listen. Loopback by default: the sandbox has no authentication of its own.
  public var host: String
  /// 0 lets the kernel pick a free port; read it back from `SandboxServer.port`.
  public var port: Int
  /// The services to mount; the others answer 404 (their paths fall through to nothing).
  public var services: Set<SandboxServiceName>
  /// The Supabase projects that keep their tables on PostgreSQL (unless their configuration's
  /// `postgres` is false): one line per project, for what must know whether PostgreSQL is needed.
  public static let projectsOnPostgres: Set<SandboxServiceName> = [.tasks, .viiraa, .agility]
  /// The VolleyManager accounts.
  public var users: [SandboxUser]
  /// Absolute lifetime of a session, counted from its creation (for a logged-in session: from the
  /// login). Using a session does not extend it. The real value is unknown upstream, so clients
  /// must cope with any.
  public var sessionLifetimeSeconds: Double
  /// Added before every `/api/…` reply (admin paths are never delayed).
  public var latencyMilliseconds: Int
  /// Fraction (0…1) of `/api/…` requests answered 503, drawn from an RNG seeded with `seed`, so a
  /// run is reproducible.
  public var errorRate: Double
  /// Every Nth `/api/…` request is answered 429 with `Retry-After: 2`; 0 (the default) never.
  public var rateLimitEvery: Int
  /// Fraction (0…1) of `/api/…` list replies (the three searches) cut short into invalid JSON,
  /// drawn from the seeded RNG.
  public var malformedRate: Double
  /// Seeds the injected errors and all generated data (games, people, identities).
  public var seed: UInt64
  /// How many assignments each user gets in each association (exchange-board entries and
  /// compensations scale with it). The benchmark asks for thousands.
  public var assignmentsPerAssociation: Int
  /// The instant the sandbox pretends it was started at; nil for the real clock. Data is laid
  /// out around midnight UTC of this day, so the same seed on the same day gives the same data;
  /// pin it for byte-identical replies on any day.
  public var referenceDate: Date?
  /// The upstream documentation disagrees about how a failed login looks; clients must handle both.
  public var loginFailureStyle: LoginFailureStyle
  /// What `/api/…` answers for a missing or expired session: 406 (the usual), 401 or 403.
  public var staleSessionStatus: Int
  /// Called once per handled request with a one-line summary (method, path, status, duration).
  /// Never contains bodies, query strings or cookies, so no password or token leaks into a log.
  public var requestLogger: (@Sendable (String) -> Void)?
  /// The "tasks" service (a fake Supabase project under `/tasks`).
  public var tasks: SandboxTasksConfiguration
  /// When true the sandbox's clock moves only when advanced (`advanceClock`, `/__admin/clock`),
  /// by one microsecond per reading besides, so stamps stay strictly ordered: tests of
  /// lifetimes and intervals then hold on a machine too loaded to keep wall-clock promises.
  public var manualClock = false
  /// The "keycloak" service (a Keycloak stand-in under `/keycloak`).
  public var keycloak: SandboxKeycloakConfiguration
  /// The "rpp" service (RPP's client API under `/rpp/v1` behind a Firebase Auth stand-in).
  public var rpp = SandboxRPPConfiguration()
  /// The "viiraa" project (a fake Supabase project under `/viiraa`).
  public var viiraa = SandboxViiRaaConfiguration()
  /// The "agility" project (a fake Supabase project under `/agility`).
  public var agility = SandboxAgilityConfiguration()
  /// The "agilenetwork" GraphQL gateway (under `/agile`), one brand per Keycloak realm.
  public var agileNetwork = SandboxAgileNetworkConfiguration()

  public init(
    host: String = "127.0.0.1",
    port: Int = 0,
    users: [SandboxUser] = SandboxUser.demoUsers,
    sessionLifetimeSeconds: Double = 1800,
    latencyMilliseconds: Int = 0,
    errorRate: Double = 0,
    seed: UInt64 = 1,
    loginFailureStyle: LoginFailureStyle = .snackbar,
    staleSessionStatus: Int = 406,
    rateLimitEvery: Int = 0,
    malformedRate: Double = 0,
    assignmentsPerAssociation: Int = 25,
    referenceDate: Date? = nil,
    requestLogger: (@Sendable (String) -> Void)? = nil,
    services: Set<SandboxServiceName> = Set(SandboxServiceName.allCases),
    tasks: SandboxTasksConfiguration = SandboxTasksConfiguration(),
    keycloak: SandboxKeycloakConfiguration = SandboxKeycloakConfiguration()
  ) {
    self.host = host
    self.port = port
    self.users = users
    self.sessionLifetimeSeconds = sessionLifetimeSeconds
    self.latencyMilliseconds = latencyMilliseconds
    self.errorRate = errorRate
    self.seed = seed
    self.loginFailureStyle = loginFailureStyle
    self.staleSessionStatus = staleSessionStatus
    self.rateLimitEvery = rateLimitEvery
    self.malformedRate = malformedRate
    self.assignmentsPerAssociation = assignmentsPerAssociation
    self.referenceDate = referenceDate
    self.requestLogger = requestLogger
    self.services = services
    self.tasks = tasks
    self.keycloak = keycloak
  }
}

/// The two ways VolleyManager is documented to answer a wrong password.
public enum LoginFailureStyle: String, Sendable, CaseIterable, Codable {
  /// 200 with the login page again, holding an error `<v-snackbar>` (the HAR capture).
  case snackbar
  /// 303 back to `/login` (the OpenAPI prose).
  case redirect
}

/// A VolleyManager account. Passwords are kept in memory only and never logged.
public struct SandboxUser: Sendable {
  public var username: String
  public var password: String
  public var displayName: String
  /// A two-factor account: the right password leads to a second-factor form that this flow (like
  /// VolleyKit's) cannot complete.
  public var twoFactor: Bool
  /// The associations the user referees for; each becomes one switchable "occupation".
  public var associations: [SandboxAssociation]

  public init(
    username: String, password: String, displayName: String, twoFactor: Bool = false,
    associations: [SandboxAssociation] = SandboxAssociation.demo
  ) {
    self.username = username
    self.password = password
    self.displayName = displayName
    self.twoFactor = twoFactor
    self.associations = associations
  }

  /// A user created through `--user` or the admin endpoint: a display name made from the part of
  /// the username before "@" ("max.muster@…" becomes "Max Muster"), and the demo associations.
  public init(username: String, password: String, twoFactor: Bool = false) {
    let local = username.split(separator: "@").first.map(String.init) ?? username
    let words = local.split(whereSeparator: { $0 == "." || $0 == "_" || $0 == "-" })
    let name = words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
    self.init(
      username: username, password: password, displayName: name.isEmpty ? username : name, twoFactor: twoFactor)
  }

  /// The demo referee, who referees nationally and in Zürich.
  public static let demo = SandboxUser(
    username: "referee@example.ch", password: "demo-referee-2026", displayName: "Lena Graf")

  /// A two-factor account, for testing that clients give up cleanly.
  public static let demoTwoFactor = SandboxUser(
    username: "twofactor@example.ch", password: "demo-twofactor-2026", displayName: "Tobias Zweifel",
    twoFactor: true)

  /// The users of the default configuration.
  public static let demoUsers = [demo, demoTwoFactor]
}

/// A Swiss Volley association a referee can act for.
public struct SandboxAssociation: Sendable, Hashable {
  /// The code clients show and deduplicate by, e.g. "SV" or "SVRZ".
  public var shortName: String
  public var name: String
  /// 0 for the national association (Swiss Volley), greater than 0 for a regional one.
  public var originId: Int

  public init(shortName: String, name: String, originId: Int) {
    self.shortName = shortName
    self.name = name
    self.originId = originId
  }

  public static let swissVolley = SandboxAssociation(shortName: "SV", name: "Swiss Volley", originId: 0)
  public static let zurich = SandboxAssociation(
    shortName: "SVRZ", name: "Regionalverband Zürich", originId: 12)
  public static let demo = [swissVolley, zurich]
}
