import CMemory
import Dispatch
import Synchronization

/// Keeps an idle daemon's heap small. Its work comes in bursts (a sync of 10,000 events, a
/// calendar rewrite) on whichever libdispatch worker runs them; glibc's allocator gives such
/// threads arenas of their own and keeps what each burst freed. `contrib/bench-peers.sh`'s idle
/// row, after 11,000 events synced and the agenda asked for 30 times (release,
/// docs/performance.md): 175 MB RSS as it was, 67 MB (19 MB of it heap) with two arenas and
/// these trims; a fresh daemon is 47 MB.
public enum HeapHygiene {
  /// Two arenas: the event loop and the cooperative pool rarely allocate at once. Call first
  /// thing at start: the limit applies to arenas made afterwards.
  public static func limitArenas() { outpost_memory_limit_arenas(2) }

  /// Hands what a burst freed back to the system (a few milliseconds for a large heap): first
  /// the caches registered with `releasing` (SQLite's pages), then the allocator's free memory.
  static func trimAfterBurst() {
    for release in releasers.withLock({ Array($0.all.values) }) { release() }
    _ = outpost_memory_trim()
  }

  /// Registers something that caches memory it can give back after a burst (the store's page
  /// caches) until `stopReleasing` with the number returned: a daemon stopped in a test
  /// process leaves no call behind into its closed store.
  public static func releasing(_ release: @escaping @Sendable () -> Void) -> Int {
    releasers.withLock { registered in
      registered.last += 1
      registered.all[registered.last] = release
      return registered.last
    }
  }

  public static func stopReleasing(_ registration: Int) {
    _ = releasers.withLock { $0.all.removeValue(forKey: registration) }
  }

  private static let releasers = Mutex<(last: Int, all: [Int: @Sendable () -> Void])>((0, [:]))

  /// A trim one second after the last of a burst of calls (several large replies in a row; a
  /// sync's calendar rewrite, then its reminder plan), off the event loop. A trim in the middle
  /// of a burst would leave the rest of it untrimmed: repeated first syncs of 10,000 events left
  /// 30 MB of freed heap behind when the calendar rewrite trimmed and the reminder plan that
  /// followed did not. An idle daemon never wakes for it.
  @Sendable public static func trimSoon() {
    let call = latestCall.withLock { latest in
      latest &+= 1
      return latest
    }
    DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 1) {
      // A later call has its own trim scheduled.
      guard latestCall.withLock({ $0 }) == call else { return }
      trimAfterBurst()
    }
  }

  private static let latestCall = Mutex<UInt64>(0)
}
