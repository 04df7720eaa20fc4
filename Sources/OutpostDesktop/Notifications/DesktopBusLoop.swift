import CSystemd
import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A signal subscription: an sd-bus match rule, and what to do with a matching message. The
/// handler runs on the bus thread, while the message is valid; it must not block.
struct BusSubscription: Sendable {
  let rule: String
  let handler: @Sendable (BusMessageReader) -> Void
}

/// A method to call: where it goes and what it is called.
struct BusMethod: Sendable {
  let destination: String
  let path: String
  let interface: String
  let member: String

  static func nameHasOwner(_ name: String) -> (BusMethod, [String]) {
    (
      BusMethod(
        destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        member: "NameHasOwner"),
      [name]
    )
  }
}

/// One sd-bus connection, owned by one dedicated thread (an sd-bus handle is not thread-safe).
///
/// The thread sleeps in `poll` on two descriptors: the bus socket (with the events and timeout
/// sd-bus asks for) and an eventfd that `enqueue` writes when there is work. With nothing queued,
/// no call in flight and no matching signal, it sleeps without a timeout: an idle connection
/// costs no wakeups. Calls are asynchronous (`sd_bus_call_async`), so a slow peer never holds up
/// signals or other calls. The connection is made on first use and made again after it was lost;
/// the subscriptions are installed on every new connection, before any queued call is sent.
final class DesktopBusLoop: Sendable {
  struct Job: Sendable {
    let run: @Sendable (BusConnection) -> Void
    let cancel: @Sendable (DesktopBusError) -> Void
  }

  private struct Queue {
    var jobs: [Job] = []
    var stopped = false
    var wakeDescriptor: CInt
  }

  let bus: DesktopBus
  private let subscriptions: [BusSubscription]
  private let onDisconnect: @Sendable () -> Void
  private let onStop: @Sendable () -> Void
  private let queue: Mutex<Queue>

  /// `onDisconnect` runs (on the bus thread) when an established connection is lost; `onStop`
  /// once, when the thread ends after `stop()`.
  init(
    bus: DesktopBus, name: String, subscriptions: [BusSubscription], onDisconnect: @escaping @Sendable () -> Void,
    onStop: @escaping @Sendable () -> Void
  ) {
    self.bus = bus
    self.subscriptions = subscriptions
    self.onDisconnect = onDisconnect
    self.onStop = onStop
    queue = Mutex(Queue(wakeDescriptor: outpost_eventfd()))
    let thread = Thread { [self] in
      Self.nameThisThread(name)
      run()
    }
    thread.start()
  }

  /// Runs `job` on the bus thread; cancels it with `.shutDown` when the loop has stopped.
  func enqueue(_ job: Job) {
    let accepted = queue.withLock { queue in
      guard !queue.stopped else { return false }
      queue.jobs.append(job)
      Self.wake(queue.wakeDescriptor)
      return true
    }
    if !accepted { job.cancel(.shutDown) }
  }

  /// Ends the thread: calls in flight and queued jobs fail with `.shutDown`, the connection is
  /// closed. Returns at once.
  func stop() {
    queue.withLock { queue in
      guard !queue.stopped else { return }
      queue.stopped = true
      Self.wake(queue.wakeDescriptor)
    }
  }

  /// Connects (if not connected) and installs the subscriptions.
  func connect() async throws(DesktopBusError) {
    let result: Result<Void, DesktopBusError> = await withCheckedContinuation { continuation in
      enqueue(
        Job(
          run: { connection in
            continuation.resume(
              returning: Result { () throws(DesktopBusError) in try connection.connected() }.map { _ in })
          },
          cancel: { continuation.resume(returning: .failure($0)) }))
    }
    try result.get()
  }

