import CryptoExtras
import Foundation
import OutpostSandbox
import Testing

/// The sandbox's Keycloak signs as Keycloak does (agile-network.md §2.1, §2.5, §8): RS256 with a
/// `kid`, the public keys at `certs`. Signatures are checked here with swift-crypto's RSA and the
/// JWKS alone, not with the sandbox's own check; the rotation control and the tamper switch are
/// the faults a client's refusal tests need.
@Suite struct KeycloakSigningTests {
  @Test func theJWKSVerifiesIDAndAccessTokens() async throws {
    try await withKeycloak { _, keycloak in
      let discovery = try await keycloak.client.get(keycloak.realmPath + "/.well-known/openid-configuration")
        .jsonObject()
      #expect(discovery["id_token_signing_alg_values_supported"] as? [String] == ["RS256"])
      #expect((discovery["jwks_uri"] as? String)?.hasSuffix(keycloak.protocolPath + "/certs") == true)

      let jwks = try await keycloak.jwks()
      let key = try #require(jwks.count == 1 ? jwks.first : nil, "\(jwks)")
      #expect(key["kty"] as? String == "RSA" && key["alg"] as? String == "RS256" && key["use"] as? String == "sig")
      for member in ["kid", "n", "e"] {
        let text = try #require(key[member] as? String, "\(member)")
        #expect(text.wholeMatch(of: /[A-Za-z0-9_-]+/) != nil, "\(member) is base64url without padding: \(text)")
      }
      #expect(Self.bytes(key["e"]).map { Array($0) } == [1, 0, 1])
      #expect(Self.bytes(key["n"])?.count == 256)

      let (access, idToken) = try await keycloak.signIn()
      for token in [access, idToken] {
        let header = try #require(Self.part(token, 0))
        #expect(header["alg"] as? String == "RS256" && header["typ"] as? String == "JWT")
        #expect(header["kid"] as? String == key["kid"] as? String)
        #expect(Self.verifies(token, with: jwks))
      }
      // A changed payload under the same signature does not verify.
      let parts = access.split(separator: ".")
      let forged = "\(parts[0]).\(KeycloakTokensText.base64URL(Data(#"{"sub":"someone"}"#.utf8))).\(parts[2])"
      #expect(!Self.verifies(forged, with: jwks))
      #expect(try await keycloak.userinfo(forged).status == 401)
    }
  }

