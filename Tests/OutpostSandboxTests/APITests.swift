import Foundation
import OutpostSandbox
import Synchronization
import Testing

/// The `/api/…` surface: session checks, switchRoleAndAttribute's quirks, the season call.
@Suite struct APITests {
  @Test func activeSeasonIsJSONLabelledHTMLAndNeedsASession() async throws {
    try await withSandbox { server, client in
      let anonymous = try await client.get(seasonPath)
      #expect(anonymous.status == 406)
      #expect(anonymous.header("Content-Type")?.hasPrefix("text/html") == true)
      #expect((try? JSONSerialization.jsonObject(with: Data(anonymous.body.utf8))) == nil)

      let session = try await client.logIn()
      let reply = try await client.get(seasonPath, session: session)
      #expect(reply.status == 200)
      #expect(reply.header("Content-Type") == "text/html; charset=UTF-8")
      #expect(reply.header("X-Flow-Powered") == "Flow/5.3")
      let season = try reply.jsonObject()
      let name = try #require(season["name"] as? String)
      let startYear = try #require(Int(name.prefix(4)))
      #expect(name.wholeMatch(of: /20\d\d\/\d\d/) != nil)
      #expect(season["seasonStartDate"] as? String == "\(startYear)-09-01T00:00:00.000000+00:00")
      #expect((season["seasonEndDate"] as? String)?.hasPrefix("\(startYear + 1)-05-31T") == true)
      #expect(season["active"] as? Bool == true)
      #expect(season["__identity"] is String)

      let stats = await server.volleyManager.stats()
      #expect(stats.apiRequests == 2)
      #expect(stats.staleSessionReplies == 1)
    }
  }

  @Test func theBackslashMustStayEncoded() async throws {
    try await withSandbox { _, client in
      let session = try await client.logIn()
      let lower = seasonPath.replacingOccurrences(of: "%5C", with: "%5c")
      #expect(try await client.get(lower, session: session).status == 200)
      let decoded = seasonPath.replacingOccurrences(of: "%5C", with: "/")
      let reply = try await client.get(decoded, session: session)
      #expect(reply.status == 404)
      #expect(reply.header("X-Flow-Powered") == "Flow/5.3")
      // Without the /api prefix the JSON endpoint does not exist either.
      #expect(try await client.get(String(seasonPath.dropFirst(4)), session: session).status == 404)
    }
  }

