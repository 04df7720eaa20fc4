import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore

/// Sign-in with a mailed link (agile-network.md §3), generic over every connector that offers
/// it: the daemon keeps each request's verifier and nonce in the keyring under the hash of its
/// `state`, and only that hash and the expiry in SQLite. A link that comes back through
/// `outpost open <scheme>://auth/callback?code=…&state=…` is matched by that hash; one this
/// machine never asked for (or already used) is refused in the product's words.
extension AccountService {
  /// Pending links kept per account; asking for a fourth forgets the oldest.
  static let signInLinksPerAccount = 3
  /// How long after expiry a link is still recognised, to say "expired" rather than "unknown".
  static let expiredSignInLinksRemembered: TimeInterval = 7 * 24 * 3600

  /// The keyring item of a pending link's secrets: named by the state's hash, so that the
  /// callback finds it without knowing the account.
  static func signInLinkKey(_ stateHash: String) -> VaultKey {
    VaultKey(kind: "sign-in-link", accountID: stateHash)
  }

  func beginSignInLink(_ account: Account, descriptor: ConnectorDescriptor, email: String?, locale: String?)
    async throws(RPCError) -> AccountsLoginBegin.Result
  {
    let address = (email ?? "").trimmingCharacters(in: .whitespaces)
    guard Self.isPlausibleEmail(address) else {
      throw .invalidParams("a sign-in link needs the e-mail address to send it to (email), e.g. fan@example.com")
    }
    guard let session = session(for: account) as? any SignInLinkSession else {
      throw .notSupported("\(account.kind) accounts cannot sign in with a mailed link in this Outpost")
    }
    // The verifier must end in the keyring: a locked one would only fail once the mail is read.
    if let problem = await vault.problem() { throw Self.failure(.vault(problem), name: account.name) }
    let request: SignInLinkRequest
    do {
      request = try await session.requestSignInLink(email: address, locale: locale)
    } catch .connector(.rateLimited(let retryAfter, _)) {
      throw .signInLinkTooSoon(retryAfter: retryAfter)
    } catch {
      throw Self.failure(error, name: account.name)
    }
    let hash = SignInLinkRequest.stateHash(request.state)
    let key = Self.signInLinkKey(hash)
    do {
      try await vault.store(
        request.secrets.sealed, for: key,
        label: "Outpost: pending sign-in link, \(descriptor.displayName) (\(account.name))")
    } catch {
      throw Self.failure(.vault(error), name: account.name)
    }
    let forgotten: [PendingSignInLink]
    do {
      forgotten = try await store.addSignInLink(
        PendingSignInLink(stateHash: hash, accountID: account.id, requestedAt: now(), expiresAt: request.expiresAt),
        limit: Self.signInLinksPerAccount, forgetAfter: Self.expiredSignInLinksRemembered)
    } catch {
      _ = try? await vault.delete(for: key)
      throw Self.storeFailure(error)
    }
    for old in forgotten { _ = try? await vault.delete(for: Self.signInLinkKey(old.stateHash)) }
    cancelInteractiveLogins(accountID: account.id)
    // Nothing runs until the link comes back; the entry lets `accounts.login.wait` follow it.
    let pending = PendingInteractiveLogin(
      prompt: InteractiveLoginPrompt(method: .magicLink, url: "", expiresAt: request.expiresAt))
    let entry = InteractiveLoginEntry(
      id: UUID().uuidString.lowercased(), accountID: account.id, name: account.name, pending: pending)
    interactiveLogins[entry.id] = entry
    logger.notice("account \(account.name): a sign-in link was requested")
    return AccountsLoginBegin.Result(
      loginID: entry.id, method: .magicLink, url: "", sentTo: address, expiresAt: request.expiresAt,
      account: account)
  }

