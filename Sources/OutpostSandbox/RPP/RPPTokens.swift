import Foundation
import JWTKit

/// ID tokens as Firebase Auth issues them (rpp.md §2.4): RS256 JWTs with a `kid`, signed with
/// jwt-kit under a real 2048-bit RSA key. The key is fixed (below), so every sandbox, whatever
/// its seed, signs alike and a client may pin its public key; it is published as a JWKS at
/// `/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com` (Google's
/// JWKS address for Firebase ID tokens, under the emulator layout) and `/securetoken.googleapis.com/v1/jwks`.
/// A sandbox test key, not a credential: it signs nothing outside the sandbox.
///
/// jwt-kit checks the signature only; `exp`, `iat`, `aud`, `iss` are judged in `RPPAuthGate`
/// on the sandbox clock (jwt-kit's claim checks would read the wall clock).
struct RPPTokens: Sendable {
  struct Claims: Sendable, Equatable {
    var userID: String
    var email: String
    var role: String
    var partnerID: String?
    var authTime: Int
    var issuedAt: Int
    var expiresAt: Int
  }

  enum Verdict: Equatable {
    case verified(RPPIDTokenPayload)
    /// Not a JWT, another algorithm or key, or a signature that does not match.
    case invalid
  }

  let keyID: String
  let jwks: SandboxJSON
  private let keys: JWTKeyCollection

  init() async {
    let key = try! Insecure.RSA.PrivateKey(pem: Self.privateKeyPEM)
    let (modulus, exponent) = try! key.publicKey.getKeyPrimitives()
    keyID = SandboxIdentifiers.hex(SandboxDigest.sha256(Array(key.publicKey.derRepresentation)).prefix(20))
    jwks = .object([
      (
        "keys",
        .array([
          .object([
            ("kty", "RSA"), ("alg", "RS256"), ("use", "sig"), ("kid", .string(keyID)),
            ("n", .string(Self.base64URL(modulus))), ("e", .string(Self.base64URL(exponent))),
          ])
        ])
      )
    ])
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    keys = JWTKeyCollection()
    await keys.add(
      rsa: key, digestAlgorithm: .sha256, kid: JWKIdentifier(string: keyID),
      serializer: DefaultJWTSerializer(jsonEncoder: encoder))
  }

  func mint(_ claims: Claims, projectID: String) async throws -> String {
    try await keys.sign(RPPIDTokenPayload(claims, projectID: projectID), kid: JWKIdentifier(string: keyID))
  }

  /// Checks the header (`alg` RS256, our `kid`) and the signature.
  func verify(_ token: String) async -> Verdict {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let headerBytes = Self.decodeBase64URL(String(parts[0])),
      let header = SandboxJSON.parse(headerBytes)?.members,
      header["alg"]?.stringValue == "RS256", header["kid"]?.stringValue == keyID
    else { return .invalid }
    do {
      return .verified(try await keys.verify(token, as: RPPIDTokenPayload.self))
    } catch {
      return .invalid
    }
  }

  static func base64URL(_ bytes: some Sequence<UInt8>) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  static func decodeBase64URL(_ text: String) -> [UInt8]? {
    var standard = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    standard += String(repeating: "=", count: (4 - standard.count % 4) % 4)
    return Data(base64Encoded: standard).map { Array($0) }
  }

