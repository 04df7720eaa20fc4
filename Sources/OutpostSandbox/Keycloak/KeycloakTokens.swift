import Crypto
import Foundation

/// Access and ID tokens shaped like Keycloak's JWTs (header.payload.signature, base64url, the
/// claims of agile-network.md §2.5), so a client that reads `sub`, `nonce` or `exp` works as
/// against the real service. The signature is an HMAC-SHA256 under a key derived from the seed,
/// not Keycloak's RS256: clients treat tokens as opaque (an ID token taken straight from the
/// token endpoint need not have its signature checked: OIDC Core §3.1.3.7), so `certs`
/// publishes no usable key yet (RS256 and a JWKS come with issue 16). Refresh tokens are opaque
/// random strings the sessions keep.
struct KeycloakTokens: Sendable {
  let key: SymmetricKey

  init(seed: UInt64) {
    key = SandboxSecrets.key("keycloak-jwt", seed: seed)
  }

  func mint(_ payload: SandboxJSON) -> String {
    let header = SandboxJSON.object([("alg", "RS256"), ("typ", "JWT"), ("kid", "sandbox")])
    let message = Self.base64URL(Array(header.serialized.utf8)) + "." + Self.base64URL(Array(payload.serialized.utf8))
    return message + "." + signature(message)
  }

  /// The claims of a token this sandbox signed; nil for anything else.
  func claims(_ token: String) -> [String: SandboxJSON]? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, signature("\(parts[0]).\(parts[1])") == parts[2],
      let bytes = Self.decodeBase64URL(String(parts[1]))
    else { return nil }
    return SandboxJSON.parse(bytes)?.members
  }

  private func signature(_ message: String) -> String {
    Self.base64URL(Array(HMAC<SHA256>.authenticationCode(for: Array(message.utf8), using: key)))
  }

  static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  static func decodeBase64URL(_ text: String) -> [UInt8]? {
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard).map { Array($0) }
  }
}

/// The S256 check of PKCE (RFC 7636 §4.6), with the SHA-256 the rest of Outpost uses; the one
/// line to change when swift-crypto arrives.
enum KeycloakPKCE {
  /// `code_verifier` = 43–128 characters of `A-Z a-z 0-9 - . _ ~` (RFC 7636 §4.1).
  static func isWellFormedVerifier(_ text: String) -> Bool {
    (43...128).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || "-._~".utf8.contains(byte)
      }
  }

  /// A challenge has the verifier's alphabet and lengths too (Keycloak checks it so).
  static func isWellFormedChallenge(_ text: String) -> Bool { isWellFormedVerifier(text) }

  static func challenge(for verifier: String) -> String {
    KeycloakTokens.base64URL(SandboxDigest.sha256(Array(verifier.utf8)))
  }
}
