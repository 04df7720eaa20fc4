import Synchronization

/// A clock that moves only when the test says: whatever sleeps on it waits until `advance`
/// passes its deadline, and the test can wait for the next sleep and read how long it asked
/// for. Nothing ever waits on the wall clock, so a loaded machine changes nothing but speed.
final class ManualClock: Clock, Sendable {
  struct Instant: InstantProtocol {
    var offset: Duration
    func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
    func duration(to other: Instant) -> Duration { other.offset - offset }
    static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
  }

  private struct Sleeper {
    var deadline: Instant
    var continuation: CheckedContinuation<Void, any Error>
  }

  private struct State {
    var now = Instant(offset: .zero)
    var sleepers: [Int: Sleeper] = [:]
    var nextID = 0
    /// Sleeps asked for and not yet taken by `nextSleep()`, oldest first (a cancelled sleep
    /// leaves the list).
    var requested: [(id: Int, duration: Duration)] = []
    var watchers: [(id: Int, continuation: CheckedContinuation<Duration?, Never>)] = []
  }

  private let state = Mutex(State())

  var now: Instant { state.withLock { $0.now } }
  var minimumResolution: Duration { .zero }

  func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    try Task.checkCancellation()
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        let (ready, watcher, asked) = state.withLock {
          state -> (Bool, CheckedContinuation<Duration?, Never>?, Duration) in
          let asked = deadline.offset - state.now.offset
          if Task.isCancelled { return (true, nil, asked) }
          if deadline <= state.now { return (true, nil, asked) }
          state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
          if state.watchers.isEmpty {
            state.requested.append((id, asked))
            return (false, nil, asked)
          }
          return (false, state.watchers.removeFirst().continuation, asked)
        }
        if ready {
          if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
        }
        watcher?.resume(returning: asked)
      }
    } onCancel: {
      let sleeper = state.withLock { state in
        state.requested.removeAll { $0.id == id }
        return state.sleepers.removeValue(forKey: id)
      }
      sleeper?.continuation.resume(throwing: CancellationError())
    }
  }

  /// Moves time on and wakes every sleeper whose deadline has come.
  func advance(by duration: Duration) {
    let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
      state.now = state.now.advanced(by: duration)
      let now = state.now
      let ids = state.sleepers.filter { $0.value.deadline <= now }.map(\.key)
      return ids.compactMap { state.sleepers.removeValue(forKey: $0)?.continuation }
    }
    for continuation in due { continuation.resume() }
  }

  /// How long the next sleep asked for, waiting for it to begin if none is waiting yet. Gives
  /// up after `patience` of real time (nil), so that a sign-in that stopped sleeping fails the
  /// test instead of hanging the suite; a passing test never comes near it.
  func nextSleep(patience: Duration = .seconds(60)) async -> Duration? {
    await withTaskGroup(of: Duration?.self) { group in
      group.addTask { await self.waitForSleep() }
      group.addTask {
        try? await Task.sleep(for: patience)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }

  private func waitForSleep() async -> Duration? {
    let id = state.withLock { state -> Int in
      state.nextID += 1
      return state.nextID
    }
    return await withTaskCancellationHandler {
      await withCheckedContinuation { (continuation: CheckedContinuation<Duration?, Never>) in
        let asked = state.withLock { state -> Duration?? in
          if !state.requested.isEmpty { return .some(state.requested.removeFirst().duration) }
          if Task.isCancelled { return .some(nil) }
          state.watchers.append((id, continuation))
          return nil
        }
        if let asked { continuation.resume(returning: asked) }
      }
    } onCancel: {
      let watcher = state.withLock { state -> CheckedContinuation<Duration?, Never>? in
        guard let index = state.watchers.firstIndex(where: { $0.id == id }) else { return nil }
        return state.watchers.remove(at: index).continuation
      }
      watcher?.resume(returning: nil)
    }
  }
}
