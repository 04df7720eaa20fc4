import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Keeps one account logged in, for every kind of authentication: the session lives only here
/// (never on disk); when it expires the keeper logs in again from the keyring, once, however
/// many callers hit the expiry together; when the service rejects the stored secret, the keeper
/// signs in once with the password kept beside it (when the user gave one and the secret was a
/// session), else — or when that password is refused too — deletes them, reports `needsLogin`
/// once and stops trying until the user logs in again — no lockout loops.
public actor SessionKeeper<C: Connector> {
  public let connector: C
  public let account: ConnectorAccount
  private let vault: any CredentialVault
  private let report: @Sendable (SessionEvent) async -> Void

  private func tell(_ event: SessionEvent) async {
    if case .offline = event { reportedOffline = true } else { reportedOffline = false }
    await report(event)
  }
  private let now: @Sendable () -> Date

  private var session: C.Session?
  /// Bumped on every new session, so that a caller whose call failed with an old session does
  /// not throw away the new one another caller just made.
  private var generation = 0
  /// Bumped by every logout: a login from the keyring that was under way when the user logged
  /// out (it read the secret before it was deleted) must not bring the account back.
  private var logouts = 0
  private var login: Task<Result<Established, SessionError>, Never>?
  /// Set when the credentials were rejected or are missing; cleared only by `adopt`.
  private var stoppedReason: Phrase?
  public private(set) var identity: AccountIdentity?
  /// Whether the last report said offline, so that the next success says the service is back.
  private var reportedOffline = false
  public private(set) var loginCount = 0
  /// The interactive sign-in under way, if any (one at a time: a new one cancels it).
  var interactiveLogin: PendingInteractiveLogin?

  private struct Established: Sendable {
    var session: C.Session
    var generation: Int
  }

  /// `stoppedReason`: the account already waits for a login (its stored state is
  /// `needs-login`), so the keeper must not try the keyring by itself.
  public init(
    connector: C, account: ConnectorAccount, vault: any CredentialVault, stoppedReason: Phrase? = nil,
    now: @escaping @Sendable () -> Date = { Date() },
    report: @escaping @Sendable (SessionEvent) async -> Void
  ) {
    self.stoppedReason = stoppedReason
    self.connector = connector
    self.account = account
    self.vault = vault
    self.now = now
    self.report = report
  }

  private var vaultKey: VaultKey { VaultKey(kind: C.descriptor.kind, accountID: account.id) }
  private var passwordKey: VaultKey { VaultKey.password(kind: C.descriptor.kind, accountID: account.id) }

  /// Runs `call` with a live session. A `.sessionExpired` failure leads to one fresh login and
  /// one retry; a second expiry in a row is reported, not looped on.
  public func perform<T: Sendable>(
    _ call: @Sendable (C, C.Session) async throws(ConnectorError) -> T
  ) async throws(SessionError) -> T {
    let first = try await established()
    do {
      return try await succeeded(leased(first) { session throws(ConnectorError) in try await call(connector, session) })
    } catch .sessionExpired {
      if generation == first.generation { session = nil }
      let second = try await established()
      do {
        return try await succeeded(
          leased(second) { session throws(ConnectorError) in try await call(connector, session) })
      } catch {
        if case .sessionExpired = error, generation == second.generation { session = nil }
        throw await failed(error)
      }
    } catch {
      throw await failed(error)
    }
  }

  /// Runs `body` with `established`'s session and a `SessionLease` on it, through which the
  /// connector's requests renew the session mid-call (one renewal per expiry, single flight
  /// through `established`) instead of failing the whole call.
  private func leased<T: Sendable>(
    _ established: Established, _ body: (C.Session) async throws(ConnectorError) -> T
  ) async throws(ConnectorError) -> T {
    let lease = SessionLease(session: established.session, generation: established.generation) {
      [self] stale throws(SessionError) in try await self.renew(after: stale)
    }
    let result: Result<T, ConnectorError> = await SessionLease.$current.withValue(lease) {
      do throws(ConnectorError) {
        return .success(try await body(established.session))
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  /// A new session in place of generation `stale`; the one another caller made meanwhile when
  /// there is one.
  private func renew(after stale: Int) async throws(SessionError) -> (any Sendable, Int) {
    if generation == stale { session = nil }
    let fresh = try await established()
    return (fresh.session, fresh.generation)
  }

  private func succeeded<T>(_ value: T) async -> T {
    if reportedOffline { await tell(.online) }
    return value
  }

  /// A call that failed because the service is out of reach makes the account offline.
  private func failed(_ error: ConnectorError) async -> SessionError {
    if error.isTemporary { await tell(.offline(reason: error.phrase)) }
    return .connector(error)
  }

  /// Checks the account end to end (keyring, login if needed, one authenticated call).
  public func check() async throws(SessionError) {
    try await perform { connector, session throws(ConnectorError) in try await connector.checkSession(session) }
  }

  /// Logs in with a secret the user just gave; only when the service accepts it is it written
  /// to the keyring (replacing any old one) and the keeper resumes.
  public func adopt(_ secret: SecretString, label: String) async throws(SessionError) -> AccountIdentity {
    let result: LoginResult<C.Session>
    do {
      result = try await connector.logIn(secret: secret)
    } catch {
      throw .connector(error)
    }
    do {
      return try await adopt(result, keeping: result.rotatedSecret ?? secret, label: label)
    } catch {
      throw .vault(error)
    }
  }

  /// Keeps `secret` in the keyring (and the password the login used, as its own item), then uses
  /// the session the service just gave: the keeper resumes, and reports the login. When the
  /// keyring will not keep them, the session is ended upstream and the old session stays. A
  /// login without a password (a browser sign-in) drops a password kept from an earlier one.
  func adopt(_ result: LoginResult<C.Session>, keeping secret: SecretString, label: String) async throws(VaultError)
    -> AccountIdentity
  {
    do {
      if let password = result.password {
        try await vault.store(password, for: passwordKey, label: label + ", password")
      }
      try await vault.store(secret, for: vaultKey, label: label)
    } catch {
      await connector.logOut(result.session)
      throw error
    }
    if result.password == nil { _ = try? await vault.delete(for: passwordKey) }
    login = nil
    stoppedReason = nil
    install(result)
    await tell(.loggedIn(result.identity, at: now()))
    return result.identity
  }

  /// Forgets the secret (and the password kept beside it) and ends the session upstream; the
  /// account then needs a login. Returns false when the keyring held neither. When the keyring
  /// cannot be changed, nothing is: the user would otherwise believe the password gone while it
  /// still sits there.
  /// With `everywhere`, the service first ends every session of the user (it needs a live one
  /// to be asked); if it cannot be told, nothing changes here either.
  @discardableResult
  public func logOut(reason: Phrase, everywhere: Bool = false) async throws(SessionError) -> Bool {
    if everywhere {
      let live = try await established()
      do { try await connector.logOutEverywhere(live.session) } catch { throw .connector(error) }
      session = nil
    }
    var deleted = false
    do {
      for key in [vaultKey, passwordKey] {
        if try await vault.delete(for: key) { deleted = true }
      }
    } catch {
      throw .vault(error)
    }
    interactiveLogin?.cancel()
    if let session { await connector.logOut(session) }
    session = nil
    generation += 1
    logouts += 1
    stoppedReason = reason
    await tell(.loggedOut)
    return deleted
  }

  public var hasSession: Bool { session != nil }

  /// Ends the session upstream, keeping the secret (the daemon is stopping, or the account is
  /// being removed and its secret deleted by the caller).
  public func close() async {
    interactiveLogin?.cancel()
    if let session { await connector.logOut(session) }
    session = nil
    generation += 1
  }

  /// Whether the keeper has stopped because the user must log in.
  public var needsLogin: Bool { stoppedReason != nil }

  /// Clears a stop that was due to the keyring (not to rejected credentials), so that the next
  /// call tries again; the daemon calls it when the keyring is unlocked.
  public func resume() {
    login = nil
  }

  private func established() async throws(SessionError) -> Established {
    if let session { return Established(session: session, generation: generation) }
    if let stoppedReason { throw .needsLogin(stoppedReason) }
    if let login { return try await login.value.get() }
    let task = Task { await self.logInFromVault() }
    login = task
    let result = await task.value
    if login == task { login = nil }
    return try result.get()
  }

  private func logInFromVault() async -> Result<Established, SessionError> {
    let epoch = logouts
    let secret: SecretString?
    do {
      secret = try await vault.secret(for: vaultKey)
    } catch .locked {
      await tell(.keyringLocked)
      return .failure(.vault(.locked))
    } catch {
      await tell(.keyringUnavailable(reason: error.phrase))
      return .failure(.vault(error))
    }
    guard let secret else {
      let reason = Phrase("session.noCredentials")
      stoppedReason = reason
      await tell(.needsLogin(reason: reason))
      return .failure(.needsLogin(reason))
    }
    let result: LoginResult<C.Session>
    do {
      result = try await connector.logIn(secret: secret)
    } catch .invalidCredentials(let detail) {
      // The session the keyring held is over (signed out elsewhere, a password change, reuse
      // detection): with a password the user stored, one silent sign-in starts a new one.
      guard let password = await storedPassword(), password.reveal() != secret.reveal() else {
        return .failure(await failedLogin(.invalidCredentials(detail)))
      }
      do {
        result = try await connector.logIn(secret: password)
      } catch .invalidCredentials(let refused) {
        return .failure(
          await failedLogin(
            .invalidCredentials(refused), reason: Phrase("session.passwordSignInFailed", .text(refused))))
      } catch {
        return .failure(await failedLogin(error))
      }
    } catch {
      return .failure(await failedLogin(error))
    }
    // Logged out while the service answered: the user's word stands, and nothing of this
    // login is kept (nor a rotated secret stored again).
    guard logouts == epoch else {
      await connector.logOut(result.session)
      return .failure(.needsLogin(stoppedReason ?? Phrase("session.loggedOut")))
    }
    if let rotated = result.rotatedSecret {
      do {
        try await vault.store(rotated, for: vaultKey, label: account.keyringLabel ?? C.descriptor.displayName)
      } catch {
        // The old secret is spent; without the new one the next login will fail. Say so.
        await tell(.keyringUnavailable(reason: Phrase("session.renewedTokenNotSaved", .text("\(error)"))))
      }
    }
    install(result)
    await tell(.loggedIn(result.identity, at: now()))
    return .success(Established(session: result.session, generation: generation))
  }

  /// The password kept beside the session, if the user stored one and the keyring gives it.
  private func storedPassword() async -> SecretString? {
    try? await vault.secret(for: passwordKey)
  }

  /// `reason`: why the credentials were rejected, when more than the service's words say it.
  private func failedLogin(_ error: ConnectorError, reason: Phrase? = nil) async -> SessionError {
    switch error {
    case .invalidCredentials(let detail):
      let reason = reason ?? .verbatim(detail)
      stoppedReason = reason
      // Deleting may fail (keyring locked meanwhile); the stop holds either way, so no retry
      // can hammer the service with a wrong password.
      _ = try? await vault.delete(for: vaultKey)
      _ = try? await vault.delete(for: passwordKey)
      await tell(.needsLogin(reason: reason))
      return .needsLogin(reason)
    case .twoFactorRequired:
      stoppedReason = error.phrase
      await tell(.needsLogin(reason: error.phrase))
      return .connector(error)
    case .unreachable, .transient, .rateLimited:
      await tell(.offline(reason: error.phrase))
      return .connector(error)
    default:
      await tell(.failed(reason: error.phrase))
      return .connector(error)
    }
  }

  private func install(_ result: LoginResult<C.Session>) {
    session = result.session
    generation += 1
    identity = result.identity
    loginCount += 1
  }
}