  @Test func switchRoleWantsTextPlainTheCSRFTokenAndAKnownOccupation() async throws {
    try await withSandbox { _, client in
      let session = try await client.logIn()
      let (token, party, _) = try await client.dashboard(session: session)
      let grouped = try #require(party["groupedEligibleAttributeValues"] as? [[String: Any]])
      let zurich = try #require(
        grouped.first { ($0["inflatedValue"] as? [String: Any])?["shortName"] as? String == "SVRZ" })
      let occupation = try #require(zurich["__identity"] as? String)
      let body = formEncode([("attributeValueAsArray[0]", occupation), ("__csrfToken", token)])
      let textPlain = "text/plain;charset=UTF-8"

      let form = try await client.send(
        "PUT", switchRolePath, session: session, body: body, contentType: "application/x-www-form-urlencoded")
      #expect(form.status == 500)
      let wrongToken = formEncode([("attributeValueAsArray[0]", occupation), ("__csrfToken", "0123")])
      #expect(
        try await client.send("PUT", switchRolePath, session: session, body: wrongToken, contentType: textPlain)
          .status == 403)
      let noToken = formEncode([("attributeValueAsArray[0]", occupation)])
      #expect(
        try await client.send("PUT", switchRolePath, session: session, body: noToken, contentType: textPlain)
          .status == 403)
      let unknown = formEncode([("attributeValueAsArray[0]", UUID().uuidString.lowercased()), ("__csrfToken", token)])
      let stale = try await client.send("PUT", switchRolePath, session: session, body: unknown, contentType: textPlain)
      #expect(stale.status == 400)
      #expect(stale.body.contains("No resource specified"))
      #expect(try await client.dashboard(session: session).html.contains("Schiedsrichter: SV<"))

      let good = try await client.send("PUT", switchRolePath, session: session, body: body, contentType: textPlain)
      #expect(good.status == 200)
      #expect(good.body.isEmpty)
      let after = try await client.dashboard(session: session).party
      let active = try #require(after["activeAttributeValue"] as? [String: Any])
      #expect(active["__identity"] as? String == occupation)
      // Without a session the call is stale before anything else is looked at.
      #expect(try await client.send("PUT", switchRolePath, body: body, contentType: textPlain).status == 406)
    }
  }

  @Test func expireAllSessionsMakesEverySessionStale() async throws {
    try await withSandbox { server, client in
      let first = try await client.logIn()
      let second = try await client.logIn()
      #expect(try await client.get(seasonPath, session: first).status == 200)
      #expect(await server.volleyManager.stats().activeSessions == 2)
      await server.volleyManager.expireAllSessions()
      #expect(try await client.get(seasonPath, session: first).status == 406)
      #expect(try await client.get(seasonPath, session: second).status == 406)
      #expect(try await client.get(dashboardPath, session: second).status == 303)
      let stats = await server.volleyManager.stats()
      #expect(stats.activeSessions == 0)
      #expect(stats.staleSessionReplies == 2)
      // Logging in again is the cure.
      #expect(try await client.get(seasonPath, session: try await client.logIn()).status == 200)
    }
  }

  @Test func sessionsDieWhenTheirLifetimeIsOverEvenWhileInUse() async throws {
    // Time moves on the sandbox's clock, not the wall's: a loaded machine adds at most a few real
    // seconds, far from the minute the assertions turn on.
    try await withSandbox(SandboxConfiguration()) { server, client in
      let session = try await client.logIn()
      await server.volleyManager.setSessionLifetime(seconds: 60)
      await server.volleyManager.advanceClock(seconds: 30)
      #expect(try await client.get(seasonPath, session: session).status == 200)
      await server.volleyManager.advanceClock(seconds: 31)
      // 61 s after login but only 31 s after the last use: a session extended by use would
      // still be alive here.
      #expect(try await client.get(seasonPath, session: session).status == 406)
      #expect(try await client.get(dashboardPath, session: session).status == 303)
    }
  }

  @Test func theClockAdvancesOverTheAdminEndpointAndRefusesNonsense() async throws {
    try await withSandbox { server, client in
      let session = try await client.logIn()
      await server.volleyManager.setSessionLifetime(seconds: 600)
      let moved = try await client.postJSON("/__sandbox/volleymanager/clock", #"{"advanceSeconds": 601}"#)
      #expect(moved.status == 200)
      #expect(try moved.jsonObject()["advancedSeconds"] as? Double == 601)
      #expect(try await client.get(seasonPath, session: session).status == 406)
      for body in [#"{"advanceSeconds": -5}"#, #"{"advanceSeconds": 0}"#, #"{"advance": 5}"#, "[]"] {
        #expect(try await client.postJSON("/__sandbox/volleymanager/clock", body).status == 400, "\(body)")
      }
      #expect(try await client.get("/__sandbox/volleymanager/clock").jsonObject()["advancedSeconds"] as? Double == 601)
    }
  }

  @Test func staleSessionStatusIsConfigurable() async throws {
    try await withSandbox(SandboxConfiguration(staleSessionStatus: 401)) { server, client in
      let anonymous = try await client.get(seasonPath)
      #expect(anonymous.status == 401)
      await server.volleyManager.setStaleSessionStatus(403)
      #expect(try await client.get(seasonPath, session: "not-a-session").status == 403)
    }
  }

  @Test func passwordChangeUpstreamKeepsOpenSessionsButNeedsTheNewPassword() async throws {
    try await withSandbox { server, client in
      let session = try await client.logIn()
      await server.volleyManager.setPassword("changed-2026", for: SandboxUser.demo.username)
      #expect(try await client.get(seasonPath, session: session).status == 200)
      let (cookie, hidden) = try await client.loginPage()
      let old = try await client.authenticate(
        cookie: cookie, hidden: hidden, username: SandboxUser.demo.username, password: SandboxUser.demo.password)
      #expect(old.status == 200)
      #expect(old.body.contains("Authentifizierung fehlgeschlagen!"))
      _ = try await client.logIn(password: "changed-2026")
    }
  }

  @Test func latencyAndErrorsApplyToTheAPIOnly() async throws {
    // No race with the clock: the latency is a lower bound on the API's reply, and the admin
    // reply must come back while an API request with a minute's latency is still outstanding.
    let configuration = SandboxConfiguration(latencyMilliseconds: 300, errorRate: 1)
    try await withSandbox(configuration) { server, client in
      let clock = ContinuousClock()
      var reply: Reply?
      let apiTime = try await clock.measure { reply = try await client.get(seasonPath) }
      #expect(reply?.status == 503)
      #expect(reply?.header("Content-Type")?.hasPrefix("text/html") == true)
      #expect(apiTime >= .milliseconds(300))

      await server.volleyManager.setLatency(milliseconds: 60_000)
      let answered = Mutex(false)
      let slow = Task {
        _ = try? await client.get(seasonPath)
        answered.withLock { $0 = true }
      }
      defer { slow.cancel() }
      // Wait (on the sandbox's own count, not on time) until the slow request has arrived.
      while await server.volleyManager.stats().apiRequests < 2 { try await Task.sleep(for: .milliseconds(5)) }
      reply = try await client.get("/__sandbox/volleymanager/stats")
      #expect(reply?.status == 200)
      #expect(try await client.get("/login").status == 200)
      #expect(answered.withLock { $0 } == false)
      await server.volleyManager.setErrorRate(0)
      await server.volleyManager.setLatency(milliseconds: 0)
      #expect(try await client.get(seasonPath).status == 406)
    }
  }

  @Test func errorRateIsAFractionAndSeeded() async throws {
    func outcomes(seed: UInt64) async throws -> [Int] {
      var statuses: [Int] = []
      try await withSandbox(SandboxConfiguration(errorRate: 0.5, seed: seed)) { _, client in
        for _ in 0..<40 { statuses.append(try await client.get(seasonPath).status) }
      }
      return statuses
    }
    let first = try await outcomes(seed: 7)
    #expect(try await outcomes(seed: 7) == first)
    let failures = first.count(where: { $0 == 503 })
    #expect((8...32).contains(failures))
    #expect(first.allSatisfy { $0 == 503 || $0 == 406 })
  }
}
