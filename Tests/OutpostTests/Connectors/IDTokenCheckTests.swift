import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// The ID token of a fresh sign-in is believed only when it is signed by the realm's published
/// keys and carries this sign-in's issuer, audience, nonce and a live expiry (OIDC Core
/// §3.1.3.7): a tampered token ends the sign-in with nothing kept; a rotated key is found by
/// reading the key set again.
@Suite(.serialized, .timeLimit(.minutes(2))) struct IDTokenCheckTests {
  let login = InteractiveLoginTests()

  /// Signs in through the browser flow with a realm that approves at once; the outcome.
  func browserSignIn(_ keeper: SessionKeeper<AgileNetworkConnector>) async throws -> PendingInteractiveLogin.Outcome? {
    let pending = try await keeper.beginInteractiveLogin(.browser, label: "Agile", clock: ManualClock())
    let page = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: pending.prompt.url))
    let location = try #require(page.header("location"), "the realm did not redirect back")
    _ = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: location))
    return await pending.waitForOutcome()
  }

  @Test func aTamperedSignatureEndsTheSignInWithNothingKept() async throws {
    var settings = SandboxKeycloakSettings()
    settings.browserLogin = .approve
    settings.tamperIDTokenSignature = true
    try await login.withServer(settings) { server in
      let keeper = login.keeper(server)
      guard case .failure(.connector(.unexpectedReply(let detail)))? = try await browserSignIn(keeper) else {
        Issue.record("a tampered ID token was accepted")
        return
      }
      #expect(detail.contains("signature"), "\(detail)")
      #expect(await login.vault.secrets[login.key] == nil)
      #expect(await keeper.hasSession == false)
    }
  }

  @Test func aRotatedKeyIsFetchedAndADroppedOneNoLongerSigns() async throws {
    var settings = SandboxKeycloakSettings()
    settings.browserLogin = .approve
    try await login.withServer(settings) { server in
      let keeper = login.keeper(server)
      let first = try await browserSignIn(keeper)
      #expect(try first?.get().displayName == SandboxKeycloakUser.demo.name)
      // The realm rotates its key: the keeper's cached key set lacks it and reads it again.
      let before = await server.keycloak.signingKeyIDs()
      let kid = await server.keycloak.rotateSigningKey(dropOld: true)
      #expect(!before.contains(kid))
      let second = try await browserSignIn(keeper)
      #expect(try second?.get().displayName == SandboxKeycloakUser.demo.name)
    }
  }

  /// The claims, one by one, on tokens made here (their signature is another test's).
  @Test func theClaimsMustBeThisSignInsIssuerClientAndNonce() throws {
    func tokens(_ claims: [String: JSONValue]) throws -> OIDCTokenSet {
      let payload = Base64URL.encode(JSONValue.object(claims).serialized)
      let reply: JSONValue = .object([
        "access_token": .string("a"), "refresh_token": .string("r"), "expires_in": .int(300),
        "id_token": .string("eyJhbGciOiJSUzI1NiJ9.\(payload).c2ln"),
      ])
      return try OIDCTokenSet(reply: HTTPResponse(status: 200, headers: [:], body: reply.serialized))
    }
    let good: [String: JSONValue] = [
      "iss": .string("https://kc/realms/r"), "aud": .string("r-desktop"), "nonce": .string("n-1"), "sub": .string("s"),
    ]
    try tokens(good).checkIDToken(issuer: "https://kc/realms/r", clientID: "r-desktop", nonce: "n-1")
    var wrongNonce = good
    wrongNonce["nonce"] = .string("n-2")
    #expect(throws: ConnectorError.unexpectedReply("the ID token's nonce is not this sign-in's")) {
      try tokens(wrongNonce).checkIDToken(issuer: "https://kc/realms/r", clientID: "r-desktop", nonce: "n-1")
    }
    var noNonce = good
    noNonce["nonce"] = nil
    #expect(throws: ConnectorError.self) {
      try tokens(noNonce).checkIDToken(issuer: "https://kc/realms/r", clientID: "r-desktop", nonce: "n-1")
    }
    #expect(throws: ConnectorError.unexpectedReply("the ID token is from another issuer")) {
      try tokens(good).checkIDToken(issuer: "https://kc/realms/other", clientID: "r-desktop", nonce: "n-1")
    }
    #expect(throws: ConnectorError.unexpectedReply("the ID token is for another client")) {
      try tokens(good).checkIDToken(issuer: "https://kc/realms/r", clientID: "someone-else", nonce: "n-1")
    }
  }
}
