import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore
import OutpostSync

/// The accounts and their sessions: the one place that turns what session keepers report into
/// account states (stored, logged and announced once per change), and that adds, logs in, logs
/// out and removes accounts.
actor AccountService {
  let store: Store
  let vault: KeyringVault
  let transport: any HTTPTransport
  let events: EventHub
  let logger: Logger
  /// How many queued actions an account has; the action queue (a later issue) provides it.
  let pendingActions: @Sendable (String) async -> Int
  let sync: SyncEngine?
  /// Paces what waits for the user in interactive sign-ins (device-code polls, long polls).
  let loginClock: any Clock<Duration>
  /// The configured presets (brands) accounts of some kinds name.
  let presets: ServicePresets
  /// This machine's time, for what expires by the wall clock (a mailed sign-in link).
  let now: @Sendable () -> Date
  /// Told when a mailed sign-in link signed an account in (the desktop notification).
  let signedInWithLink: (@Sendable (_ accountID: String, _ name: String) async -> Void)?
  private var sessions: [String: any AccountSession] = [:]
  /// Accounts whose syncs keep failing (`SyncHealth`): their state says so, whatever a login or
  /// a call that worked reports meanwhile, until a sync works again.
  var syncFailures: [String: SyncFailure] = [:]
  /// The stored accounts' keepers that `checkAtStart()` checks.
  private var uncheckedAtStart: [any AccountSession] = []
  /// Interactive sign-ins by login id: at most one per account, kept after it ended so that a
  /// late `accounts.login.wait` still learns how.
  var interactiveLogins: [String: InteractiveLoginEntry] = [:]
  /// The sign-ins a client has waited on, so that the first wait is logged once.
  var waitedLogins: Set<String> = []
  /// Signals the keyring watcher that some account waits for the keyring (coalesced).
  nonisolated let keyringLockSignals: AsyncStream<Void>
  private let keyringLockSignal: AsyncStream<Void>.Continuation

  init(
    store: Store, vault: KeyringVault, transport: any HTTPTransport, events: EventHub, logger: Logger,
    sync: SyncEngine? = nil, pendingActions: @escaping @Sendable (String) async -> Int = { _ in 0 },
    loginClock: any Clock<Duration> = ContinuousClock(), presets: ServicePresets = ServicePresets(),
    now: @escaping @Sendable () -> Date = { Date() },
    signedInWithLink: (@Sendable (_ accountID: String, _ name: String) async -> Void)? = nil
  ) {
    self.now = now
    self.signedInWithLink = signedInWithLink
    self.presets = presets
    self.sync = sync
    self.loginClock = loginClock
    self.store = store
    self.vault = vault
    self.transport = transport
    self.events = events
    self.logger = logger
    self.pendingActions = pendingActions
    (keyringLockSignals, keyringLockSignal) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
  }

  /// Builds the keepers of the stored accounts; `checkAtStart()` checks them.
  func start() async throws(StoreError) {
    for account in try await store.accounts() {
      guard let session = makeSession(for: account) else {
        logger.error("account \(account.name): unknown connector kind \(account.kind); it is left alone")
        continue
      }
      sessions[account.id] = session
      await registerForSync(account, session: session)
      if account.state != .needsLogin { uncheckedAtStart.append(session) }
    }
  }

  /// Checks each stored account that is not waiting for a login, in the background. Called
  /// once the socket is served: the first keyring look-up loads libsecret and opens a Secret
  /// Service session (a key exchange), CPU that a socket-activated start would share with the
  /// client waiting. Nothing waited for these checks before either.
  func checkAtStart() {
    for session in uncheckedAtStart { Task { try? await session.check() } }
    uncheckedAtStart = []
  }

  func session(for account: Account) -> (any AccountSession)? { sessions[account.id] }

  func makeSession(for account: Account, stopped: Bool? = nil) -> (any AccountSession)? {
    let id = account.id
    let name = account.name
    return ConnectorRegistry.makeSession(
      kind: account.kind,
      account: ConnectorAccount(
        id: account.id, username: account.username, baseURL: account.baseURL,
        options: (try? ConnectorRegistry.descriptor(for: account.kind)?.resolveOptions(account.options).get())
          ?? account.options ?? [:],
        preset: ConnectorRegistry.preset(kind: account.kind, options: account.options, in: presets),
        keyringLabel: ConnectorRegistry.descriptor(for: account.kind).map {
          Self.keyringLabel(descriptor: $0, name: account.name)
        }),
      transport: transport, vault: vault,
      stoppedReason: (stopped ?? (account.state == .needsLogin))
        ? (account.stateReasonPhrase ?? account.stateReason.map(Phrase.verbatim) ?? Phrase("session.noCredentials"))
        : nil
    ) { [weak self] event in
      await self?.record(event, accountID: id, name: name)
    }
  }

  func register(_ session: any AccountSession, for account: Account) async {
    sessions[account.id] = session
    await registerForSync(account, session: session)
  }

  func unregister(_ id: String) async -> (any AccountSession)? {
    await sync?.unregister(accountID: id)
    return sessions.removeValue(forKey: id)
  }

  /// Accounts whose connector lists items are synced; the first sync is due at once.
  private func registerForSync(_ account: Account, session: any AccountSession) async {
    guard let sync, let source = session as? any SyncSource else { return }
    await sync.register(accountID: account.id, name: account.name, source: source, actions: session as? any ActionSink)
  }

  /// Turns a keeper's report into the account's state; stored, logged and announced only when
  /// it changes, so a user hears of a rejected password once, not on every retry.
  func record(_ event: SessionEvent, accountID: String, name: String) async {
    let now = Date()
    var (state, reason, loggedInAt): (AccountState, Phrase?, Date?) =
      switch event {
      case .loggedIn(_, let at): (.ok, nil, at)
      case .needsLogin(let reason): (.needsLogin, reason, nil)
      case .loggedOut: (.needsLogin, Phrase("session.loggedOut"), nil)
      case .keyringLocked: (.keyringLocked, Phrase("session.keyringWaiting"), nil)
      case .keyringUnavailable(let reason): (.error, reason, nil)
      case .offline(let reason): (.offline, reason, nil)
      case .online: (.ok, nil, nil)
      case .failed(let reason): (.error, reason, nil)
      }
    // A session renewed, or one call that worked, is not a sync that works: a failing account
    // reads failing until one does. A state that says what to do (log in, unlock) stays.
    if let failure = syncFailures[accountID], [.ok, .offline, .error].contains(state) {
      state = failure.offline ? .offline : .error
      reason = failure.reason
    }
    // "Reachable again" undoes offline or failing, never a state that asks the user to act:
    // a call that was under way when the user logged out must not make the account read "ok".
    if event == .online, let current = try? await store.accounts().first(where: { $0.id == accountID })?.state,
      ![.ok, .offline, .error].contains(current)
    {
      return
    }
    let changed: Account?
    do {
      changed = try await store.setAccountState(
        id: accountID, state: state, reason: reason, at: now, loggedInAt: loggedInAt)
    } catch {
      logger.error("account \(name): cannot record state \(state.rawValue): \(error)")
      return
    }
    // After the write: the watcher reads the stored states when it wakes.
    if state == .keyringLocked { keyringLockSignal.yield() }
    guard let changed else { return }
    let because = reason.map { " (\($0.english))" } ?? ""
    if state == .ok || state == .keyringLocked || state == .offline || event == .loggedOut {
      logger.notice("account \(name) is \(state.rawValue)\(because)")
    } else {
      logger.error("account \(name) is \(state.rawValue)\(because)")
    }
    await announce(
      OutpostEventType.accountDidChangeState,
      [
        "account": .string(changed.id), "name": .string(changed.name), "state": .string(state.rawValue),
        "reason": reason.map { .string($0.english) } ?? .null,
      ])
  }

  func announce(_ type: String, _ data: JSONValue) async {
    do {
      _ = try await events.publish(type, data)
    } catch {
      logger.error("cannot record the event \(type): \(error)")
    }
  }

  // MARK: Keyring unlock

  var hasKeyringLockedAccounts: Bool {
    get async { (try? await store.accounts().contains { $0.state == .keyringLocked }) ?? false }
  }

  /// The keyring was unlocked: the accounts that waited for it carry on by themselves.
  func keyringUnlocked() async {
    guard let accounts = try? await store.accounts() else { return }
    for account in accounts where account.state == .keyringLocked {
      guard let session = sessions[account.id] else { continue }
      logger.notice("keyring unlocked; account \(account.name) carries on")
      await session.resume()
      try? await session.check()
      await sync?.resume(accountID: account.id)
    }
  }
}
