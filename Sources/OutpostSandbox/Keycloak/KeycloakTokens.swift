import CryptoExtras
import Foundation
import Synchronization

/// Access and ID tokens shaped like Keycloak's JWTs (header.payload.signature, base64url, the
/// claims of agile-network.md §2.5), signed as Keycloak signs them: RS256 (RSASSA-PKCS1-v1_5 with
/// SHA-256, swift-crypto's `_RSA.Signing`) under a 2048-bit realm key, the header naming its `kid`.
/// `certs` publishes the public keys as a JWKS; every realm of a sandbox shares the keys.
///
/// Key rotation as Keycloak's admin does it: a new key (new `kid`) signs from then on, the older
/// ones stay in the JWKS and still verify until they are dropped (Keycloak's "disable the old
/// key"). Refresh tokens are opaque random strings the sessions keep, not JWTs.
///
/// Making a 2048-bit key takes tens to hundreds of milliseconds, too slow for every test's
/// sandbox: every sandbox of a process starts with the same key, made once; a rotation makes a
/// fresh one for that sandbox only. A sandbox test key, not a credential: it signs nothing
/// outside the sandbox.
final class KeycloakTokens: Sendable {
  struct SigningKey: Sendable {
    /// The `kid`: base64url of the SHA-256 of the public key's DER form (43 characters, as
    /// Keycloak's are).
    let id: String
    let privateKey: _RSA.Signing.PrivateKey
    /// The key's entry in the JWKS (RFC 7517 §4, RFC 7518 §6.3.1).
    let jwk: SandboxJSON

    init(_ privateKey: _RSA.Signing.PrivateKey) {
      self.privateKey = privateKey
      let publicKey = privateKey.publicKey
      let id = KeycloakTokens.base64URL(SandboxDigest.sha256(Array(publicKey.derRepresentation)))
      self.id = id
      let primitives = try! publicKey.getKeyPrimitives()
      jwk = .object([
        ("kid", .string(id)), ("kty", "RSA"), ("alg", "RS256"), ("use", "sig"),
        ("n", .string(KeycloakTokens.base64URL(Array(primitives.modulus)))),
        ("e", .string(KeycloakTokens.base64URL(Array(primitives.publicExponent)))),
      ])
    }

    /// A new random 2048-bit key.
    static func generate() -> SigningKey { SigningKey(try! _RSA.Signing.PrivateKey(keySize: .bits2048)) }

    /// The key every sandbox of this process starts with, made at first use.
    static let initial = generate()
  }

  /// Newest first: the first one signs; all of them verify and are published.
  private let keys = Mutex<[SigningKey]>([SigningKey.initial])

  init() {}

  /// The `kid` new tokens carry.
  var signingKeyID: String { keys.withLock { $0[0].id } }

  /// Every published key's `kid`, the signing one first.
  var keyIDs: [String] { keys.withLock { $0.map(\.id) } }

  /// `{"keys":[…]}`, the signing key first.
  var jwks: SandboxJSON { .object([("keys", .array(keys.withLock { $0.map(\.jwk) }))]) }

  /// Makes a new key the signing key; the older ones stay published and valid unless `dropOld`.
  /// Returns the new `kid`.
  func rotate(dropOld: Bool) -> String {
    let fresh = SigningKey.generate()
    keys.withLock { keys in
      keys = [fresh] + (dropOld ? [] : keys)
    }
    return fresh.id
  }

  /// Withdraws every key but the signing one: tokens they signed no longer verify. Returns how
  /// many were dropped.
  func dropOldKeys() -> Int {
    keys.withLock { keys in
      let dropped = keys.count - 1
      keys = [keys[0]]
      return dropped
    }
  }

  /// The JWT of `payload` under the signing key. `tampered` flips a bit of the signature (the
  /// fault switch `tamperIDTokenSignature`), so the token looks right but does not verify.
  func mint(_ payload: SandboxJSON, tampered: Bool = false) -> String {
    let key = keys.withLock { $0[0] }
    let header = SandboxJSON.object([("alg", "RS256"), ("typ", "JWT"), ("kid", .string(key.id))])
    let message = Self.base64URL(Array(header.serialized.utf8)) + "." + Self.base64URL(Array(payload.serialized.utf8))
    var signature = Array(
      try! key.privateKey.signature(for: Data(message.utf8), padding: .insecurePKCS1v1_5).rawRepresentation)
    if tampered { signature[signature.count / 2] ^= 0x01 }
    return message + "." + Self.base64URL(signature)
  }

  /// The claims of a token this sandbox signed with a key it still publishes (`alg` RS256, a
  /// known `kid`, a valid signature); nil for anything else.
  func claims(_ token: String) -> [String: SandboxJSON]? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let headerBytes = Self.decodeBase64URL(String(parts[0])),
      let header = SandboxJSON.parse(headerBytes)?.members, header["alg"]?.stringValue == "RS256",
      let keyID = header["kid"]?.stringValue,
      let key = keys.withLock({ keys in keys.first { $0.id == keyID } }),
      let signature = Self.decodeBase64URL(String(parts[2])),
      key.privateKey.publicKey.isValidSignature(
        _RSA.Signing.RSASignature(rawRepresentation: signature), for: Data("\(parts[0]).\(parts[1])".utf8),
        padding: .insecurePKCS1v1_5),
      let bytes = Self.decodeBase64URL(String(parts[1]))
    else { return nil }
    return SandboxJSON.parse(bytes)?.members
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
