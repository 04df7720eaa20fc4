import Foundation
import OutpostConnectors
import OutpostSandbox
import Testing

/// One HTTP reply as a test sees it.
struct Reply {
  var status: Int
  var headers: [String: String]
  var body: String
  /// The body as it came, byte for byte.
  var bytes: [UInt8] = []

  /// Case-insensitive header lookup. Repeated headers (Set-Cookie) arrive joined by ", ".
  func header(_ name: String) -> String? {
    headers.first { $0.key.caseInsensitiveCompare(name) == .orderedSame }?.value
  }

  /// The `Neos_Flow_Session` id this reply sets, if any.
  var sessionCookie: String? {
    guard let header = header("Set-Cookie"),
      let match = header.firstMatch(of: /Neos_Flow_Session=([A-Za-z0-9]*)/)
    else { return nil }
    return String(match.1)
  }

  /// The JSON object in the body (which may be labelled text/html).
  func jsonObject() throws -> [String: Any] {
    try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
  }
}

/// The test suite's one HTTP client: AsyncHTTPClient, which never follows a redirect (tests see
/// every 303) and keeps no cookies (tests hand them over and see them rotate). It lives as long
/// as the test process.
let testTransport = AsyncHTTPTransport(
  options: {
    var options = AsyncHTTPTransport.Options()
    // Long enough never to be what fails: a project's first request starts its PostgreSQL
    // (initdb, the schema), which on a loaded 2-core machine took more than a minute, and a
    // test must not race the clock (issue 54). A reply that never comes still ends the run.
    options.readTimeout = .seconds(600)
    return options
  }())

/// A plain HTTP client, with the cookie handled by hand so tests can see it rotate.
struct SandboxClient {
  let baseURL: String

  init(_ server: SandboxServer) {
    baseURL = server.baseURL
  }

  /// `path` is sent as written, percent-escapes included.
  func send(
    _ method: String, _ path: String, session cookie: String? = nil, body: String? = nil, contentType: String? = nil,
    headers extraHeaders: [(name: String, value: String)] = []
  ) async throws -> Reply {
    var headers: [(name: String, value: String)] = extraHeaders
    if let cookie { headers.append((name: "Cookie", value: "Neos_Flow_Session=\(cookie); language=de")) }
    if let contentType { headers.append((name: "Content-Type", value: contentType)) }
    let reply = try await testTransport.send(
      HTTPRequest(method: method, url: baseURL + path, headers: headers, body: Array((body ?? "").utf8)))
    return Reply(status: reply.status, headers: reply.headers, body: reply.text, bytes: reply.body)
  }

  func get(_ path: String, session cookie: String? = nil) async throws -> Reply {
    try await send("GET", path, session: cookie)
  }

  /// POST with a JSON body, for the admin endpoints.
  func postJSON(_ path: String, _ json: String) async throws -> Reply {
    try await send("POST", path, body: json, contentType: "application/json")
  }

  // MARK: The VolleyManager login flow

  /// GET /login and the hidden fields it carries, the way VolleyKit reads them.
  func loginPage() async throws -> (cookie: String, hidden: [(String, String)]) {
    let reply = try await get("/login")
    let cookie = try #require(reply.sessionCookie)
    let hidden = reply.body.matches(of: /<input type="hidden" name="([^"]*)" value="([^"]*)" \/>/).map {
      (decodeEntities(String($0.1)), decodeEntities(String($0.2)))
    }
    return (cookie, hidden)
  }

  /// The authenticate POST, fully percent-encoded (brackets as %5B %5D) like a browser.
  func authenticate(
    cookie: String?, hidden: [(String, String)], username: String, password: String,
    contentType: String = "application/x-www-form-urlencoded"
  ) async throws -> Reply {
    let token = "__authentication[Neos][Flow][Security][Authentication][Token][UsernamePassword]"
    let fields = hidden + [("\(token)[username]", username), ("\(token)[password]", password)]
    return try await send(
      "POST", "/sportmanager.security/authentication/authenticate", session: cookie,
      body: formEncode(fields), contentType: contentType)
  }

  /// The whole login; returns the logged-in session id.
  func logIn(
    username: String = SandboxUser.demo.username, password: String = SandboxUser.demo.password
  ) async throws -> String {
    let (cookie, hidden) = try await loginPage()
    let reply = try await authenticate(cookie: cookie, hidden: hidden, username: username, password: password)
    #expect(reply.status == 303)
    return try #require(reply.sessionCookie)
  }

  /// The dashboard's CSRF token and decoded active party.
  func dashboard(session cookie: String) async throws -> (csrfToken: String, party: [String: Any], html: String) {
    let reply = try await get("/sportmanager.volleyball/main/dashboard", session: cookie)
    #expect(reply.status == 200)
    let token = try #require(reply.body.firstMatch(of: /data-csrf-token="([^"]*)"/)).1
    let encoded = try #require(
      reply.body.firstMatch(of: /:active-party="\$convertFromBackendToFrontend\(([^"]*)\)"/)
    ).1
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(decodeEntities(String(encoded)).utf8)) as? [String: Any])
    return (String(token), json, reply.body)
  }
}

func formEncode(_ fields: [(String, String)]) -> String {
  var allowed = CharacterSet.alphanumerics
  allowed.insert(charactersIn: "-._~")
  return fields.map { name, value in
    "\(name.addingPercentEncoding(withAllowedCharacters: allowed)!)=\(value.addingPercentEncoding(withAllowedCharacters: allowed)!)"
  }.joined(separator: "&")
}

func decodeEntities(_ text: String) -> String {
  text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#039;", with: "'")
    .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    .replacingOccurrences(of: "&amp;", with: "&")
}

/// Starts a sandbox for one test and stops it afterwards, even when the test fails.
func withSandbox(
  _ configuration: SandboxConfiguration = SandboxConfiguration(),
  _ body: (SandboxServer, SandboxClient) async throws -> Void
) async throws {
  let server = try await SandboxServer.start(configuration)
  do {
    try await body(server, SandboxClient(server))
  } catch {
    try await server.stop()
    throw error
  }
  try await server.stop()
}

let seasonPath = "/api/sportmanager.indoorvolleyball/api%5Cindoorseason/getActiveIndoorSeason"
let switchRolePath = "/api/sportmanager.security/api%5Cparty/switchRoleAndAttribute"
let dashboardPath = "/sportmanager.volleyball/main/dashboard"
