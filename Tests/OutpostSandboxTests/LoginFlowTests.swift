import Foundation
import OutpostSandbox
import Testing

/// The login dance of upstream §1.2: cookie, hidden fields, rotation, failure styles, 2FA.
@Suite struct LoginFlowTests {
  @Test func loginPageSetsASessionCookieAndCarriesTheFormTokens() async throws {
    try await withSandbox { _, client in
      let reply = try await client.get("/login")
      #expect(reply.status == 200)
      #expect(reply.header("X-Flow-Powered") == "Flow/5.3")
      let setCookie = try #require(reply.header("Set-Cookie"))
      #expect(setCookie.contains("HttpOnly"))
      #expect(setCookie.contains("Path=/"))
      #expect(!setCookie.lowercased().contains("expires"))
      #expect(setCookie.contains("language=de"))
      #expect(try #require(reply.sessionCookie).wholeMatch(of: /[A-Za-z0-9]{32}/) != nil)
      #expect(reply.body.contains(#"action="/sportmanager.security/authentication/authenticate""#))
      #expect(reply.body.contains(#"id="username""#) && reply.body.contains(#"id="password""#))

      let (_, hidden) = try await client.loginPage()
      let fields = Dictionary(hidden, uniquingKeysWith: { first, _ in first })
      #expect(fields.count == 6)
      #expect(fields["__referrer[@package]"] == "SportManager.Volleyball")
      #expect(fields["__referrer[@subpackage]"] == "")
      #expect(fields["__referrer[@controller]"] == "Public")
      #expect(fields["__referrer[@action]"] == "login")
      #expect(fields["__trustedProperties"]?.wholeMatch(of: /a:0:\{\}[0-9a-f]{40}/) != nil)
      #expect(fields["__referrer[arguments]"]?.wholeMatch(of: /YTowOnt9[0-9a-f]{40}/) != nil)
    }
  }

  @Test func successfulLoginRotatesTheCookieAndLeadsToTheDashboard() async throws {
    try await withSandbox { server, client in
      let (first, hidden) = try await client.loginPage()
      let reply = try await client.authenticate(
        cookie: first, hidden: hidden, username: "referee@example.ch", password: "demo-referee-2026")
      #expect(reply.status == 303)
      #expect(reply.header("Location") == "\(server.baseURL)\(dashboardPath)")
      let session = try #require(reply.sessionCookie)
      #expect(session != first)
      // The anonymous id died with the rotation.
      #expect(try await client.get(dashboardPath, session: first).status == 303)

      let (token, party, html) = try await client.dashboard(session: session)
      #expect(token.wholeMatch(of: /[0-9a-f]{32}/) != nil)
      #expect((party["__identity"] as? String)?.count == 36)
      #expect(party["displayName"] as? String == "Lena Graf")
      #expect(party["activeRoleIdentifier"] as? String == "Indoorvolleyball.RefAdmin:Referee")
      #expect((party["eligibleAttributeValues"] as? [Any])?.count == 2)
      let grouped = try #require(party["groupedEligibleAttributeValues"] as? [[String: Any]])
      #expect(grouped.count == 2)
      for item in grouped {
        #expect(item["roleIdentifier"] as? String == "Indoorvolleyball.RefAdmin:Referee")
        #expect((item["type"] as? String)?.contains("AbstractAssociation") == true)
        #expect((item["__identity"] as? String)?.count == 36)
      }
      let associations = grouped.compactMap { $0["inflatedValue"] as? [String: Any] }
      #expect(associations.map { $0["shortName"] as? String } == ["SV", "SVRZ"])
      #expect(associations.map { $0["originId"] as? Int } == [0, 12])
      #expect(associations.allSatisfy { $0["__identity"] is String && $0["name"] is String })
      let code = try #require(party["uniqueId"] as? String)
      #expect(code.wholeMatch(of: /[A-Za-z0-9]{6}/) != nil)
      // The party JSON is HTML-encoded inside the attribute, umlauts left as UTF-8.
      #expect(html.contains("&quot;uniqueId&quot;:&quot;\(code)&quot;"))
      #expect(html.contains("Regionalverband Zürich"))

      // The calendar code belongs to the person, the CSRF token to the session.
      let again = try await client.dashboard(session: try await client.logIn())
      #expect(again.party["uniqueId"] as? String == code)
      #expect(again.csrfToken != token)
      #expect(await server.volleyManager.stats().logins == 2)
      #expect(await server.volleyManager.stats().activeSessions == 2)
    }
  }

