import Foundation
import GRDB
import OutpostConnectors
import OutpostTestSupport

/// A real Glewlwyd (Debian's `glewlwyd`, a C OAuth 2 / OpenID Connect server) on 127.0.0.1, so
/// that Outpost's OIDC client signs in against a provider nobody here wrote. Each server has its
/// own throw-away SQLite database (the package's own schema and seed: an `admin` whose password
/// is `password`), a fresh RS256 key from openssl, and is configured through Glewlwyd's admin
/// API with the JSON in Tests/Support/glewlwyd: a user, a public client and an OIDC plugin
/// instance (PKCE, refresh tokens, device authorization, session management).
/// Started with `ChildProcess` (nothing inherited but the log file), stopped with SIGTERM.
final class GlewlwydServer: @unchecked Sendable {
  static let executable = "/usr/bin/glewlwyd"
  /// The package's SQLite initialisation (dbconfig-common's copy: /usr/share/doc may be
  /// stripped from a minimal image, this path is not).
  static let schema = "/usr/share/dbconfig-common/data/glewlwyd/install/sqlite3"
  static let fixtures = Prerequisites.repositoryRoot + "/Tests/Support/glewlwyd"
  static let installHint = "run contrib/setup.sh (it installs Debian's glewlwyd package)"
  /// The OIDC plugin instance's name, which Outpost's connector takes for the realm.
  static let realm = "outpost-e2e"
  static let clientID = "outpost-desktop"
  static let username = "referee"
  /// With non-ASCII: the login API must carry it as UTF-8.
  static let password = "Pfiff-Zürich-2026"
  static let displayName = "Rita Referee"
  static let adminPassword = "password"

  let directory: TemporaryDirectory
  private(set) var port = 0
  private var process: ChildProcess?

  var baseURL: String { "http://127.0.0.1:\(port)" }
  /// Glewlwyd's API prefix is `realms` (see glewlwyd.conf).
  var api: String { baseURL + "/realms" }
  var issuer: String { "\(api)/\(Self.realm)" }
  var tokenEndpoint: String { issuer + "/token" }
  var userinfoEndpoint: String { issuer + "/userinfo" }
  var logPath: String { directory.file("glewlwyd.log") }

  init() async throws {
    Prerequisites.ensure()
    guard FileManager.default.isExecutableFile(atPath: Self.executable),
      FileManager.default.fileExists(atPath: Self.schema)
    else {
      throw TestFailure("Glewlwyd is not installed (no \(Self.executable)); \(Self.installHint)")
    }
    directory = TemporaryDirectory("glewlwyd")
    try createDatabase()
    try await start()
    do {
      try await configure()
    } catch {
      stop()
      throw error
    }
  }

  deinit { stop() }

  /// SIGTERM, as a server going down.
  func stop() {
    guard let process, process.poll() == nil else { return }
    kill(process.pid, SIGTERM)
    _ = process.wait()
  }

  /// The last lines Glewlwyd logged, for a failure message.
  var logTail: String {
    String(((try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "").suffix(3000))
  }

  // MARK: Starting

  private func createDatabase() throws {
    let script = try String(contentsOfFile: Self.schema, encoding: .utf8)
    let database = try DatabaseQueue(path: directory.file("glewlwyd.db"))
    try database.write { try $0.execute(sql: script) }
    try database.close()
  }

  private func start() async throws {
    let template = try String(contentsOfFile: Self.fixtures + "/glewlwyd.conf", encoding: .utf8)
    // A port picked free can be taken before Glewlwyd binds it: try a few.
    var lastExit: Int32 = 0
    for _ in 0..<3 {
      port = RadicaleServer.freePort()
      let configuration = directory.file("glewlwyd.conf")
      let text = template.replacingOccurrences(of: "@PORT@", with: String(port))
        .replacingOccurrences(of: "@DATABASE@", with: directory.file("glewlwyd.db"))
      try Data(text.utf8).write(to: URL(fileURLWithPath: configuration))
      let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      guard log >= 0 else { throw TestFailure("cannot open \(logPath)") }
      let child = try ChildProcess(
        Self.executable, ["--config-file=\(configuration)"],
        environment: ["PATH": "/usr/bin:/bin", "HOME": directory.path, "LANG": "C.UTF-8"],
        redirections: [1: log, 2: log])
      close(log)
      process = child
      let port = port
      switch await Readiness.waitOffThePool(for: child, until: { Readiness.acceptsTCP(port: port) }) {
      case .ready: return
      case .timedOut:
        kill(child.pid, SIGKILL)
        throw TestFailure("Glewlwyd did not listen on \(baseURL) within 60 s:\n\(logTail)")
      case .exited(let status):
        // Most likely another process took the port first: try the next one.
        lastExit = status
      }
    }
    throw TestFailure("Glewlwyd exited with \(lastExit) before listening, three times:\n\(logTail)")
  }

  // MARK: Configuring, as an administrator would in its admin app

  private func configure() async throws {
    let admin = try await signIn(username: "admin", password: Self.adminPassword)
    try await expectOK(send("POST", "/scope/", json: fixture("scope-offline_access.json"), cookie: admin))
    try await expectOK(send("POST", "/user/", json: fixture("user.json"), cookie: admin))
    try await expectOK(send("POST", "/client/", json: fixture("client.json"), cookie: admin))
    var plugin = try fixture("oidc-plugin.json")
    var parameters = plugin["parameters"] as? [String: Any] ?? [:]
    // openssl runs for a while: on a thread of its own, not the pool.
    let (privateKey, publicKey) = try await blocking { try Self.rsaKeyPair() }
    parameters["iss"] = issuer
    parameters["key"] = privateKey
    parameters["cert"] = publicKey
    plugin["parameters"] = parameters
    try await expectOK(send("POST", "/mod/plugin/", json: plugin, cookie: admin))
    adminCookie = admin
  }

  private var adminCookie = ""

  /// A 2048-bit RSA key for RS256, new for every server.
  private static func rsaKeyPair() throws -> (String, String) {
    let environment = ["PATH": "/usr/bin:/bin"]
    let key = try runCommand(
      "/usr/bin/openssl", ["genpkey", "-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:2048"],
      environment: environment)
    guard key.status == 0, key.stdout.contains("PRIVATE KEY") else {
      throw TestFailure("openssl genpkey failed: \(key.stderr)")
    }
    let certificate = try runCommand(
      "/usr/bin/openssl", ["pkey", "-pubout"], environment: environment, input: key.stdout)
    guard certificate.status == 0, certificate.stdout.contains("PUBLIC KEY") else {
      throw TestFailure("openssl pkey -pubout failed: \(certificate.stderr)")
    }
    return (key.stdout, certificate.stdout)
  }

  private func fixture(_ name: String) throws -> [String: Any] {
    let data = try Data(contentsOf: URL(fileURLWithPath: Self.fixtures + "/" + name))
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw TestFailure("\(name) is not a JSON object")
    }
    return object
  }

