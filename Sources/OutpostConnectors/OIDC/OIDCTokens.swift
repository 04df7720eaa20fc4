import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A signed-in OpenID Connect session, in memory only. The refresh token also goes to the
/// keyring (the keeper writes each new one there before the session is used).
public struct OIDCSession: Sendable {
  public var accessToken: SecretString
  public var refreshToken: SecretString
  /// When the access token stops working, on this machine's clock (from `expires_in` when the
  /// reply arrived; the provider's clock may be off).
  public var expiresAt: Date
  /// The user's stable id at the provider (`sub`), when the ID token or userinfo said.
  public var subject: String?
  public var identity: AccountIdentity
  /// How long the access token was issued for (`expires_in`), when known.
  public var lifetime: TimeInterval?

  public init(
    accessToken: SecretString, refreshToken: SecretString, expiresAt: Date, subject: String?,
    identity: AccountIdentity, lifetime: TimeInterval? = nil
  ) {
    self.accessToken = accessToken
    self.refreshToken = refreshToken
    self.expiresAt = expiresAt
    self.subject = subject
    self.identity = identity
    self.lifetime = lifetime
  }

  /// Keycloak's access tokens live 5 minutes: refresh when less than a minute is left
  /// (agile-network.md §2.5), so no request starts with a token about to die. A realm with
  /// shorter tokens (5 s in the test day) gets a margin of half their life instead:
  /// a minute's margin would call every fresh token expiring and refresh in a loop.
  public func isExpiring(at now: Date, margin: TimeInterval = 60) -> Bool {
    now.addingTimeInterval(min(margin, (lifetime ?? .infinity) / 2)) >= expiresAt
  }
}

/// What the token endpoint answered to a grant (agile-network.md §2.5). Access and refresh
/// tokens are opaque; the ID token of a sign-in is checked (signature against the provider's
/// keys, then its claims) by `OIDCProvider.checkIDToken` before its claims are believed.
struct OIDCTokenSet: Sendable {
  var accessToken: SecretString
  var refreshToken: SecretString
  var expiresIn: Int64
  var idTokenClaims: JSONValue?
  /// The ID token as issued, for its signature check.
  var idToken: String?

  /// `presented` is the refresh token a refresh grant sent: a provider that does not rotate
  /// (Glewlwyd, by default) answers without one, and the client keeps it (RFC 6749 §6).
  init(reply: HTTPResponse, presented: SecretString? = nil) throws(ConnectorError) {
    guard let json = try? JSONParser.parse(reply.body), let access = json["access_token"]?.stringValue,
      !access.isEmpty
    else { throw .unexpectedReply("the token endpoint's reply holds no access token") }
    switch (json["refresh_token"]?.stringValue, presented) {
    case (let refresh?, _) where !refresh.isEmpty && refresh.utf8.count <= 8192:
      refreshToken = SecretString(refresh)
    case (nil, let presented?):
      refreshToken = presented
    default:
      throw .unexpectedReply("the token endpoint issued no refresh token (is offline_access allowed for the client?)")
    }
    accessToken = SecretString(access)
    expiresIn = max(json["expires_in"]?.int64Value ?? 300, 0)
    idToken = json["id_token"]?.stringValue
    idTokenClaims = idToken.flatMap(Self.claims)
  }

  /// The payload of a JWT, unverified.
  static func claims(_ token: String) -> JSONValue? {
    let parts = token.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3, let bytes = Base64URL.decode(String(parts[1])) else { return nil }
    guard let value = try? JSONParser.parse(bytes), case .object = value else { return nil }
    return value
  }

  /// Checks the ID token of a fresh sign-in: issued by `issuer` for this client, with the
  /// nonce of this sign-in (a token replayed from another sign-in fails here).
  func checkIDToken(issuer: String, clientID: String, nonce: String?) throws(ConnectorError) {
    guard let claims = idTokenClaims else {
      throw .unexpectedReply("the provider returned no ID token (is the openid scope allowed?)")
    }
    guard claims["iss"]?.stringValue == issuer else { throw .unexpectedReply("the ID token is from another issuer") }
    let audiences: [String] =
      switch claims["aud"] {
      case .string(let one)?: [one]
      case .array(let many)?: many.compactMap(\.stringValue)
      default: []
      }
    guard audiences.contains(clientID) || claims["azp"]?.stringValue == clientID else {
      throw .unexpectedReply("the ID token is for another client")
    }
    if let nonce, !PKCE.constantTimeEquals(claims["nonce"]?.stringValue ?? "", nonce) {
      throw .unexpectedReply("the ID token's nonce is not this sign-in's")
    }
  }

  func session(sentAt: Date, identity fallback: AccountIdentity? = nil) -> OIDCSession {
    let claims = idTokenClaims
    let name =
      claims?["name"]?.stringValue ?? claims?["email"]?.stringValue
      ?? claims?["preferred_username"]?.stringValue
    return OIDCSession(
      accessToken: accessToken, refreshToken: refreshToken,
      expiresAt: sentAt.addingTimeInterval(TimeInterval(expiresIn)), subject: claims?["sub"]?.stringValue,
      identity: name.map { AccountIdentity(displayName: $0) } ?? fallback ?? AccountIdentity(),
      lifetime: TimeInterval(expiresIn))
  }
}

/// What one poll of the device grant said (RFC 8628 §3.5).
enum DevicePoll: Sendable {
  case pending
  case slowDown
  case granted(OIDCTokenSet)
  case denied(String)
  case expired
}

/// A device authorization the provider issued (RFC 8628 §3.2).
struct DeviceAuthorization: Sendable {
  var deviceCode: SecretString
  var userCode: String
  var verificationURI: String
  var verificationURIComplete: String?
  var expiresIn: Int64
  /// Seconds between polls; 5 when the provider did not say (RFC 8628 §3.2). 0 is taken as
  /// given: a sandbox may hand it out for tests.
  var interval: Int64

  init(reply: HTTPResponse) throws(ConnectorError) {
    guard let json = try? JSONParser.parse(reply.body), let device = json["device_code"]?.stringValue,
      let user = json["user_code"]?.stringValue, let uri = json["verification_uri"]?.stringValue,
      !device.isEmpty, !user.isEmpty, uri.hasPrefix("http")
    else { throw .unexpectedReply("the device authorization reply lacks its codes") }
    deviceCode = SecretString(device)
    userCode = user
    verificationURI = uri
    verificationURIComplete = json["verification_uri_complete"]?.stringValue.flatMap { $0.hasPrefix("http") ? $0 : nil }
    expiresIn = max(json["expires_in"]?.int64Value ?? 600, 1)
    interval = max(json["interval"]?.int64Value ?? 5, 0)
  }
}
