import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Real Property Photography for a client (an estate agent): orders and their shoots,
/// conversations, booking, reschedule and cancel (upstreams/rpp.md). Sign-in is Firebase Auth:
/// the ID token lives in memory; the password and the refresh token live in the keyring.
/// Everything is synced from the change feed (`updatedSince` + `watermark`), so a sync that
/// finds nothing new fetches nothing twice and writes nothing.
public struct RPPConnector: SyncingConnector, ActingConnector, QueryingConnector {
  public typealias Session = RPPSession

  public static let descriptor = ConnectorDescriptor(
    kind: "rpp", displayName: "RPP", authentication: .tokenSession,
    // RPP names no public API host (rpp.md §1 leaves `api_base` to the deployment): the
    // deployment's is always given with --base-url, so that no ID token goes to a guess.
    defaultBaseURL: "", requiresUsername: true,
    options: [
      ConnectorOption(
        "firebase_api_key", summary: "the RPP project's Firebase Web API key (public by design, not a secret)",
        required: true),
      ConnectorOption(
        "firebase_auth_base", summary: "where Firebase sign-in is served",
        defaultValue: "https://identitytoolkit.googleapis.com"),
      ConnectorOption(
        "firebase_token_base", summary: "where Firebase renews sessions",
        defaultValue: "https://securetoken.googleapis.com"),
    ], itemKinds: [orderDeclaration, conversationDeclaration, messageDeclaration, noticeDeclaration],
    linkSchemes: linkSchemes,
    barView: "rpp.next",
    baseURLRequired: LocalizedText(
      en: "your RPP deployment's API address, e.g. https://api.example.com/v1",
      de: "die API-Adresse Ihrer RPP-Installation, z. B. https://api.example.com/v1",
      fr: "l'adresse API de votre déploiement RPP, p. ex. https://api.example.com/v1",
      it: "l'indirizzo API della tua installazione RPP, ad es. https://api.example.com/v1"))

  public static let itemKinds: Set<ItemKind> = [.order, .conversation, .message, .notice]

  let account: ConnectorAccount
  let auth: RPPFirebaseAuth
  let api: RPPAPI
  /// This machine's clock, for token expiry (tests drive it with the sandbox's).
  let now: @Sendable () -> Date

  public init(account: ConnectorAccount, transport: any HTTPTransport) {
    self.init(account: account, transport: transport, now: { Date() })
  }

  init(account: ConnectorAccount, transport: any HTTPTransport, now: @escaping @Sendable () -> Date) {
    self.account = account
    self.now = now
    auth = RPPFirebaseAuth(
      apiKey: account.options["firebase_api_key"] ?? "",
      authBase: Self.trimmed(account.options["firebase_auth_base"] ?? "https://identitytoolkit.googleapis.com"),
      tokenBase: Self.trimmed(account.options["firebase_token_base"] ?? "https://securetoken.googleapis.com"),
      transport: transport, now: now)
    api = RPPAPI(base: Self.trimmed(account.baseURL), transport: transport, now: now)
  }

  private static func trimmed(_ url: String) -> String {
    url.hasSuffix("/") ? String(url.dropLast()) : url
  }

  /// With the refresh token in the keyring: a refresh; when that token is dead (a password
  /// changed elsewhere, a revoke), one silent sign-in with the stored password. A rejected
  /// password ends there: the keeper drops the secret and the user is asked.
  public func logIn(secret: SecretString) async throws(ConnectorError) -> LoginResult<RPPSession> {
    let stored = RPPStoredSecret(secret)
    let session: RPPSession
    if let refreshToken = stored.refreshToken {
      do {
        session = try await auth.refresh(refreshToken, email: account.username)
      } catch .sessionExpired {
        session = try await signIn(stored.password)
      }
    } else {
      session = try await signIn(stored.password)
    }
    let claims = RPPTokenClaims(session.idToken)
    if let role = claims.role, role != "client" {
      throw .unsupported(
        "this is an RPP \(role) account; Outpost signs in client accounts (the people who book shoots) only")
    }
    if claims.partnerID == nil {
      throw .invalidCredentials("the account belongs to no photography partner; ask your partner to invite it")
    }
    let next = RPPStoredSecret(password: stored.password, refreshToken: session.refreshToken).stored
    return LoginResult(
      session: session, identity: AccountIdentity(displayName: session.email ?? account.username, groups: []),
      rotatedSecret: next.reveal() == secret.reveal() ? nil : next)
  }

  private func signIn(_ password: SecretString?) async throws(ConnectorError) -> RPPSession {
    guard let password else { throw .invalidCredentials("the session ended at RPP and no password is stored") }
    guard let email = account.username, !email.isEmpty else {
      throw .invalidCredentials("the account has no email address to sign in with")
    }
    return try await auth.signIn(email: email, password: password)
  }

  public func checkSession(_ session: RPPSession) async throws(ConnectorError) {
    try usable(session)
    _ = try await api.send("GET", "/me", session: session, activity: "reading the profile")
  }

