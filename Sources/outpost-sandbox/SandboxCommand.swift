import ArgumentParser
import Foundation
import OutpostSandbox

@main
struct SandboxCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outpost-sandbox",
    abstract: "Serve a fake VolleyManager over HTTP on loopback, for tests and demos.",
    discussion: """
      outpost-sandbox imitates VolleyManager (volleymanager.volleyball.ch) closely \
      enough to test a real client against it: the login page with its hidden form \
      tokens, the Neos_Flow_Session cookie that rotates on every login attempt, the \
      dashboard with the CSRF token, the active party and the iCal code, \
      switchRoleAndAttribute (text/plain only), getActiveIndoorSeason, logout, and \
      406 for a stale session. Each user gets seeded data per association (--seed, \
      --assignments): games from 60 days back to 8 months ahead, some cancelled, \
      moved or validated, compensations, and an exchange board.

      Data endpoints (session cookie and __csrfToken in the form body; lists are
      scoped to the active association; under /api/indoorvolleyball.refadmin/api%5C):
        POST refereeconvocation/searchMyRefereeConvocations    assignments
        POST refereeconvocationcompensation/search             compensations
        PUT  convocationcompensation                           edit distance/reason
        POST refereegameexchange/search      empty without a date-range filter
        PUT  refereegameexchange/pickFromRefereeGameExchange
        POST refereeconvocation/putRefereeConvocationIntoRefereeGameExchange
        POST refereeconvocation/deleteFromRefereeGameExchange
      searchConfiguration[offset]/[limit] page the lists (limit 10 if absent, at
      most 100). The iCal feed needs no session and spans all associations:
        GET  /indoor/iCal/referee/<code>     ETag/Last-Modified, 304 when unchanged

      On start it prints one line to stdout, then serves until SIGTERM or SIGINT:
        outpost-sandbox listening on http://127.0.0.1:PORT

      Demo accounts (used unless --user is given):
        referee@example.ch    demo-referee-2026    Lena Graf, SV and SVRZ
        twofactor@example.ch  demo-twofactor-2026  stops at the second factor

      Admin endpoints, JSON in and out. They are never delayed, never fail at
      random and never count as API requests.
        GET  /__sandbox/volleymanager/stats
             {"logins":n,"failedLogins":n,"activeSessions":n,"apiRequests":n,
              "staleSessionReplies":n,"rateLimitedReplies":n,"malformedReplies":n}
        POST /__sandbox/volleymanager/users
             {"username":"…","password":"…","twoFactor":false} creates the
             user or changes its password; open sessions stay valid until
             they expire
        POST /__sandbox/volleymanager/expire-sessions
             every session is stale from now on
        GET  /__sandbox/volleymanager/config
        POST /__sandbox/volleymanager/config
             any of {"sessionLifetimeSeconds":1800,"latencyMilliseconds":0,
             "errorRate":0,"loginFailureStyle":"snackbar" or "redirect",
             "staleSessionStatus":406,"rateLimitEvery":0,"malformedRate":0}
        POST /__sandbox/volleymanager/games/move
             {"number":380006,"startingDateTime":"2026-12-05T18:00:00Z"}
        POST /__sandbox/volleymanager/games/cancel      {"number":380006}
        POST /__sandbox/volleymanager/exchanges/take    {"__identity":"…"}
             another referee applies for an open board entry
        GET  /__sandbox/volleymanager/data?username=…
             the user's assignments, exchanges and compensations as held now

      Example:
        outpost-sandbox --port 8089 --latency-ms 150 --error-rate 0.05
        outpost-sandbox --assignments 2000 --rate-limit-every 50
        curl -s http://127.0.0.1:8089/__sandbox/volleymanager/stats
      """)

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

  @Option(help: "How a wrong password is answered: the login page with an error snackbar, or a 303 to /login.")
  var loginFailureStyle: FailureStyle = .snackbar

  @Option(help: "The status /api answers for a missing or expired session: 406, 401 or 403.")
  var staleSessionStatus = 406

  @Flag(help: "Log one line per request to stderr (method, path, status; never bodies or cookies).")
  var verbose = false

  enum FailureStyle: String, ExpressibleByArgument, CaseIterable {
    case snackbar
    case redirect
  }

  func validate() throws {
    guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0…65535") }
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
    var configuration = SandboxConfiguration(
      host: host, port: port, sessionLifetimeSeconds: sessionLifetime, latencyMilliseconds: latencyMilliseconds,
      errorRate: errorRate, seed: seed, loginFailureStyle: loginFailureStyle == .redirect ? .redirect : .snackbar,
      staleSessionStatus: staleSessionStatus, rateLimitEvery: rateLimitEvery, malformedRate: malformedRate,
      assignmentsPerAssociation: assignmentsPerAssociation, referenceDate: try parsedReferenceDate())
    let users = try parsedUsers()
    if !users.isEmpty { configuration.users = users }
    if verbose {
      configuration.requestLogger = { line in FileHandle.standardError.write(Data("\(line)\n".utf8)) }
    }
    let server = try await SandboxServer.start(configuration)
    // FileHandle writes straight to the descriptor (no stdio buffer), so a script reading the
    // pipe sees the line at once.
    FileHandle.standardOutput.write(Data("outpost-sandbox listening on \(server.baseURL)\n".utf8))
    let signal = await ShutdownSignal.wait()
    if verbose { FileHandle.standardError.write(Data("outpost-sandbox: signal \(signal), stopping\n".utf8)) }
    try await server.stop()
  }
}
