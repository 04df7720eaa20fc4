import Foundation
import Testing

@testable import OutpostSandbox

/// `/__admin/…`: the admin API every module shares (state, mutate, log, clock).
@Suite struct SharedAdminTests {
  @Test func stateShowsUsersTasksSessionsAndCountersButNoSecrets() async throws {
    try await withTasksSandbox { _, tasks in
      let session = try await tasks.signIn()
      _ = try await tasks.refresh(session.refreshToken)
      let reply = try await tasks.client.get("/__admin/state?service=tasks")
      #expect(reply.status == 200)
      let state = try reply.jsonObject()
      #expect(state["service"] as? String == "tasks")
      let users = try #require(state["users"] as? [[String: Any]])
      #expect(users.map { $0["email"] as? String } == [SandboxTasksUser.demo.email])
      #expect((users[0]["tasks"] as? [Any])?.count == 8)
      let sessions = try #require(users[0]["sessions"] as? [String: Int])
      #expect(sessions["active"] == 1)
      #expect(sessions["refreshTokens"] == 2)
      let counters = try #require(state["counters"] as? [String: Int])
      #expect(counters["logins"] == 1)
      #expect(counters["refreshes"] == 1)
      #expect(counters["apiRequests"] == 2)
      #expect(state["faults"] is [String: Any])
      for secret in [SandboxTasksUser.demo.password, session.refreshToken, session.accessToken, "password"] {
        #expect(!reply.body.contains(secret))
      }
      #expect(try await tasks.client.get("/__admin/state").status == 400)
      let unmounted = try await tasks.client.get("/__admin/state?service=volleymanager")
      #expect(unmounted.status == 400)
      #expect(try unmounted.jsonObject()["allowed"] as? [String] == ["tasks"])
    }
  }