  @Test func aRotatedKeySignsNewTokensWhileTheOldOneStillVerifiesUntilDropped() async throws {
    try await withKeycloak { server, keycloak in
      let (oldAccess, _) = try await keycloak.signIn()
      let oldKid = try #require(Self.part(oldAccess, 0)?["kid"] as? String)

      let rotated = try await keycloak.admin(#"{"service":"keycloak","op":"rotate-signing-key"}"#)
      #expect(rotated.status == 200, "\(rotated.body)")
      let newKid = try #require(try rotated.jsonObject()["kid"] as? String)
      #expect(newKid != oldKid)
      #expect(await server.keycloak.signingKeyIDs() == [newKid, oldKid])

      let (newAccess, newID) = try await keycloak.signIn()
      #expect(Self.part(newAccess, 0)?["kid"] as? String == newKid)
      #expect(Self.part(newID, 0)?["kid"] as? String == newKid)
      let jwks = try await keycloak.jwks()
      #expect(jwks.compactMap { $0["kid"] as? String } == [newKid, oldKid])
      for token in [oldAccess, newAccess, newID] { #expect(Self.verifies(token, with: jwks)) }
      #expect(try await keycloak.userinfo(oldAccess).status == 200)
      #expect(try await keycloak.client.get("/__admin/state?service=keycloak").body.contains(newKid))

      // The old key withdrawn: its tokens are refused, the new ones still work.
      let dropped = try await keycloak.admin(#"{"service":"keycloak","op":"drop-old-signing-keys"}"#)
      #expect(try dropped.jsonObject()["dropped"] as? Int == 1, "\(dropped.body)")
      #expect(try await keycloak.jwks().compactMap { $0["kid"] as? String } == [newKid])
      let refused = try await keycloak.userinfo(oldAccess)
      #expect(refused.status == 401 && refused.header("www-authenticate")?.contains("invalid_token") == true)
      #expect(try await keycloak.userinfo(newAccess).status == 200)

      // From Swift, rotating and dropping at once: only the newest key is left.
      let newest = await server.keycloak.rotateSigningKey(dropOld: true)
      #expect(await server.keycloak.signingKeyIDs() == [newest])
      #expect(try await keycloak.userinfo(newAccess).status == 401)
      let (latest, _) = try await keycloak.signIn()
      #expect(Self.part(latest, 0)?["kid"] as? String == newest)
      #expect(try await keycloak.userinfo(latest).status == 200)
    }
  }

  @Test func theTamperSwitchMintsIDTokensThatFailVerification() async throws {
    try await withKeycloak { server, keycloak in
      let set = try await keycloak.admin(#"{"service":"keycloak","op":"config","tamperIDTokenSignature":true}"#)
      #expect(try set.jsonObject()["tamperIDTokenSignature"] as? Bool == true, "\(set.body)")
      let jwks = try await keycloak.jwks()
      let (access, idToken) = try await keycloak.signIn()
      #expect(!Self.verifies(idToken, with: jwks))
      // Everything but the signature is as usual; the access token is untouched.
      #expect(Self.part(idToken, 0)?["kid"] as? String == jwks.first?["kid"] as? String)
      #expect(Self.part(idToken, 1)?["nonce"] as? String == "n0nce")
      #expect(Self.verifies(access, with: jwks))
      #expect(try await keycloak.userinfo(access).status == 200)

      await server.keycloak.update { $0.tamperIDTokenSignature = false }
      #expect(await server.keycloak.settings().tamperIDTokenSignature == false)
      let untouched = try await keycloak.signIn()
      #expect(Self.verifies(untouched.idToken, with: jwks))
    }
  }

  // MARK: Helpers

  static func bytes(_ value: Any?) -> Data? {
    guard var text = value as? String else { return nil }
    text = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    return Data(base64Encoded: text)
  }

  /// The JWT's header (0) or payload (1) as JSON.
  static func part(_ token: String, _ index: Int) -> [String: Any]? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let data = bytes(String(parts[index])) else { return nil }
    return try? JSONSerialization.jsonObject(with: data) as? [String: Any]
  }

  /// RS256 (RSASSA-PKCS1-v1_5, SHA-256) under the JWKS key the header's `kid` names.
  static func verifies(_ token: String, with jwks: [[String: Any]]) -> Bool {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let header = part(token, 0), header["alg"] as? String == "RS256",
      let key = jwks.first(where: { $0["kid"] as? String == header["kid"] as? String }),
      let modulus = bytes(key["n"]), let exponent = bytes(key["e"]), let signature = bytes(String(parts[2])),
      let publicKey = try? _RSA.Signing.PublicKey(n: modulus, e: exponent)
    else { return false }
    return publicKey.isValidSignature(
      _RSA.Signing.RSASignature(rawRepresentation: signature), for: Data("\(parts[0]).\(parts[1])".utf8),
      padding: .insecurePKCS1v1_5)
  }
}

/// Base64url without padding, for forging payloads.
enum KeycloakTokensText {
  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
      .replacingOccurrences(of: "=", with: "")
  }
}

extension KeycloakClient {
  /// The keys of `certs`.
  func jwks() async throws -> [[String: Any]] {
    let reply = try await client.get(protocolPath + "/certs")
    #expect(reply.status == 200, "\(reply.body)")
    return try #require(try reply.jsonObject()["keys"] as? [[String: Any]], "\(reply.body)")
  }

  /// A browser sign-in and its code exchange: the access and ID tokens.
  func signIn() async throws -> (access: String, idToken: String) {
    let granted = try await exchange(try await code())
    #expect(granted.status == 200, "\(granted.body)")
    let (access, _, object) = try granted.tokens()
    return (access, try #require(object["id_token"] as? String))
  }
}
