import Foundation
import OutpostSandbox
import Testing

/// The tasks service's gateway and Supabase Auth: keys, sign-in, the user, sign-out and the
/// error shapes clients classify by.
@Suite struct TasksAuthTests {
  @Test func passwordSignInReturnsTheSessionJSON() async throws {
    try await withTasksSandbox { server, tasks in
      let session = try await tasks.signIn()
      let object = session.object
      #expect(object["token_type"] as? String == "bearer")
      #expect(object["expires_in"] as? Int == 3600)
      let expiresAt = try #require(object["expires_at"] as? Int)
      #expect(abs(expiresAt - Int(tasksReferenceDate.timeIntervalSince1970) - 3600) < 60)
      #expect(session.refreshToken.wholeMatch(of: /[a-z0-9]{12}/) != nil)
      #expect(session.accessToken.split(separator: ".").count == 3)
      let user = try #require(object["user"] as? [String: Any])
      #expect(user["email"] as? String == SandboxTasksUser.demo.email)
      #expect(user["id"] as? String == SandboxTasksUser.demo.id)
      #expect(user["aud"] as? String == "authenticated")
      #expect(user["role"] as? String == "authenticated")
      #expect(UUID(uuidString: try #require(user["id"] as? String)) != nil)

      let me = try await tasks.send("GET", "/auth/v1/user", bearer: session.accessToken)
      #expect(me.status == 200)
      #expect(try me.jsonObject()["email"] as? String == SandboxTasksUser.demo.email)
      #expect(await server.tasks.stats().logins == 1)
    }
  }

  @Test func wrongCredentialsInBothErrorShapes() async throws {
    try await withTasksSandbox { server, tasks in
      for body in [
        #"{"email":"tasks@example.ch","password":"nope"}"#, #"{"email":"nobody@example.ch","password":"x"}"#,
      ] {
        let reply = try await tasks.send("POST", "/auth/v1/token?grant_type=password", json: body)
        #expect(reply.status == 400)
        #expect(reply.header("x-sb-error-code") == "invalid_credentials")
        let object = try reply.jsonObject()
        #expect(object["code"] as? String == "invalid_credentials")
        #expect(object["message"] as? String == "Invalid login credentials")
      }
      // Without the version header the server answers the older shape.
      let legacy = try await tasks.send(
        "POST", "/auth/v1/token?grant_type=password", json: #"{"email":"tasks@example.ch","password":"no"}"#,
        versioned: false)
      #expect(legacy.status == 400)
      let object = try legacy.jsonObject()
      #expect(object["code"] as? Int == 400)
      #expect(object["error_code"] as? String == "invalid_credentials")
      #expect(object["msg"] as? String == "Invalid login credentials")
      #expect(await server.tasks.stats().failedLogins == 3)
    }
  }

  @Test func malformedSignInsAreRefusedByCode() async throws {
    try await withTasksSandbox { _, tasks in
      let form = try await tasks.client.send(
        "POST", "/tasks/auth/v1/token?grant_type=password", body: "email=tasks%40example.ch&password=demo-tasks-2026",
        contentType: "application/x-www-form-urlencoded",
        headers: [(name: "apikey", value: SandboxTasksConfiguration.defaultAPIKey)])
      #expect(form.status == 400)
      #expect(form.header("x-sb-error-code") == "bad_json")
      let both = try await tasks.send(
        "POST", "/auth/v1/token?grant_type=password", json: #"{"email":"a@b.ch","phone":"+41","password":"x"}"#)
      #expect(both.status == 400)
      #expect(try both.jsonObject()["code"] as? String == "validation_failed")
      let unknown = try await tasks.send("POST", "/auth/v1/token?grant_type=magic", json: "{}")
      #expect(unknown.status == 400)
      #expect(try unknown.jsonObject()["error"] as? String == "unsupported_grant_type")
      let empty = try await tasks.refresh("")
      #expect(empty.status == 400)
      #expect(try empty.jsonObject()["error"] as? String == "invalid_request")
      let missing = try await tasks.refresh("abcdefghijkl")
      #expect(missing.status == 400)
      #expect(try missing.jsonObject()["code"] as? String == "refresh_token_not_found")
    }
  }

  @Test func everyRequestNeedsTheAPIKey() async throws {
    try await withTasksSandbox { _, tasks in
      var anonymous = tasks
      anonymous.apiKey = nil
      for path in ["/auth/v1/user", "/rest/v1/tasks", "/anything"] {
        let reply = try await anonymous.send("GET", path)
        #expect(reply.status == 401)
        #expect(
          reply.body
            == #"{"message":"No API key found in request","hint":"No `apikey` request header or url param was found."}"#
        )
      }
      var wrong = tasks
      wrong.apiKey = "sb_publishable_wrong"
      let reply = try await wrong.send("GET", "/rest/v1/tasks")
      #expect(reply.status == 401)
      #expect(try reply.jsonObject()["message"] as? String == "Invalid API key")
      #expect(try reply.jsonObject()["code"] == nil)
      // The gateway also takes the key from the query string.
      let query = try await anonymous.send("GET", "/rest/v1/tasks?apikey=\(SandboxTasksConfiguration.defaultAPIKey)")
      #expect(query.status == 200)
      #expect(try await tasks.send("GET", "/nowhere").status == 404)
    }
  }

  @Test func theUserEndpointChecksTheBearer() async throws {
    try await withTasksSandbox { server, tasks in
      let missing = try await tasks.send("GET", "/auth/v1/user")
      #expect(missing.status == 401)
      #expect(missing.header("x-sb-error-code") == "no_authorization")
      let garbage = try await tasks.send("GET", "/auth/v1/user", bearer: "not-a-jwt")
      #expect(garbage.status == 403)
      #expect(try garbage.jsonObject()["code"] as? String == "bad_jwt")
      let session = try await tasks.signIn()
      var forged = session.accessToken.split(separator: ".").map(String.init)
      forged[2] = String(forged[2].reversed())
      let tampered = try await tasks.send("GET", "/auth/v1/user", bearer: forged.joined(separator: "."))
      #expect(tampered.status == 403)
      await server.tasks.advanceClock(seconds: 3600)
      let expired = try await tasks.send("GET", "/auth/v1/user", bearer: session.accessToken)
      #expect(expired.status == 403)
      #expect(try expired.jsonObject()["code"] as? String == "bad_jwt")
    }
  }

  @Test func signOutEndsTheSession() async throws {
    try await withTasksSandbox { server, tasks in
      let kept = try await tasks.signIn()
      let session = try await tasks.signIn()
      let bad = try await tasks.send("POST", "/auth/v1/logout?scope=everywhere", bearer: session.accessToken)
      #expect(bad.status == 400)
      #expect(try bad.jsonObject()["code"] as? String == "validation_failed")
      let out = try await tasks.send("POST", "/auth/v1/logout?scope=local", bearer: session.accessToken)
      #expect(out.status == 204)
      #expect(out.body.isEmpty)
      #expect(
        try await tasks.refresh(session.refreshToken).jsonObject()["code"] as? String == "refresh_token_not_found")
      let me = try await tasks.send("GET", "/auth/v1/user", bearer: session.accessToken)
      #expect(me.status == 403)
      #expect(try me.jsonObject()["code"] as? String == "session_not_found")
      // scope=local left the other session alone.
      #expect(try await tasks.refresh(kept.refreshToken).status == 200)
      #expect(await server.tasks.stats().activeSessions == 1)
    }
  }
}
