import Foundation

/// Access tokens shaped like Supabase's JWTs (header.payload.signature, base64url, with the
/// claims of supabase.md §3.3), so a client that peeks at `exp` or `sub` works as against the
/// real service. The signature is a keyed FNV-based digest, not HMAC-SHA256: the sandbox adds
/// no crypto dependency, and clients must treat the token as opaque anyway. Tokens are checked
/// by recomputing the digest, so nothing is stored per token and old ones still read as
/// "expired" rather than "unknown".
struct TasksAccessTokens: Sendable {
  struct Claims: Sendable, Equatable {
    var userID: String
    var email: String
    var sessionID: String
    var issuedAt: Int
    var expiresAt: Int
  }

  enum Verdict: Equatable {
    case valid(Claims)
    /// Well-formed and correctly signed, but `exp` has passed.
    case expired(Claims)
    /// Not three parts, or a signature that does not match.
    case malformed(partCount: Int)
  }

  /// Derived from the seed, so a sandbox restarted with the same seed accepts its tokens again
  /// (as the real project would after a restart).
  let secret: String

  init(seed: UInt64) {
    secret = SandboxIdentifiers.stableHex("tasks-jwt-secret:\(seed)", count: 32)
  }

  func mint(_ claims: Claims, issuer: String) -> String {
    let header = SandboxJSON.object([("alg", "HS256"), ("kid", "sandbox"), ("typ", "JWT")])
    let payload = SandboxJSON.object([
      ("iss", .string(issuer)), ("sub", .string(claims.userID)), ("aud", "authenticated"),
      ("exp", .int(claims.expiresAt)), ("iat", .int(claims.issuedAt)), ("email", .string(claims.email)),
      ("phone", ""), ("app_metadata", .object([("provider", "email"), ("providers", .array(["email"]))])),
      ("user_metadata", .object([])), ("role", "authenticated"), ("aal", "aal1"),
      ("amr", .array([.object([("method", "password"), ("timestamp", .int(claims.issuedAt))])])),
      ("session_id", .string(claims.sessionID)), ("is_anonymous", false),
    ])
    let message = Self.base64URL(Array(header.serialized.utf8)) + "." + Self.base64URL(Array(payload.serialized.utf8))
    return message + "." + signature(message)
  }

  func verify(_ token: String, nowSeconds: Int) -> Verdict {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, signature("\(parts[0]).\(parts[1])") == parts[2],
      let bytes = Self.decodeBase64URL(String(parts[1])), let payload = SandboxJSON.parse(bytes)?.members,
      let userID = payload["sub"]?.stringValue, let email = payload["email"]?.stringValue,
      let sessionID = payload["session_id"]?.stringValue, let issuedAt = payload["iat"]?.intValue,
      let expiresAt = payload["exp"]?.intValue
    else { return .malformed(partCount: parts.count) }
    let claims = Claims(
      userID: userID, email: email, sessionID: sessionID, issuedAt: issuedAt, expiresAt: expiresAt)
    return nowSeconds >= expiresAt ? .expired(claims) : .valid(claims)
  }

  /// 256 bits from four keyed FNV-1a/SplitMix rounds: unforgeable enough for a loopback fake.
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
