import Foundation
import OutpostSandbox
import Testing

/// `/__sandbox/volleymanager/…`: the test hooks over HTTP, for a sandbox in another process.
@Suite struct AdminTests {
  @Test func statsMatchTheInProcessCountersAndAdminCallsAreNotCounted() async throws {
    try await withSandbox { server, client in
      let session = try await client.logIn()
      _ = try await client.get(seasonPath, session: session)
      _ = try await client.get(seasonPath)
      let (cookie, hidden) = try await client.loginPage()
      _ = try await client.authenticate(cookie: cookie, hidden: hidden, username: "x", password: "y")
      for _ in 0..<3 { _ = try await client.get("/__sandbox/volleymanager/stats") }
      let reply = try await client.get("/__sandbox/volleymanager/stats")
      #expect(reply.status == 200)
      #expect(reply.header("Content-Type") == "application/json")
      let stats = try reply.jsonObject()
      #expect(stats["logins"] as? Int == 1)
      #expect(stats["failedLogins"] as? Int == 1)
      #expect(stats["activeSessions"] as? Int == 1)
      #expect(stats["apiRequests"] as? Int == 2)
      #expect(stats["staleSessionReplies"] as? Int == 1)
      #expect(
        await server.volleyManager.stats()
          == VolleyManagerStats(logins: 1, failedLogins: 1, activeSessions: 1, apiRequests: 2, staleSessionReplies: 1))
    }
  }

  /// `stats?loginsAbove=N` answers when a login takes the count above N, so that a test waits
  /// for a client's login as for an event. An answer given at once would carry fewer logins.
  @Test func statsWaitForTheNextLogin() async throws {
    try await withSandbox { server, client in
      let waiting = Task { try await client.get("/__sandbox/volleymanager/stats?loginsAbove=1&timeoutSeconds=120") }
      _ = try await client.logIn()
      _ = try await client.logIn()
      let reply = try await waiting.value
      #expect(reply.status == 200)
      #expect(try reply.jsonObject()["logins"] as? Int == 2)
      // Already above: at once.
      let now = try await client.get("/__sandbox/volleymanager/stats?loginsAbove=0")
      #expect(try now.jsonObject()["logins"] as? Int == 2)
      // In process, the same.
      let inProcess = Task { await server.volleyManager.stats(loginsAbove: 2, timeout: .seconds(120)) }
      _ = try await client.logIn()
      #expect(await inProcess.value.logins == 3)
    }
  }

  @Test func statsRefuseBadWaits() async throws {
    try await withSandbox { _, client in
      for query in [
        "loginsAbove=-1", "loginsAbove=x", "loginsAbove=0&timeoutSeconds=0",
        "loginsAbove=0&timeoutSeconds=121", "loginsAbove=0&wait=1",
      ] {
        let reply = try await client.get("/__sandbox/volleymanager/stats?" + query)
        #expect(reply.status == 400, "\(query)")
        #expect(try reply.jsonObject()["error"] is String)
      }
    }
  }

  @Test func usersEndpointCreatesUsersAndChangesPasswords() async throws {
    try await withSandbox { _, client in
      let created = try await client.postJSON(
        "/__sandbox/volleymanager/users", #"{"username":"max.muster@example.ch","password":"first","twoFactor":false}"#)
      #expect(created.status == 200)
      #expect(try created.jsonObject()["created"] as? Bool == true)
      #expect(!created.body.contains("first"))
      let session = try await client.logIn(username: "max.muster@example.ch", password: "first")
      let party = try await client.dashboard(session: session).party
      #expect(party["displayName"] as? String == "Max Muster")
      #expect((party["groupedEligibleAttributeValues"] as? [Any])?.count == 2)

      let changed = try await client.postJSON(
        "/__sandbox/volleymanager/users", #"{"username":"max.muster@example.ch","password":"second"}"#)
      #expect(changed.status == 200)
      #expect(try changed.jsonObject()["created"] as? Bool == false)
      #expect(try await client.get(seasonPath, session: session).status == 200)
      _ = try await client.logIn(username: "max.muster@example.ch", password: "second")

      let twoFactor = try await client.postJSON(
        "/__sandbox/volleymanager/users", #"{"username":"max.muster@example.ch","password":"second","twoFactor":true}"#)
      #expect(twoFactor.status == 200)
      let (cookie, hidden) = try await client.loginPage()
      let reply = try await client.authenticate(
        cookie: cookie, hidden: hidden, username: "max.muster@example.ch", password: "second")
      #expect(reply.body.contains("secondFactorToken"))
    }
  }

  @Test func badAdminRequestsAreRefusedWithoutSideEffects() async throws {
    try await withSandbox { server, client in
      for body in [
        "", "[]", "{", #"{"username":"a"}"#, #"{"username":"","password":"x"}"#, #"{"username":1,"password":"x"}"#,
      ] {
        #expect(try await client.postJSON("/__sandbox/volleymanager/users", body).status == 400)
      }
      for body in [
        #"{"errorRate":2}"#, #"{"latencyMilliseconds":-1}"#, #"{"loginFailureStyle":"popup"}"#,
        #"{"staleSessionStatus":500}"#, #"{"sessionLifetimeSeconds":-1}"#, #"{"errorrate":0.5}"#,
        #"{"errorRate":0.5,"staleSessionStatus":200}"#,
      ] {
        let reply = try await client.postJSON("/__sandbox/volleymanager/config", body)
        #expect(reply.status == 400)
        #expect(try reply.jsonObject()["error"] is String)
      }
      #expect(try await client.get(seasonPath).status == 406)
      #expect(try await client.get("/__sandbox/volleymanager/unknown").status == 404)
      #expect(try await client.get("/__sandbox/volleymanager/expire-sessions").status == 404)
      #expect(await server.volleyManager.stats().apiRequests == 1)
    }
  }

  @Test func configEndpointChangesBehaviourLive() async throws {
    try await withSandbox { _, client in
      let reply = try await client.postJSON(
        "/__sandbox/volleymanager/config", #"{"loginFailureStyle":"redirect","staleSessionStatus":401}"#)
      #expect(reply.status == 200)
      let config = try reply.jsonObject()
      #expect(config["loginFailureStyle"] as? String == "redirect")
      #expect(config["staleSessionStatus"] as? Int == 401)
      #expect(config["sessionLifetimeSeconds"] as? Double == 1800)
      #expect(try await client.get(seasonPath).status == 401)
      let (cookie, hidden) = try await client.loginPage()
      let failed = try await client.authenticate(
        cookie: cookie, hidden: hidden, username: SandboxUser.demo.username, password: "nope")
      #expect(failed.status == 303)

      let session = try await client.logIn()
      _ = try await client.postJSON("/__sandbox/volleymanager/config", #"{"sessionLifetimeSeconds":0.2}"#)
      _ = try await client.postJSON("/__sandbox/volleymanager/clock", #"{"advanceSeconds":1}"#)
      #expect(try await client.get(seasonPath, session: session).status == 401)
      let current = try await client.get("/__sandbox/volleymanager/config").jsonObject()
      #expect(current["sessionLifetimeSeconds"] as? Double == 0.2)
    }
  }

  @Test func expireSessionsEndpoint() async throws {
    try await withSandbox { server, client in
      let session = try await client.logIn()
      let reply = try await client.send("POST", "/__sandbox/volleymanager/expire-sessions")
      #expect(reply.status == 200)
      #expect(try await client.get(seasonPath, session: session).status == 406)
      #expect(await server.volleyManager.stats().activeSessions == 0)
    }
  }
}
