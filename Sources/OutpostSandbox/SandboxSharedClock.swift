import Foundation
import Synchronization

/// The one clock of the whole sandbox: the real monotonic clock plus every advance so far, and
/// the calendar it maps onto. Modules never read the wall clock themselves, so a test that moves
/// this clock ages VolleyManager's sessions and the tasks service's tokens alike, and both admin
/// endpoints (`/__admin/clock`, `/__sandbox/volleymanager/clock`) see the same time.
final class SandboxSharedClock: Sendable {
  /// Maps monotonic instants onto Unix time (the configured reference date or the real start).
  let calendar: SandboxClock
  private let offset = Mutex<Duration>(.zero)
  /// Set for a manual clock: it stands still between advances, apart from one microsecond per
  /// reading (so two writes never share a stamp).
  private let manual: Bool
  private let manualTicks = Mutex<Duration>(.zero)

  /// Far enough for any test (ten years), small enough that `Duration` cannot overflow.
  static let maximumAdvanceSeconds = 10.0 * 365 * 24 * 3600

  init(referenceDate: Date?, manual: Bool = false) {
    calendar = SandboxClock(referenceDate: referenceDate)
    self.manual = manual
  }

  /// The sandbox's "now". Every lifetime and every "has it begun" decision is judged at this.
  func now() -> ContinuousClock.Instant {
    let advanced = offset.withLock { $0 }
    guard manual else { return ContinuousClock.now + advanced }
    let ticks = manualTicks.withLock { ticks in
      ticks += .microseconds(1)
      return ticks
    }
    return calendar.startedAt + advanced + ticks
  }

  /// Moves the clock forward; never back, since monotonic time does not go back.
  func advance(seconds: Double) {
    guard seconds.isFinite, seconds > 0 else { return }
    offset.withLock { $0 += .microseconds(Int64(min(seconds, Self.maximumAdvanceSeconds) * 1_000_000)) }
  }

  /// How far the clock was advanced, in seconds.
  var advancedSeconds: Double {
    let components = offset.withLock { $0 }.components
    return Double(components.seconds) + Double(components.attoseconds) / 1e18
  }

  /// Unix seconds at `instant` on the sandbox calendar.
  func unixSeconds(at instant: ContinuousClock.Instant) -> Int { calendar.seconds(at: instant) }

  /// Unix microseconds at `instant`, for timestamps that must be strictly ordered.
  func unixMicroseconds(at instant: ContinuousClock.Instant) -> Int64 {
    let elapsed = (instant - calendar.startedAt).components
    return Int64(calendar.reference) * 1_000_000 + elapsed.seconds * 1_000_000 + elapsed.attoseconds
      / 1_000_000_000_000
  }
}
