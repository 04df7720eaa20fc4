import Foundation
import OutpostSandbox
import Testing

/// A client for the viiraa project (a fake Supabase project under `/viiraa`), speaking as
/// supabase-js does: `apikey` on every request, JSON bodies, the 2024-01-01 error shape.
struct ViiRaaClient {
  let client: SandboxClient

  init(_ server: SandboxServer) {
    client = SandboxClient(server)
  }

  /// `path` is below `/viiraa` and sent as written.
  func send(
    _ method: String, _ path: String, json: String? = nil, bearer: String? = nil,
    headers extra: [(name: String, value: String)] = [], apiKey: String? = SandboxViiRaaConfiguration.defaultAPIKey
  ) async throws -> Reply {
    var headers = extra
    if let apiKey { headers.append((name: "apikey", value: apiKey)) }
    if let bearer { headers.append((name: "Authorization", value: "Bearer \(bearer)")) }
    headers.append((name: "X-Supabase-Api-Version", value: "2024-01-01"))
    return try await client.send(
      method, "/viiraa" + path, body: json, contentType: json == nil ? nil : "application/json", headers: headers)
  }

  func password(_ email: String, _ password: String = ViiRaaDemo.password) async throws -> Reply {
    try await send(
      "POST", "/auth/v1/token?grant_type=password", json: #"{"email":"\#(email)","password":"\#(password)"}"#)
  }

  func signIn(_ email: String = ViiRaaDemo.libreEmail) async throws -> TasksSession {
    let reply = try await password(email)
    #expect(reply.status == 200, "\(reply.body)")
    return try TasksSession(reply)
  }

  func refresh(_ token: String) async throws -> Reply {
    try await send("POST", "/auth/v1/token?grant_type=refresh_token", json: #"{"refresh_token":"\#(token)"}"#)
  }

  func get(_ table: String, _ query: String, bearer: String?) async throws -> Reply {
    try await send("GET", "/rest/v1/\(table)?\(query)", bearer: bearer)
  }

  func admin() async throws -> [String: Any] {
    try await client.get("/__admin/state?service=viiraa").jsonObject()
  }
}

/// A sandbox with only the viiraa project, on a manual clock pinned to the tasks reference date
/// (2026-11-25T12:00:00Z), so data and time are the same on every run. A few days of history
/// unless a test needs the full 35 (generating it costs CPU the parallel suite shares).
func withViiRaaSandbox(
  lifetime: Int = 3600, historyDays: Int = 3, postgres: Bool = true,
  _ body: (SandboxServer, ViiRaaClient) async throws -> Void
) async throws {
  var configuration = SandboxConfiguration(referenceDate: tasksReferenceDate, services: [.viiraa])
  configuration.manualClock = true
  configuration.viiraa.postgres = postgres
  configuration.viiraa.accessTokenLifetimeSeconds = lifetime
  configuration.viiraa.historyDays = historyDays
  try await withSandbox(configuration) { server, _ in try await body(server, ViiRaaClient(server)) }
}

extension Reply {
  /// The `id` strings of a PostgREST result, in order.
  func uuids() throws -> [String] { try jsonArray().compactMap { $0["id"] as? String } }
}