  private static let privateKeyPEM = """
    -----BEGIN PRIVATE KEY-----
    MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC7NS2ckmjnY28D
    BR2xt+83qYxsq60xczLsRpXPmdfSL81W1KyM7abAN9hY3rn4ghbyTK2VT8Kh00/P
    xrI0ZNFlFv46NRemwPrEp8iE6yN06GXPaDeSdci3Cw6g8nLKRXJ9JoF0+F0sxOns
    FsL2fBR6lhvcUmyyabHA7JtCg2T3ER4JJ2fs3YXSbYZcQ6Bn8HJcAwf+lydnhkhd
    ymS0JTcTY0bSXMoeiOrEu8T+KR6kglzuo6PfVaIuyB2XJOOuDJMrKpiUF/wmjpXx
    6WemB5ID0g14rvxHJ7DT7lK669LC4jGtzxxf4HZRtR3OH302Fq6gLZIhkhefRft/
    KFMZ1IixAgMBAAECggEAAb+se1ZgB9zNOzrNkSTb5YIGQXfdUl1eTfgXE0lPa3uG
    NFPgYIDiDlC7OvHKLI7JCHaERtU31weEeuczEBOaw+IqCejH7bcm5IZBdJHmevOm
    i1BguAPVBhYyqtjW7wok6JO+8PT2uFnGyl14UOF99rrvG9DSinxbpGblaKK180ub
    13jWgsblGZ9ylBRCQkyMtzEGnj/9QVxqXW+p+tYcAxFZG+2nO+Iiw0FVdpy1ZDT+
    O/SwW+sr9XWq8Q58/MBrfrx+x4Qcv4MsYa4JyO41G/Z+xpkgZQd5KcR6fulCvUiA
    MH59aIAZJeiFul4aMKGdQr8/2uGAjla7JBNqDSe3IQKBgQDxK4ANUfn5iSpRcGZb
    UwE2+CUlFvvMHjuiWRLJ6DxoEhglqSN+36AiO/BJOsYGERrqC+pZVDgUjeKkBWE9
    N/0RwliWnTEB0WJ6kcifbV1qBdB+sKK6D6h6GUeCMwCIr230HQ3ek66CCaQt7KSP
    SKPofgMC3ByqTm7fA4ml5FPv4QKBgQDGuDRWZsLgnnH76HTSD2Uz60DxMLCaT1yx
    NtwStRTpK9lJWMkn5RU0kq+ix8jQohaiqDY4H/+FrjmYUNiecRTP/JibYHUtPs6I
    bFCStVXnavmJ7vPggiTILbhzYHo9zMl7EKqzcFnuoinQRr+4ifqe4hpq1fiM7Z0F
    F/5Hxevy0QKBgQDbntKIzstGi7um2CXOKoOjrEwfP5PjqPCDgnwStFM2Lqwgt6tk
    YX8xTcYe2c/1PGR3GIy79m7vgNoQpfmMR01Fe+cymUlEr4nvtoytamm0IEFi7bXy
    nEm/jv/IuGtXDfKiaEb2FyTGtML3M1YUSYFCOmbBlvLfwHdEzbLvCEPL4QKBgA8P
    kO/nc+egOpVUBd6RyiLINrDQ9uGLGERaGw3T6ZTOfPZhI0XBx/ynDWax65dcYYjM
    ZOeWDUCtdrIDlpdTjLdCtrI3+kmGlBKk2upzkeIrKmR41sTyOCVvyaX87ubWKYMJ
    PVbCMh6y7aZaZldvJa57BnOIagEMVTU4n04DQyGxAoGBAKWSAxg5LC7C68Id/mTj
    q3Uw7GQHGeLLw7t2n/O/n3zQsGNpe8NaNS/aeHkW5HjVCqwLGX7oaU74eGcPx/Nz
    6kizotgwvD8SXavXx6GAjku4IOMPV8zTZUtCXkDNCcI00pbHtROu9wcXZ8EFpBsq
    LhhZIOIklo1LhJI6R4plPJz7
    -----END PRIVATE KEY-----
    """
}

/// The claims of a Firebase ID token (rpp.md §2.4), custom claims (`role`, `partnerId`) at
/// the top level.
struct RPPIDTokenPayload: JWTPayload, Equatable {
  struct Firebase: Codable, Sendable, Equatable {
    var identities: [String: [String]]
    var signInProvider = "password"

    enum CodingKeys: String, CodingKey {
      case identities
      case signInProvider = "sign_in_provider"
    }
  }

  var iss: String
  var aud: String
  var authTime: Int
  var userID: String
  var sub: String
  var iat: Int
  var exp: Int
  var email: String
  var emailVerified = true
  var firebase: Firebase
  var role: String?
  var partnerId: String?

  enum CodingKeys: String, CodingKey {
    case iss, aud, sub, iat, exp, email, firebase, role, partnerId
    case authTime = "auth_time"
    case userID = "user_id"
    case emailVerified = "email_verified"
  }

  init(_ claims: RPPTokens.Claims, projectID: String) {
    iss = "https://securetoken.google.com/\(projectID)"
    aud = projectID
    authTime = claims.authTime
    userID = claims.userID
    sub = claims.userID
    iat = claims.issuedAt
    exp = claims.expiresAt
    email = claims.email
    firebase = Firebase(identities: ["email": [claims.email]])
    role = claims.role
    partnerId = claims.partnerID
  }

  /// Nothing here: the sandbox judges the claims on its own clock (`RPPAuthGate`).
  func verify(using algorithm: some JWTAlgorithm) async throws {}
}
