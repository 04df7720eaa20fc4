import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC

/// One interactive sign-in the daemon follows for a client.
struct InteractiveLoginEntry: Sendable {
  let id: String
  let accountID: String
  let name: String
  let pending: PendingInteractiveLogin
}

/// What `accounts.kinds` and the `accounts.login.*` methods do: generic over every connector
/// that signs in at its service's own pages, with no code for any one service. The connector
/// runs the sign-in; the keeper keeps the refresh token in the keyring; this file only hands
/// out login ids, follows the outcome and resumes syncing.
extension AccountService {
  /// How long `accounts.login.wait` waits when the client does not say, and at most.
  static let defaultLoginWait = 30
  static let maximumLoginWait = 300

  nonisolated static func kinds(presets: ServicePresets) -> AccountsKinds.Result {
    AccountsKinds.Result(
      kinds: ConnectorRegistry.descriptors.map { descriptor in
        var kind = AccountKind(
          kind: descriptor.kind, displayName: descriptor.displayName,
          authentication: descriptor.authentication.rawValue, loginMethods: descriptor.loginMethods,
          requiresUsername: descriptor.requiresUsername, defaultBaseURL: descriptor.defaultBaseURL,
          options: descriptor.options.map {
            AccountKind.Option(name: $0.name, summary: $0.summary, required: $0.required, defaultValue: $0.defaultValue)
          })
        if let declaration = descriptor.presets {
          kind.presetOption = declaration.option
          kind.presets = presets.presets(in: declaration.table).map {
            AccountKind.Preset(id: $0.id, name: $0[declaration.nameKey] ?? $0.id)
          }
        }
        return kind
      })
  }

  func beginLogin(_ params: AccountsLoginBegin.Params) async throws(RPCError) -> AccountsLoginBegin.Result {
    let account = try await existing(params.name)
    guard let descriptor = ConnectorRegistry.descriptor(for: account.kind) else {
      throw .notSupported("the connector kind \(account.kind) is not known to this Outpost")
    }
    guard let preferred = descriptor.loginMethods.first else {
      throw .notSupported(
        "\(account.kind) accounts log in with their \(descriptor.authentication.secretNoun) (accounts.login), "
          + "not interactively")
    }
    let method = params.method ?? preferred
    guard descriptor.loginMethods.contains(method) else {
      let offered = descriptor.loginMethods.map(\.rawValue).joined(separator: ", ")
      throw .invalidParams("\(account.kind) accounts cannot sign in with \(method.rawValue); they offer \(offered)")
    }
    if method == .magicLink {
      return try await beginSignInLink(account, descriptor: descriptor, email: params.email, locale: params.locale)
    }
    guard let session = session(for: account) as? any InteractiveLoginSession else {
      throw .notSupported("\(account.kind) accounts cannot sign in interactively in this Outpost")
    }
    // The token must end in the keyring: a locked one would only fail after the user signed in.
    if let problem = await vault.problem() { throw Self.failure(.vault(problem), name: account.name) }
    cancelInteractiveLogins(accountID: account.id)
    let pending: PendingInteractiveLogin
    do {
      pending = try await session.beginInteractiveLogin(
        method, label: Self.keyringLabel(descriptor: descriptor, name: account.name), clock: loginClock)
    } catch {
      throw Self.failure(error, name: account.name)
    }
    let entry = InteractiveLoginEntry(
      id: UUID().uuidString.lowercased(), accountID: account.id, name: account.name, pending: pending)
    interactiveLogins[entry.id] = entry
    logger.notice("account \(account.name): sign-in begun (\(method.rawValue))")
    Task { await self.follow(entry) }
    let prompt = pending.prompt
    return AccountsLoginBegin.Result(
      loginID: entry.id, method: prompt.method, url: prompt.url, userCode: prompt.userCode,
      verificationURL: prompt.verificationURL, expiresAt: prompt.expiresAt, account: account)
  }

  func waitLogin(_ params: AccountsLoginWait.Params) async throws(RPCError) -> AccountsLoginWait.Result {
    guard let entry = interactiveLogins[params.loginID] else { throw .loginNotFound(params.loginID) }
    let seconds = params.timeoutSeconds ?? Self.defaultLoginWait
    guard (0...Self.maximumLoginWait).contains(seconds) else {
      throw .invalidParams("timeoutSeconds must be 0…\(Self.maximumLoginWait)")
    }
    if waitedLogins.insert(entry.id).inserted {
      logger.notice("account \(entry.name): a client waits for the sign-in")
    }
    let outcome = await entry.pending.waitForOutcome(within: .seconds(seconds), clock: loginClock)
    let expiresAt = entry.pending.prompt.expiresAt
    switch outcome {
    case nil:
      return AccountsLoginWait.Result(
        loginID: entry.id, status: .pending, expiresAt: expiresAt, account: try await existing(entry.name))
    case .success(let identity):
      // The keeper reported the login before the outcome was set: the stored state is ok.
      return AccountsLoginWait.Result(
        loginID: entry.id, status: .signedIn, expiresAt: expiresAt, account: try await existing(entry.name),
        identity: identity)
    case .failure(let error):
      throw Self.loginFailure(error, name: entry.name)
    }
  }

  func cancelLogin(_ params: AccountsLoginCancel.Params) async throws(RPCError) -> AccountsLoginCancel.Result {
    guard let entry = interactiveLogins[params.loginID] else { throw .loginNotFound(params.loginID) }
    let wasRunning = entry.pending.outcome == nil
    entry.pending.cancel()
    return AccountsLoginCancel.Result(
      loginID: entry.id, cancelled: wasRunning && entry.pending.outcome == .failure(.cancelled),
      account: try await existing(entry.name))
  }

  /// Ends (and forgets) the account's sign-ins: a new one begins, or the account goes.
  func cancelInteractiveLogins(accountID: String) {
    for (id, entry) in interactiveLogins where entry.accountID == accountID {
      entry.pending.cancel()
      interactiveLogins[id] = nil
    }
  }

  /// The daemon stops: every sign-in under way ends, so that long polls answer at once
  /// (`cancelled`) instead of holding the drain, and the loopback listeners close.
  func cancelAllInteractiveLogins() {
    for entry in interactiveLogins.values { entry.pending.cancel() }
  }

  /// Logs how the sign-in ended; a successful one resumes the account's syncing at once.
  private func follow(_ entry: InteractiveLoginEntry) async {
    guard let outcome = await entry.pending.waitForOutcome() else { return }
    switch outcome {
    case .success:
      logger.notice("account \(entry.name): signed in")
      await sync?.resume(accountID: entry.accountID)
    case .failure(let error):
      logger.notice("account \(entry.name): the sign-in ended without a session (\(error))")
    }
  }

  static func loginFailure(_ error: InteractiveLoginError, name: String) -> RPCError {
    switch error {
    case .denied(let detail): .loginFailed(name, reason: "denied", detail: "it was declined at the service (\(detail))")
    case .expired: .loginFailed(name, reason: "expired", detail: "the code expired before the sign-in was completed")
    case .cancelled: .loginFailed(name, reason: "cancelled", detail: "it was cancelled")
    case .connector(let error): failure(.connector(error), name: name)
    case .vault(let error): failure(.vault(error), name: name)
    }
  }
}
