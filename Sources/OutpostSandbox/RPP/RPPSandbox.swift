import Crypto
import Synchronization

/// The live state of the "rpp" service: Real Property Photography's client API (`/rpp/v1`)
/// behind a Firebase Auth stand-in laid out like the Firebase Auth Emulator
/// (`/identitytoolkit.googleapis.com`, `/securetoken.googleapis.com`, `/www.googleapis.com`).
/// Tests use these hooks to act as the partner or an administrator; `POST /__admin/mutate
/// {"service":"rpp",…}` offers the same over HTTP (`RPPAdmin`).
///
/// A class with a mutex, like `TasksSandbox`: handlers run on NIO event loops, never hold the
/// lock across an `await`, and run the life simulation up to the request's instant first.
public final class RPPSandbox: Sendable {
  let clock: SandboxSharedClock
  let tokens: RPPTokens
  let cursorKey: SymmetricKey
  /// Holds the replies of committed writes (bookings, messages, order changes) while closed.
  let writeGate = TasksReplyGate()
  private let state: Mutex<RPPState>
  private let requests = Mutex(0)

  init(configuration: SandboxRPPConfiguration, seed: UInt64, clock: SandboxSharedClock) async {
    self.clock = clock
    tokens = await RPPTokens()
    cursorKey = SandboxSecrets.key("rpp-cursor", seed: seed)
    var initial = RPPState(settings: configuration, seed: seed)
    initial.seed(nowMs: clock.unixMicroseconds(at: clock.now()) / 1000)
    state = Mutex(initial)
  }

  /// Runs `body` under the lock. Keep it short: it blocks an event loop.
  func withState<Result>(_ body: (inout RPPState) -> Result) -> Result {
    state.withLock { body(&$0) }
  }

  /// The sandbox clock in Unix milliseconds.
  func milliseconds(at instant: ContinuousClock.Instant) -> Int64 { clock.unixMicroseconds(at: instant) / 1000 }

  /// Runs the life simulation to now and then `body`, under the lock.
  func withLiveState<Result>(at nowMs: Int64, _ body: (inout RPPState) -> Result) -> Result {
    state.withLock { state in
      state.simulate(until: nowMs)
      return body(&state)
    }
  }

  /// `req_…`, numbered per sandbox.
  func nextRequestID() -> String {
    let number = requests.withLock { count in
      count += 1
      return count
    }
    return "req_" + SandboxIdentifiers.stableCode("rpp-request:\(number)", count: 20)
  }

  // MARK: Hooks

  /// Moves the sandbox's one clock forward (every module's) and lets the life simulation catch up.
  public func advanceClock(seconds: Double) async {
    clock.advance(seconds: seconds)
    let now = milliseconds(at: clock.now())
    withState { _ = $0.simulate(until: now) }
  }

  public func settings() async -> SandboxRPPConfiguration { withState { $0.settings } }

  /// Changes switches and lifetimes; they apply from the next request on.
  public func update(_ change: @Sendable (inout SandboxRPPConfiguration) -> Void) async {
    withState { state in
      var settings = state.settings
      change(&settings)
      settings.idTokenLifetimeSeconds = min(
        max(settings.idTokenLifetimeSeconds, SandboxRPPConfiguration.lifetimes.lowerBound),
        SandboxRPPConfiguration.lifetimes.upperBound)
      state.settings = settings
    }
  }

  /// Changes a password (Firebase then revokes the user's refresh tokens: `TOKEN_EXPIRED`).
  @discardableResult
  public func setPassword(_ password: String, email: String) async -> Bool {
    (try? RPPAdmin.changeUser(self, email: email, password: password, disabled: nil)) != nil
  }

  /// Disables or enables an account: refreshes and sign-ins give `USER_DISABLED`, the API 401.
  @discardableResult
  public func setDisabled(_ disabled: Bool, email: String) async -> Bool {
    (try? RPPAdmin.changeUser(self, email: email, password: nil, disabled: disabled)) != nil
  }

  /// The partner confirms a pending order (with a `booking_confirmed` notification).
  @discardableResult
  public func confirmOrder(_ id: String) async -> Bool {
    let now = milliseconds(at: clock.now())
    return withLiveState(at: now) { $0.confirm(id, atMs: now, actor: "partner") }
  }

  /// While true, committed writes hold their replies back until set false again: a client
  /// killed meanwhile never learns that its booking exists.
  public func holdWriteReplies(_ hold: Bool) async { writeGate.set(closed: hold) }

  public func counters() async -> RPPCounters { withState { $0.counters } }

  /// Gives the user `orders` delivered orders in the past year and `messages` messages spread
  /// over their conversations, for a benchmark. False for an unknown client or bad counts.
  public func seedScale(email: String, orders: Int, messages: Int) async -> Bool {
    (try? RPPAdmin.scaleSeed(self, email: email, orders: orders, messages: messages)) != nil
  }
}