  @Test func wrongPasswordShowsTheSnackbarAndRotatesTheCookie() async throws {
    try await withSandbox { server, client in
      let (first, hidden) = try await client.loginPage()
      let reply = try await client.authenticate(
        cookie: first, hidden: hidden, username: "referee@example.ch", password: "wrong")
      #expect(reply.status == 200)
      #expect(reply.body.contains(#"color="error""#))
      #expect(reply.body.contains("Authentifizierung fehlgeschlagen!"))
      #expect(reply.body.contains(#"id="password""#))
      let rotated = try #require(reply.sessionCookie)
      #expect(rotated != first)
      #expect(try await client.get(dashboardPath, session: rotated).status == 303)
      // The rotated anonymous session can try again (the form tokens are unchanged).
      let retry = try await client.authenticate(
        cookie: rotated, hidden: hidden, username: "referee@example.ch", password: "demo-referee-2026")
      #expect(retry.status == 303)
      let stats = await server.volleyManager.stats()
      #expect(stats.failedLogins == 1)
      #expect(stats.logins == 1)
    }
  }

  @Test func wrongPasswordCanAlsoRedirectToLogin() async throws {
    try await withSandbox(SandboxConfiguration(loginFailureStyle: .redirect)) { server, client in
      let (first, hidden) = try await client.loginPage()
      let reply = try await client.authenticate(
        cookie: first, hidden: hidden, username: "nobody@example.ch", password: "demo-referee-2026")
      #expect(reply.status == 303)
      #expect(reply.header("Location")?.hasSuffix("/login") == true)
      #expect(try #require(reply.sessionCookie) != first)
      #expect(!reply.body.contains("data-csrf-token"))
      #expect(await server.volleyManager.stats().failedLogins == 1)
    }
  }

  @Test func twoFactorAccountStopsAtTheSecondFactor() async throws {
    try await withSandbox { server, client in
      let (cookie, hidden) = try await client.loginPage()
      let reply = try await client.authenticate(
        cookie: cookie, hidden: hidden, username: "twofactor@example.ch", password: "demo-twofactor-2026")
      #expect(reply.status == 200)
      #expect(reply.body.contains("secondFactorToken"))
      #expect(!reply.body.contains("data-csrf-token"))
      let rotated = try #require(reply.sessionCookie)
      #expect(try await client.get(dashboardPath, session: rotated).status == 303)
      #expect(try await client.get(seasonPath, session: rotated).status == 406)
      #expect(await server.volleyManager.stats().logins == 0)
      #expect(await server.volleyManager.stats().activeSessions == 0)
    }
  }

  @Test func authenticateNeedsTheCookieAndTheUntouchedFormTokens() async throws {
    try await withSandbox { server, client in
      let (cookie, hidden) = try await client.loginPage()
      let user = SandboxUser.demo
      let noCookie = try await client.authenticate(
        cookie: nil, hidden: hidden, username: user.username, password: user.password)
      #expect(noCookie.status == 500)
      let tampered = hidden.map {
        ($0.0, $0.0 == "__trustedProperties" ? "a:0:{}" + String(repeating: "0", count: 40) : $0.1)
      }
      let missing = hidden.filter { $0.0 != "__referrer[arguments]" }
      for fields in [tampered, missing] {
        let reply = try await client.authenticate(
          cookie: cookie, hidden: fields, username: user.username, password: user.password)
        #expect(reply.status == 500)
        #expect(reply.sessionCookie == nil)
      }
      let plain = try await client.authenticate(
        cookie: cookie, hidden: hidden, username: user.username, password: user.password, contentType: "text/plain")
      #expect(plain.status == 500)
      #expect(await server.volleyManager.stats().logins == 0)
      // None of that consumed the session: the proper post still works.
      let good = try await client.authenticate(
        cookie: cookie, hidden: hidden, username: user.username, password: user.password)
      #expect(good.status == 303)
    }
  }

  @Test func loginPageOfALoggedInSessionCarriesTheCSRFTokenAndKeepsTheCookie() async throws {
    try await withSandbox { _, client in
      let session = try await client.logIn()
      let reply = try await client.get("/login", session: session)
      #expect(reply.status == 200)
      #expect(reply.body.contains("data-csrf-token=\""))
      #expect(reply.sessionCookie == nil)
    }
  }

  @Test func logoutInvalidatesTheSessionWithoutClearingTheCookie() async throws {
    try await withSandbox { server, client in
      let session = try await client.logIn()
      #expect(try await client.get(seasonPath, session: session).status == 200)
      let reply = try await client.get("/logout", session: session)
      #expect(reply.status == 303)
      #expect(reply.header("Location") == "/login")
      #expect(reply.header("Set-Cookie") == nil)
      #expect(try await client.get(seasonPath, session: session).status == 406)
      let dashboard = try await client.get(dashboardPath, session: session)
      #expect(dashboard.status == 303)
      #expect(dashboard.header("Location")?.hasSuffix("/login") == true)
      #expect(await server.volleyManager.stats().activeSessions == 0)
    }
  }
}
