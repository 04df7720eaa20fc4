import Foundation
import OutpostSandbox
import Testing

/// Firebase Auth as rpp.md §2 describes it: sign-in (camelCase, string `expiresIn`), refresh
/// (snake_case), Google's error bodies, the ID token's claims, and the API's 401/403 gate.
/// Time moves on the sandbox's manual clock only.
@Suite struct RPPAuthTests {
  @Test func signInAnswersInFirebasesShapeWithAnRS256Token() async throws {
    try await withRPPSandbox { server, rpp in
      let reply = try await rpp.signInReply()
      #expect(reply.status == 200)
      let object = try reply.jsonObject()
      #expect(object["kind"] as? String == "identitytoolkit#VerifyPasswordResponse")
      #expect(object["localId"] as? String == "usr_ana")
      #expect(object["email"] as? String == RPPSeed.agent)
      #expect(object["registered"] as? Bool == true)
      #expect(object["expiresIn"] as? String == "3600")
      let token = try #require(object["idToken"] as? String)
      let header = try jwtPart(token, 0)
      let claims = try jwtPart(token, 1)
      #expect(header["alg"] as? String == "RS256")
      let jwks = try await rpp.client.get(
        "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
      ).jsonObject()
      let key = try #require((jwks["keys"] as? [[String: Any]])?.first)
      #expect(key["kid"] as? String == header["kid"] as? String)
      #expect(key["kty"] as? String == "RSA")
      #expect(claims["iss"] as? String == "https://securetoken.google.com/rpp-sandbox")
      #expect(claims["aud"] as? String == "rpp-sandbox")
      #expect(claims["sub"] as? String == "usr_ana")
      #expect(claims["user_id"] as? String == "usr_ana")
      #expect(claims["role"] as? String == "client")
      #expect(claims["partnerId"] as? String == RPPSeed.sunset)
      #expect((claims["exp"] as? Int).map { $0 - (claims["iat"] as? Int ?? 0) } == 3600)
      #expect((claims["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "password")
      // The same token opens the API.
      let me = try await rpp.api("GET", "/me", token: token)
      #expect(me.status == 200)
      #expect(try me.jsonObject()["timeZone"] as? String == "America/Los_Angeles")
    }
  }