  /// Calls `method` with the arguments `append` writes, and turns the reply into a value with
  /// `parse` (both on the bus thread).
  func call<T: Sendable>(
    _ method: BusMethod, timeout: Duration,
    append: @escaping @Sendable (BusMessageWriter) throws(DesktopBusError) -> Void,
    parse: @escaping @Sendable (BusMessageReader) throws(DesktopBusError) -> T
  ) async throws(DesktopBusError) -> T {
    let result: Result<T, DesktopBusError> = await withCheckedContinuation { continuation in
      enqueue(
        Job(
          run: { connection in
            connection.call(method, timeout: timeout, append: append) { reply in
              continuation.resume(
                returning: reply.flatMap { message in Result { () throws(DesktopBusError) in try parse(message) } })
            }
          },
          cancel: { continuation.resume(returning: .failure($0)) }))
    }
    return try result.get()
  }

  /// Whether `name` has an owner on the bus.
  func nameHasOwner(_ name: String, timeout: Duration) async throws(DesktopBusError) -> Bool {
    let (method, arguments) = BusMethod.nameHasOwner(name)
    return try await call(
      method, timeout: timeout, append: { writer throws(DesktopBusError) in try writer.append(arguments[0]) },
      parse: { reader throws(DesktopBusError) in try reader.readBool() })
  }

  /// Names the calling thread for `top -H`, `/proc/…/task/*/comm` (at most 15 bytes). Through
  /// /proc: Foundation's `Thread.name` does not reach the kernel on Linux, and prctl is variadic.
  private static func nameThisThread(_ name: String) {
    let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    let bytes = Array(name.utf8.prefix(15))
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
  }

  private static func wake(_ descriptor: CInt) {
    guard descriptor >= 0 else { return }
    var one: UInt64 = 1
    _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
  }

  // MARK: The bus thread

  private func run() {
    let connection = BusConnection(bus: bus, subscriptions: subscriptions, onDisconnect: onDisconnect)
    let wakeDescriptor = queue.withLock { $0.wakeDescriptor }
    while true {
      let (jobs, stopped) = queue.withLock { queue in
        defer { queue.jobs = [] }
        return (queue.jobs, queue.stopped)
      }
      if stopped {
        connection.disconnect(failing: .shutDown)
        let remaining = queue.withLock { queue in
          defer {
            queue.jobs = []
            if queue.wakeDescriptor >= 0 { close(queue.wakeDescriptor) }
            queue.wakeDescriptor = -1
          }
          return queue.jobs
        }
        for job in jobs + remaining { job.cancel(.shutDown) }
        onStop()
        return
      }
      for job in jobs { job.run(connection) }
      connection.process()
      wait(wakeDescriptor: wakeDescriptor, connection: connection)
    }
  }

  /// Sleeps until the bus or the eventfd has something, or sd-bus's next timeout.
  private func wait(wakeDescriptor: CInt, connection: BusConnection) {
    var descriptors = [pollfd(fd: wakeDescriptor, events: Int16(POLLIN), revents: 0)]
    var timeout: Int32 = -1
    if let bus = connection.pollParameters() {
      descriptors.append(pollfd(fd: bus.descriptor, events: bus.events, revents: 0))
      timeout = bus.timeout
    }
    // Without an eventfd (it could not be made), queued work is noticed within 250 ms.
    if wakeDescriptor < 0 { timeout = timeout < 0 ? 250 : min(timeout, 250) }
    _ = poll(&descriptors, nfds_t(descriptors.count), timeout)
    if wakeDescriptor >= 0 && descriptors[0].revents != 0 {
      var count: UInt64 = 0
      _ = read(wakeDescriptor, &count, MemoryLayout<UInt64>.size)
    }
  }
}

/// A signal subscription's handler, at a stable address for sd-bus's `userdata`.
private final class SubscriptionBox {
  let subscription: BusSubscription
  init(_ subscription: BusSubscription) { self.subscription = subscription }
}

/// A method call waiting for its reply.
private final class PendingCall {
  let member: String
  let complete: (Result<BusMessageReader, DesktopBusError>) -> Void
  weak var connection: BusConnection?

  init(
    member: String, connection: BusConnection, complete: @escaping (Result<BusMessageReader, DesktopBusError>) -> Void
  ) {
    self.member = member
    self.connection = connection
    self.complete = complete
  }
}

