import Dispatch
import Synchronization

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Sleeping until an instant on the wall clock, for reminders and the bars' "valid until":
/// a dispatch wall-time timer, which counts the time the machine was asleep and follows changes
/// of the clock (a reminder at 19:00 fires at 19:00, also after a resume or a clock change),
/// where `Task.sleep` waits a duration. (Idle cost: on Linux, libdispatch's workqueue monitor
/// wakes a process that ever used a worker thread once a second whatever it sleeps on; that is
/// the floor for any Swift concurrency program here, measured with and without these timers.)
public enum QuietSleep {
  /// Waits until the wall clock reaches `date`: a dispatch wall-time timer, which also counts
  /// the time the machine was asleep and follows changes of the clock (a reminder at 19:00
  /// fires at 19:00, also after a resume).
  public static func sleep(until date: Date) async throws {
    let interval = date.timeIntervalSinceNow
    guard interval > 0 else {
      try Task.checkCancellation()
      return
    }
    try await wait { queue, fire in
      queue.asyncAfter(wallDeadline: .now() + .nanoseconds(Int(min(interval, 366 * 86_400) * 1e9)), execute: fire)
    }
  }

  private static func wait(_ schedule: (DispatchQueue, @escaping @Sendable () -> Void) -> Void) async throws {
    let state = SleepState()
    try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
        // A cancelled sleep leaves its timer to run out; it then finds nothing to resume.
        if state.start(continuation) { schedule(DispatchQueue.global()) { state.finish(nil) } }
      }
    } onCancel: {
      state.finish(CancellationError())
    }
  }
}

/// The continuation of one sleep, resumed exactly once: by the timer or by cancellation,
/// whichever comes first (cancellation may even come before the sleep started).
private final class SleepState: Sendable {
  private struct Inner: Sendable {
    var continuation: CheckedContinuation<Void, any Error>?
    var cancelled = false
  }

  private let inner = Mutex(Inner())

  func start(_ continuation: CheckedContinuation<Void, any Error>) -> Bool {
    let cancelled = inner.withLock { inner in
      if !inner.cancelled { inner.continuation = continuation }
      return inner.cancelled
    }
    if cancelled { continuation.resume(throwing: CancellationError()) }
    return !cancelled
  }

  func finish(_ error: (any Error)?) {
    let continuation = inner.withLock { inner in
      if error != nil { inner.cancelled = true }
      let continuation = inner.continuation
      inner.continuation = nil
      return continuation
    }
    if let error { continuation?.resume(throwing: error) } else { continuation?.resume() }
  }
}
