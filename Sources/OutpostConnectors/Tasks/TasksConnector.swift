import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ItemKind {
  /// A to-do with an optional due time (the tasks service).
  public static let task = ItemKind(rawValue: "task")
}

/// A to-do list kept in a Supabase project's `tasks` table: the smallest service on the shared
/// Supabase pieces (Auth with rotating refresh tokens, PostgREST), and the proof that a second
/// connector needs no change in the engine, the store or the RPC layer. Sign-in is by email and
/// password once; the keyring then holds the refresh token, rotated on every renewal.
public struct TasksConnector: SyncingConnector, ActingConnector {
  public typealias Session = SupabaseSession

  public static let descriptor = ConnectorDescriptor(
    kind: "tasks", displayName: "Tasks", authentication: .tokenSession, defaultBaseURL: "", requiresUsername: true,
    options: [
      ConnectorOption(
        "apiKey", summary: "the project's publishable (anon) API key, public by design", required: true)
    ], itemKinds: [taskDeclaration],
    baseURLRequired: LocalizedText(
      en:
        "your Tasks project's address, e.g. https://PROJECT.supabase.co (outpost-sandbox --print-presets prints the sandbox's)",
      de:
        "die Adresse Ihres Tasks-Projekts, z. B. https://PROJECT.supabase.co (outpost-sandbox --print-presets nennt die der Sandbox)",
      fr:
        "l'adresse de votre projet Tasks, p. ex. https://PROJECT.supabase.co (outpost-sandbox --print-presets donne celle du bac à sable)",
      it:
        "l'indirizzo del tuo progetto Tasks, ad es. https://PROJECT.supabase.co (outpost-sandbox --print-presets mostra quello della sandbox)"
    ))

  /// Tasks are due at a time: reminded like appointments; a changed due time is news.
  static let taskDeclaration = ItemKindDeclaration(
    .task, noun: "task", appointment: true, startReminders: true,
    announcements: [
      ChangeAnnouncement(
        category: "new-task", on: [.new],
        summary: LocalizedText(
          en: "New task: {0}", de: "Neue Aufgabe: {0}", fr: "Nouvelle tâche : {0}", it: "Nuova attività: {0}"),
        grouped: LocalizedText(
          en: "{0} new tasks", de: "{0} neue Aufgaben", fr: "{0} nouvelles tâches", it: "{0} nuove attività")),
      ChangeAnnouncement(
        category: "changed", on: [.changed(fields: ["time"])],
        summary: LocalizedText(
          en: "Due time changed: {0}", de: "Neue Fälligkeit: {0}", fr: "Échéance modifiée : {0}",
          it: "Scadenza cambiata: {0}")),
    ],
    // A task not done is still to do, however long ago it was due.
    retention: ItemRetention(.configured, keptWhile: [.active]),
    nouns: LocalizedText(en: "task", de: "Aufgabe", fr: "tâche", it: "attività"),
    fields: [DetailField("done", LocalizedText(en: "done", de: "erledigt", fr: "faite", it: "fatta"), .yesNo)])

  public static let itemKinds: Set<ItemKind> = [.task]

  let account: ConnectorAccount
  let auth: SupabaseAuth
  let data: PostgREST

  public init(account: ConnectorAccount, transport: any HTTPTransport) {
    self.account = account
    let project = SupabaseProject(
      baseURL: account.baseURL, apiKey: account.options["apiKey"] ?? "", transport: transport)
    auth = SupabaseAuth(project: project)
    data = PostgREST(project: project)
  }

  /// A password sign-in once, then refreshes with the rotating token (`SupabaseAuth.logIn`).
  public func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<SupabaseSession> {
    try await auth.logIn(secret: secret, email: account.username)
  }

  public func checkSession(_ session: SupabaseSession) async throws(ConnectorError) {
    try Self.usable(session)
    _ = try await data.rows("tasks", query: "select=id&id=eq.0", session: session)
  }

  public func logOut(_ session: SupabaseSession) async { await auth.signOut(session) }

  /// Rows a page asks for; hosted Supabase answers at most 1000 whatever is asked.
  static let pageSize = 500

  /// Every live task (soft-deleted rows are left out, so their local copies go), paged by id
  /// until an empty page: the listing is complete, however many tasks and whatever the server
  /// caps a page at.
  public func fetch(_ session: SupabaseSession, window: SyncWindow, cursor: SyncCursor?) async throws(ConnectorError)
    -> FetchResult
  {
    try Self.usable(session)
    var items: [Item] = []
    var last: Int64?
    while true {
      let after = last.map { "&id=gt.\($0)" } ?? ""
      let page = try await data.page(
        "tasks", query: "select=*&deleted_at=is.null\(after)&order=id.asc&limit=\(Self.pageSize)", session: session)
      if page.isEmpty { break }
      for row in page {
        guard let item = Self.item(row), let id = row["id"]?.int64Value else {
          throw .unexpectedReply("a task without id, title or updated_at")
        }
        guard last.map({ id > $0 }) ?? true else { throw .unexpectedReply("the tasks are not ordered by id") }
        last = id
        items.append(item)
      }
      SyncProgress.page(rows: page.count)
    }
    return FetchResult(items: items, complete: [.task])
  }

  /// A token about to end is renewed before the request, not after a refused one.
  static func usable(_ session: SupabaseSession) throws(ConnectorError) {
    if session.isExpiring(at: Date()) { throw .sessionExpired }
  }

  static func item(_ row: JSONValue) -> Item? {
    guard let id = row["id"]?.int64Value, let title = row["title"]?.stringValue,
      let updatedAt = row["updated_at"]?.stringValue
    else { return nil }
    let done = row["done"] == .bool(true)
    let due = row["due_at"]?.stringValue.flatMap(UTCTimestamp.parse)
    var details: [String: JSONValue] = ["id": .int(id), "done": .bool(done), "updatedAt": .string(updatedAt)]
    // What a write is preconditioned on (supabase.md §7); a table without it falls back to `updated_at`.
    if let version = row["version"]?.int64Value { details["version"] = .int(version) }
    if let dueText = row["due_at"]?.stringValue { details["dueAt"] = .string(dueText) }
    return Item(
      kind: .task, upstreamID: String(id), title: title, startsAt: due, status: done ? .closed : .active,
      details: .object(details))
  }
}
