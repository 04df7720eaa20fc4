import Foundation
import OutpostSandbox
import Testing

/// The brand the gateway tests talk to, with its display name and domain given in the test's
/// configuration (the sandbox's sources never name a brand).
let agileBrand = "the-agile-network"
let agileDomain = "theagilenetwork.com"

/// 2026-02-03T12:00:00Z.
let agileReferenceDate = Date(timeIntervalSince1970: 1_770_120_000)

func agileConfiguration(rateLimit: Int = 600) -> SandboxConfiguration {
  var configuration = SandboxConfiguration(referenceDate: agileReferenceDate, services: [.keycloak, .agilenetwork])
  configuration.manualClock = true
  configuration.agileNetwork = SandboxAgileNetworkConfiguration(
    brands: [agileBrand: SandboxAgileBrandInfo(name: "The Agile Network", domain: agileDomain)],
    rateLimitPerMinute: rateLimit)
  return configuration
}

/// A GraphQL client of one brand's gateway, with an access token of the brand's realm.
struct AgileClient {
  let client: SandboxClient
  let server: SandboxServer
  var brand = agileBrand
  var token: String

  /// `POST /agile/<brand>/graphql`; `variables` is JSON text.
  func post(
    _ query: String?, variables: String? = nil, operationName: String? = nil, extensions: String? = nil,
    accept: String? = "application/graphql-response+json, application/json;q=0.9", token: String? = nil
  ) async throws -> Reply {
    var members: [String] = []
    if let query { members.append(#""query":\#(jsonString(query))"#) }
    if let variables { members.append(#""variables":\#(variables)"#) }
    if let operationName { members.append(#""operationName":\#(jsonString(operationName))"#) }
    if let extensions { members.append(#""extensions":\#(extensions)"#) }
    var headers: [(name: String, value: String)] = [(name: "Authorization", value: "Bearer \(token ?? self.token)")]
    if let accept { headers.append((name: "Accept", value: accept)) }
    return try await client.send(
      "POST", "/agile/\(brand)/graphql", body: "{" + members.joined(separator: ",") + "}",
      contentType: "application/json", headers: headers)
  }

  /// `data` of a query that must succeed without errors.
  func data(_ query: String, variables: String? = nil) async throws -> [String: Any] {
    let reply = try await post(query, variables: variables)
    #expect(reply.status == 200, "\(reply.body)")
    let object = try reply.jsonObject()
    #expect(object["errors"] == nil, "\(reply.body)")
    return try #require(object["data"] as? [String: Any], "\(reply.body)")
  }

  /// Every event after `since`, page by page; and the last cursor.
  func allChanges(since: String) async throws -> (events: [[String: Any]], cursor: String) {
    var cursor = since
    var events: [[String: Any]] = []
    for _ in 0..<50 {
      let batch = try await data(AgileNetworkMutationTests.changes, variables: #"{"since":"\#(cursor)"}"#)
      events += dig(batch, "changes", "events") as? [[String: Any]] ?? []
      cursor = try #require(dig(batch, "changes", "cursor") as? String)
      if dig(batch, "changes", "hasMore") as? Bool != true { break }
    }
    return (events, cursor)
  }

  /// `POST /__admin/mutate {"service":"agilenetwork","op":op, …fields}`; the JSON answer.
  @discardableResult
  func admin(_ op: String, _ fields: String = "") async throws -> [String: Any] {
    let reply = try await client.postJSON(
      "/__admin/mutate", #"{"service":"agilenetwork","op":"\#(op)"\#(fields.isEmpty ? "" : "," + fields)}"#)
    #expect(reply.status == 200, "\(op): \(reply.body)")
    return try reply.jsonObject()
  }
}

func jsonString(_ text: String) -> String {
  String(decoding: try! JSONSerialization.data(withJSONObject: text, options: .fragmentsAllowed), as: UTF8.self)
}

/// A sandbox with keycloak and the gateway on a manual clock, and a client holding the demo
/// user's access token.
func withAgileSandbox(
  _ configuration: SandboxConfiguration = agileConfiguration(),
  _ body: (SandboxServer, AgileClient) async throws -> Void
) async throws {
  try await withSandbox(configuration) { server, client in
    // Lives a year: the life tests move the clock by weeks.
    let token = try #require(await agileToken(server, lifetimeSeconds: 365 * 86_400))
    try await body(server, AgileClient(client: client, server: server, token: token))
  }
}

func agileToken(
  _ server: SandboxServer, realm: String = agileBrand, username: String = "fan@example.com",
  lifetimeSeconds: Int? = nil
) async -> String? {
  await server.keycloak.issueAccessToken(
    realm: realm, username: username, issuerBase: server.url(for: .keycloak), lifetimeSeconds: lifetimeSeconds)
}

/// Digs into decoded JSON: `dig(object, "a", 0, "b")`.
func dig(_ root: Any?, _ path: Any...) -> Any? {
  var current = root
  for step in path {
    if let key = step as? String {
      current = (current as? [String: Any])?[key]
    } else if let index = step as? Int {
      guard let array = current as? [Any], array.indices.contains(index) else { return nil }
      current = array[index]
    }
  }
  return current
}

func errorCodes(_ reply: Reply) throws -> [String] {
  let errors = try reply.jsonObject()["errors"] as? [[String: Any]] ?? []
  return errors.compactMap { ($0["extensions"] as? [String: Any])?["code"] as? String }
}
