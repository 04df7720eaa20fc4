import Synchronization

/// Holds refresh replies back after the rotation is committed, while closed: the window in which
/// a client has spent its refresh token upstream but not yet stored the new one. A test closes
/// it, waits until a reply is held, kills the client (`kill -9` of outpostd), then opens it; the
/// held reply then goes to a connection nobody reads any more, as after a real crash.
final class TasksReplyGate: Sendable {
  private struct State {
    var closed = false
    var held = 0
    var waiters: [CheckedContinuation<Void, Never>] = []
  }

  private let state = Mutex(State())

  var isClosed: Bool { state.withLock { $0.closed } }

  /// How many replies were held back so far.
  var heldCount: Int { state.withLock { $0.held } }

  /// Returns at once while open; otherwise when the gate opens.
  func pass() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      let goes = state.withLock { state -> Bool in
        guard state.closed else { return true }
        state.held += 1
        state.waiters.append(continuation)
        return false
      }
      if goes { continuation.resume() }
    }
  }

  /// Closes or opens the gate; opening lets every held reply go.
  func set(closed: Bool) {
    let released = state.withLock { state -> [CheckedContinuation<Void, Never>] in
      state.closed = closed
      guard !closed else { return [] }
      defer { state.waiters = [] }
      return state.waiters
    }
    for waiter in released { waiter.resume() }
  }
}