/// sd-bus calls this with a method reply (or an error reply, real or made up by sd-bus for a
/// timeout or a lost connection). C callbacks capture nothing: the call comes in `userdata`.
private func replyReceived(
  _ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
  guard let message, let userdata else { return 0 }
  let call = Unmanaged<PendingCall>.fromOpaque(userdata).takeUnretainedValue()
  call.connection?.finish(call, reply: message)
  return 0
}

private func signalReceived(
  _ message: OpaquePointer?, _ userdata: UnsafeMutableRawPointer?, _ error: UnsafeMutablePointer<sd_bus_error>?
) -> Int32 {
  guard let message, let userdata else { return 0 }
  let box = Unmanaged<SubscriptionBox>.fromOpaque(userdata).takeUnretainedValue()
  box.subscription.handler(BusMessageReader(message: message))
  return 0
}

/// The sd-bus handle and what hangs on it. Lives on the bus thread only.
final class BusConnection {
  private let bus: DesktopBus
  private let subscriptions: [SubscriptionBox]
  private let onDisconnect: @Sendable () -> Void
  private var handle: OpaquePointer?
  /// Retained here; sd-bus holds unretained pointers to them in its (floating) slots.
  private var pending: [ObjectIdentifier: PendingCall] = [:]

  fileprivate init(bus: DesktopBus, subscriptions: [BusSubscription], onDisconnect: @escaping @Sendable () -> Void) {
    self.bus = bus
    self.subscriptions = subscriptions.map(SubscriptionBox.init)
    self.onDisconnect = onDisconnect
  }

  /// The open connection, made now if there is none: opened, started, subscriptions installed
  /// (synchronously: they are in place before anything else is sent).
  @discardableResult
  func connected() throws(DesktopBusError) -> OpaquePointer {
    if let handle { return handle }
    var opened: OpaquePointer?
    var result: Int32
    switch bus {
    case .session:
      result = outpost_sd_bus_open_user(&opened)
    case .system:
      result = outpost_sd_bus_open_system(&opened)
    case .address(let address):
      result = outpost_sd_bus_new(&opened)
      if result >= 0 { result = outpost_sd_bus_set_address(opened, address) }
      if result >= 0 { result = outpost_sd_bus_set_bus_client(opened, 1) }
      if result >= 0 { result = outpost_sd_bus_start(opened) }
    }
    guard result >= 0, let opened else {
      if let opened { outpost_sd_bus_close_unref(opened) }
      throw .busUnavailable(bus, reason: Self.reason(result))
    }
    for box in subscriptions {
      let added = outpost_sd_bus_add_match(
        opened, nil, box.subscription.rule, signalReceived, Unmanaged.passUnretained(box).toOpaque())
      guard added >= 0 else {
        outpost_sd_bus_close_unref(opened)
        throw .busUnavailable(bus, reason: "cannot subscribe to signals: \(Self.reason(added))")
      }
    }
    handle = opened
    return opened
  }

  private static func reason(_ result: Int32) -> String {
    switch -result {
    case ENOMEDIUM: "neither DBUS_SESSION_BUS_ADDRESS nor XDG_RUNTIME_DIR is set"
    case ENOENT: "no bus socket at that address"
    case ECONNREFUSED: "nothing listens on the bus socket"
    case EPERM, EACCES: "the bus refused the connection (access denied, or the address names another bus's guid)"
    case ELIBACC: outpost_sd_bus_failure().map { String(cString: $0) } ?? errnoText(result)
    default: errnoText(result)
    }
  }

