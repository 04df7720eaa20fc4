import Synchronization

/// What the notification server tells us, and whether it is there.
public enum NotificationSignal: Sendable, Equatable {
  /// The user clicked an action (or the notification itself: key "default").
  case actionInvoked(id: UInt32, actionKey: String)
  /// The notification went away: reason 1 expired, 2 dismissed by the user, 3 closed by
  /// `CloseNotification`, 4 undefined.
  case closed(id: UInt32, reason: UInt32)
  /// A notification server took `org.freedesktop.Notifications`.
  case serverAppeared
  /// The notification server left the bus (its notifications went with it).
  case serverVanished
  /// The connection to the session bus was lost; the next call reconnects.
  case busDisconnected
}

/// Information about the running notification server (`GetServerInformation`).
public struct NotificationServerInformation: Sendable, Equatable {
  public var name: String
  public var vendor: String
  public var version: String
  public var specVersion: String

  public init(name: String, vendor: String, version: String, specVersion: String) {
    self.name = name
    self.vendor = vendor
    self.version = version
    self.specVersion = specVersion
  }
}

/// Desktop notifications through `org.freedesktop.Notifications` on the session bus.
///
/// One sd-bus connection on one thread of its own (see `DesktopBusLoop`): idle, it costs no
/// wakeups. The signals (`ActionInvoked`, `NotificationClosed`, and `NameOwnerChanged` for the
/// server's name) are subscribed on connecting, before any `Notify`, and come out of `events`.
/// Only signals about notifications this notifier showed are passed on (servers broadcast them
/// to every client). The connection is made on first use (or by `connect()`), and made again
/// after it was lost.
public final class DesktopNotifier: Sendable {
  public static let serviceName = "org.freedesktop.Notifications"
  static let objectPath = "/org/freedesktop/Notifications"

  /// Signals from the server, and its comings and goings. One consumer; the newest 256 are
  /// kept when nobody reads.
  public let events: AsyncStream<NotificationSignal>
  private let loop: DesktopBusLoop
  private let shown: ShownNotifications
  private let callTimeout: Duration

  /// `busAddress` nil: the user's session bus.
  public init(busAddress: String? = nil, callTimeout: Duration = .seconds(10)) {
    let (events, continuation) = AsyncStream.makeStream(
      of: NotificationSignal.self, bufferingPolicy: .bufferingNewest(256))
    let shown = ShownNotifications()
    self.events = events
    self.shown = shown
    self.callTimeout = callTimeout
    loop = DesktopBusLoop(
      bus: busAddress.map { .address($0) } ?? .session, name: "outpost.notifications",
      subscriptions: Self.subscriptions(shown: shown, continuation: continuation),
      onDisconnect: {
        shown.removeAll()
        continuation.yield(.busDisconnected)
      },
      onStop: { continuation.finish() })
  }

  deinit { loop.stop() }

  /// Closes the connection; calls in flight fail with `.shutDown` and `events` ends.
  public func shutdown() { loop.stop() }

  /// Connects to the bus and subscribes to the server's signals, without asking anything: a
  /// start that has other work to do begins this early. Every call connects on demand anyway.
  public func openConnection() async throws(DesktopBusError) {
    try await loop.connect()
  }

  /// Connects to the bus and subscribes to the server's signals (every call does this on
  /// demand). Returns whether a notification server is on the bus now.
  @discardableResult
  public func connect() async throws(DesktopBusError) -> Bool {
    try await loop.connect()
    return try await isServerAvailable()
  }

  /// Whether someone owns `org.freedesktop.Notifications`.
  public func isServerAvailable() async throws(DesktopBusError) -> Bool {
    try await loop.nameHasOwner(Self.serviceName, timeout: callTimeout)
  }

  /// The server's capabilities ("actions", "body", "body-markup", "persistence", …).
  public func capabilities() async throws(DesktopBusError) -> Set<String> {
    try await call("GetCapabilities") { reader throws(DesktopBusError) in Set(try reader.readStrings()) }
  }

  public func serverInformation() async throws(DesktopBusError) -> NotificationServerInformation {
    try await call("GetServerInformation") { reader throws(DesktopBusError) in
      NotificationServerInformation(
        name: try reader.readString(), vendor: try reader.readString(), version: try reader.readString(),
        specVersion: try reader.readString())
    }
  }

