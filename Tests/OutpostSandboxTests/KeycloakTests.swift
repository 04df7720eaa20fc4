import Foundation
import OutpostSandbox
import Testing

/// The sandbox's Keycloak, checked over raw HTTP against agile-network.md §2 and §8: what a
/// native public client meets, with lifetimes judged on the sandbox's clock.
@Suite struct KeycloakTests {
  @Test func discoveryNamesEveryEndpointUnderTheRealm() async throws {
    try await withKeycloak { server, keycloak in
      let reply = try await keycloak.client.get(keycloak.realmPath + "/.well-known/openid-configuration")
      #expect(reply.status == 200)
      let document = try reply.jsonObject()
      let issuer = server.baseURL + keycloak.realmPath
      #expect(document["issuer"] as? String == issuer)
      for (key, path) in [
        ("authorization_endpoint", "auth"), ("token_endpoint", "token"), ("userinfo_endpoint", "userinfo"),
        ("end_session_endpoint", "logout"), ("device_authorization_endpoint", "auth/device"),
        ("revocation_endpoint", "revoke"), ("jwks_uri", "certs"),
      ] {
        #expect(document[key] as? String == "\(issuer)/protocol/openid-connect/\(path)")
      }
      #expect((document["code_challenge_methods_supported"] as? [String])?.contains("S256") == true)
      #expect(
        (document["grant_types_supported"] as? [String])?.contains("urn:ietf:params:oauth:grant-type:device_code")
          == true)
      let unknown = try await keycloak.client.get("/keycloak/realms/nope/.well-known/openid-configuration")
      #expect(unknown.status == 404 && unknown.body.contains("Realm does not exist"))
    }
    // Keycloak before v17: everything under /auth, and nothing without it.
    var legacy = SandboxKeycloakConfiguration()
    legacy.legacyAuthPath = true
    try await withSandbox(SandboxConfiguration(services: [.keycloak], keycloak: legacy)) { server, client in
      let old = try await client.get("/keycloak/auth/realms/court-report/.well-known/openid-configuration")
      #expect(try old.jsonObject()["issuer"] as? String == server.baseURL + "/keycloak/auth/realms/court-report")
      #expect(try await client.get("/keycloak/realms/court-report/.well-known/openid-configuration").status == 404)
    }
  }

  @Test func theAuthorizationEndpointChecksClientRedirectAndPKCEBeforeTheLoginForm() async throws {
    try await withKeycloak { _, keycloak in
      // A bad client or redirect never redirects: Keycloak shows its own page.
      for overrides in [
        [("client_id", "someone-else")], [("redirect_uri", "http://localhost:53682/callback")],
        [("redirect_uri", "http://127.0.0.1:53682/elsewhere")], [("redirect_uri", "https://evil.example/callback")],
      ] as [[(String, String?)]] {
        let reply = try await keycloak.authorize(overrides)
        #expect(reply.status == 400 && reply.header("location") == nil, "\(overrides)")
      }
      // PKCE S256 is required: no challenge, or plain, comes back as an error.
      for (overrides, description) in [
        ([("code_challenge_method", nil), ("code_challenge", nil)], "Missing parameter: code_challenge_method"),
        ([("code_challenge_method", "plain")], "Invalid parameter: code_challenge_method"),
        ([("code_challenge", nil)], "Missing parameter: code_challenge"),
      ] as [([(String, String?)], String)] {
        let reply = try await keycloak.authorize(overrides)
        #expect(reply.status == 302)
        let query = KeycloakClient.query(reply.header("location") ?? "")
        #expect(query["error"] == "invalid_request" && query["error_description"] == description)
        #expect(query["state"] == "st4te" && query["code"] == nil)
      }
      // Any loopback port is fine (RFC 8252 §7.3), and so is the brand's scheme.
      #expect(try await keycloak.authorize([("redirect_uri", "http://127.0.0.1:1/callback")]).status == 200)
      #expect(try await keycloak.authorize([("redirect_uri", "theagilenetwork://auth/callback")]).status == 200)

      // The form: a wrong password shows it again; the right one redirects with the code.
      let page = try await keycloak.authorize()
      let action = decodeEntities(String(try #require(page.body.firstMatch(of: /action="([^"]*)"/)).1))
      let wrong = try await keycloak.form(action, [("username", "fan@example.com"), ("password", "nope")])
      #expect(wrong.status == 200 && wrong.body.contains("Invalid username or password."))
      let right = try await keycloak.form(action, [("username", "fan@example.com"), ("password", "demo-fan-2026")])
      #expect(right.status == 302)
      let location = try #require(right.header("location"))
      #expect(location.hasPrefix(KeycloakClient.redirect + "?"))
      let query = KeycloakClient.query(location)
      #expect(query["state"] == "st4te" && query["code"] != nil && query["session_state"] != nil)
      #expect(query["iss"] == keycloak.client.baseURL + keycloak.realmPath)
      // The user cancels at the form.
      let again = try await keycloak.authorize()
      let cancelAction = decodeEntities(String(try #require(again.body.firstMatch(of: /action="([^"]*)"/)).1))
      let cancelled = try await keycloak.form(cancelAction, [("cancel", "Cancel")])
      #expect(KeycloakClient.query(cancelled.header("location") ?? "")["error"] == "access_denied")
    }
  }

  @Test func codesNeedTheirVerifierAndWorkOnceWithinTheirLifespan() async throws {
    try await withKeycloak { server, keycloak in
      // The wrong verifier, or none, is refused, and the code is spent.
      let first = try await keycloak.code()
      let wrong = try await keycloak.exchange(first, verifier: String(repeating: "A", count: 43))
      #expect(wrong.status == 400 && wrong.oauthError == "invalid_grant", "\(wrong.body)")
      #expect(try wrong.jsonObject()["error_description"] as? String == "PKCE verification failed: Code mismatch")
      #expect(try await keycloak.exchange(first).oauthError == "invalid_grant")
      let missing = try await keycloak.exchange(try await keycloak.code(), verifier: nil)
      #expect(try missing.jsonObject()["error_description"] as? String == "PKCE code verifier not specified")
      // Another port than the one the code was issued for.
      let moved = try await keycloak.exchange(try await keycloak.code(), redirect: "http://127.0.0.1:53683/callback")
      #expect(moved.oauthError == "invalid_grant")

      // The right verifier: tokens, an offline refresh token, and an ID token with the nonce.
      let code = try await keycloak.code()
      let granted = try await keycloak.exchange(code)
      #expect(granted.status == 200, "\(granted.body)")
      let (access, refresh, object) = try granted.tokens()
      #expect(object["token_type"] as? String == "Bearer" && object["expires_in"] as? Int == 300)
      #expect(object["refresh_expires_in"] as? Int == 0)
      let idToken = try #require(object["id_token"] as? String)
      let claims = try #require(Self.claims(idToken))
      #expect(claims["nonce"] as? String == "n0nce" && claims["aud"] as? String == keycloak.clientID)
      #expect(try await keycloak.userinfo(access).jsonObject()["email"] as? String == "fan@example.com")
      // Presented again: refused, and the session it started ends with it.
      #expect(try await keycloak.exchange(code).oauthError == "invalid_grant")
      #expect(try await keycloak.refresh(refresh).oauthError == "invalid_grant")
      #expect(try await keycloak.userinfo(access).status == 401)

      // Codes live 60 s on the sandbox's clock.
      let late = try await keycloak.code()
      await server.advanceClock(seconds: 61)
      #expect(try await keycloak.exchange(late).oauthError == "invalid_grant")
      #expect(await server.keycloak.stats().refusedExchanges == 6)
    }
  }

  @Test func theDeviceGrantIsPendingSlowsDownIsApprovedOnceOrDeniedOrExpires() async throws {
    try await withKeycloak { server, keycloak in
      let grant = try await keycloak.deviceAuthorization()
      let deviceCode = try #require(grant["device_code"] as? String)
      let userCode = try #require(grant["user_code"] as? String)
      #expect(userCode.wholeMatch(of: /[B-Z]{4}-[B-Z]{4}/) != nil)
      #expect(grant["interval"] as? Int == 5 && grant["expires_in"] as? Int == 600)
      #expect(
        grant["verification_uri_complete"] as? String == "\(grant["verification_uri"] ?? "")?user_code=\(userCode)")
      #expect(try await keycloak.poll(deviceCode).oauthError == "authorization_pending")
      // Polled again at once: slow down, and 5 s more between polls for good (each time).
      #expect(try await keycloak.poll(deviceCode).oauthError == "slow_down")
      await server.advanceClock(seconds: 6)
      #expect(try await keycloak.poll(deviceCode).oauthError == "slow_down")
      await server.advanceClock(seconds: 15)
      #expect(try await keycloak.poll(deviceCode).oauthError == "authorization_pending")
      #expect(try await keycloak.client.get("/__admin/state?service=keycloak").body.contains("\"interval\":15"))
      // The user approves through the admin API (as the tests of other processes do).
      let approved = try await keycloak.admin(
        #"{"service":"keycloak","op":"approve","userCode":"\#(userCode.lowercased())"}"#)
      #expect(approved.status == 200, "\(approved.body)")
      await server.advanceClock(seconds: 15)
      let tokens = try await keycloak.poll(deviceCode)
      #expect(tokens.status == 200, "\(tokens.body)")
      #expect(try await keycloak.userinfo(try tokens.tokens().access).status == 200)
      await server.advanceClock(seconds: 15)
      #expect(try await keycloak.poll(deviceCode).oauthError == "invalid_grant")

      // Declined on the verification page.
      let declined = try await keycloak.deviceAuthorization()
      let page = try await keycloak.client.get(
        keycloak.realmPath + "/device?user_code=\(declined["user_code"] as? String ?? "")")
      #expect(page.status == 200 && page.body.contains(declined["user_code"] as? String ?? "?"))
      let no = try await keycloak.form(
        keycloak.realmPath + "/device", [("user_code", declined["user_code"] as? String ?? ""), ("deny", "No")])
      #expect(no.status == 200 && no.body.contains("Device Login Failed"))
      #expect(try await keycloak.poll(declined["device_code"] as? String ?? "").oauthError == "access_denied")

      // Approved on the verification page with the user's password.
      let typed = try await keycloak.deviceAuthorization()
      let yes = try await keycloak.form(
        keycloak.realmPath + "/device",
        [
          ("user_code", typed["user_code"] as? String ?? ""), ("username", "fan@example.com"),
          ("password", "demo-fan-2026"),
        ])
      #expect(yes.body.contains("Device Login Successful"))
      #expect(try await keycloak.poll(typed["device_code"] as? String ?? "").status == 200)

      // Nobody comes: after its 600 s the code is expired, and can no longer be approved.
      let forgotten = try await keycloak.deviceAuthorization()
      await server.advanceClock(seconds: 600)
      #expect(!(await server.keycloak.approveDevice(userCode: forgotten["user_code"] as? String ?? "")))
      #expect(try await keycloak.poll(forgotten["device_code"] as? String ?? "").oauthError == "expired_token")
    }
  }

  @Test func refreshTokensRotateAndASpentOnePresentedAgainEndsTheSession() async throws {
    try await withKeycloak { server, keycloak in
      let first = try #require(await server.keycloak.issueRefreshToken())
      let renewed = try await keycloak.refresh(first)
      #expect(renewed.status == 200, "\(renewed.body)")
      let (access, second, _) = try renewed.tokens()
      #expect(second != first)
      let third = try await keycloak.refresh(second).tokens().refresh
      // The spent first token again: reuse, the session ends, the newest token dies with it.
      let reused = try await keycloak.refresh(first)
      #expect(reused.oauthError == "invalid_grant")
      #expect(try reused.jsonObject()["error_description"] as? String == "Maximum allowed refresh token reuse exceeded")
      #expect(try await keycloak.refresh(third).oauthError == "invalid_grant")
      #expect(try await keycloak.userinfo(access).status == 401)
      #expect(await server.keycloak.stats().reuseDetected == 1)

      // Keycloak's default (no revocation): old tokens keep working.
      await server.keycloak.update { $0.revokeRefreshToken = false }
      let lenient = try #require(await server.keycloak.issueRefreshToken())
      #expect(try await keycloak.refresh(lenient).status == 200)
      #expect(try await keycloak.refresh(lenient).status == 200)
    }
  }

  @Test func sessionsEndByIdleTimeLogoutRevocationOrTheAdmin() async throws {
    try await withKeycloak { server, keycloak in
      // An ordinary session (no offline_access) dies after 30 idle minutes; an offline one not.
      let online = try #require(await server.keycloak.issueRefreshToken(scope: "openid"))
      let offline = try #require(await server.keycloak.issueRefreshToken())
      let granted = try await keycloak.refresh(online)
      #expect(try granted.jsonObject()["refresh_expires_in"] as? Int == 1800)
      let (access, onlineNext, _) = try granted.tokens()
      let offlineNext = try await keycloak.refresh(offline).tokens().refresh
      #expect(try await keycloak.userinfo(access).status == 200)
      await server.advanceClock(seconds: 301)
      let expired = try await keycloak.userinfo(access)
      #expect(expired.status == 401 && expired.header("www-authenticate")?.contains("invalid_token") == true)
      await server.advanceClock(seconds: 1500)
      #expect(try await keycloak.refresh(onlineNext).oauthError == "invalid_grant")
      let stillOffline = try await keycloak.refresh(offlineNext)
      #expect(stillOffline.status == 200)

      // Logout with the refresh token: 204, then its refreshes fail.
      let loggedIn = try stillOffline.tokens().refresh
      let logout = try await keycloak.form(
        keycloak.protocolPath + "/logout", [("client_id", keycloak.clientID), ("refresh_token", loggedIn)])
      #expect(logout.status == 204)
      #expect(try await keycloak.refresh(loggedIn).oauthError == "invalid_grant")
      // Revocation: 200 whatever the token, and the session ends.
      let revoked = try #require(await server.keycloak.issueRefreshToken())
      let revoke = try await keycloak.form(
        keycloak.protocolPath + "/revoke",
        [("client_id", keycloak.clientID), ("token", revoked), ("token_type_hint", "refresh_token")])
      #expect(revoke.status == 200)
      #expect(try await keycloak.refresh(revoked).oauthError == "invalid_grant")
      // The admin ends the user's sessions, or disables the user.
      let ended = try #require(await server.keycloak.issueRefreshToken())
      let kill = try await keycloak.admin(
        #"{"service":"keycloak","op":"revoke-sessions","username":"fan@example.com"}"#)
      #expect(kill.status == 200 && kill.body.contains("\"revoked\":1"), "\(kill.body)")
      #expect(try await keycloak.refresh(ended).oauthError == "invalid_grant")
      let disabled = try #require(await server.keycloak.issueRefreshToken())
      #expect(await server.keycloak.setUserEnabled(false, username: "fan@example.com"))
      #expect(try await keycloak.refresh(disabled).oauthError == "invalid_grant")
    }
  }

  @Test func thePasswordGrantIsOffAndUnknownClientsAreRefused() async throws {
    try await withKeycloak { _, keycloak in
      let password = try await keycloak.token([
        ("grant_type", "password"), ("username", "fan@example.com"), ("password", "demo-fan-2026"),
      ])
      #expect(password.oauthError == "unauthorized_client")
      var stranger = keycloak
      stranger.clientID = "someone-else"
      let refused = try await stranger.token([("grant_type", "refresh_token"), ("refresh_token", "x")])
      #expect(refused.status == 401 && refused.oauthError == "invalid_client")
    }
  }

  @Test func theAdminAPIShowsNoSecretsAndChangesSettings() async throws {
    try await withKeycloak { server, keycloak in
      let grant = try await keycloak.deviceAuthorization()
      let refresh = try #require(await server.keycloak.issueRefreshToken())
      let state = try await keycloak.client.get("/__admin/state?service=keycloak")
      #expect(state.status == 200)
      #expect(state.body.contains(grant["user_code"] as? String ?? "?"))
      for secret in [grant["device_code"] as? String ?? "?", refresh, SandboxKeycloakUser.demo.password] {
        #expect(!state.body.contains(secret))
      }
      let config = try await keycloak.admin(
        #"{"service":"keycloak","op":"config","devicePollInterval":0,"browserLogin":"approve","codeLifespan":10}"#)
      #expect(config.status == 200, "\(config.body)")
      #expect(await server.keycloak.settings().devicePollInterval == 0)
      let approved = try await keycloak.authorize()
      #expect(approved.status == 302 && KeycloakClient.query(approved.header("location") ?? "")["code"] != nil)
      for bad in [
        #"{"service":"keycloak","op":"config","devicePollInterval":61}"#,
        #"{"service":"keycloak","op":"config","browserLogin":"maybe"}"#,
        #"{"service":"keycloak","op":"config","nonsense":1}"#, #"{"service":"keycloak","op":"approve"}"#,
        #"{"service":"keycloak","op":"approve","userCode":"BBBB-BBBB"}"#, #"{"service":"keycloak","op":"explode"}"#,
      ] {
        #expect(try await keycloak.admin(bad).status != 200, "\(bad)")
      }
    }
  }

  /// The payload of a JWT.
  static func claims(_ token: String) -> [String: Any]? {
    let parts = token.split(separator: ".")
    guard parts.count == 3 else { return nil }
    var text = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    return Data(base64Encoded: text).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] }
  }
}
