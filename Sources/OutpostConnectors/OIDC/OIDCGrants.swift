import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The provider's endpoints as a public native client uses them (agile-network.md §2.3–2.7):
/// the authorization request, the code, device-code and refresh grants, userinfo and logout.
/// Errors are classified by the OAuth `error` code, never by its description.
extension OIDCProvider {
  public static let deviceCodeGrant = "urn:ietf:params:oauth:grant-type:device_code"

  /// The address the browser opens: response type code, the loopback redirect, PKCE S256,
  /// state and nonce.
  func authorizationURL(_ endpoints: OIDCEndpoints, redirectURI: String, pkce: PKCE) -> String {
    let query = FormEncoding.encode([
      ("response_type", "code"), ("client_id", clientID), ("redirect_uri", redirectURI), ("scope", scopes),
      ("state", pkce.state), ("nonce", pkce.nonce), ("code_challenge", pkce.challenge),
      ("code_challenge_method", PKCE.method),
    ])
    return endpoints.authorization + (endpoints.authorization.contains("?") ? "&" : "?") + query
  }

  func requestDeviceAuthorization(_ endpoints: OIDCEndpoints) async throws(ConnectorError) -> DeviceAuthorization {
    guard let url = endpoints.deviceAuthorization else {
      throw .unsupported("the provider offers no device authorization (no device_authorization_endpoint)")
    }
    let reply = try await post(url, [("client_id", clientID), ("scope", scopes)])
    guard reply.status == 200 else { throw Self.classify(reply, during: "asking for a device code") }
    return try DeviceAuthorization(reply: reply)
  }

  func pollDevice(_ endpoints: OIDCEndpoints, _ authorization: DeviceAuthorization) async throws(ConnectorError)
    -> DevicePoll
  {
    let reply = try await post(
      endpoints.token,
      [
        ("grant_type", Self.deviceCodeGrant), ("device_code", authorization.deviceCode.reveal()),
        ("client_id", clientID),
      ])
    if reply.status == 200 { return .granted(try OIDCTokenSet(reply: reply)) }
    switch Self.errorCode(reply) {
    case "authorization_pending": return .pending
    case "slow_down": return .slowDown
    case "access_denied": return .denied("the sign-in was declined at the service")
    case "expired_token": return .expired
    default: throw Self.classify(reply, during: "waiting for the device sign-in")
    }
  }

  func exchange(_ endpoints: OIDCEndpoints, code: String, redirectURI: String, verifier: SecretString)
    async throws(ConnectorError) -> OIDCTokenSet
  {
    let reply = try await post(
      endpoints.token,
      [
        ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirectURI),
        ("client_id", clientID), ("code_verifier", verifier.reveal()),
      ])
    guard reply.status == 200 else { throw Self.classify(reply, during: "exchanging the sign-in code") }
    return try OIDCTokenSet(reply: reply)
  }

  /// Trades the refresh token for a new session. A rotating provider revokes the one
  /// presented: the caller keeps the new one (the keeper writes it to the keyring first). A
  /// provider that does not rotate sends none, and the one presented stays the session's.
  func refresh(_ endpoints: OIDCEndpoints, _ refreshToken: SecretString) async throws(ConnectorError)
    -> OIDCTokenSet
  {
    let reply = try await post(
      endpoints.token,
      [("grant_type", "refresh_token"), ("refresh_token", refreshToken.reveal()), ("client_id", clientID)])
    guard reply.status == 200 else { throw Self.classify(reply, during: "renewing the session") }
    return try OIDCTokenSet(reply: reply, presented: refreshToken)
  }

  /// The user's claims; `.sessionExpired` when the access token is no longer accepted.
  func userinfo(_ endpoints: OIDCEndpoints, _ accessToken: SecretString) async throws(ConnectorError) -> JSONValue {
    guard let url = endpoints.userinfo else { throw .unsupported("the provider has no userinfo endpoint") }
    let reply = try await send(
      HTTPRequest(
        method: "GET", url: url,
        headers: [("Authorization", "Bearer \(accessToken.reveal())"), ("Accept", "application/json")]))
    switch reply.status {
    case 200:
      guard let json = try? JSONParser.parse(reply.body), json["sub"]?.stringValue != nil else {
        throw .unexpectedReply("the userinfo reply has no subject")
      }
      return json
    case 401, 403: throw .sessionExpired
    default: throw Self.classify(reply, during: "reading the user's profile")
    }
  }

  /// Ends the session at the provider, best effort (the caller forgets the tokens whatever the
  /// answers): `end_session_endpoint` with the refresh token, as a public client does it at
  /// Keycloak, then RFC 7009 revocation of the refresh token where the provider offers it, for
  /// providers whose end-session is a browser page only (agile-network.md §2.7).
  func logOut(_ refreshToken: SecretString) async {
    guard let endpoints = try? await endpoints() else { return }
    if let url = endpoints.endSession {
      _ = try? await post(url, [("client_id", clientID), ("refresh_token", refreshToken.reveal())])
    }
    if let url = endpoints.revocation {
      _ = try? await post(
        url, [("client_id", clientID), ("token", refreshToken.reveal()), ("token_type_hint", "refresh_token")])
    }
  }

  /// The OAuth `error` of a reply, when it has one.
  static func errorCode(_ reply: HTTPResponse) -> String? {
    (try? JSONParser.parse(reply.body))?["error"]?.stringValue
  }

  /// `invalid_grant` means the grant (code, device code, refresh token) is over: only the user
  /// can sign in again. `invalid_client` and `unauthorized_client` are a misconfiguration, not
  /// a sign-in problem (agile-network.md §2.6).
  static func classify(_ reply: HTTPResponse, during activity: String) -> ConnectorError {
    let code = errorCode(reply) ?? ""
    switch (reply.status, code) {
    case (_, "invalid_grant"):
      return .invalidCredentials("the session ended at the service (invalid_grant); sign in again")
    case (_, "invalid_client"), (_, "unauthorized_client"), (_, "unsupported_grant_type"):
      return .unsupported(
        "\(activity): the service does not accept this client (\(code)); check the realm and clientId")
    case (429, _),
      (503, _) where reply.header("retry-after") != nil:
      return .rateLimited(retryAfter: reply.header("retry-after").flatMap(Double.init))
    case (500..<600, _): return .transient("\(activity): HTTP \(reply.status)")
    default: return .unexpectedReply("\(activity): HTTP \(reply.status)\(code.isEmpty ? "" : " (\(code))")")
    }
  }
}
