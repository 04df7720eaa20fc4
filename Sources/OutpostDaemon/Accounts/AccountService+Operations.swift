import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore

/// What the `accounts.*` methods do. Each one checks everything it can before changing
/// anything, and changes nothing when it fails.
extension AccountService {
  /// The largest secret accepted: far above any password or token, far below a frame.
  static let maxSecretBytes = 8192

  func list() async throws(RPCError) -> [Account] {
    do { return try await store.accounts() } catch { throw Self.storeFailure(error) }
  }

  func add(_ params: AccountsAdd.Params) async throws(RPCError) -> AccountLoginResult {
    guard let descriptor = ConnectorRegistry.descriptor(for: params.kind) else {
      let known = ConnectorRegistry.descriptors.map(\.kind).joined(separator: ", ")
      throw .invalidParams("unknown kind \"\(params.kind)\"; Outpost knows: \(known)")
    }
    let name = try await chooseName(params.name, kind: descriptor.kind)
    let username = try Self.validUsername(params.username, descriptor: descriptor)
    // A kind that signs in interactively takes no secret: the user signs in afterwards.
    let interactive = params.secret == nil && !descriptor.loginMethods.isEmpty
    let secret = interactive ? SecretString("") : try Self.validSecret(params.secret ?? "", descriptor: descriptor)
    let baseURL: String
    if descriptor.authentication == .secretURL {
      // The address is the secret: only a redacted form of it is stored and shown.
      switch ConnectorRegistry.displayAddress(kind: descriptor.kind, secret: secret) {
      case .success(let display)?: baseURL = display
      case .failure(let error)?: throw Self.failure(.connector(error), name: name)
      case nil: throw .invalidParams("\(descriptor.kind) accounts need an address")
      }
    } else {
      let presetBase = try preset(for: descriptor, options: params.options).flatMap { preset in
        descriptor.presets?.baseURLKey.flatMap { preset[$0] }
      }
      if params.baseURL == nil, presetBase == nil, let what = descriptor.baseURLRequired {
        let name = descriptor.displayName
        throw .invalidParams(
          Phrase.inline(
            LocalizedText(
              en: "\(name) accounts need --base-url: \(what.en)", de: "\(name)-Konten brauchen --base-url: \(what.de)",
              fr: "les comptes \(name) demandent --base-url : \(what.fr)",
              it: "gli account \(name) richiedono --base-url: \(what.it)")))
      }
      baseURL = try Self.validBaseURL(params.baseURL ?? presetBase ?? descriptor.defaultBaseURL)
    }
    let options = try withPreset(descriptor, params.options)
    // Checked here, stored as given: a default the connector fills in later stays its own.
    if case .failure(let problem) = descriptor.resolveOptions(options) {
      throw .invalidParams(problem.message)
    }
    if interactive {
      return try await addWaitingForSignIn(
        kind: descriptor.kind, name: name, username: username, baseURL: baseURL, options: options)
    }
    // A locked keyring would only fail after the service was asked: ask the keyring first.
    if let problem = await vault.problem() { throw Self.failure(.vault(problem), name: name) }

    let now = Date()
    var account = Account(
      id: UUID().uuidString.lowercased(), name: name, kind: descriptor.kind, username: username, baseURL: baseURL,
      state: .ok, stateChangedAt: now, createdAt: now, lastLoginAt: now, options: options)
    guard let session = makeSession(for: account, stopped: false) else {
      throw .invalidParams("unknown kind \"\(params.kind)\"")
    }
    // The keeper reports `loggedIn` while the account is not stored yet; that report changes
    // nothing, and the row below carries the same state.
    let identity: AccountIdentity
    do {
      identity = try await session.adopt(secret, label: Self.keyringLabel(descriptor: descriptor, name: name))
    } catch {
      throw Self.failure(error, name: name)
    }
    account.lastLoginAt = Date()
    do {
      try await store.addAccount(account)
    } catch {
      // Someone took the name meanwhile, or the disk is full: undo the keyring write.
      await session.close()
      for key in VaultKey.accountItems(kind: account.kind, accountID: account.id) {
        _ = try? await vault.delete(for: key)
      }
      if case .conflict = error { throw .accountExists(name) }
      throw Self.storeFailure(error)
    }
    await register(session, for: account)
    logger.notice("account \(name) added (\(descriptor.kind), \(username ?? "no username") at \(baseURL))")
    await announce(
      OutpostEventType.accountDidAdd,
      ["account": .string(account.id), "name": .string(name), "kind": .string(descriptor.kind)])
    return AccountLoginResult(account: account, identity: identity)
  }

