import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Waits for SIGTERM or SIGINT. The default actions are switched off first, so the signal ends
/// the wait (and the process exits 0 after a clean stop) instead of killing the process.
enum ShutdownSignal {
  /// Returns the signal that arrived.
  static func wait() async -> Int32 {
    let signals = [SIGTERM, SIGINT]
    for number in signals { signal(number, SIG_IGN) }
    let sources = signals.map { DispatchSource.makeSignalSource(signal: $0, queue: .global()) }
    let waiter = Waiter()
    let received = await withCheckedContinuation { continuation in
      waiter.arm(continuation)
      for (number, source) in zip(signals, sources) {
        source.setEventHandler { waiter.fire(number) }
        source.resume()
      }
    }
    for source in sources { source.cancel() }
    return received
  }

  /// Resumes the continuation exactly once, however many signals arrive.
  private final class Waiter: Sendable {
    private let continuation = Mutex<CheckedContinuation<Int32, Never>?>(nil)

    func arm(_ continuation: CheckedContinuation<Int32, Never>) {
      self.continuation.withLock { $0 = continuation }
    }

    func fire(_ number: Int32) {
      let continuation = self.continuation.withLock { stored in
        defer { stored = nil }
        return stored
      }
      continuation?.resume(returning: number)
    }
  }
}
