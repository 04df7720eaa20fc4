import Foundation
import OutpostSandbox
import Testing

/// The brand's magic-link BFF, its outbox and Keycloak's action-token links (agile-network.md
/// §3, §8 "Magic link"), over raw HTTP as the daemon and a browser meet them. Time moves only
/// with the sandbox clock.
@Suite struct AgileNetworkMagicLinkTests {
  static let scheme = "theagilenetwork"
  static let redirect = "\(scheme)://auth/callback"

  /// A client of one brand's BFF and outbox, and of its realm's Keycloak.
  struct MagicLinkClient {
    let server: SandboxServer
    let client: SandboxClient
    let keycloak: KeycloakClient
    var brand = agileBrand

    init(_ server: SandboxServer) {
      self.server = server
      client = SandboxClient(server)
      keycloak = KeycloakClient(server)
    }

    /// `POST /agile/<brand>/auth/magic-link` with a complete body, some members replaced (nil
    /// drops one).
    func request(email: String = "fan@example.com", _ overrides: [String: Any?] = [:]) async throws -> Reply {
      var body: [String: Any] = [
        "email": email, "clientId": keycloak.clientID, "redirectUri": AgileNetworkMagicLinkTests.redirect,
        "state": "m4gic-st4te", "nonce": "m4gic-n0nce", "codeChallenge": KeycloakClient.challenge,
        "codeChallengeMethod": "S256", "locale": "de",
      ]
      for (name, value) in overrides { body[name] = value }
      return try await raw(String(decoding: try JSONSerialization.data(withJSONObject: body), as: UTF8.self))
    }

    func raw(_ body: String) async throws -> Reply {
      try await client.postJSON("/agile/\(brand)/auth/magic-link", body)
    }

    /// `GET /agile/<brand>/auth/outbox[?email=…]`: the messages, oldest first.
    func outbox(email: String? = nil) async throws -> [[String: Any]] {
      let query = email.map { "?" + formEncode([("email", $0)]) } ?? ""
      let reply = try await client.get("/agile/\(brand)/auth/outbox" + query)
      #expect(reply.status == 200, "\(reply.body)")
      return try #require(try reply.jsonObject()["messages"] as? [[String: Any]])
    }

    /// The link of the newest mail to `email`.
    func link(to email: String = "fan@example.com") async throws -> String {
      try #require(try await outbox(email: email).last?["link"] as? String)
    }

    /// Opens a mailed link as a browser would (without following the redirect).
    func open(_ link: String) async throws -> Reply {
      #expect(link.hasPrefix(client.baseURL + "/"), "\(link)")
      return try await client.get(String(link.dropFirst(client.baseURL.count)))
    }

    func advance(seconds: Double) async { await server.agileNetwork.advanceClock(seconds: seconds) }
  }

  func withMagicLinks(
    _ configuration: SandboxConfiguration = agileConfiguration(), _ body: (MagicLinkClient) async throws -> Void
  ) async throws {
    try await withSandbox(configuration) { server, _ in try await body(MagicLinkClient(server)) }
  }