  /// An account of a kind that signs in interactively, added without a secret: it waits in
  /// `needs-login` for `accounts.login.begin`. Nothing goes to the keyring yet.
  private func addWaitingForSignIn(
    kind: String, name: String, username: String?, baseURL: String, options: [String: String]?
  ) async throws(RPCError) -> AccountLoginResult {
    let now = Date()
    let account = Account(
      id: UUID().uuidString.lowercased(), name: name, kind: kind, username: username, baseURL: baseURL,
      state: .needsLogin, stateReason: Phrase("session.notSignedInYet").english,
      stateReasonPhrase: Phrase("session.notSignedInYet"), stateChangedAt: now, createdAt: now, options: options)
    guard let session = makeSession(for: account) else { throw .invalidParams("unknown kind \"\(kind)\"") }
    do {
      try await store.addAccount(account)
    } catch {
      if case .conflict = error { throw .accountExists(name) }
      throw Self.storeFailure(error)
    }
    await register(session, for: account)
    logger.notice("account \(name) added (\(kind) at \(baseURL)); it waits for its first sign-in")
    await announce(
      OutpostEventType.accountDidAdd, ["account": .string(account.id), "name": .string(name), "kind": .string(kind)])
    return AccountLoginResult(account: account, identity: AccountIdentity())
  }

  func login(_ params: AccountsLogin.Params) async throws(RPCError) -> AccountLoginResult {
    let account = try await existing(params.name)
    guard let descriptor = ConnectorRegistry.descriptor(for: account.kind), let session = session(for: account)
    else { throw .notSupported("the connector kind \(account.kind) is not known to this Outpost") }
    let secret = try Self.validSecret(params.secret, descriptor: descriptor)
    if let problem = await vault.problem() { throw Self.failure(.vault(problem), name: account.name) }
    let identity: AccountIdentity
    do {
      identity = try await session.adopt(secret, label: Self.keyringLabel(descriptor: descriptor, name: account.name))
    } catch {
      throw Self.failure(error, name: account.name)
    }
    await sync?.resume(accountID: account.id)
    return AccountLoginResult(account: try await existing(account.name), identity: identity)
  }

  func logout(_ params: AccountsLogout.Params) async throws(RPCError) -> AccountsLogout.Result {
    let account = try await existing(params.name)
    guard let session = session(for: account) else {
      throw .notSupported("the connector kind \(account.kind) is not known to this Outpost")
    }
    let deleted: Bool
    do {
      deleted = try await session.logOut(reason: Phrase("session.loggedOut"), everywhere: params.everywhere == true)
    } catch {
      throw Self.failure(error, name: account.name)
    }
    if params.everywhere == true { logger.notice("account \(account.name): signed out on every device") }
    logger.notice("account \(account.name) logged out; its secret was \(deleted ? "deleted" : "not in the keyring")")
    return AccountsLogout.Result(account: try await existing(account.name), secretDeleted: deleted)
  }

  func resetPassword(_ params: AccountsResetPassword.Params) async throws(RPCError) -> AccountsResetPassword.Result {
    let account = try await existing(params.name)
    guard let session = session(for: account) as? any PasswordResetSession, let email = account.username else {
      throw .notSupported("\(account.kind) accounts have no password reset in this Outpost")
    }
    do {
      try await session.sendPasswordReset(email: email)
    } catch {
      throw Self.failure(error, name: account.name)
    }
    logger.notice("account \(account.name): a password reset mail was asked for")
    return AccountsResetPassword.Result(account: account, sentTo: email)
  }

