import Foundation
import OutpostSandbox
import Testing

/// A client of the sandbox's rpp service speaking as the connector will: Firebase Auth REST
/// (camelCase JSON in, `?key=`), the Secure Token refresh (a form), and the API under
/// `/rpp/v1` with `Authorization: Bearer <idToken>`.
struct RPPClient {
  let client: SandboxClient
  var apiKey = SandboxRPPConfiguration.defaultAPIKey

  init(_ server: SandboxServer) { client = SandboxClient(server) }

  func signInReply(email: String = RPPSeed.agent, password: String = RPPSeed.password) async throws -> Reply {
    try await client.send(
      "POST", "/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=\(apiKey)",
      body: #"{"email":"\#(email)","password":"\#(password)","returnSecureToken":true}"#,
      contentType: "application/json")
  }

  func signIn(email: String = RPPSeed.agent, password: String = RPPSeed.password) async throws -> RPPSession {
    let reply = try await signInReply(email: email, password: password)
    #expect(reply.status == 200, "\(reply.body)")
    let object = try reply.jsonObject()
    return RPPSession(
      idToken: try #require(object["idToken"] as? String), refreshToken: try #require(object["refreshToken"] as? String)
    )
  }

  func refresh(_ token: String) async throws -> Reply {
    try await client.send(
      "POST", "/securetoken.googleapis.com/v1/token?key=\(apiKey)",
      body: formEncode([("grant_type", "refresh_token"), ("refresh_token", token)]),
      contentType: "application/x-www-form-urlencoded")
  }

  /// A call under `/rpp/v1`; `json` goes as the body.
  func api(
    _ method: String, _ path: String, token: String?, json: String? = nil,
    headers extra: [(name: String, value: String)] = []
  ) async throws -> Reply {
    var headers = extra
    if let token { headers.append((name: "Authorization", value: "Bearer \(token)")) }
    return try await client.send(
      method, "/rpp/v1" + path, body: json, contentType: json == nil ? nil : "application/json", headers: headers)
  }

  /// `POST /__admin/mutate {"service":"rpp","op":op, …fields}`; the JSON answer.
  @discardableResult
  func admin(_ op: String, _ fields: String = "") async throws -> [String: Any] {
    let reply = try await client.postJSON(
      "/__admin/mutate", #"{"service":"rpp","op":"\#(op)"\#(fields.isEmpty ? "" : "," + fields)}"#)
    #expect(reply.status == 200, "\(op): \(reply.body)")
    return try reply.jsonObject()
  }

  func state() async throws -> [String: Any] {
    try await client.get("/__admin/state?service=rpp").jsonObject()
  }
}

struct RPPSession {
  var idToken: String
  var refreshToken: String
}

extension Reply {
  /// `error.code` of the RPP envelope.
  var rppCode: String? {
    ((try? jsonObject())?["error"] as? [String: Any])?["code"] as? String
  }

  /// `error.message` of Google's error body.
  var googleMessage: String? {
    ((try? jsonObject())?["error"] as? [String: Any])?["message"] as? String
  }

  var rppDetails: [String: Any] {
    (((try? jsonObject())?["error"] as? [String: Any])?["details"] as? [String: Any]) ?? [:]
  }

  var items: [[String: Any]] { ((try? jsonObject())?["items"] as? [[String: Any]]) ?? [] }
}

/// The claims of a JWT, decoded without checking anything.
func jwtPart(_ token: String, _ index: Int) throws -> [String: Any] {
  var text = String(token.split(separator: ".", omittingEmptySubsequences: false)[index])
    .replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
  text += String(repeating: "=", count: (4 - text.count % 4) % 4)
  let data = try #require(Data(base64Encoded: text))
  return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// A sandbox with only the rpp service, a manual clock and a pinned reference date, so the
/// seeded world is the same on every run.
func withRPPSandbox(
  _ configuration: SandboxConfiguration = rppConfiguration(),
  _ body: (SandboxServer, RPPClient) async throws -> Void
) async throws {
  try await withSandbox(configuration) { server, _ in try await body(server, RPPClient(server)) }
}

func rppConfiguration(_ rpp: SandboxRPPConfiguration = SandboxRPPConfiguration()) -> SandboxConfiguration {
  var configuration = SandboxConfiguration(referenceDate: rppReferenceDate, services: [.rpp])
  configuration.manualClock = true
  configuration.rpp = rpp
  return configuration
}

/// 2027-02-20T18:00:00Z, 10:00 in Los Angeles (PST), three weeks before it switches to PDT.
let rppReferenceDate = Date(timeIntervalSince1970: 1_803_146_400)

/// A fresh Idempotency-Key.
func idempotencyKey() -> (name: String, value: String) { (name: "Idempotency-Key", value: UUID().uuidString) }
