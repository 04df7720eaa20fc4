import Foundation
import OutpostSandbox
import Testing

/// Auth of the viiraa project (supabase.md §3, viiraa.md §7): its own key and users, hour-long
/// tokens, rotation with reuse detection, the Google-only user, sessions ended from outside.
@Suite struct ViiRaaSandboxAuthTests {
  @Test func signInGivesAnHourLongTokenOfThisProject() async throws {
    try await withViiRaaSandbox { _, viiraa in
      let reply = try await viiraa.password(ViiRaaDemo.libreEmail)
      #expect(reply.status == 200, "\(reply.body)")
      let session = try TasksSession(reply)
      #expect(session.object["expires_in"] as? Int == 3600)
      #expect((session.object["user"] as? [String: Any])?["id"] as? String == ViiRaaDemo.userID(ViiRaaDemo.libreEmail))
      let user = try await viiraa.send("GET", "/auth/v1/user", bearer: session.accessToken)
      #expect(user.status == 200)
      #expect(try user.jsonObject()["email"] as? String == ViiRaaDemo.libreEmail)
      // The issuer names this project, not the tasks one.
      let payload = try #require(session.accessToken.split(separator: ".").dropFirst().first)
      var base64 = payload.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
      while base64.count % 4 != 0 { base64 += "=" }
      let data = try #require(Data(base64Encoded: base64))
      let claims = String(decoding: data, as: UTF8.self)
      #expect(claims.contains("/viiraa/auth/v1"))
      // The tasks project's key is not this project's key.
      let wrongKey = try await viiraa.send(
        "POST", "/auth/v1/token?grant_type=password",
        json: #"{"email":"libre@example.com","password":"demo-viiraa-2026"}"#,
        apiKey: SandboxTasksConfiguration.defaultAPIKey)
      #expect(wrongKey.status == 401)
      #expect(try wrongKey.jsonObject()["message"] as? String == "Invalid API key")
      let wrongPassword = try await viiraa.password(ViiRaaDemo.dexcomEmail, "nope")
      #expect(wrongPassword.status == 400)
      #expect(try await viiraa.signIn(ViiRaaDemo.dexcomEmail).accessToken != session.accessToken)
    }
  }

  @Test func googleOnlyUserCannotUseThePasswordGrant() async throws {
    try await withViiRaaSandbox { _, viiraa in
      for password in [ViiRaaDemo.password, ""] {
        let reply = try await viiraa.password(ViiRaaDemo.googleEmail, password)
        #expect(reply.status == 400)
        #expect(try reply.jsonObject()["code"] as? String == "invalid_credentials")
      }
    }
  }

  @Test func refreshRotatesAndReuseRevokesTheFamily() async throws {
    try await withViiRaaSandbox { server, viiraa in
      let first = try await viiraa.signIn()
      let second = try TasksSession(try await viiraa.refresh(first.refreshToken))
      let third = try TasksSession(try await viiraa.refresh(second.refreshToken))
      #expect(Set([first.refreshToken, second.refreshToken, third.refreshToken]).count == 3)
      await server.advanceClock(seconds: 30)
      let reused = try await viiraa.refresh(first.refreshToken)
      #expect(reused.status == 400)
      #expect(try reused.jsonObject()["code"] as? String == "refresh_token_already_used")
      // The whole family is gone, the newest token included.
      let newest = try await viiraa.refresh(third.refreshToken)
      #expect(try newest.jsonObject()["code"] as? String == "refresh_token_already_used")
      let counters = try #require(try await viiraa.admin()["counters"] as? [String: Any])
      #expect(counters["refreshes"] as? Int == 2)
      #expect(counters["reuseRejected"] as? Int == 2)
    }
  }

  @Test func expiredTokenIsPGRST303AndEndedSessionsCannotRefresh() async throws {
    try await withViiRaaSandbox(lifetime: 60) { server, viiraa in
      let session = try await viiraa.signIn(ViiRaaDemo.dexcomEmail)
      #expect(session.object["expires_in"] as? Int == 60)
      #expect(try await viiraa.get("profiles", "select=id", bearer: session.accessToken).status == 200)
      await server.advanceClock(seconds: 61)
      let expired = try await viiraa.get("profiles", "select=id", bearer: session.accessToken)
      #expect(expired.status == 401)
      #expect(try expired.jsonObject()["code"] as? String == "PGRST303")
      #expect(expired.header("WWW-Authenticate")?.contains("JWT expired") == true)
      let ended = try await viiraa.client.postJSON(
        "/__admin/mutate", #"{"service":"viiraa","op":"end-sessions","email":"dexcom@example.com"}"#)
      #expect(ended.status == 200)
      #expect(try ended.jsonObject()["ended"] as? Int == 1)
      let refused = try await viiraa.refresh(session.refreshToken)
      #expect(refused.status == 400)
      #expect(try refused.jsonObject()["code"] as? String == "session_not_found")
    }
  }

  @Test func logoutEndsTheSession() async throws {
    try await withViiRaaSandbox { _, viiraa in
      let session = try await viiraa.signIn()
      let other = try await viiraa.signIn()
      let logout = try await viiraa.send("POST", "/auth/v1/logout?scope=local", bearer: session.accessToken)
      #expect(logout.status == 204)
      let user = try await viiraa.send("GET", "/auth/v1/user", bearer: session.accessToken)
      #expect(user.status == 403)
      #expect(try user.jsonObject()["code"] as? String == "session_not_found")
      #expect(try await viiraa.refresh(session.refreshToken).status == 400)
      // The other session of the same user lives on.
      #expect(try await viiraa.refresh(other.refreshToken).status == 200)
    }
  }

  /// Each project signs with its own secret: a token of one is refused by the other.
  @Test func tokensDoNotCrossProjects() async throws {
    var configuration = tasksConfiguration(services: [.tasks, .viiraa])
    configuration.viiraa.historyDays = 2
    try await withSandbox(configuration) { server, _ in
      let viiraa = ViiRaaClient(server)
      let tasks = TasksClient(server)
      let viiraaToken = try await viiraa.signIn().accessToken
      let tasksToken = try await tasks.signIn().accessToken
      #expect(try await tasks.list(bearer: viiraaToken).status == 401)
      #expect(try await tasks.list(bearer: tasksToken).status == 200)
      #expect(try await viiraa.get("profiles", "select=id", bearer: tasksToken).status == 401)
      let profiles = try await viiraa.get("profiles", "select=id", bearer: viiraaToken)
      #expect(try profiles.uuids() == [ViiRaaDemo.userID(ViiRaaDemo.libreEmail)])
      // The tasks user does not exist in viiraa.
      let stranger = try await viiraa.password("tasks@example.ch", "demo-tasks-2026")
      #expect(stranger.status == 400)
    }
  }
}