  /// Sends a method call; `complete` runs on this thread with the reply or the error.
  func call(
    _ method: BusMethod, timeout: Duration, append: (BusMessageWriter) throws(DesktopBusError) -> Void,
    complete: @escaping (Result<BusMessageReader, DesktopBusError>) -> Void
  ) {
    do throws(DesktopBusError) {
      let handle = try connected()
      var message: OpaquePointer?
      let created = outpost_sd_bus_message_new_method_call(
        handle, &message, method.destination, method.path, method.interface, method.member)
      guard created >= 0, let message else {
        throw .invalidMessage("cannot make a \(method.member) call: \(errnoText(created))")
      }
      defer { outpost_sd_bus_message_unref(message) }
      try append(BusMessageWriter(message: message))
      let call = PendingCall(member: method.member, connection: self, complete: complete)
      let (seconds, attoseconds) = timeout.components
      let microseconds = UInt64(max(1, seconds * 1_000_000 + attoseconds / 1_000_000_000_000))
      let sent = outpost_sd_bus_call_async(
        handle, nil, message, replyReceived, Unmanaged.passUnretained(call).toOpaque(), microseconds)
      guard sent >= 0 else {
        if sent == -ENOTCONN || sent == -ECONNRESET { throw .disconnected }
        throw .invalidMessage("cannot send \(method.member): \(errnoText(sent))")
      }
      pending[ObjectIdentifier(call)] = call
    } catch {
      complete(.failure(error))
    }
  }

  fileprivate func finish(_ call: PendingCall, reply message: OpaquePointer) {
    guard pending.removeValue(forKey: ObjectIdentifier(call)) != nil else { return }
    guard outpost_sd_bus_message_is_method_error(message, nil) > 0 else {
      call.complete(.success(BusMessageReader(message: message)))
      return
    }
    let error = outpost_sd_bus_message_get_error(message)
    let name = error?.pointee.name.map { String(cString: $0) } ?? "unknown"
    let text = error?.pointee.message.map { String(cString: $0) } ?? ""
    let connectionLost = handle.map { outpost_sd_bus_is_open($0) <= 0 } ?? true
    if name == "org.freedesktop.DBus.Error.NoReply" && connectionLost {
      call.complete(.failure(.disconnected))
    } else if name == "org.freedesktop.DBus.Error.NoReply" || name == "org.freedesktop.DBus.Error.Timeout" {
      call.complete(.failure(.timedOut(method: call.member)))
    } else {
      call.complete(.failure(.failed(method: call.member, name: name, message: text)))
    }
  }

  /// Dispatches everything sd-bus has read (replies, signals); notices a lost connection.
  func process() {
    guard let handle else { return }
    while true {
      let result = outpost_sd_bus_process(handle, nil)
      if result > 0 { continue }
      if result < 0 || outpost_sd_bus_is_open(handle) <= 0 {
        disconnect(failing: .disconnected)
        onDisconnect()
      }
      return
    }
  }

  /// Closes the connection; calls still waiting fail with `error`. No flush: every call waits
  /// for its reply, so nothing that matters is left unsent, and a stuck bus cannot hold us here.
  func disconnect(failing error: DesktopBusError) {
    guard let handle else { return }
    self.handle = nil
    let waiting = pending.values
    pending = [:]
    outpost_sd_bus_close_unref(handle)
    for call in waiting { call.complete(.failure(error)) }
  }

  /// What to poll for: the bus socket, its events, and a timeout in milliseconds (-1: none).
  func pollParameters() -> (descriptor: CInt, events: Int16, timeout: Int32)? {
    guard let handle else { return nil }
    let descriptor = outpost_sd_bus_get_fd(handle)
    let events = outpost_sd_bus_get_events(handle)
    guard descriptor >= 0, events >= 0 else { return nil }
    var deadline: UInt64 = 0
    guard outpost_sd_bus_get_timeout(handle, &deadline) >= 0, deadline != UInt64.max else {
      return (descriptor, Int16(truncatingIfNeeded: events), -1)
    }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    let nowMicroseconds = UInt64(now.tv_sec) * 1_000_000 + UInt64(now.tv_nsec) / 1000
    let remaining = deadline > nowMicroseconds ? (deadline - nowMicroseconds + 999) / 1000 : 0
    return (descriptor, Int16(truncatingIfNeeded: events), Int32(min(remaining, UInt64(Int32.max))))
  }
}