  // MARK: The user's side: what Glewlwyd's login page does in the browser

  /// Signs in at Glewlwyd's login API (`POST /auth/`) and returns the session cookie.
  func signIn(username: String = GlewlwydServer.username, password: String = GlewlwydServer.password) async throws
    -> String
  {
    let reply = try await send("POST", "/auth/", json: ["username": username, "password": password])
    try expectOK(reply)
    guard let header = reply.header("set-cookie"), let cookie = header.split(separator: ";").first else {
      throw TestFailure("Glewlwyd set no session cookie when \(username) signed in")
    }
    return String(cookie)
  }

  /// The consent the login page asks for: the user grants the client its scopes.
  func grantScopes(cookie: String, scopes: String = "openid offline_access") async throws {
    try await expectOK(send("PUT", "/auth/grant/\(Self.clientID)", json: ["scope": scopes], cookie: cookie))
  }

  /// The browser at `url` with the user's session, as the login page sends it back once the
  /// user is signed in and has consented (`g_continue`: go on, do not show the login page).
  func browse(_ url: String, cookie: String) async throws -> HTTPResponse {
    try await TestHTTP.transport.send(
      HTTPRequest(
        method: "GET", url: url + (url.contains("?") ? "&" : "?") + "g_continue", headers: [("Cookie", cookie)]))
  }

  /// Glewlwyd 2.7.5 compares a redirect URI with the registered ones exactly, port included:
  /// a loopback redirect on any port (RFC 8252 §7.3) is refused. The administrator registers
  /// the one Outpost's listener got, as a user would have to for each sign-in.
  func allowRedirect(_ uri: String) async throws {
    var client = try fixture("client.json")
    client["redirect_uri"] = [uri]
    try await expectOK(send("PUT", "/client/\(Self.clientID)", json: client, cookie: adminCookie))
  }

  // MARK: The client's side, straight to the endpoints (to check what Outpost did)

  /// A refresh at the token endpoint with `refreshToken`, as any client would send it.
  func refresh(_ refreshToken: SecretString) async throws -> HTTPResponse {
    try await TestHTTP.transport.send(
      HTTPRequest(
        method: "POST", url: tokenEndpoint, headers: [("Content-Type", "application/x-www-form-urlencoded")],
        body: Array(
          FormEncoding.encode([
            ("grant_type", "refresh_token"), ("refresh_token", refreshToken.reveal()), ("client_id", Self.clientID),
          ]).utf8)))
  }

  /// The `sub` Glewlwyd's userinfo endpoint gives for `accessToken`.
  func subject(of accessToken: SecretString) async throws -> String? {
    let reply = try await TestHTTP.transport.send(
      HTTPRequest(method: "GET", url: userinfoEndpoint, headers: [("Authorization", "Bearer \(accessToken.reveal())")]))
    guard reply.status == 200 else { return nil }
    return (try? JSONSerialization.jsonObject(with: Data(reply.body)) as? [String: Any])?["sub"] as? String
  }

  // MARK: HTTP

  func send(_ method: String, _ path: String, json: [String: Any], cookie: String? = nil) async throws
    -> HTTPResponse
  {
    var headers: [(name: String, value: String)] = [("Content-Type", "application/json")]
    if let cookie { headers.append(("Cookie", cookie)) }
    let body = try JSONSerialization.data(withJSONObject: json)
    return try await TestHTTP.transport.send(
      HTTPRequest(method: method, url: api + path, headers: headers, body: Array(body)))
  }

  private func expectOK(_ reply: HTTPResponse) throws {
    guard reply.status == 200 else {
      throw TestFailure("Glewlwyd answered HTTP \(reply.status): \(reply.text)\n\(logTail)")
    }
  }
}
