import Crypto

/// The sandbox's one SHA-256 (the PKCE S256 check), from swift-crypto.
enum SandboxDigest {
  static func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(Crypto.SHA256.hash(data: bytes)) }
}
