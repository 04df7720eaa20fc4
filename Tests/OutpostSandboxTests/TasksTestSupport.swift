import Foundation
import OutpostSandbox
import Testing

/// A client for the tasks service (a fake Supabase project under `/tasks`), speaking as
/// supabase-js does: `apikey` on every request, JSON bodies, the 2024-01-01 error shape.
struct TasksClient {
  let client: SandboxClient
  var apiKey: String? = SandboxTasksConfiguration.defaultAPIKey

  init(_ server: SandboxServer) {
    client = SandboxClient(server)
  }

  /// `path` is below `/tasks` (e.g. `/rest/v1/tasks?id=eq.1`) and sent as written.
  func send(
    _ method: String, _ path: String, json: String? = nil, bearer: String? = nil,
    headers extra: [(name: String, value: String)] = [], versioned: Bool = true
  ) async throws -> Reply {
    var headers = extra
    if let apiKey { headers.append((name: "apikey", value: apiKey)) }
    if let bearer { headers.append((name: "Authorization", value: "Bearer \(bearer)")) }
    if versioned { headers.append((name: "X-Supabase-Api-Version", value: "2024-01-01")) }
    return try await client.send(
      method, "/tasks" + path, body: json, contentType: json == nil ? nil : "application/json", headers: headers)
  }

  /// A successful password sign-in: the session's tokens.
  func signIn(
    email: String = SandboxTasksUser.demo.email, password: String = SandboxTasksUser.demo.password
  ) async throws -> TasksSession {
    let reply = try await send(
      "POST", "/auth/v1/token?grant_type=password", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
    #expect(reply.status == 200, "\(reply.body)")
    return try TasksSession(reply)
  }

  func refresh(_ token: String) async throws -> Reply {
    try await send("POST", "/auth/v1/token?grant_type=refresh_token", json: #"{"refresh_token":"\#(token)"}"#)
  }

  /// `GET /rest/v1/tasks?<query>` with the session's bearer.
  func list(_ query: String = "select=*&order=id.asc", bearer: String?) async throws -> Reply {
    try await send("GET", "/rest/v1/tasks?\(query)", bearer: bearer)
  }

  func patch(_ query: String, _ json: String, bearer: String?, representation: Bool = true) async throws -> Reply {
    try await send(
      "PATCH", "/rest/v1/tasks?\(query)", json: json, bearer: bearer,
      headers: representation ? [(name: "Prefer", value: "return=representation")] : [])
  }
}

/// The tokens of one sign-in or refresh.
struct TasksSession {
  var accessToken: String
  var refreshToken: String
  var object: [String: Any]

  init(_ reply: Reply) throws {
    object = try reply.jsonObject()
    accessToken = try #require(object["access_token"] as? String)
    refreshToken = try #require(object["refresh_token"] as? String)
  }
}

extension Reply {
  /// The JSON array in the body (a PostgREST result).
  func jsonArray() throws -> [[String: Any]] {
    try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [[String: Any]], "\(body)")
  }

  /// The ids of a PostgREST result, in order.
  func ids() throws -> [Int] { try jsonArray().compactMap { $0["id"] as? Int } }
}

/// A sandbox with only the tasks service unless told otherwise, pinned to a reference date so
/// seeded data is the same on every run.
func withTasksSandbox(
  _ configuration: SandboxConfiguration = tasksConfiguration(),
  _ body: (SandboxServer, TasksClient) async throws -> Void
) async throws {
  try await withSandbox(configuration) { server, _ in try await body(server, TasksClient(server)) }
}

func tasksConfiguration(
  services: Set<SandboxServiceName> = [.tasks], tasks: SandboxTasksConfiguration = SandboxTasksConfiguration()
) -> SandboxConfiguration {
  // A manual clock: the reuse interval and token lifetimes are judged at the sandbox's time
  // alone, which a loaded machine cannot push past them.
  var configuration = SandboxConfiguration(referenceDate: tasksReferenceDate, services: services, tasks: tasks)
  configuration.manualClock = true
  return configuration
}

/// 2026-11-25T12:00:00Z.
let tasksReferenceDate = Date(timeIntervalSince1970: 1_795_608_000)

/// A value for a query string: PostgREST timestamps carry a `+`, which must travel as `%2B`.
func queryEscaped(_ text: String) -> String {
  var allowed = CharacterSet.alphanumerics
  allowed.insert(charactersIn: "-._~:")
  return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
}
