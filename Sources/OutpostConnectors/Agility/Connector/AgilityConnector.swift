import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Agility, a US freelancer's money app on Supabase (upstreams/agility.md): invoices with
/// their line items and clients, transactions, accounts and categories pulled with the shared
/// keyset pull; the invoice's effective status, its reminders and the quarterly estimated tax
/// computed here; drafts, "send", "mark paid", recategorisation and bank CSV imports written
/// back as queued, preconditioned, idempotent actions.
public struct AgilityConnector: SyncingConnector, ActingConnector, RebasingConnector {
  public typealias Session = SupabaseSession

  public static let descriptor = ConnectorDescriptor(
    kind: "agility", displayName: "Agility", authentication: .tokenSession,
    defaultBaseURL: "", requiresUsername: true,
    options: [
      ConnectorOption(
        "apiKey", summary: "the project's publishable (anon) API key, public by design", required: true),
      ConnectorOption(
        "timeZone", summary: "IANA time zone of \"today\", due days and 09:00 reminders (default: the system's)"),
      ConnectorOption(
        "incomeTaxRate",
        summary: "your effective federal income-tax rate in percent, e.g. 12; unset: the estimate is SE tax only"),
      ConnectorOption("w2Wages", summary: "W-2 Social Security wages this year, in dollars (default 0)"),
      ConnectorOption(
        "taxDueOverrides",
        summary: "estimated-tax due days the IRS postponed for your area, e.g. 2026-Q1=2026-05-01,2026-Q2=2026-07-15"),
      ConnectorOption(
        "webBaseURL", summary: "the web app, where receipts, bank links and PDFs open (unset: items link nowhere)"),
    ], itemKinds: AgilityKinds.declarations, barView: "agility.dashboard",
    baseURLRequired: LocalizedText(
      en: "your Agility project's address, e.g. https://PROJECT.supabase.co",
      de: "die Adresse Ihres Agility-Projekts, z. B. https://PROJECT.supabase.co",
      fr: "l'adresse de votre projet Agility, p. ex. https://PROJECT.supabase.co",
      it: "l'indirizzo del tuo progetto Agility, ad es. https://PROJECT.supabase.co"
    )
    .appending(" (outpost-sandbox --print-presets)"))

  public static let itemKinds = Set(AgilityKinds.declarations.map(\.kind))

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
    try await auth.logIn(secret: secret, email: account.username)
  }

  public func checkSession(_ session: SupabaseSession) async throws(ConnectorError) {
    try usable(session)
    _ = try await data.page("accounts", query: "select=id&limit=1", session: session)
  }

  public func logOut(_ session: SupabaseSession) async { await auth.signOut(session) }

  /// A token about to end (Agility's live 15 minutes) is renewed before the request, not after
  /// a refused one.
  func usable(_ session: SupabaseSession) throws(ConnectorError) {
    if session.isExpiring(at: now()) { throw .sessionExpired }
  }

  var days: AgilityDays { AgilityDays(option: account.options["timeZone"]) }

  /// Where the web app's pages are; nil when the account names none (a project's API address
  /// says nothing of where its web app lives, so no link is guessed from it).
  var webBaseURL: String? {
    account.options["webBaseURL"].flatMap { $0.isEmpty ? nil : $0 }
  }

  /// `incomeTaxRate` as a fraction (12 → 0.12); nil when unset or not a number.
  static func incomeTaxRate(_ option: String?) -> Decimal? {
    guard let text = option?.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "%", with: ""),
      !text.isEmpty, let percent = Decimal(string: text), percent >= 0, percent < 100
    else { return nil }
    return percent / 100
  }

  static func w2Wages(_ option: String?) -> Decimal {
    option.flatMap { Decimal(string: $0.replacingOccurrences(of: ",", with: "")) }.map { max(0, $0) } ?? 0
  }
}
