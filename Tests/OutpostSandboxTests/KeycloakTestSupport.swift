import Foundation
import OutpostSandbox
import Testing

/// A client of the sandbox's Keycloak speaking as a native public client does: forms in, JSON
/// out, the realm `the-agile-network` and its desktop client.
struct KeycloakClient {
  let client: SandboxClient
  var realm = "the-agile-network"
  var clientID = "the-agile-network-desktop"

  init(_ server: SandboxServer) { client = SandboxClient(server) }

  var realmPath: String { "/keycloak/realms/\(realm)" }
  var protocolPath: String { realmPath + "/protocol/openid-connect" }

  /// RFC 7636 appendix B: a verifier and its S256 challenge, computed by the RFC's authors.
  static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
  static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
  static let redirect = "http://127.0.0.1:53682/callback"

  func form(_ path: String, _ fields: [(String, String)]) async throws -> Reply {
    try await client.send(
      "POST", path, body: formEncode(fields), contentType: "application/x-www-form-urlencoded")
  }

  func token(_ fields: [(String, String)]) async throws -> Reply {
    try await form(protocolPath + "/token", [("client_id", clientID)] + fields)
  }

  /// `GET …/auth` with the given query (defaults: a complete PKCE request).
  func authorize(_ overrides: [(String, String?)] = []) async throws -> Reply {
    var fields: [(String, String?)] = [
      ("response_type", "code"), ("client_id", clientID), ("redirect_uri", Self.redirect),
      ("scope", "openid offline_access"), ("state", "st4te"), ("nonce", "n0nce"),
      ("code_challenge", Self.challenge), ("code_challenge_method", "S256"),
    ]
    for (name, value) in overrides {
      fields.removeAll { $0.0 == name }
      if let value { fields.append((name, value)) }
    }
    return try await client.get(protocolPath + "/auth?" + formEncode(fields.compactMap { n, v in v.map { (n, $0) } }))
  }

  /// The whole browser sign-in through the login form; returns the code of the redirect.
  func code(username: String = SandboxKeycloakUser.demo.username, password: String = SandboxKeycloakUser.demo.password)
    async throws -> String
  {
    let page = try await authorize()
    #expect(page.status == 200)
    let action = try #require(page.body.firstMatch(of: /action="([^"]*)"/)).1
    let reply = try await form(
      decodeEntities(String(action)), [("username", username), ("password", password), ("login", "Sign In")])
    #expect(reply.status == 302, "\(reply.body)")
    let location = try #require(reply.header("location"))
    return try #require(Self.query(location)["code"])
  }

  func exchange(_ code: String, verifier: String? = Self.verifier, redirect: String = Self.redirect) async throws
    -> Reply
  {
    var fields = [("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect)]
    if let verifier { fields.append(("code_verifier", verifier)) }
    return try await token(fields)
  }

  func refresh(_ token: String) async throws -> Reply {
    try await self.token([("grant_type", "refresh_token"), ("refresh_token", token)])
  }

  func deviceAuthorization() async throws -> [String: Any] {
    let reply = try await form(
      protocolPath + "/auth/device", [("client_id", clientID), ("scope", "openid offline_access")])
    #expect(reply.status == 200, "\(reply.body)")
    return try reply.jsonObject()
  }

  func poll(_ deviceCode: String) async throws -> Reply {
    try await token([("grant_type", "urn:ietf:params:oauth:grant-type:device_code"), ("device_code", deviceCode)])
  }

  func userinfo(_ accessToken: String) async throws -> Reply {
    try await client.send(
      "GET", protocolPath + "/userinfo", headers: [(name: "Authorization", value: "Bearer \(accessToken)")])
  }

  func admin(_ body: String) async throws -> Reply {
    try await client.postJSON("/__admin/mutate", body)
  }

  static func query(_ url: String) -> [String: String] {
    let pairs = URLComponents(string: url)?.queryItems ?? []
    return Dictionary(pairs.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { first, _ in first })
  }
}

extension Reply {
  /// The OAuth `error` of a refusal.
  var oauthError: String? { (try? jsonObject())?["error"] as? String }

  /// A granted token response's tokens.
  func tokens() throws -> (access: String, refresh: String, object: [String: Any]) {
    let object = try jsonObject()
    return (try #require(object["access_token"] as? String), try #require(object["refresh_token"] as? String), object)
  }
}

/// A sandbox with only Keycloak, with its settings changed as the test needs.
func withKeycloak(
  _ change: (inout SandboxKeycloakSettings) -> Void = { _ in },
  _ body: (SandboxServer, KeycloakClient) async throws -> Void
) async throws {
  var keycloak = SandboxKeycloakConfiguration()
  change(&keycloak.settings)
  // Keycloak's time (polling intervals, lifetimes) moves only when a test advances it: under
  // load, two polls "at once" were once more than 5 s apart on the wall clock.
  var configuration = SandboxConfiguration(services: [.keycloak], keycloak: keycloak)
  configuration.manualClock = true
  try await withSandbox(configuration) { server, _ in
    try await body(server, KeycloakClient(server))
  }
}