  /// A link came back in `scheme`: take its pending request (used once, whatever follows),
  /// then trade the code with the stored verifier. Unknown, expired and refused links change
  /// nothing else.
  func completeSignInLink(scheme: String, fields: [String: String]) async throws(RPCError) -> ItemsResolve.SignedIn {
    guard let state = fields["state"], !state.isEmpty else { throw .signInLinkUnknown() }
    // The secrets are read after the request is taken: a locked keyring must not eat the link.
    if let problem = await vault.problem() { throw Self.failure(.vault(problem), name: "") }
    let hash = SignInLinkRequest.stateHash(state)
    let taken: PendingSignInLink?
    let accounts: [Account]
    do {
      taken = try await store.takeSignInLink(stateHash: hash, at: now())
      accounts = try await store.accounts()
    } catch {
      throw Self.storeFailure(error)
    }
    guard let taken else {
      // Used already here (opened twice, or a second click): said so, not "another device".
      if let used = try? await store.signInLinkUsedAt(stateHash: hash) { throw .signInLinkUsed(at: used) }
      throw .signInLinkUnknown()
    }
    let key = Self.signInLinkKey(hash)
    let sealed: SecretString?
    do {
      sealed = try await vault.secret(for: key)
      try await vault.delete(for: key)
    } catch {
      throw Self.failure(.vault(error), name: "")
    }
    guard let account = accounts.first(where: { $0.id == taken.accountID }), linkScheme(of: account) == scheme,
      let secrets = sealed.flatMap(SignInLinkSecrets.init(unsealing:))
    else { throw .signInLinkUnknown() }
    if taken.expiresAt < now() { throw .signInLinkExpired(account.name) }
    if let error = fields["error"] {
      let detail = fields["error_description"] ?? error
      throw Self.loginFailure(
        error == "access_denied" ? .denied(detail) : .connector(.unexpectedReply(detail)),
        name: account.name)
    }
    guard let code = fields["code"], !code.isEmpty else { throw .signInLinkUnknown() }
    guard let session = session(for: account) as? any SignInLinkSession,
      let descriptor = ConnectorRegistry.descriptor(for: account.kind)
    else { throw .notSupported("\(account.kind) accounts cannot sign in with a mailed link in this Outpost") }
    let outcome = await session.completeSignInLink(
      code: code, secrets: secrets, label: Self.keyringLabel(descriptor: descriptor, name: account.name))
    for entry in interactiveLogins.values
    where entry.accountID == account.id && entry.pending.prompt.method == .magicLink {
      entry.pending.finish(outcome)
    }
    switch outcome {
    case .success(let identity):
      logger.notice("account \(account.name): signed in with a mailed link")
      await sync?.resume(accountID: account.id)
      // Opened from the mail, the link's `outpost open` has no terminal to say it in.
      await signedInWithLink?(account.id, account.name)
      return ItemsResolve.SignedIn(account: try await existing(account.name), identity: identity)
    case .failure(let error):
      logger.notice("account \(account.name): a mailed sign-in link was refused (\(error))")
      throw Self.loginFailure(error, name: account.name)
    }
  }

  /// The pending links of an account that goes: their secrets leave the keyring with it.
  func forgetSignInLinks(accountID: String) async {
    guard let links = try? await store.signInLinks(accountID: accountID) else { return }
    for link in links { _ = try? await vault.delete(for: Self.signInLinkKey(link.stateHash)) }
  }

  /// The scheme the account's links come back in (its preset's), if any.
  private func linkScheme(of account: Account) -> String? {
    guard let declaration = ConnectorRegistry.descriptor(for: account.kind)?.presets,
      let preset = ConnectorRegistry.preset(kind: account.kind, options: account.options, in: presets)
    else { return nil }
    return declaration.linkScheme(for: preset)?.name
  }

  /// One `@`, something on both sides, no spaces: the service decides the rest.
  static func isPlausibleEmail(_ text: String) -> Bool {
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && text.utf8.count <= 254
      && !text.contains(where: \.isWhitespace)
  }
}
