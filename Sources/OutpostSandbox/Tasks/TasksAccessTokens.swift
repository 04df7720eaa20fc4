import Crypto
import Foundation
import JWTKit

/// Access tokens as Supabase Auth issues them: HS256 JWTs with the claims of supabase.md §3.3,
/// signed and verified with jwt-kit under a project secret derived from the seed (a sandbox
/// restarted with the same seed accepts its tokens again, as a real project would). Nothing is
/// stored per token, so old ones still read as "expired" rather than "unknown".
///
/// jwt-kit checks the signature and the audience; `exp` is compared here with the instant the
/// request is judged at, on the sandbox's clock: jwt-kit's `ExpirationClaim` check would read
/// the wall clock, and the tests move time on the sandbox clock instead of waiting.
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
    /// Not three parts, a signature that does not match, or claims that do not decode.
    case malformed(partCount: Int)
  }

  /// The header's `kid`, as on projects that list their keys.
  static let keyID: JWKIdentifier = "sandbox"
  private let keys: JWTKeyCollection

  /// `secretName` keeps projects apart: a token of one project never verifies on another.
  init(seed: UInt64, secretName: String = "tasks-jwt-secret") async {
    // Integer seconds, and URLs unescaped, as GoTrue (Go) writes them; sorted keys make a
    // token's bytes depend on its claims only.
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .integerSecondsSince1970
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    let decoder = JSONDecoder()
    decoder.dateDecodingStrategy = .integerSecondsSince1970
    keys = JWTKeyCollection()
    await keys.add(
      hmac: HMACKey(key: SandboxSecrets.key(secretName, seed: seed)), digestAlgorithm: .sha256,
      kid: Self.keyID, parser: DefaultJWTParser(jsonDecoder: decoder),
      serializer: DefaultJWTSerializer(jsonEncoder: encoder))
  }

  func mint(_ claims: Claims, issuer: String) async throws -> String {
    try await keys.sign(TasksAccessTokenPayload(claims, issuer: issuer), kid: Self.keyID)
  }

  func verify(_ token: String, nowSeconds: Int) async -> Verdict {
    let payload: TasksAccessTokenPayload
    do {
      payload = try await keys.verify(token, as: TasksAccessTokenPayload.self)
    } catch {
      return .malformed(partCount: token.split(separator: ".", omittingEmptySubsequences: false).count)
    }
    let claims = payload.claims
    return nowSeconds >= claims.expiresAt ? .expired(claims) : .valid(claims)
  }
}

/// The claims of a Supabase access token, in GoTrue's names.
struct TasksAccessTokenPayload: JWTPayload, Equatable {
  struct AppMetadata: Codable, Sendable, Equatable {
    var provider = "email"
    var providers = ["email"]
  }

  struct AuthenticationMethod: Codable, Sendable, Equatable {
    var method: String
    var timestamp: Int
  }

  var iss: IssuerClaim
  var sub: SubjectClaim
  var aud: AudienceClaim
  var exp: ExpirationClaim
  var iat: IssuedAtClaim
  var email: String
  var phone = ""
  var appMetadata = AppMetadata()
  var userMetadata: [String: String] = [:]
  var role = "authenticated"
  var aal = "aal1"
  var amr: [AuthenticationMethod]
  var sessionID: String
  var isAnonymous = false

  enum CodingKeys: String, CodingKey {
    case iss, sub, aud, exp, iat, email, phone, role, aal, amr
    case appMetadata = "app_metadata"
    case userMetadata = "user_metadata"
    case sessionID = "session_id"
    case isAnonymous = "is_anonymous"
  }

  init(_ claims: TasksAccessTokens.Claims, issuer: String) {
    iss = IssuerClaim(value: issuer)
    sub = SubjectClaim(value: claims.userID)
    aud = AudienceClaim(value: ["authenticated"])
    exp = ExpirationClaim(value: Date(timeIntervalSince1970: TimeInterval(claims.expiresAt)))
    iat = IssuedAtClaim(value: Date(timeIntervalSince1970: TimeInterval(claims.issuedAt)))
    email = claims.email
    amr = [AuthenticationMethod(method: "password", timestamp: claims.issuedAt)]
    sessionID = claims.sessionID
  }

  var claims: TasksAccessTokens.Claims {
    TasksAccessTokens.Claims(
      userID: sub.value, email: email, sessionID: sessionID, issuedAt: Int(iat.value.timeIntervalSince1970),
      expiresAt: Int(exp.value.timeIntervalSince1970))
  }

  /// What PostgREST and GoTrue check besides the signature, except `exp` (see above).
  func verify(using algorithm: some JWTAlgorithm) async throws {
    try aud.verifyIntendedAudience(includes: "authenticated")
    guard role == "authenticated" else {
      throw JWTError.claimVerificationFailure(failedClaim: nil, reason: "role \(role) is not authenticated")
    }
  }
}