  @Test func knownAndUnknownAddressesGetTheSameAnswerButOnlyTheKnownOneAMail() async throws {
    try await withMagicLinks { bff in
      let known = try await bff.request(email: "Fan@Example.com")
      #expect(known.status == 202, "\(known.body)")
      #expect(try known.jsonObject()["expiresIn"] as? Int == 900)
      let unknown = try await bff.request(email: "nobody@example.com")
      #expect(unknown.status == 202 && unknown.body == known.body, "\(unknown.body)")

      let messages = try await bff.outbox()
      #expect(messages.count == 1)
      let mail = try #require(messages.first)
      #expect(mail["to"] as? String == "fan@example.com")
      let link = try #require(mail["link"] as? String)
      let prefix = bff.client.baseURL + bff.keycloak.realmPath + "/login-actions/action-token?key="
      #expect(link.hasPrefix(prefix), "\(link)")
      #expect(KeycloakClient.query(link)["client_id"] == bff.keycloak.clientID)
      let sentAt = try #require(mail["sentAt"] as? Int)
      #expect(sentAt == Int(agileReferenceDate.timeIntervalSince1970))
      #expect(mail["expiresAt"] as? Int == sentAt + 900)

      // The filter ignores case; nothing went to the unknown address.
      #expect(try await bff.outbox(email: "FAN@EXAMPLE.COM").count == 1)
      #expect(try await bff.outbox(email: "nobody@example.com").isEmpty)
      // The same outbox for tests in the process, and another brand's outbox is its own.
      let inProcess = await bff.server.agileNetwork.magicLinkOutbox(brand: agileBrand)
      #expect(
        inProcess == [SandboxMagicLinkMail(to: "fan@example.com", link: link, sentAt: sentAt, expiresAt: sentAt + 900)])
      #expect(await bff.server.agileNetwork.magicLinkOutbox(brand: "court-report").isEmpty)
    }
  }

  @Test func malformedRequestsAreInvalidRequestNamingTheField() async throws {
    try await withMagicLinks { bff in
      for (overrides, field) in [
        (["codeChallengeMethod": "plain"], "codeChallengeMethod"),
        (["redirectUri": "otherapp://auth/callback"], "redirectUri"),
        (["redirectUri": "http://127.0.0.1:4000/elsewhere"], "redirectUri"),
        (["clientId": "someone-else"], "clientId"), (["codeChallenge": "short"], "codeChallenge"),
        (["email": "fan.example.com"], "email"), (["email": ""], "email"), (["state": nil], "state"),
        (["nonce": 42], "nonce"), (["locale": ["de"]], "locale"),
      ] as [([String: Any?], String)] {
        let reply = try await bff.request(overrides)
        #expect(reply.status == 400, "\(overrides): \(reply.body)")
        let object = try reply.jsonObject()
        #expect(object["error"] as? String == "invalid_request")
        #expect((object["error_description"] as? String)?.contains(field) == true, "\(reply.body)")
      }
      for body in ["{not json", "[]", ""] {
        let reply = try await bff.raw(body)
        #expect(reply.status == 400 && reply.oauthError == "invalid_request", "\(body): \(reply.body)")
      }
      // None of them was counted or mailed: a good request goes through at once.
      #expect(try await bff.outbox().isEmpty)
      #expect(try await bff.request().status == 202)
    }
  }

  @Test func oneRequestPerAddressAMinuteOnTheSandboxClock() async throws {
    try await withMagicLinks { bff in
      for email in ["fan@example.com", "nobody@example.com"] {
        #expect(try await bff.request(email: email).status == 202)
      }
      await bff.advance(seconds: 20)
      // Known or not, the second request within 60 s is refused alike.
      for email in ["FAN@example.com", "nobody@example.com"] {
        let again = try await bff.request(email: email)
        #expect(again.status == 429, "\(again.body)")
        #expect(again.header("retry-after") == "40")
        #expect(again.oauthError == "slow_down")
      }
      await bff.advance(seconds: 39.5)
      #expect(try await bff.request().header("retry-after") == "1")
      await bff.advance(seconds: 1)
      #expect(try await bff.request().status == 202)
      let messages = try await bff.outbox()
      #expect(messages.count == 2)
      #expect(
        (messages[1]["sentAt"] as? Int ?? 0) - (messages[0]["sentAt"] as? Int ?? 0) >= 60,
        "oldest first, one a minute")
    }
  }

  @Test func theLinkSignsInOnceAndItsCodeNeedsTheVerifier() async throws {
    try await withMagicLinks { bff in
      #expect(try await bff.request().status == 202)
      let link = try await bff.link()

      let opened = try await bff.open(link)
      #expect(opened.status == 302, "\(opened.body)")
      let location = try #require(opened.header("location"))
      #expect(location.hasPrefix(Self.redirect + "?"), "\(location)")
      let query = KeycloakClient.query(location)
      #expect(query["state"] == "m4gic-st4te" && query["session_state"] != nil)
      #expect(query["iss"] == bff.client.baseURL + bff.keycloak.realmPath)
      let code = try #require(query["code"])

      // The daemon exchanges it with its verifier and the scheme redirect; the nonce comes back.
      let granted = try await bff.keycloak.exchange(code, redirect: Self.redirect)
      #expect(granted.status == 200, "\(granted.body)")
      let (_, _, object) = try granted.tokens()
      #expect(object["refresh_expires_in"] as? Int == 0, "an offline token: the BFF asks for offline_access")
      let idToken = try #require(object["id_token"] as? String)
      let claims = try #require(KeycloakTests.claims(idToken))
      #expect(claims["nonce"] as? String == "m4gic-n0nce")
      #expect(claims["azp"] as? String == bff.keycloak.clientID)

      // Single use: the second visit shows the page and goes nowhere.
      let reused = try await bff.open(link)
      #expect(reused.status == 400 && reused.header("location") == nil)
      #expect(reused.body.contains("This link has already been used."), "\(reused.body)")
    }
  }

  @Test func aCopiedCodeWithoutTheVerifierIsInvalidGrant() async throws {
    try await withMagicLinks { bff in
      #expect(try await bff.request().status == 202)
      let opened = try await bff.open(try await bff.link())
      let code = try #require(KeycloakClient.query(opened.header("location") ?? "")["code"])
      let wrong = String(repeating: "w", count: 43)
      let refused = try await bff.keycloak.exchange(code, verifier: wrong, redirect: Self.redirect)
      #expect(refused.status == 400 && refused.oauthError == "invalid_grant", "\(refused.body)")
    }
  }

  @Test func expiredUnknownAndForeignLinksShowAnErrorPage() async throws {
    try await withMagicLinks { bff in
      #expect(try await bff.request().status == 202)
      let link = try await bff.link()
      // Another client's id, or a key nobody issued: invalid, and the good link is untouched.
      let foreign = try await bff.open(link.replacingOccurrences(of: "client_id=", with: "client_id=x"))
      let forged = try await bff.open(link.replacingOccurrences(of: "key=", with: "key=x"))
      for reply in [foreign, forged] {
        #expect(reply.status == 400 && reply.header("location") == nil)
        #expect(reply.body.contains("Invalid or expired link."), "\(reply.body)")
      }
      await bff.advance(seconds: 900)
      let expired = try await bff.open(link)
      #expect(expired.status == 400 && expired.header("location") == nil)
      #expect(expired.body.contains("Action expired. Please start again."), "\(expired.body)")
    }
  }

  @Test func theLinkLifetimeIsAKeycloakSetting() async throws {
    try await withMagicLinks { bff in
      let changed = try await bff.keycloak.admin(#"{"service":"keycloak","op":"config","magicLinkLifespan":120}"#)
      #expect(changed.status == 200, "\(changed.body)")
      #expect(try changed.jsonObject()["magicLinkLifespan"] as? Int == 120)
      let accepted = try await bff.request()
      #expect(try accepted.jsonObject()["expiresIn"] as? Int == 120)
      let mail = try #require(try await bff.outbox().last)
      #expect((mail["expiresAt"] as? Int ?? 0) - (mail["sentAt"] as? Int ?? 0) == 120)
      // The admin state lists the mail, without its link.
      let state = try await bff.client.get("/__admin/state?service=agilenetwork")
      #expect(state.body.contains("\"magicLinks\"") && !state.body.contains("action-token"), "\(state.body)")
      let link = try #require(mail["link"] as? String)
      await bff.advance(seconds: 120)
      #expect(try await bff.open(link).body.contains("Action expired."))
    }
  }

  @Test func theLinkFollowsTheLegacyAuthPath() async throws {
    var configuration = agileConfiguration()
    configuration.keycloak.legacyAuthPath = true
    try await withMagicLinks(configuration) { bff in
      #expect(try await bff.request().status == 202)
      let link = try await bff.link()
      #expect(link.hasPrefix(bff.client.baseURL + "/keycloak/auth/realms/\(agileBrand)/login-actions/action-token?"))
      let opened = try await bff.open(link)
      #expect(opened.status == 302 && opened.header("location")?.hasPrefix(Self.redirect + "?") == true)
    }
  }
}