  @Test func mutateIsStrictAndChangesTheWorldUpstream() async throws {
    try await withTasksSandbox { server, tasks in
      let client = tasks.client
      let refusals: [(String, [String]?)] = [
        (#"{"service":"tasks","op":"rename"}"#, ["update", "delete", "revoke-sessions", "set-password", "config"]),
        (#"{"service":"tasks","op":"update","email":"tasks@example.ch","id":1,"colour":"red"}"#, nil),
        (#"{"service":"tasks","op":"update","email":"tasks@example.ch","id":"1","done":true}"#, nil),
        (#"{"service":"tasks","op":"update","email":"tasks@example.ch","id":1,"done":1}"#, nil),
        (#"{"service":"tasks","op":"update","email":"tasks@example.ch","id":1}"#, nil),
        (#"{"service":"tasks","op":"config","accessTokenLifetimeSeconds":4}"#, nil),
        (#"{"service":"calendar","op":"update"}"#, ["tasks"]), (#"{"op":"update"}"#, ["tasks"]), ("[]", nil),
      ]
      for (body, allowed) in refusals {
        let reply = try await client.postJSON("/__admin/mutate", body)
        #expect(reply.status == 400, "\(body)")
        #expect(try reply.jsonObject()["error"] is String)
        if let allowed { #expect(try reply.jsonObject()["allowed"] as? [String] == allowed) }
      }
      let unknownKey = try await client.postJSON(
        "/__admin/mutate", #"{"service":"tasks","op":"delete","email":"tasks@example.ch","id":1,"x":0}"#)
      #expect(try unknownKey.jsonObject()["allowed"] as? [String] == ["email", "id", "op", "service"])
      #expect(await server.tasks.tasks(for: SandboxTasksUser.demo.email).count == 8)

      let session = try await tasks.signIn()
      let before = await server.tasks.tasks(for: SandboxTasksUser.demo.email)[0]
      let update = try await client.postJSON(
        "/__admin/mutate",
        #"{"service":"tasks","op":"update","email":"tasks@example.ch","id":1,"title":"Changed elsewhere","due_at":null}"#
      )
      #expect(update.status == 200)
      let changed = try await tasks.list("id=eq.1", bearer: session.accessToken).jsonArray()[0]
      #expect(changed["title"] as? String == "Changed elsewhere")
      #expect(changed["due_at"] is NSNull)
      #expect(try #require(changed["updated_at"] as? String) > before.updatedAt)
      let missing = try await client.postJSON(
        "/__admin/mutate", #"{"service":"tasks","op":"delete","email":"tasks@example.ch","id":99}"#)
      #expect(missing.status == 404)
      _ = try await client.postJSON(
        "/__admin/mutate", #"{"service":"tasks","op":"delete","email":"tasks@example.ch","id":1}"#)
      // Softly, as supabase.md §7 deletes: the row stays, stamped, out of the live listing.
      #expect(
        try await tasks.list("deleted_at=is.null&order=id.asc", bearer: session.accessToken).ids() == Array(2...8))
      let tombstone = try await tasks.list("id=eq.1", bearer: session.accessToken).jsonArray()[0]
      #expect(tombstone["deleted_at"] is String)
      #expect(await server.tasks.tasks(for: SandboxTasksUser.demo.email).map(\.id) == Array(2...8))

      let revoked = try await client.postJSON(
        "/__admin/mutate", #"{"service":"tasks","op":"revoke-sessions","email":"tasks@example.ch"}"#)
      #expect(try revoked.jsonObject()["revoked"] as? Int == 1)
      let refresh = try await tasks.refresh(session.refreshToken)
      #expect(refresh.status == 400)
      #expect(try refresh.jsonObject()["code"] as? String == "session_not_found")
    }
  }

  @Test func theLogListsRequestsWithoutSecrets() async throws {
    try await withTasksSandbox { _, tasks in
      let start = try await tasks.client.get("/__admin/log").jsonObject()["last"] as? Int ?? -1
      let session = try await tasks.signIn()
      let renewed = try TasksSession(try await tasks.refresh(session.refreshToken))
      _ = try await tasks.list("id=eq.1", bearer: renewed.accessToken)
      _ = try await tasks.patch("id=eq.1", #"{"title":"Secret plans"}"#, bearer: renewed.accessToken)
      let reply = try await tasks.client.get("/__admin/log?since=\(start)")
      #expect(reply.status == 200)
      let entries = try #require(try reply.jsonObject()["entries"] as? [[String: Any]])
      #expect(
        entries.map { $0["path"] as? String } == [
          "/tasks/auth/v1/token", "/tasks/auth/v1/token", "/tasks/rest/v1/tasks", "/tasks/rest/v1/tasks",
        ])
      #expect(entries.map { $0["method"] as? String } == ["POST", "POST", "GET", "PATCH"])
      #expect(entries.map { $0["status"] as? Int } == [200, 200, 200, 200])
      #expect(entries.allSatisfy { $0["service"] as? String == "tasks" })
      let numbers = entries.compactMap { $0["seq"] as? Int }
      #expect(numbers == Array(start + 1...start + 4))
      for secret in [
        SandboxTasksUser.demo.password, session.refreshToken, session.accessToken, renewed.refreshToken,
        renewed.accessToken, SandboxTasksConfiguration.defaultAPIKey, "grant_type", "Secret plans", "Bearer",
      ] {
        #expect(!reply.body.contains(secret), "\(secret)")
      }
      let later = try await tasks.client.get("/__admin/log?since=\(start + 4)").jsonObject()
      #expect((later["entries"] as? [Any])?.isEmpty == true)
      #expect(try await tasks.client.get("/__admin/log?since=-1").status == 400)
    }
  }

  @Test func oneClockForBothModulesAndBothEndpoints() async throws {
    try await withSandbox(tasksConfiguration(services: [.volleymanager, .tasks])) { server, client in
      let tasks = TasksClient(server)
      let cookie = try await client.logIn()
      let session = try await tasks.signIn()
      let moved = try await client.postJSON("/__admin/clock", #"{"advanceSeconds":1000}"#)
      #expect(try moved.jsonObject()["advancedSeconds"] as? Double == 1000)
      #expect(try await client.get("/__sandbox/volleymanager/clock").jsonObject()["advancedSeconds"] as? Double == 1000)
      _ = try await client.postJSON("/__sandbox/volleymanager/clock", #"{"advanceSeconds":1000}"#)
      await server.tasks.advanceClock(seconds: 1000)
      await server.advanceClock(seconds: 601)
      let clock = try await client.get("/__admin/clock").jsonObject()
      #expect(clock["advancedSeconds"] as? Double == 3601)
      // 3601 s: VolleyManager's 30-minute session and the tasks access token are both stale.
      #expect(try await client.get(seasonPath, session: cookie).status == 406)
      #expect(try await tasks.list(bearer: session.accessToken).status == 401)
      for body in [#"{"advanceSeconds":0}"#, #"{"advanceSeconds":-5}"#, #"{"seconds":5}"#, "{"] {
        #expect(try await client.postJSON("/__admin/clock", body).status == 400, "\(body)")
      }
      #expect(try await client.get("/__admin/nothing").status == 404)
    }
  }

  @Test func theLogKeepsTheLastThousandAndNumbersOn() {
    let log = SandboxRequestLog()
    for index in 1...1005 { log.append(method: "GET", path: "/\(index)", status: 200, service: "tasks") }
    let (entries, last) = log.entries(after: 0)
    #expect(entries.count == 1000)
    #expect(entries.first?.sequence == 6)
    #expect(entries.last?.path == "/1005")
    #expect(last == 1005)
    #expect(log.entries(after: 1003).entries.map(\.sequence) == [1004, 1005])
  }
}
