import Foundation

/// Access and ID tokens shaped like Keycloak's JWTs (header.payload.signature, base64url, the
/// claims of agile-network.md §2.5), so a client that reads `sub`, `nonce` or `exp` works as
/// against the real service. The signature is a keyed FNV-based digest, as for the tasks
/// service's tokens: no crypto dependency, and clients treat tokens as opaque (an ID token taken
/// straight from the token endpoint need not have its signature checked: OIDC Core §3.1.3.7).
/// `certs` therefore publishes no usable key. Refresh tokens are opaque random strings the
/// sessions keep.
struct KeycloakTokens: Sendable {
  let secret: String

  init(seed: UInt64) {
    secret = SandboxIdentifiers.stableHex("keycloak-jwt-secret:\(seed)", count: 32)
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
    var bytes: [UInt8] = []
    for round in 0..<4 {
      var generator = SplitMix64(seed: SandboxIdentifiers.fnv1a("\(secret)|\(round)|\(message)"))
      withUnsafeBytes(of: generator.next().bigEndian) { bytes += $0 }
    }
    return Self.base64URL(bytes)
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
