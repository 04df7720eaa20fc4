import ArgumentParser
import Foundation
import OutpostSandbox

@main
struct SandboxCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outpost-sandbox",
    abstract:
      "Serve fake upstream services (VolleyManager, Supabase projects for tasks, ViiRaa and Agility, Keycloak, RPP, Agile Network GraphQL gateway) on loopback, for tests and demos.",
    discussion: SandboxHelp.discussion)

  @Option(help: "The address to listen on.")
  var host = "127.0.0.1"

  @Option(help: "The port to listen on; 0 picks a free one (read it from the first line of output).")
  var port = 0

  @Option(
    name: .customLong("user"),
    help: ArgumentHelp(
      "A VolleyManager account, repeatable. Replaces the demo accounts; each referees for SV and SVRZ.",
      valueName: "name:password"))
  var users: [String] = []

  @Option(
    name: .customLong("session-lifetime"),
    help: ArgumentHelp("How long a session lives after login; using it does not extend it.", valueName: "seconds"))
  var sessionLifetime: Double = 1800

  @Option(name: .customLong("latency-ms"), help: "Delay added before every /api reply, in milliseconds.")
  var latencyMilliseconds = 0

  @Option(name: .customLong("error-rate"), help: "Fraction (0 to 1) of /api requests answered 503.")
  var errorRate: Double = 0

  @Option(help: "Fraction (0 to 1) of /api list replies cut short into invalid JSON.")
  var malformedRate: Double = 0

  @Option(help: ArgumentHelp("Answer every Nth /api request 429 with Retry-After: 2; 0 is off.", valueName: "n"))
  var rateLimitEvery = 0

  @Option(help: "Seed for the generated data and the random errors, so a run can be repeated.")
  var seed: UInt64 = 1

  @Option(
    name: .customLong("assignments"),
    help: ArgumentHelp("Assignments per user and association (at most 20000).", valueName: "n"))
  var assignmentsPerAssociation = 25

  @Option(
    help: ArgumentHelp(
      "Pretend the sandbox started at this instant (ISO 8601, e.g. 2026-01-15T12:00:00Z) for reproducible data.",
      valueName: "date"))
  var referenceDate: String?

  @Flag(
    help: """
      Let the sandbox's clock move only when advanced (POST /__admin/clock): lifetimes and \
      intervals then do not run out on their own, however slow the machine.
      """)
  var manualClock = false

  @Option(help: "How a wrong password is answered: the login page with an error snackbar, or a 303 to /login.")
  var loginFailureStyle: FailureStyle = .snackbar

  @Option(help: "The status /api answers for a missing or expired session: 406, 401 or 403.")
  var staleSessionStatus = 406

  @Option(
    name: .customLong("service"),
    help: ArgumentHelp(
      "A service to mount, repeatable: volleymanager (at /), tasks (at /tasks), keycloak (at /keycloak), rpp (at /rpp/v1 and the Firebase hosts), viiraa (at /viiraa), agility (at /agility), agilenetwork (at /agile). All of them if not given.",
      valueName: "name"))
  var services: [SandboxServiceName] = []

  @Option(name: .customLong("tasks-api-key"), help: "The apikey every tasks request must carry.")
  var tasksAPIKey = SandboxTasksConfiguration.defaultAPIKey

  @Option(
    name: .customLong("tasks-user"),
    help: ArgumentHelp("A tasks account, repeatable. Replaces the demo account.", valueName: "email:password"))
  var tasksUsers: [String] = []

  @Option(
    name: .customLong("tasks-token-lifetime"),
    help: ArgumentHelp("Seconds a tasks access token lives (at least 5).", valueName: "seconds"))
  var tasksTokenLifetime = 3600

  @Option(
    name: .customLong("tasks-reuse-interval"),
    help: ArgumentHelp("Seconds a revoked tasks refresh token is still accepted.", valueName: "seconds"))
  var tasksReuseInterval: Double = 10

  @Option(name: .customLong("tasks-per-user"), help: ArgumentHelp("Seeded tasks per user.", valueName: "n"))
  var tasksPerUser = 8

  @Option(
    name: .customLong("keycloak-poll-interval"),
    help: ArgumentHelp("Seconds between device-code polls Keycloak asks for (0 to 60).", valueName: "seconds"))
  var keycloakPollInterval = 5

  @Option(
    name: .customLong("keycloak-token-lifespan"),
    help: ArgumentHelp("Seconds a Keycloak access token lives.", valueName: "seconds"))
  var keycloakTokenLifespan = 300

  @Option(
    name: .customLong("keycloak-browser-login"),
    help: "What the browser meets at Keycloak: the login form, an approval at once (a signed-in browser), or a cancel.")
  var keycloakBrowserLogin: SandboxKeycloakBrowserLogin = .form

  @Flag(name: .customLong("keycloak-legacy-paths"), help: "Serve Keycloak under /keycloak/auth, as before v17.")
  var keycloakLegacyPaths = false

  @Option(name: .customLong("rpp-api-key"), help: "The Firebase Web API key every rpp auth call must carry as ?key=.")
  var rppAPIKey = SandboxRPPConfiguration.defaultAPIKey

  @Option(
    name: .customLong("rpp-token-lifetime"),
    help: ArgumentHelp("Seconds an rpp ID token lives (expiresIn; at least 5).", valueName: "seconds"))
  var rppTokenLifetime = 3600

  @Flag(
    name: .customLong("rpp-rotate-refresh-tokens"),
    help: "Hand out a new rpp refresh token on every refresh (the old one then fails); Firebase keeps it.")
  var rppRotateRefreshTokens = false

  @Option(
    name: .customLong("viiraa-history-days"),
    help: ArgumentHelp("Days of generated viiraa history (CGM, weight, activity) before the start.", valueName: "days"))
  var viiraaHistoryDays = 35

  @Option(
    name: .customLong("viiraa-time-zone"),
    help: ArgumentHelp(
      "The viiraa demo users' time zone instead of their own (an IANA name such as Asia/Tokyo).", valueName: "zone"))
  var viiraaTimeZone: String?

  @Flag(
    name: .customLong("in-memory-supabase"),
    help:
      "Serve the viiraa and agility tables from the sandbox's in-memory model instead of a throw-away PostgreSQL (the default, with contrib/supabase/*.sql: RLS, constraints and triggers are the database's). For a machine without PostgreSQL; less strict than a real project."
  )
  var inMemorySupabase = false

  // Accepted for scripts written when PostgreSQL was opt-in; it is the default now.
  @Flag(name: .customLong("viiraa-postgres"), help: .hidden) var viiraaPostgres = false
  @Flag(name: .customLong("agility-postgres"), help: .hidden) var agilityPostgres = false

  @Option(
    name: .customLong("agility-token-lifetime"),
    help: ArgumentHelp(
      "Seconds an agility access token lives (at least 5; Agility's 15-minute sessions).", valueName: "seconds"))
  var agilityTokenLifetime = 900

  @Flag(
    name: .customLong("agility-overdue-job"),
    help: "Start with agility's nightly overdue job on (it stores 'overdue' at each local midnight); off by default.")
  var agilityOverdueJob = false

  @Option(
    name: .customLong("agile-rate-limit"),
    help: ArgumentHelp(
      "Requests a minute per access token at the agilenetwork gateway before 429 (0: no limit).",
      valueName: "requests"))
  var agileRateLimit = 600

  @Flag(
    name: .customLong("print-presets"),
    help: ArgumentHelp(
      "Print what Outpost needs to reach a sandbox at --host and --port (account add flags, config.toml brands) and exit.",
      discussion: "Outpost ships no sandbox address or key as a default; the demo and the tests take them from here."))
  var printPresets = false

  @Flag(help: "Log one line per request to stderr (method, path, status; never bodies or cookies).")
  var verbose = false

  enum FailureStyle: String, ExpressibleByArgument, CaseIterable {
    case snackbar
    case redirect
  }

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535") }
    if let zone = viiraaTimeZone, TimeZone(identifier: zone) == nil {
      throw ValidationError("--viiraa-time-zone \(zone) is not a time zone (an IANA name such as Europe/Zurich)")
    }
    guard sessionLifetime > 0 && sessionLifetime.isFinite else {
      throw ValidationError("--session-lifetime must be a positive number of seconds")
    }
    guard (0...60_000).contains(latencyMilliseconds) else { throw ValidationError("--latency-ms must be 0…60000") }
    guard (0...1).contains(errorRate) else { throw ValidationError("--error-rate must be between 0 and 1") }
    guard (0...1).contains(malformedRate) else { throw ValidationError("--malformed-rate must be between 0 and 1") }
    guard rateLimitEvery >= 0 else { throw ValidationError("--rate-limit-every must be 0 (off) or more") }
    guard (0...20_000).contains(assignmentsPerAssociation) else {
      throw ValidationError("--assignments must be 0…20000")
    }
    _ = try parsedReferenceDate()
    guard [401, 403, 406].contains(staleSessionStatus) else {
      throw ValidationError("--stale-session-status must be 401, 403 or 406")
    }
    _ = try parsedUsers()
    guard tasksTokenLifetime >= SandboxTasksConfiguration.minimumAccessTokenLifetimeSeconds,
      tasksTokenLifetime <= SandboxTasksConfiguration.maximumAccessTokenLifetimeSeconds
    else { throw ValidationError("--tasks-token-lifetime must be 5…31536000") }
    guard (0...SandboxTasksConfiguration.maximumReuseIntervalSeconds).contains(tasksReuseInterval) else {
      throw ValidationError("--tasks-reuse-interval must be 0…86400")
    }
    guard (0...SandboxTasksConfiguration.maximumTasksPerUser).contains(tasksPerUser) else {
      throw ValidationError("--tasks-per-user must be 0…1000")
    }
    guard !tasksAPIKey.isEmpty else { throw ValidationError("--tasks-api-key must not be empty") }
    _ = try parsedTasksUsers()
    guard SandboxKeycloakSettings.intervals.contains(keycloakPollInterval) else {
      throw ValidationError("--keycloak-poll-interval must be 0…60")
    }
    guard SandboxKeycloakSettings.lifetimes.contains(keycloakTokenLifespan) else {
      throw ValidationError("--keycloak-token-lifespan must be 1…31536000")
    }
    guard SandboxRPPConfiguration.lifetimes.contains(rppTokenLifetime) else {
      throw ValidationError("--rpp-token-lifetime must be 5…31536000")
    }
    guard !rppAPIKey.isEmpty else { throw ValidationError("--rpp-api-key must not be empty") }
  }

  func parsedTasksUsers() throws -> [SandboxTasksUser] {
    try tasksUsers.map { entry in
      guard let colon = entry.firstIndex(of: ":"), colon != entry.startIndex,
        entry.index(after: colon) != entry.endIndex
      else { throw ValidationError("--tasks-user takes email:password, neither empty") }
      return SandboxTasksUser(email: String(entry[..<colon]), password: String(entry[entry.index(after: colon)...]))
    }
  }

  /// `name:password`, split at the first colon so passwords may contain colons.
  func parsedUsers() throws -> [SandboxUser] {
    try users.map { entry in
      guard let colon = entry.firstIndex(of: ":") else {
        throw ValidationError("--user takes name:password (got no colon)")
      }
      let name = String(entry[..<colon])
      let password = String(entry[entry.index(after: colon)...])
      guard !name.isEmpty, !password.isEmpty else {
        throw ValidationError("--user takes name:password, neither may be empty")
      }
      return SandboxUser(username: name, password: password)
    }
  }

  func parsedReferenceDate() throws -> Date? {
    guard let referenceDate else { return nil }
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: referenceDate) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    guard let date = formatter.date(from: referenceDate) else {
      throw ValidationError("--reference-date takes an ISO 8601 date-time such as 2026-01-15T12:00:00Z")
    }
    return date
  }

  func run() async throws {
    if printPresets {
      guard port != 0 else { throw ValidationError("--print-presets needs the sandbox's --port") }
      let presets = SandboxPresets(baseURL: "http://\(host):\(port)", tasksAPIKey: tasksAPIKey, rppAPIKey: rppAPIKey)
      FileHandle.standardOutput.write(Data(presets.text.utf8))
      if presets.brands.isEmpty {
        FileHandle.standardError.write(
          Data(
            ("outpost-sandbox: no Agile Network brands: share/outpost/presets.toml was not found; "
              + "set OUTPOST_PRESETS=FILE\n").utf8))
      }
      return
    }
    var configuration = SandboxConfiguration(
      host: host, port: port, sessionLifetimeSeconds: sessionLifetime, latencyMilliseconds: latencyMilliseconds,
      errorRate: errorRate, seed: seed, loginFailureStyle: loginFailureStyle == .redirect ? .redirect : .snackbar,
      staleSessionStatus: staleSessionStatus, rateLimitEvery: rateLimitEvery, malformedRate: malformedRate,
      assignmentsPerAssociation: assignmentsPerAssociation, referenceDate: try parsedReferenceDate())
    let users = try parsedUsers()
    if !users.isEmpty { configuration.users = users }
    if !services.isEmpty { configuration.services = Set(services) }
    configuration.manualClock = manualClock
    configuration.tasks = SandboxTasksConfiguration(
      apiKey: tasksAPIKey, accessTokenLifetimeSeconds: tasksTokenLifetime, reuseIntervalSeconds: tasksReuseInterval,
      tasksPerUser: tasksPerUser)
    let tasksUsers = try parsedTasksUsers()
    if !tasksUsers.isEmpty { configuration.tasks.users = tasksUsers }
    configuration.keycloak.settings.devicePollInterval = keycloakPollInterval
    configuration.keycloak.settings.accessTokenLifespan = keycloakTokenLifespan
    configuration.keycloak.settings.browserLogin = keycloakBrowserLogin
    configuration.keycloak.legacyAuthPath = keycloakLegacyPaths
    configuration.rpp = SandboxRPPConfiguration(
      apiKey: rppAPIKey, idTokenLifetimeSeconds: rppTokenLifetime, rotateRefreshTokens: rppRotateRefreshTokens)
    configuration.viiraa.historyDays = max(1, viiraaHistoryDays)
    configuration.viiraa.timeZone = viiraaTimeZone
    configuration.tasks.postgres = !inMemorySupabase
    configuration.viiraa.postgres = !inMemorySupabase
    configuration.agility.postgres = !inMemorySupabase
    configuration.agility.accessTokenLifetimeSeconds = agilityTokenLifetime
    configuration.agility.overdueJobEnabled = agilityOverdueJob
    configuration.agileNetwork.rateLimitPerMinute = max(0, agileRateLimit)
    if verbose {
      configuration.requestLogger = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
    }
    let onPostgres =
      !inMemorySupabase && !configuration.services.isDisjoint(with: SandboxConfiguration.projectsOnPostgres)
    if onPostgres, let missing = SandboxServer.postgresMissing() {
      throw ValidationError("\(missing); or pass --in-memory-supabase")
    }
    let server = try await SandboxServer.start(configuration)
    // FileHandle writes straight to the descriptor (no stdio buffer), so a script reading the
    // pipe sees the lines at once. One write for all lines: a reader that stops after the first
    // line and closes the pipe must not turn the rest into a SIGPIPE.
    let lines =
      ["outpost-sandbox listening on \(server.baseURL)"]
      + server.services.map { "  \($0.rawValue) \(server.url(for: $0))" }
    FileHandle.standardOutput.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    let signal = await ShutdownSignal.wait()
    if verbose { FileHandle.standardError.write(Data("outpost-sandbox: signal \(signal), stopping\n".utf8)) }
    try await server.stop()
  }
}

extension SandboxServiceName: ExpressibleByArgument {}
extension SandboxKeycloakBrowserLogin: ExpressibleByArgument {}