  /// Firebase has no per-session sign-out: the tokens are dropped locally (rpp.md §2.5).
  public func logOut(_ session: RPPSession) async {}

  /// RPP's `/auth/revoke`: every refresh token of the user dies, on every device.
  public func logOutEverywhere(_ session: RPPSession) async throws(ConnectorError) {
    _ = try await api.send("POST", "/auth/revoke", session: session, activity: "signing out everywhere")
  }

  /// A token about to end is renewed before the request, not after a refused one.
  func usable(_ session: RPPSession) throws(ConnectorError) {
    if session.isExpiring(at: now()) { throw .sessionExpired }
  }

  public func fetch(_ session: RPPSession, window: SyncWindow, cursor: SyncCursor?) async throws(ConnectorError)
    -> FetchResult
  {
    try usable(session)
    var marks = cursor?.values ?? [:]
    let feed = RPPChangeFeed(api: api, session: session)
    var items: [Item] = []

    let orders = try await feed.changes("/orders", since: marks["orders"], etag: marks["orders.etag"], what: "orders")
    for json in orders.items {
      guard let item = RPPItems.order(json) else { throw .unexpectedReply("an order without id or version") }
      items.append(item)
    }
    orders.advance(&marks, key: "orders")

    let conversations = try await feed.changes(
      "/conversations", since: marks["conversations"], etag: marks["conversations.etag"], what: "conversations")
    // Conversations whose messages an earlier, partial sync already read (id → version), since
    // the same mark: a first sync of thousands meets the rate limit part way, and goes on.
    var done = RPPProgress.parse(marks["conversations.done"])
    var progressed = false
    for json in conversations.items {
      guard let item = RPPItems.conversation(json) else { throw .unexpectedReply("a conversation without id") }
      items.append(item)
      let version = json["version"]?.int64Value ?? -1
      if done[item.upstreamID] == version { continue }
      var names: [String: String] = [:]
      for participant in RPPItems.arrayOf(json["participants"]) {
        if let id = participant["id"]?.stringValue, let name = participant["name"]?.stringValue { names[id] = name }
      }
      // Its messages since the conversations were last seen complete: a changed conversation
      // is one with a new message or receipt.
      let messages: RPPChangeFeed.Changes
      do {
        messages = try await feed.changes(
          "/conversations/\(FormEncoding.percentEncode(item.upstreamID))/messages", since: marks["conversations"],
          etag: nil, what: "messages")
      } catch {
        // Only with progress made here: a service that keeps failing gets the engine's backoff.
        guard error.isTemporary, progressed else { throw error }
        // Keep what came; go on from here when the service allows.
        marks["conversations.done"] = RPPProgress.format(done)
        var partial = FetchResult(items: Item.newestVersions(items), complete: [], cursor: SyncCursor(marks))
        if case .rateLimited(let after, _) = error {
          partial.continueAfter = after ?? 60
        } else {
          partial.continueAfter = 30
        }
        return partial
      }
      for message in messages.items {
        guard let parsed = RPPItems.message(message, userID: session.userID, names: names) else {
          throw .unexpectedReply("a message without id, body or conversation")
        }
        items.append(parsed)
      }
      done[item.upstreamID] = version
      progressed = true
    }
    conversations.advance(&marks, key: "conversations")
    marks["conversations.done"] = nil

    // The service's own notifications, for their read state only (`NotificationMirror`). A
    // service busy by now leaves them to the next sync, rather than the orders read above.
    let notices: RPPChangeFeed.Changes
    do {
      notices = try await feed.changes(
        "/notifications", since: marks["notifications"], etag: marks["notifications.etag"], what: "notifications")
    } catch {
      guard error.isTemporary else { throw error }
      return FetchResult(items: Item.newestVersions(items), complete: [], cursor: SyncCursor(marks))
    }
    for json in notices.items {
      guard let item = RPPItems.notice(json) else { throw .unexpectedReply("a notification without id or type") }
      items.append(item)
    }
    notices.advance(&marks, key: "notifications")
    return FetchResult(items: Item.newestVersions(items), complete: [], cursor: SyncCursor(marks))
  }
}

/// The custom claims of an ID token, decoded without verifying (rpp.md §2.4: only to refuse
/// a photographer's account early with a clear message; the API checks the signature).
struct RPPTokenClaims {
  var role: String?
  var partnerID: String?

  init(_ token: SecretString) {
    let parts = token.reveal().split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 3 else { return }
    var base64 = parts[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    guard let data = Data(base64Encoded: base64), let json = try? JSONParser.parse(Array(data)) else { return }
    role = json["role"]?.stringValue
    partnerID = json["partnerId"]?.stringValue
  }
}

/// "Forgot password?": the reset mail Firebase sends (rpp.md §2).
extension RPPConnector: PasswordResettingConnector {
  public func sendPasswordReset(email: String) async throws(ConnectorError) {
    try await auth.sendPasswordReset(email: email)
  }
}
