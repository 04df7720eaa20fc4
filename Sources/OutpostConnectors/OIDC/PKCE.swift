import Crypto

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The one SHA-256 the OAuth pieces use (PKCE's S256), from swift-crypto.
enum OAuthDigest {
  static func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(Crypto.SHA256.hash(data: bytes)) }
}

/// Proof Key for Code Exchange with the S256 method (RFC 7636): a 32-byte random verifier kept
/// in memory for the one sign-in, and its SHA-256 as the challenge the authorization request
/// carries. Plus the `state` and `nonce` of the same request, 128 random bits each.
struct PKCE: Sendable {
  /// 43 characters of `A-Z a-z 0-9 - _` (RFC 7636 §4.1 allows 43–128 unreserved ones).
  let verifier: SecretString
  let challenge: String
  let state: String
  let nonce: String

  init() {
    self.init(verifier: Base64URL.encode(Self.randomBytes(32)))
  }

  init(verifier: String) {
    self.verifier = SecretString(verifier)
    challenge = Self.challenge(for: verifier)
    state = Base64URL.encode(Self.randomBytes(16))
    nonce = Base64URL.encode(Self.randomBytes(16))
  }

  static let method = "S256"

  /// `BASE64URL-ENCODE(SHA256(ASCII(code_verifier)))`, without padding.
  static func challenge(for verifier: String) -> String {
    Base64URL.encode(OAuthDigest.sha256(Array(verifier.utf8)))
  }

  /// From the system's CSPRNG (getrandom on Linux).
  static func randomBytes(_ count: Int) -> [UInt8] {
    var generator = SystemRandomNumberGenerator()
    return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
  }

  /// Compares secrets in time independent of where they differ (the `state` of a redirect).
  static func constantTimeEquals(_ lhs: String, _ rhs: String) -> Bool {
    let (left, right) = (Array(lhs.utf8), Array(rhs.utf8))
    var difference = UInt8(truncatingIfNeeded: left.count ^ right.count)
    for index in 0..<max(left.count, right.count) {
      difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
    }
    return difference == 0
  }
}

/// Base64 with the URL alphabet and no padding (RFC 4648 §5), as JWTs and PKCE use it.
enum Base64URL {
  static func encode(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
  }

  static func decode(_ text: String) -> [UInt8]? {
    var standard = text.replacing("-", with: "+").replacing("_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard).map { Array($0) }
  }
}