  @Test func refreshAnswersInSnakeCaseAndRotatesOnlyWhenAsked() async throws {
    try await withRPPSandbox { server, rpp in
      let session = try await rpp.signIn()
      let reply = try await rpp.refresh(session.refreshToken)
      #expect(reply.status == 200, "\(reply.body)")
      let object = try reply.jsonObject()
      #expect(object["expires_in"] as? String == "3600")
      #expect(object["token_type"] as? String == "Bearer")
      #expect(object["user_id"] as? String == "usr_ana")
      #expect(object["project_id"] as? String == "1234567890")
      #expect(object["refresh_token"] as? String == session.refreshToken)
      #expect(object["access_token"] as? String == object["id_token"] as? String)
      try await rpp.admin("config", #""rotateRefreshTokens":true,"idTokenLifetimeSeconds":7"#)
      let rotated = try await rpp.refresh(session.refreshToken).jsonObject()
      let next = try #require(rotated["refresh_token"] as? String)
      #expect(next != session.refreshToken)
      #expect(rotated["expires_in"] as? String == "7")
      let spent = try await rpp.refresh(session.refreshToken)
      #expect(spent.status == 400)
      #expect(spent.googleMessage == "INVALID_REFRESH_TOKEN")
      #expect(try await rpp.refresh(next).status == 200)
      #expect(await server.rpp.counters().refreshesByUser[RPPSeed.agent] == 3)
    }
  }

  @Test func errorsFollowGooglesBodiesAndTheEnumerationSwitch() async throws {
    try await withRPPSandbox { server, rpp in
      var wrongKey = rpp
      wrongKey.apiKey = "nope"
      let badKey = try await wrongKey.signInReply()
      #expect(badKey.status == 400)
      #expect(badKey.googleMessage == "API key not valid. Please pass a valid API key.")
      #expect(try await wrongKey.refresh("x").googleMessage == "API key not valid. Please pass a valid API key.")
      let errors = try #require((try badKey.jsonObject()["error"] as? [String: Any])?["errors"] as? [[String: Any]])
      #expect(errors.first?["domain"] as? String == "global")
      #expect(try await rpp.signInReply(password: "wrong").googleMessage == "INVALID_LOGIN_CREDENTIALS")
      #expect(try await rpp.signInReply(email: "who@example.com").googleMessage == "INVALID_LOGIN_CREDENTIALS")
      try await rpp.admin("config", #""enumerationProtection":false"#)
      let wrong = try await rpp.signInReply(password: "wrong")
      #expect(wrong.status == 400)
      #expect(wrong.googleMessage?.hasPrefix("INVALID_PASSWORD : ") == true)
      #expect(
        try await rpp.signInReply(email: "who@example.com").googleMessage?.hasPrefix("EMAIL_NOT_FOUND : ") == true)
      let reset = try await rpp.client.send(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=\(rpp.apiKey)",
        body: #"{"requestType":"PASSWORD_RESET","email":"who@example.com"}"#, contentType: "application/json")
      #expect(reset.googleMessage?.hasPrefix("EMAIL_NOT_FOUND") == true)
      try await rpp.admin("config", #""enumerationProtection":true"#)
      let hidden = try await rpp.client.send(
        "POST", "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode?key=\(rpp.apiKey)",
        body: #"{"requestType":"PASSWORD_RESET","email":"who@example.com"}"#, contentType: "application/json")
      #expect(hidden.status == 200)
      #expect(try await rpp.refresh("not-a-token").googleMessage == "INVALID_REFRESH_TOKEN")
      #expect(try await rpp.signInReply(email: "nomail").googleMessage == "INVALID_EMAIL")
    }
  }

  @Test func anAccountLocksAfterRepeatedFailuresUntilTheLockRunsOut() async throws {
    try await withRPPSandbox { server, rpp in
      try await rpp.admin("config", #""maxFailedSignIns":3,"lockoutSeconds":900"#)
      for _ in 0..<3 {
        #expect(try await rpp.signInReply(password: "wrong").googleMessage == "INVALID_LOGIN_CREDENTIALS")
      }
      let locked = try await rpp.signInReply()
      #expect(locked.status == 400)
      #expect(locked.googleMessage?.hasPrefix("TOO_MANY_ATTEMPTS_TRY_LATER : ") == true)
      await server.rpp.advanceClock(seconds: 901)
      #expect(try await rpp.signInReply().status == 200)
    }
  }

  @Test func theMFAUserGetsAPendingCredentialAndNoToken() async throws {
    try await withRPPSandbox { server, rpp in
      let object = try await rpp.signInReply(email: RPPSeed.mfa).jsonObject()
      #expect(object["mfaPendingCredential"] is String)
      #expect((object["mfaInfo"] as? [[String: Any]])?.first?["mfaEnrollmentId"] is String)
      #expect(object["idToken"] == nil)
      #expect(object["refreshToken"] == nil)
    }
  }

  @Test func theAPIRefusesOtherRolesAndAccountsWithoutAPartner() async throws {
    try await withRPPSandbox { server, rpp in
      let photographer = try await rpp.signIn(email: RPPSeed.photographer)
      #expect(try jwtPart(photographer.idToken, 1)["role"] as? String == "photographer")
      let refused = try await rpp.api("GET", "/orders", token: photographer.idToken)
      #expect(refused.status == 403)
      #expect(refused.rppCode == "ROLE_NOT_ALLOWED")
      let error = try #require(try refused.jsonObject()["error"] as? [String: Any])
      #expect(error["status"] as? Int == 403)
      #expect((error["requestId"] as? String)?.hasPrefix("req_") == true)
      let orphan = try await rpp.signIn(email: RPPSeed.noPartner)
      #expect(try jwtPart(orphan.idToken, 1)["partnerId"] == nil)
      #expect(try await rpp.api("GET", "/me", token: orphan.idToken).rppCode == "TENANT_MISSING")
    }
  }

  @Test func expiredTamperedAndMissingTokensGet401WithTheBearerChallenge() async throws {
    try await withRPPSandbox(rppConfiguration(SandboxRPPConfiguration(idTokenLifetimeSeconds: 5))) { server, rpp in
      let session = try await rpp.signIn()
      #expect(try await rpp.api("GET", "/me", token: session.idToken).status == 200)
      var parts = session.idToken.split(separator: ".").map(String.init)
      var claims = try jwtPart(session.idToken, 1)
      claims["partnerId"] = RPPSeed.alpen
      parts[1] = try JSONSerialization.data(withJSONObject: claims).base64EncodedString()
        .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        .replacingOccurrences(of: "=", with: "")
      let tampered = try await rpp.api("GET", "/me", token: parts.joined(separator: "."))
      #expect(tampered.status == 401)
      #expect(tampered.rppDetails["reason"] as? String == "token_invalid")
      #expect(tampered.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
      #expect(try await rpp.api("GET", "/me", token: nil).status == 401)
      await server.rpp.advanceClock(seconds: 6)
      let expired = try await rpp.api("GET", "/me", token: session.idToken)
      #expect(expired.status == 401)
      #expect(expired.rppDetails["reason"] as? String == "token_expired")
      #expect(expired.header("WWW-Authenticate") == #"Bearer error="invalid_token""#)
      let fresh = try await rpp.refresh(session.refreshToken).jsonObject()
      #expect(fresh["expires_in"] as? String == "5")
      #expect(try await rpp.api("GET", "/me", token: fresh["id_token"] as? String).status == 200)
    }
  }

  @Test func aPasswordChangeOrADisabledAccountEndsRefreshes() async throws {
    try await withRPPSandbox { server, rpp in
      let session = try await rpp.signIn()
      try await rpp.admin("user", #""email":"\#(RPPSeed.agent)","password":"new-password-1""#)
      #expect(try await rpp.refresh(session.refreshToken).googleMessage == "TOKEN_EXPIRED")
      #expect(try await rpp.signInReply().googleMessage == "INVALID_LOGIN_CREDENTIALS")
      let again = try await rpp.signIn(password: "new-password-1")
      try await rpp.admin("user", #""email":"\#(RPPSeed.agent)","disabled":true"#)
      #expect(try await rpp.refresh(again.refreshToken).googleMessage == "USER_DISABLED")
      #expect(try await rpp.signInReply(password: "new-password-1").googleMessage?.hasPrefix("USER_DISABLED") == true)
      #expect(try await rpp.api("GET", "/me", token: again.idToken).rppDetails["reason"] as? String == "token_revoked")
      try await rpp.admin("user", #""email":"\#(RPPSeed.agent)","disabled":false"#)
      #expect(try await rpp.refresh(again.refreshToken).status == 200)
    }
  }

  @Test func revokeSignsOutEverywhere() async throws {
    try await withRPPSandbox { server, rpp in
      let laptop = try await rpp.signIn()
      let phone = try await rpp.signIn()
      let revoke = try await rpp.api("POST", "/auth/revoke", token: laptop.idToken)
      #expect(revoke.status == 204)
      #expect(try await rpp.refresh(laptop.refreshToken).googleMessage == "TOKEN_EXPIRED")
      #expect(try await rpp.refresh(phone.refreshToken).googleMessage == "TOKEN_EXPIRED")
      #expect(try await rpp.api("GET", "/me", token: phone.idToken).rppDetails["reason"] as? String == "token_revoked")
      let after = try await rpp.signIn()
      #expect(try await rpp.api("GET", "/me", token: after.idToken).status == 200)
      let state = try await rpp.state()
      let ana = try #require((state["users"] as? [[String: Any]])?.first { $0["email"] as? String == RPPSeed.agent })
      #expect(ana["liveRefreshTokens"] as? Int == 1)
    }
  }
}