  func remove(_ params: AccountsRemove.Params) async throws(RPCError) -> AccountsRemove.Result {
    let account = try await existing(params.name)
    let pending = await pendingActions(account.id)
    if pending > 0 && params.force != true { throw .actionsPending(account.name, count: pending) }
    // The secrets first (the session and the password kept beside it): if the keyring is
    // locked, nothing is removed (the user would otherwise think the password gone while it
    // stays in the keyring).
    do {
      for key in VaultKey.accountItems(kind: account.kind, accountID: account.id) {
        try await vault.delete(for: key)
      }
    } catch {
      throw Self.failure(.vault(error), name: account.name)
    }
    cancelInteractiveLogins(accountID: account.id)
    await forgetSignInLinks(accountID: account.id)
    if let session = await unregister(account.id) { await session.close() }
    // The CalDAV calendars only this account pushed into go with it (the store's cascade), so
    // their passwords leave the keyring too. Their events stay on the server, as after
    // `outpost calendar caldav remove` without --purge: removing must not need the network.
    let calendars: [CalDAVTarget]
    do {
      calendars = try await store.caldavTargets().filter { $0.accountID == account.id }
      try await store.removeAccount(id: account.id)
    } catch {
      throw Self.storeFailure(error)
    }
    for calendar in calendars {
      do {
        try await vault.delete(for: VaultKey(kind: CalDAVPushService.keyringKind, accountID: calendar.id))
      } catch {
        logger.warning("account \(account.name): the password for \(calendar.url) stays in the keyring: \(error)")
      }
      logger.notice("account \(account.name): no longer pushing into \(calendar.url); its events stay there")
    }
    logger.notice("account \(account.name) removed\(pending > 0 ? " with \(pending) queued action(s)" : "")")
    await announce(OutpostEventType.accountDidRemove, ["account": .string(account.id), "name": .string(account.name)])
    return AccountsRemove.Result(account: account, discardedActions: pending)
  }

  func status(_ params: AccountsStatus.Params) async throws(RPCError) -> AccountsStatus.Result {
    let account = try await existing(params.name)
    let session = session(for: account)
    var check: AccountsStatus.Check?
    if params.check == true {
      guard let session else { throw .notSupported("the connector kind \(account.kind) is not known") }
      do {
        try await session.check()
        check = .init(ok: true)
      } catch {
        let failure = Self.failure(error, name: account.name)
        check = .init(ok: false, problem: failure.message, problemPhrase: failure.phrase)
      }
    }
    return AccountsStatus.Result(
      account: try await existing(account.name), sessionActive: await session?.hasSession ?? false,
      identity: await session?.identity, check: check)
  }

  // MARK: Validation

  func existing(_ name: String) async throws(RPCError) -> Account {
    let found: Account?
    do { found = try await store.account(named: name) } catch { throw Self.storeFailure(error) }
    guard let found else { throw .accountNotFound(name) }
    return found
  }

  /// The name asked for (checked and free), or the kind with a number when none was asked for.
  private func chooseName(_ asked: String?, kind: String) async throws(RPCError) -> String {
    if let asked {
      if let problem = AccountValidation.problem(withName: asked) { throw .invalidParams(problem) }
      if try await isTaken(asked) { throw .accountExists(asked) }
      return asked
    }
    var candidate = kind
    var number = 1
    while try await isTaken(candidate) {
      number += 1
      candidate = "\(kind)-\(number)"
    }
    return candidate
  }

  private func isTaken(_ name: String) async throws(RPCError) -> Bool {
    do { return try await store.account(named: name) != nil } catch { throw Self.storeFailure(error) }
  }

  static func validUsername(_ username: String?, descriptor: ConnectorDescriptor) throws(RPCError) -> String? {
    guard let username else {
      if descriptor.requiresUsername { throw .invalidParams("\(descriptor.kind) accounts need a username") }
      return nil
    }
    if let problem = AccountValidation.problem(withUsername: username) { throw .invalidParams(problem) }
    return username
  }

