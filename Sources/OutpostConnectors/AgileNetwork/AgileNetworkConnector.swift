import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The fan app of the Agile Network's brands (upstreams/agile-network.md), for now only its sign-in: a public
/// client of the brand's Keycloak realm. The user signs in interactively (in the browser with
/// PKCE and a loopback redirect, or with a device code); the keyring then keeps the offline
/// refresh token, renewed silently and replaced at every rotation; access tokens live in
/// memory only. A sync proves the session by reading `userinfo` and lists nothing yet: the
/// GraphQL data (feed, experts, subscriptions) comes with issue 16.
///
/// The account's base URL is the Keycloak base (`keycloak.base_url` of its brand, with `/auth`
/// for Keycloak before v17); `realm` and `clientId` come from the brand's configuration.
public struct AgileNetworkConnector: SyncingConnector, InteractiveLoginConnector {
  public typealias Session = OIDCSession

  public static let descriptor = ConnectorDescriptor(
    kind: "agilenetwork", displayName: "Agile Network brands", authentication: .oauthRefreshToken,
    defaultBaseURL: "http://127.0.0.1:8080/keycloak", requiresUsername: false,
    options: [
      ConnectorOption("brand", summary: "the brand, by its id in the configured brands (default: the first)"),
      ConnectorOption("realm", summary: "the brand's Keycloak realm, if not the configured one"),
      ConnectorOption("clientId", summary: "the brand's public desktop client, if not the configured one"),
    ], loginMethods: [.browser, .device],
    presets: PresetDeclaration(
      option: "brand", table: "agile.brands", noun: "brand", baseURLKey: "keycloak.base_url",
      linkScheme: PresetLinkScheme(schemeKey: "deep_link.scheme", paths: ["expert", "content"])))

  /// Nothing yet (issue 16 adds the feed, experts and subscriptions).
  public static let itemKinds: Set<ItemKind> = []

  let provider: OIDCProvider

  /// The brand's values come from its configured preset (agile-network.md §1: no brand value
  /// in code); the account's own options win, for a test or a second realm.
  public init(account: ConnectorAccount, transport: any HTTPTransport) {
    let brand = account.preset
    let realm = account.options["realm"] ?? brand?["keycloak.realm"] ?? brand?.id ?? account.options["brand"] ?? ""
    provider = OIDCProvider(
      discoveryURL: "\(account.baseURL)/realms/\(FormEncoding.percentEncode(realm))/.well-known/openid-configuration",
      clientID: account.options["clientId"] ?? brand?["keycloak.client_id"] ?? "\(realm)-desktop", transport: transport)
  }

  public func beginLogin(_ method: LoginMethod, clock: any Clock<Duration>) async throws(ConnectorError)
    -> InteractiveLoginFlow<OIDCSession>
  {
    try await provider.beginLogin(method, clock: clock)
  }

  /// With the stored refresh token: a refresh, whose new token the keeper writes to the
  /// keyring before the session is used. `invalid_grant` (expired, logged out, revoked, reused)
  /// is `.invalidCredentials`: the keeper drops the token and asks the user to sign in again.
  public func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<OIDCSession> {
    let endpoints = try await provider.endpoints()
    let sent = Date()
    let tokens = try await provider.refresh(endpoints, secret)
    var session = tokens.session(sentAt: sent)
    if tokens.idTokenClaims == nil {
      let claims = try await provider.userinfo(endpoints, session.accessToken)
      session.subject = claims["sub"]?.stringValue
      session.identity = AccountIdentity(
        displayName: claims["name"]?.stringValue ?? claims["email"]?.stringValue
          ?? claims["preferred_username"]?.stringValue)
    }
    return LoginResult(session: session, identity: session.identity, rotatedSecret: session.refreshToken)
  }

  public func checkSession(_ session: OIDCSession) async throws(ConnectorError) {
    _ = try await userinfo(session)
  }

  public func logOut(_ session: OIDCSession) async { await provider.logOut(session.refreshToken) }

  /// Proves the session (the service's `userinfo`) and lists no items yet.
  public func fetch(_ session: OIDCSession, window: SyncWindow, cursor: SyncCursor?) async throws(ConnectorError)
    -> FetchResult
  {
    _ = try await userinfo(session)
    return FetchResult(items: [], complete: [])
  }

  /// A token about to end is renewed before the request, not after a refused one.
  private func userinfo(_ session: OIDCSession) async throws(ConnectorError) -> JSONValue {
    if session.isExpiring(at: Date()) { throw .sessionExpired }
    return try await provider.userinfo(try await provider.endpoints(), session.accessToken)
  }
}
