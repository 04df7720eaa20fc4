import OutpostModel
import Synchronization

/// One interactive sign-in under way, as the daemon holds it: its prompt, and its outcome once
/// the user is done. Any number of callers may wait for the outcome, each for as long as it
/// likes (a long poll that gives up does not end the sign-in); `cancel()` ends it.
public final class PendingInteractiveLogin: Sendable {
  public typealias Outcome = Result<AccountIdentity, InteractiveLoginError>

  public let prompt: InteractiveLoginPrompt

  private struct State {
    var outcome: Outcome?
    var waiters: [Int: CheckedContinuation<Outcome?, Never>] = [:]
    var nextWaiter = 0
    var task: Task<Void, Never>?
    var cancelled = false
  }

  private let state = Mutex(State())

  public init(prompt: InteractiveLoginPrompt) {
    self.prompt = prompt
  }

  /// The task that runs the sign-in; cancelled by `cancel()` (at once if that came first).
  func attach(_ task: Task<Void, Never>) {
    let cancelled = state.withLock { state in
      state.task = task
      return state.cancelled
    }
    if cancelled { task.cancel() }
  }

  /// Records how the sign-in ended (the first outcome wins) and wakes every waiter. The daemon
  /// calls it for a mailed link, which comes back outside any task of the sign-in.
  public func finish(_ outcome: Outcome) {
    let waiters = state.withLock { state -> [CheckedContinuation<Outcome?, Never>] in
      guard state.outcome == nil else { return [] }
      state.outcome = outcome
      defer { state.waiters.removeAll() }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: outcome) }
  }

  /// Ends the sign-in; its outcome becomes `.cancelled` unless it had already ended.
  public func cancel() {
    let task = state.withLock { state -> Task<Void, Never>? in
      state.cancelled = true
      return state.task
    }
    task?.cancel()
    finish(.failure(.cancelled))
  }

  /// The outcome, or nil while the user is not done.
  public var outcome: Outcome? { state.withLock { $0.outcome } }

  /// Waits for the outcome; nil when the waiting task is cancelled first (the sign-in goes on).
  public func waitForOutcome() async -> Outcome? {
    let id = state.withLock { state -> Int in
      state.nextWaiter += 1
      return state.nextWaiter
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Outcome?, Never>) in
        let ready = state.withLock { state -> Outcome?? in
          if let outcome = state.outcome { return .some(outcome) }
          if Task.isCancelled { return .some(nil) }
          state.waiters[id] = continuation
          return nil
        }
        if let ready { continuation.resume(returning: ready) }
      }
    } onCancel: {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.resume(returning: nil)
    }
  }

  /// Waits at most `timeout` on `clock` for the outcome: a long poll. Nil when the user is
  /// still not done.
  public func waitForOutcome(within timeout: Duration, clock: any Clock<Duration>) async -> Outcome? {
    if let outcome { return outcome }
    return await withTaskGroup(of: Outcome?.self) { group in
      group.addTask { await self.waitForOutcome() }
      group.addTask {
        try? await clock.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first ?? self.outcome
    }
  }
}