  /// Shows (or, with `replacesID`, updates) a notification; returns its id. Throws
  /// `.serverUnavailable` when no server is running, `.busUnavailable` without a session bus.
  public func notify(_ notification: DesktopNotification) async throws(DesktopBusError) -> UInt32 {
    let shown = shown
    return try await call(
      "Notify",
      append: { writer throws(DesktopBusError) in
        try writer.append(notification.appName)
        try writer.append(notification.replacesID)
        try writer.append(notification.icon)
        try writer.append(notification.summary)
        try writer.append(notification.body)
        try writer.append(notification.flatActions)
        try writer.append(notification.hints)
        try writer.append(notification.expireTimeout)
      },
      parse: { reader throws(DesktopBusError) in
        let id = try reader.readUInt32()
        // On the bus thread, before any later signal is dispatched: a click is never missed.
        shown.insert(id)
        return id
      })
  }

  /// Closes a notification (the server answers with `NotificationClosed`, reason 3).
  public func close(id: UInt32) async throws(DesktopBusError) {
    try await call(
      "CloseNotification", append: { writer throws(DesktopBusError) in try writer.append(id) }, parse: { _ in })
  }

  private func call<T: Sendable>(
    _ member: String, append: @escaping @Sendable (BusMessageWriter) throws(DesktopBusError) -> Void = { _ in },
    parse: @escaping @Sendable (BusMessageReader) throws(DesktopBusError) -> T
  ) async throws(DesktopBusError) -> T {
    let method = BusMethod(
      destination: Self.serviceName, path: Self.objectPath, interface: Self.serviceName, member: member)
    do {
      return try await loop.call(method, timeout: callTimeout, append: append, parse: parse)
    } catch .failed(_, let name, _) where Self.meansNoServer(name) {
      throw .serverUnavailable
    }
  }

  /// The D-Bus errors that say nobody is there to answer (or could be started to).
  static func meansNoServer(_ errorName: String) -> Bool {
    errorName == "org.freedesktop.DBus.Error.ServiceUnknown" || errorName == "org.freedesktop.DBus.Error.NameHasNoOwner"
      || errorName.hasPrefix("org.freedesktop.DBus.Error.Spawn.")
  }

  private static func subscriptions(
    shown: ShownNotifications, continuation: AsyncStream<NotificationSignal>.Continuation
  ) -> [BusSubscription] {
    let server = "type='signal',sender='\(serviceName)',path='\(objectPath)',interface='\(serviceName)'"
    return [
      BusSubscription(rule: server + ",member='ActionInvoked'") { message in
        guard let id = try? message.readUInt32(), let key = try? message.readString(), shown.contains(id) else {
          return
        }
        continuation.yield(.actionInvoked(id: id, actionKey: key))
      },
      BusSubscription(rule: server + ",member='NotificationClosed'") { message in
        guard let id = try? message.readUInt32(), let reason = try? message.readUInt32(), shown.contains(id) else {
          return
        }
        continuation.yield(.closed(id: id, reason: reason))
      },
      BusSubscription(
        rule: "type='signal',sender='org.freedesktop.DBus',path='/org/freedesktop/DBus',"
          + "interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(serviceName)'"
      ) { message in
        guard let name = try? message.readString(), name == serviceName, let old = try? message.readString(),
          let new = try? message.readString()
        else { return }
        if !old.isEmpty {
          // A new server numbers its notifications afresh.
          shown.removeAll()
          continuation.yield(.serverVanished)
        }
        if !new.isEmpty { continuation.yield(.serverAppeared) }
      },
    ]
  }
}

/// Ids of the notifications this notifier showed, so that other applications' clicks are not
/// taken for ours. Kept after `NotificationClosed` (some servers send it before
/// `ActionInvoked`), and bounded: the oldest go first.
private final class ShownNotifications: Sendable {
  private static let limit = 512
  private let ids = Mutex<[UInt32]>([])

  func insert(_ id: UInt32) {
    ids.withLock { ids in
      guard !ids.contains(id) else { return }
      ids.append(id)
      if ids.count > Self.limit { ids.removeFirst(ids.count - Self.limit) }
    }
  }

  func contains(_ id: UInt32) -> Bool { ids.withLock { $0.contains(id) } }

  func removeAll() { ids.withLock { $0.removeAll() } }
}
