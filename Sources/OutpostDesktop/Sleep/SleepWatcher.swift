/// What logind says about suspend, and what became of the connection.
public enum SleepEvent: Sendable, Equatable {
  /// `PrepareForSleep(true)`: the machine is about to suspend or hibernate.
  case willSleep
  /// `PrepareForSleep(false)`: the machine woke up (not sent after every hibernate: keep a
  /// `WallClockJumpDetector` too).
  case didResume
  /// The system bus connection was lost; `start()` again to resubscribe.
  case busDisconnected
}

/// Listens for logind's `PrepareForSleep(b)` on the system bus (or a bus given for tests).
///
/// One sd-bus connection on a thread of its own that sleeps in `poll` until a signal comes: no
/// wakeups while nothing happens. Without a system bus `start()` throws `.busUnavailable`;
/// without logind it returns false (the wall-clock check is then the only way to notice a
/// resume). A lost connection is reported once on `events`, never retried in a loop.
public final class SleepWatcher: Sendable {
  public static let logindName = "org.freedesktop.login1"

  /// One consumer; the newest 16 are kept when nobody reads.
  public let events: AsyncStream<SleepEvent>
  private let loop: DesktopBusLoop

  /// `busAddress` nil: the system bus.
  public init(busAddress: String? = nil) {
    let (events, continuation) = AsyncStream.makeStream(of: SleepEvent.self, bufferingPolicy: .bufferingNewest(16))
    self.events = events
    let rule =
      "type='signal',sender='\(Self.logindName)',path='/org/freedesktop/login1',"
      + "interface='org.freedesktop.login1.Manager',member='PrepareForSleep'"
    loop = DesktopBusLoop(
      bus: busAddress.map { .address($0) } ?? .system, name: "outpost.sleep",
      subscriptions: [
        BusSubscription(rule: rule) { message in
          guard let start = try? message.readBool() else { return }
          continuation.yield(start ? .willSleep : .didResume)
        }
      ],
      onDisconnect: { continuation.yield(.busDisconnected) },
      onStop: { continuation.finish() })
  }

  deinit { loop.stop() }

  /// Connects and subscribes to `PrepareForSleep`. Returns whether logind is on the bus.
  @discardableResult
  public func start() async throws(DesktopBusError) -> Bool {
    try await loop.connect()
    return try await loop.nameHasOwner(Self.logindName, timeout: .seconds(10))
  }

  /// Closes the connection; `events` ends.
  public func shutdown() { loop.stop() }
}
