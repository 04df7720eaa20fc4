import Crypto
import Foundation
import Testing

@testable import OutpostSandbox

/// What the sandbox signs is really signed: Flow's form HMACs (HMAC-SHA1) and Supabase's access
/// tokens (HS256 JWTs), each checked here with swift-crypto directly rather than through the
/// code that made them; tokens with a bad signature are refused; expiry follows the sandbox's
/// clock, whatever the wall clock says.
@Suite struct SignedTokensTests {
  @Test func theLoginFormCarriesFlowsHMACOfItsValues() async throws {
    for seed: UInt64 in [1, 2] {
      try await withSandbox(SandboxConfiguration(seed: seed, services: [.volleymanager])) { _, client in
        let fields = Dictionary(try await client.loginPage().hidden, uniquingKeysWith: { first, _ in first })
        let key = SandboxSecrets.key("volleymanager-flow-encryption-key", seed: seed)
        for (name, value) in [("__trustedProperties", "a:0:{}"), ("__referrer[arguments]", "YTowOnt9")] {
          let hmac = HMAC<Insecure.SHA1>.authenticationCode(for: Array(value.utf8), using: key)
          #expect(fields[name] == value + hex(hmac), "\(name) with seed \(seed)")
        }
      }
    }
  }

  @Test func accessTokensAreHS256JWTsWithSupabasesClaims() async throws {
    try await withTasksSandbox { server, tasks in
      let session = try await tasks.signIn()
      let parts = session.accessToken.split(separator: ".").map(String.init)
      try #require(parts.count == 3)
      let header = try jsonObject(parts[0])
      #expect(header["alg"] as? String == "HS256")
      #expect(header["typ"] as? String == "JWT")
      let claims = try jsonObject(parts[1])
      #expect(claims["sub"] as? String == SandboxTasksUser.demo.id)
      #expect(claims["email"] as? String == SandboxTasksUser.demo.email)
      #expect(claims["aud"] as? String == "authenticated")
      #expect(claims["role"] as? String == "authenticated")
      #expect((claims["iss"] as? String)?.hasSuffix("/tasks/auth/v1") == true)
      #expect(UUID(uuidString: try #require(claims["session_id"] as? String)) != nil)
      let issuedAt = try #require(claims["iat"] as? Int)
      #expect(claims["exp"] as? Int == issuedAt + 3600)
      #expect(session.object["expires_at"] as? Int == issuedAt + 3600)
      // The signature is HMAC-SHA256 of "header.payload" under the project's secret.
      let secret = SandboxSecrets.key("tasks-jwt-secret", seed: SandboxConfiguration().seed)
      let mac = HMAC<SHA256>.authenticationCode(for: Array("\(parts[0]).\(parts[1])".utf8), using: secret)
      #expect(base64URL(Array(mac)) == parts[2])
      #expect(await server.tasks.stats().logins == 1)
    }
  }

  @Test func tokensWithABadSignatureAreRefused() async throws {
    try await withTasksSandbox { _, tasks in
      let session = try await tasks.signIn()
      let parts = session.accessToken.split(separator: ".").map(String.init)
      var claims = try jsonObject(parts[1])
      claims["sub"] = "00000000-0000-4000-8000-000000000000"
      let otherKey = SymmetricKey(size: .bits256)
      let forgeries = [
        // Claims changed under the old signature.
        [parts[0], try base64URLJSON(claims), parts[2]].joined(separator: "."),
        // Signed, but with a key that is not the project's.
        signed(parts[0] + "." + parts[1], key: otherKey),
        // No signature at all.
        [try base64URLJSON(["alg": "none", "typ": "JWT"]), parts[1], ""].joined(separator: "."),
      ]
      for forged in forgeries {
        let rest = try await tasks.list(bearer: forged)
        #expect(rest.status == 401, "\(forged)")
        #expect(try rest.jsonObject()["code"] as? String == "PGRST301")
        #expect(try rest.jsonObject()["message"] as? String == "JWSError JWSInvalidSignature")
        let auth = try await tasks.send("GET", "/auth/v1/user", bearer: forged)
        #expect(auth.status == 403)
        #expect(try auth.jsonObject()["code"] as? String == "bad_jwt")
      }
      // The genuine token still works.
      #expect(try await tasks.list(bearer: session.accessToken).status == 200)
    }
  }

  /// Long before and long after today: if expiry read the wall clock, the first sandbox's
  /// tokens would be dead on arrival and the second's would never die within the test.
  @Test(arguments: [
    Date(timeIntervalSince1970: 978_307_200),  // 2001-01-01
    Date(timeIntervalSince1970: 3_786_912_000),  // 2090-01-01
  ])
  func expiryFollowsTheSandboxClockNotTheWallClock(referenceDate: Date) async throws {
    let configuration = SandboxConfiguration(referenceDate: referenceDate, services: [.tasks])
    try await withTasksSandbox(configuration) { server, tasks in
      let session = try await tasks.signIn()
      let claims = try jsonObject(String(session.accessToken.split(separator: ".")[1]))
      let issuedAt = Double(try #require(claims["iat"] as? Int))
      #expect(abs(issuedAt - referenceDate.timeIntervalSince1970) < 2 * 86_400)
      #expect(try await tasks.list(bearer: session.accessToken).status == 200)
      // Margins of minutes: this sandbox's clock also runs with real time, which a loaded
      // machine may stretch.
      await server.tasks.advanceClock(seconds: 3000)
      #expect(try await tasks.list(bearer: session.accessToken).status == 200)
      #expect(try await tasks.send("GET", "/auth/v1/user", bearer: session.accessToken).status == 200)
      await server.tasks.advanceClock(seconds: 700)
      let expired = try await tasks.list(bearer: session.accessToken)
      #expect(expired.status == 401)
      #expect(try expired.jsonObject()["message"] as? String == "JWT expired")
      #expect(try await tasks.send("GET", "/auth/v1/user", bearer: session.accessToken).status == 403)
    }
  }

  private func hex(_ bytes: some Sequence<UInt8>) -> String {
    bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
  }

  private func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  private func base64URLJSON(_ object: [String: Any]) throws -> String {
    base64URL(Array(try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])))
  }

  private func signed(_ input: String, key: SymmetricKey) -> String {
    input + "." + base64URL(Array(HMAC<SHA256>.authenticationCode(for: Array(input.utf8), using: key)))
  }

  private func jsonObject(_ part: String) throws -> [String: Any] {
    var text = part.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    text += String(repeating: "=", count: (4 - text.count % 4) % 4)
    let data = try #require(Data(base64Encoded: text))
    return try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
  }
}
