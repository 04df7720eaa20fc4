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
/// memory only. The
/// data comes from the brand's GraphQL gateway (agile-network.md §5–§6): followed experts,
/// their content of the last 30 days, subscriptions with a reminder before each renewal,
/// offers and the notification settings, kept current through the change feed.
///
/// The account's base URL is the Keycloak base (`keycloak.base_url` of its brand, with `/auth`
/// for Keycloak before v17); `realm` and `clientId` come from the brand's configuration.
public struct AgileNetworkConnector: SyncingConnector, SignInLinkConnector, ActingConnector, QueryingConnector {
  public typealias Session = OIDCSession

  public static let descriptor = ConnectorDescriptor(
    kind: "agilenetwork", displayName: "Agile Network brands", authentication: .oauthRefreshToken,
    defaultBaseURL: "", requiresUsername: false,
    options: [
      ConnectorOption(
        "brand", summary: "the brand, by its id among the configured ones (needed when there are several)"),
      ConnectorOption("realm", summary: "the brand's Keycloak realm, if not the configured one"),
      ConnectorOption("clientId", summary: "the brand's public desktop client, if not the configured one"),
      ConnectorOption(
        "renewalReminderDays", summary: "days before a subscription renews that a reminder comes", defaultValue: "3"),
    ], itemKinds: AgileKinds.declarations, loginMethods: [.browser, .device, .magicLink],
    presets: PresetDeclaration(
      option: "brand", table: "agile.brands", noun: "brand", baseURLKey: "keycloak.base_url",
      linkScheme: PresetLinkScheme(
        schemeKey: "deep_link.scheme", paths: ["expert", "content"], domainKey: "deep_link.universal_link_domain",
        webBaseKey: "web_base_url", signInCallback: Self.signInCallbackRoute)),
    baseURLRequired: LocalizedText(
      en: "the brand's Keycloak address (keycloak.base_url of its [[agile.brands]] entry in config.toml)",
      de: "die Keycloak-Adresse der Marke (keycloak.base_url ihres [[agile.brands]]-Eintrags in config.toml)",
      fr: "l'adresse Keycloak de la marque (keycloak.base_url de son entrée [[agile.brands]] dans config.toml)",
      it: "l'indirizzo Keycloak del marchio (keycloak.base_url della sua voce [[agile.brands]] in config.toml)"))

  /// Where mailed sign-in links come back: `<scheme>://auth/callback` (agile-network.md §3–§4).
  static let signInCallbackRoute = "auth/callback"

  public static let itemKinds: Set<ItemKind> = [
    .expert, .content, .subscription, .promotion, .notificationSettings,
  ]

  let provider: OIDCProvider
  /// The brand's GraphQL endpoint (`api.graphql_url`); nil when its configuration has none.
  let graphQLURL: String?
  /// The brand's magic-link backend (`api.magic_link_url`) and the scheme its links come back
  /// in (`deep_link.scheme`); nil when the configuration has none.
  let magicLinkURL: String?
  let scheme: String?
  let transport: any HTTPTransport
  let items: AgileItems
  /// This machine's clock (tests drive it with the sandbox's).
  let now: @Sendable () -> Date

  /// The brand's values come from its configured preset (agile-network.md §1: no brand value
  /// in code); the account's own options win, for a test or a second realm.
  public init(account: ConnectorAccount, transport: any HTTPTransport) {
    self.init(account: account, transport: transport, now: { Date() })
  }

  init(account: ConnectorAccount, transport: any HTTPTransport, now: @escaping @Sendable () -> Date) {
    let brand = account.preset
    self.now = now
    self.transport = transport
    graphQLURL = brand?["api.graphql_url"]
    magicLinkURL = brand?["api.magic_link_url"]
    scheme = brand?["deep_link.scheme"]?.lowercased()
    items = AgileItems(
      scheme: brand?["deep_link.scheme"],
      renewalLeadDays: max(0, min(60, Int(account.options["renewalReminderDays"] ?? "3") ?? 3)))
    let realm = account.options["realm"] ?? brand?["keycloak.realm"] ?? brand?.id ?? account.options["brand"] ?? ""
    provider = OIDCProvider(
      discoveryURL: "\(account.baseURL)/realms/\(FormEncoding.percentEncode(realm))/.well-known/openid-configuration",
      clientID: account.options["clientId"] ?? brand?["keycloak.client_id"] ?? "\(realm)-desktop", transport: transport,
      now: now)
  }

  public func beginLogin(_ method: LoginMethod, clock: any Clock<Duration>) async throws(ConnectorError)
    -> InteractiveLoginFlow<OIDCSession>
  {
    try await provider.beginLogin(method, clock: clock)
  }

  public func requestSignInLink(email: String, locale: String?) async throws(ConnectorError) -> SignInLinkRequest {
    guard let url = magicLinkURL, !url.isEmpty, let redirect = signInRedirect else {
      throw .unsupported(
        "the brand's configuration names no sign-in link service or scheme (api.magic_link_url and "
          + "deep_link.scheme in [[agile.brands]] of config.toml)")
    }
    return try await provider.requestMagicLink(url: url, email: email, redirectURI: redirect, locale: locale)
  }

  public func completeSignInLink(code: String, secrets: SignInLinkSecrets) async throws(InteractiveLoginError)
    -> LoginResult<OIDCSession>
  {
    guard let redirect = signInRedirect else { throw .connector(.unsupported("the brand has no link scheme")) }
    return try await provider.completeMagicLink(code: code, redirectURI: redirect, secrets: secrets)
  }

  private var signInRedirect: String? { scheme.map { "\($0)://\(Self.signInCallbackRoute)" } }

  /// With the stored refresh token: a refresh, whose new token the keeper writes to the
  /// keyring before the session is used. `invalid_grant` (expired, logged out, revoked, reused)
  /// is `.invalidCredentials`: the keeper drops the token and asks the user to sign in again.
  public func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<OIDCSession> {
    let endpoints = try await provider.endpoints()
    let sent = now()
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

  /// The change feed since the last sync, or everything on a first one (`AgileSync`).
  public func fetch(_ session: OIDCSession, window: SyncWindow, cursor: SyncCursor?) async throws(ConnectorError)
    -> FetchResult
  {
    let api = try graphQL(session)
    return try await AgileSync(api: api, items: items, token: session.accessToken, now: now()).fetch(
      marks: cursor?.values ?? [:])
  }

  /// The gateway for a usable session: a token about to end is renewed first.
  func graphQL(_ session: OIDCSession) throws(ConnectorError) -> AgileGraphQL {
    if session.isExpiring(at: now()) { throw .sessionExpired }
    guard let url = graphQLURL, !url.isEmpty else {
      throw .unsupported(
        "the brand's configuration names no GraphQL address (api.graphql_url in [[agile.brands]] of config.toml)")
    }
    return AgileGraphQL(url: url, transport: transport, now: now)
  }

  /// A token about to end is renewed before the request, not after a refused one.
  private func userinfo(_ session: OIDCSession) async throws(ConnectorError) -> JSONValue {
    if session.isExpiring(at: now()) { throw .sessionExpired }
    return try await provider.userinfo(try await provider.endpoints(), session.accessToken)
  }
}