  static func validBaseURL(_ text: String) throws(RPCError) -> String {
    switch AccountValidation.normalizedBaseURL(text) {
    case .success(let url): return url
    case .failure(let problem): throw .invalidParams(problem.description)
    }
  }

  static func validSecret(_ secret: String, descriptor: ConnectorDescriptor) throws(RPCError) -> SecretString {
    let noun = descriptor.authentication.secretNoun
    if secret.isEmpty { throw .invalidParams("the \(noun) is empty") }
    if secret.utf8.count > maxSecretBytes { throw .invalidParams("the \(noun) is longer than \(maxSecretBytes) bytes") }
    // The keyring speaks C strings: a NUL would silently cut the secret short.
    if secret.utf8.contains(0) { throw .invalidParams("the \(noun) contains a NUL character") }
    return SecretString(secret)
  }

  static func keyringLabel(descriptor: ConnectorDescriptor, name: String) -> String {
    "Outpost: \(descriptor.displayName) (\(name))"
  }

  // MARK: Errors

  static func failure(_ error: SessionError, name: String) -> RPCError {
    switch error {
    case .needsLogin(let reason): return .needsLogin(name, reason: reason)
    case .vault(.locked): return .keyringUnavailable(Phrase("rpc.keyringLockedAdvice"), locked: true)
    case .vault(.unavailable(let detail)): return .keyringUnavailable(.verbatim(detail), locked: false)
    case .connector(let error):
      switch error {
      case .invalidCredentials(let detail): return .credentialsRejected(detail)
      case .twoFactorRequired: return .notSupported(error.phrase)
      // "Not supported: not supported: …" said it twice.
      case .unsupported(let detail): return .notSupported(.verbatim(detail))
      case .unreachable, .transient: return .upstreamUnavailable(error.phrase)
      case .rateLimited(let retryAfter, _):
        return .upstreamUnavailable(error.phrase, retryAfter: retryAfter, slowDown: true)
      case .sessionExpired, .conflict, .refused, .notFound, .unexpectedReply, .cursorRefused:
        return .upstreamUnexpected(error.phrase)
      }
    }
  }

  static func storeFailure(_ error: StoreError) -> RPCError {
    RPCError(code: RPCError.internalErrorCode, message: error.description)
  }
}

/// Accounts of a kind that takes a configured preset (a brand).
extension AccountService {
  /// The preset `options` name for `descriptor`'s kind: nil for a kind without presets; the
  /// only configured one when the options name none. With several and none named, or an
  /// unknown name, it is refused with the list: taking the first silently would sign a fan of
  /// one brand in at another's.
  func preset(for descriptor: ConnectorDescriptor, options: [String: String]?) throws(RPCError) -> ServicePreset? {
    guard let declaration = descriptor.presets else { return nil }
    let configured = presets.presets(in: declaration.table)
    guard let first = configured.first else {
      throw .invalidParams(
        "no \(declaration.noun) is configured for \(descriptor.kind): add [[\(declaration.table)]] entries to "
          + "config.toml, or reinstall Outpost's share/outpost/presets.toml")
    }
    let known = configured.map { preset in preset[declaration.nameKey].map { "\(preset.id) (\($0))" } ?? preset.id }
      .joined(separator: ", ")
    guard let id = options?[declaration.option], !id.isEmpty else {
      guard configured.count == 1 else {
        throw .invalidParams(
          "which \(declaration.noun)? \(descriptor.kind) accounts name one with --\(declaration.option) ID; "
            + "configured: \(known)")
      }
      return first
    }
    guard let preset = configured.first(where: { $0.id == id }) else {
      throw .invalidParams("unknown \(declaration.noun) \"\(id)\"; configured: \(known)")
    }
    return preset
  }

  /// The options with the preset written in, so that the account keeps naming the same one
  /// when the configuration later lists others first.
  func withPreset(_ descriptor: ConnectorDescriptor, _ options: [String: String]?) throws(RPCError)
    -> [String: String]?
  {
    guard let declaration = descriptor.presets, let preset = try preset(for: descriptor, options: options) else {
      return options
    }
    var filled = options ?? [:]
    filled[declaration.option] = preset.id
    return filled
  }
}
