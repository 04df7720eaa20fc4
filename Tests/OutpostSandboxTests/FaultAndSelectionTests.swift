import Foundation
import OutpostSandbox
import OutpostTestSupport
import Testing

/// `/__admin/faults` for the tasks module, and `services` choosing what a sandbox mounts.
@Suite(.offThePool) struct FaultAndSelectionTests {
  private func setFaults(_ client: SandboxClient, _ settings: String) async throws -> Reply {
    try await client.postJSON("/__admin/faults", #"{"service":"tasks",\#(settings)}"#)
  }

  @Test func rateLimitsAndOutagesWithoutTouchingAdminPaths() async throws {
    try await withTasksSandbox(tasksConfiguration(services: [.volleymanager, .tasks])) { server, tasks in
      let client = tasks.client
      let bearer = try await tasks.signIn().accessToken
      let set = try await setFaults(client, #""rateLimitEvery":1,"retryAfterSeconds":7"#)
      #expect(set.status == 200)
      #expect(try set.jsonObject()["rateLimitEvery"] as? Int == 1)
      let limited = try await tasks.list(bearer: bearer)
      #expect(limited.status == 429)
      #expect(limited.header("Retry-After") == "7")
      let auth = try await tasks.refresh("abcdefghijkl")
      #expect(auth.status == 429)
      #expect(auth.header("x-sb-error-code") == "over_request_rate_limit")
      // Admin paths and the other module are never faulted.
      #expect(try await client.get("/__admin/state?service=tasks").status == 200)
      #expect(try await client.get("/login").status == 200)

      _ = try await setFaults(client, #""rateLimitEvery":0,"errorRate":1"#)
      let down = try await tasks.list(bearer: bearer)
      #expect(down.status == 503)
      #expect(try down.jsonObject()["code"] as? String == "PGRST001")
      _ = try await setFaults(client, #""errorRate":0"#)
      #expect(try await tasks.list(bearer: bearer).status == 200)
      let faults = try await client.get("/__admin/faults?service=tasks").jsonObject()
      #expect(
        faults["injected"] as? [String: Int] == ["rateLimited": 2, "unavailable": 1, "truncated": 0, "malformed": 0])
      // Fault-injected requests never reached the module.
      #expect(await server.tasks.stats().apiRequests == 2)
    }
  }

  @Test func malformedAndTruncatedBodies() async throws {
    try await withTasksSandbox { server, tasks in
      let bearer = try await tasks.signIn().accessToken
      _ = try await setFaults(tasks.client, #""malformedRate":1"#)
      let malformed = try await tasks.list(bearer: bearer)
      #expect(malformed.status == 200)
      #expect(malformed.header("Content-Length") == String(malformed.bytes.count))
      #expect(!malformed.bytes.isEmpty)
      #expect((try? JSONSerialization.jsonObject(with: Data(malformed.bytes))) == nil)

      _ = try await setFaults(tasks.client, #""malformedRate":0,"truncateRate":1"#)
      let connection = try RawConnection(port: server.port)
      connection.send(
        "GET /tasks/rest/v1/tasks HTTP/1.1\r\nHost: a\r\napikey: \(SandboxTasksConfiguration.defaultAPIKey)\r\n"
          + "Authorization: Bearer \(bearer)\r\n\r\n")
      let raw = connection.readUntilClosed()
      let text = String(decoding: raw, as: UTF8.self)
      let separator = try #require(text.range(of: "\r\n\r\n"))
      let announced = try #require(text.firstMatch(of: /Content-Length: (\d+)/).flatMap { Int($0.1) })
      let received = text[separator.upperBound...].utf8.count
      #expect(text.hasPrefix("HTTP/1.1 200"))
      #expect(received > 0 && received < announced)
      // An HTTP client sees a broken transfer, not a reply.
      await #expect(throws: (any Error).self) { try await tasks.list(bearer: bearer) }

      let bad = try await setFaults(tasks.client, #""truncateRate":2"#)
      #expect(bad.status == 400)
      let unknown = try await setFaults(tasks.client, #""jitter":1"#)
      #expect(unknown.status == 400)
      #expect((try unknown.jsonObject()["allowed"] as? [String])?.contains("truncateRate") == true)
    }
  }

  @Test func volleyManagerKeepsItsOwnFaultSettings() async throws {
    try await withSandbox { _, client in
      let reply = try await client.postJSON("/__admin/faults", #"{"service":"volleymanager","errorRate":1}"#)
      #expect(reply.status == 400)
      #expect(try await client.get(seasonPath).status == 406)
    }
  }

  @Test func onlyTheSelectedServicesAnswer() async throws {
    try await withTasksSandbox(tasksConfiguration(services: [.tasks])) { server, tasks in
      #expect(server.services == [.tasks])
      #expect(server.url(for: .tasks) == server.baseURL + "/tasks")
      #expect(try await tasks.client.get("/login").status == 404)
      #expect(try await tasks.client.get("/__sandbox/volleymanager/stats").status == 404)
      _ = try await tasks.signIn()
    }
    try await withSandbox(tasksConfiguration(services: [.volleymanager])) { server, client in
      #expect(server.services == [.volleymanager])
      let tasks = TasksClient(server)
      let reply = try await tasks.send(
        "POST", "/auth/v1/token?grant_type=password",
        json: #"{"email":"tasks@example.ch","password":"demo-tasks-2026"}"#)
      #expect(reply.status == 404)
      #expect(try await client.get("/login").status == 200)
      let state = try await client.get("/__admin/state?service=volleymanager").jsonObject()
      #expect((state["users"] as? [Any])?.count == 2)
      #expect(!String(describing: state).contains(SandboxUser.demo.password))
      let expire = try await client.postJSON("/__admin/mutate", #"{"service":"volleymanager","op":"expire-sessions"}"#)
      #expect(expire.status == 200)
    }
    let everything = SandboxConfiguration()
    #expect(everything.services == Set(SandboxServiceName.allCases))
  }
}
