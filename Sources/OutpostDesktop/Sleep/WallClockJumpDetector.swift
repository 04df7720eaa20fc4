#if canImport(Glibc)
  import Glibc
#endif

/// Notices, from two readings of the clocks, that the machine slept or that the wall clock was
/// changed: logind's `PrepareForSleep(false)` is not sent after every hibernate, and a clock set
/// forward (or NTP's first sync after boot) also skips reminders. Pure: readings are injected.
///
/// Three clocks: the wall clock (`CLOCK_REALTIME`), one that stops during suspend and hibernate
/// (`CLOCK_MONOTONIC`, Swift's `SuspendingClock`) and one that does not (`CLOCK_BOOTTIME`,
/// Swift's `ContinuousClock` on Linux). Between two readings, boot time minus monotonic time is
/// the time asleep; wall time minus boot time is how far the wall clock was moved.
public struct WallClockJumpDetector: Sendable {
  public struct Reading: Sendable, Equatable {
    /// Since the Unix epoch.
    public var wall: Duration
    /// Stops while the machine sleeps.
    public var monotonic: Duration
    /// Keeps counting while the machine sleeps.
    public var boot: Duration

    public init(wall: Duration, monotonic: Duration, boot: Duration) {
      self.wall = wall
      self.monotonic = monotonic
      self.boot = boot
    }

    /// The clocks now.
    public static func now() -> Reading {
      Reading(wall: read(CLOCK_REALTIME), monotonic: read(CLOCK_MONOTONIC), boot: read(CLOCK_BOOTTIME))
    }

    private static func read(_ clock: clockid_t) -> Duration {
      var time = timespec()
      clock_gettime(clock, &time)
      return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
  }

  public enum Jump: Sendable, Equatable {
    /// The machine was suspended or hibernated for about this long.
    case slept(Duration)
    /// The wall clock moved by this much more than real time passed (negative: set back).
    case wallClockChanged(by: Duration)
  }

  /// Smaller differences are jitter (NTP slews by milliseconds, readings are not atomic).
  public let threshold: Duration
  public private(set) var last: Reading?

  public init(threshold: Duration = .seconds(30)) {
    self.threshold = threshold
  }

  /// Compares `reading` with the previous one and keeps it for next time. Empty when nothing
  /// jumped (and for the first reading); a suspend and a clock change can both show.
  public mutating func check(_ reading: Reading) -> [Jump] {
    defer { last = reading }
    guard let last else { return [] }
    let slept = (reading.boot - last.boot) - (reading.monotonic - last.monotonic)
    let moved = (reading.wall - last.wall) - (reading.boot - last.boot)
    var jumps: [Jump] = []
    if slept > threshold { jumps.append(.slept(slept)) }
    if moved > threshold || moved < .zero - threshold { jumps.append(.wallClockChanged(by: moved)) }
    return jumps
  }

  /// Whether reminders due in the meantime could have been missed: the machine slept, or the
  /// wall clock was moved forward.
  public static func mayHaveMissedReminders(_ jumps: [Jump]) -> Bool {
    jumps.contains { jump in
      switch jump {
      case .slept: true
      case .wallClockChanged(let by): by > .zero
      }
    }
  }
}
