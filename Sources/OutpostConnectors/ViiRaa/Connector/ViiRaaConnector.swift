import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ViiRaa, a glucose-coaching programme on Supabase (upstreams/viiraa.md): readings, weight,
/// activity days, coaching reminders and insights pulled incrementally with the shared keyset
/// pull; manual entries, CGM imports, reminder done/snooze and "insight read" written back.
/// Outpost raises no glucose alarms: it is not a medical device, and its data can be minutes
/// (a sync) or months (an import) old.
public struct ViiRaaConnector: SyncingConnector, ActingConnector, RebasingConnector {
  public typealias Session = SupabaseSession

  public static let descriptor = ConnectorDescriptor(
    kind: "viiraa", displayName: "ViiRaa", authentication: .tokenSession,
    defaultBaseURL: "", requiresUsername: true,
    options: [
      ConnectorOption(
        "apiKey", summary: "the project's publishable (anon) API key, public by design", required: true),
      ConnectorOption(
        "timeZone", summary: "IANA time zone for local days and file imports, instead of the profile's"),
    ], itemKinds: ViiRaaKinds.declarations,
    linkSchemes: [LinkScheme("viiraa", appName: "ViiRaa", paths: ["insight"])], loginMethods: [.browser],
    barView: "viiraa.dashboard",
    baseURLRequired: LocalizedText(
      en: "your ViiRaa project's address, e.g. https://PROJECT.supabase.co",
      de: "die Adresse Ihres ViiRaa-Projekts, z. B. https://PROJECT.supabase.co",
      fr: "l'adresse de votre projet ViiRaa, p. ex. https://PROJECT.supabase.co",
      it: "l'indirizzo del tuo progetto ViiRaa, ad es. https://PROJECT.supabase.co"
    )
    .appending(" (outpost-sandbox --print-presets)"))

  public static let itemKinds = Set(ViiRaaKinds.declarations.map(\.kind))

  let account: ConnectorAccount
  let auth: SupabaseAuth
  let data: PostgREST
  let now: @Sendable () -> Date

  public init(account: ConnectorAccount, transport: any HTTPTransport) {
    self.init(account: account, transport: transport, now: { Date() })
  }

  init(account: ConnectorAccount, transport: any HTTPTransport, now: @escaping @Sendable () -> Date) {
    self.account = account
    let project = SupabaseProject(
      baseURL: account.baseURL, apiKey: account.options["apiKey"] ?? "", transport: transport)
    auth = SupabaseAuth(project: project, now: now)
    data = PostgREST(project: project, now: now)
    self.now = now
  }

  public func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<SupabaseSession> {
    do {
      return try await auth.logIn(secret: secret, email: account.username)
    } catch .invalidCredentials(let detail) {
      // An account made with Google has no password: say where the way in is.
      guard case .password = SupabaseStoredSecret(secret) else { throw .invalidCredentials(detail) }
      throw .invalidCredentials("\(detail); if you sign in to ViiRaa with Google, there is no password: use --browser")
    }
  }

  public func checkSession(_ session: SupabaseSession) async throws(ConnectorError) {
    try usable(session)
    _ = try await data.page("profiles", query: "select=id&limit=1", session: session)
  }

  public func logOut(_ session: SupabaseSession) async { await auth.signOut(session) }

  /// A token about to end is renewed before the request, not after a refused one.
  func usable(_ session: SupabaseSession) throws(ConnectorError) {
    if session.isExpiring(at: now()) { throw .sessionExpired }
  }

  /// The zone local days and imports are read in: the account's option, else the profile's.
  static func timeZone(option: String?, profile: String?) -> TimeZone {
    for name in [option, profile].compactMap({ $0 }) where !name.isEmpty {
      if let zone = TimeZone(identifier: name) { return zone }
    }
    return TimeZone.current
  }
}

/// An account that signs in with Google has no password to give: `outpost account add viiraa
/// … --browser` and, when its session ends, `outpost account login NAME --browser`.
extension ViiRaaConnector: InteractiveLoginConnector {
  public func beginLogin(_ method: LoginMethod, clock: any Clock<Duration>) async throws(ConnectorError)
    -> InteractiveLoginFlow<SupabaseSession>
  {
    guard method == .browser else {
      throw .unsupported("ViiRaa signs in with a password or with Google in the browser")
    }
    return try await auth.beginBrowserLogin(provider: "google", email: account.username, clock: clock)
  }
}
