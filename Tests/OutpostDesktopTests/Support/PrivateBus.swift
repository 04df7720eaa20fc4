import Foundation
import OutpostTestSupport
import Synchronization

/// A fresh directory under /tmp (short: Unix socket paths are limited to 107 bytes).
final class TestDirectory: Sendable {
  let path: String

  init(_ prefix: String) {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
    precondition(made != nil, "mkdtemp failed")
    path = String(cString: template.withUnsafeBufferPointer { $0.baseAddress! })
  }

  func file(_ name: String) -> String { path + "/" + name }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// Reads one line from `descriptor` within `timeout` (nil at end of file or on timeout).
func readLine(from descriptor: CInt, timeout: Duration) -> String? {
  let deadline = ContinuousClock.now + timeout
  var line: [UInt8] = []
  while ContinuousClock.now < deadline {
    var ready = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)]
    guard poll(&ready, 1, 100) > 0 else { continue }
    var byte: UInt8 = 0
    let count = read(descriptor, &byte, 1)
    if count < 0 && errno == EINTR { continue }
    guard count == 1 else { return nil }
    if byte == 0x0A { return String(decoding: line, as: UTF8.self) }
    line.append(byte)
  }
  return nil
}

/// A private `dbus-daemon` with a configuration of its own: a socket at a fixed path (so a
/// restarted bus comes back at the same address), every name ownable, and no service
/// activation, so nothing is started behind the tests' backs.
final class PrivateBus: @unchecked Sendable {
  let directory = TestDirectory("obus")
  private(set) var address = ""
  private var daemon: ChildProcess?

  init() throws {
    Prerequisites.ensure()
    try start()
  }

  var environment: [String: String] {
    ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin", "HOME": directory.path]
  }

  func start() throws {
    let config = directory.file("bus.conf")
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:path=\(directory.file("bus"))</listen>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(toFile: config, atomically: true, encoding: .utf8)
    var fds: [CInt] = [0, 0]
    pipe(&fds)
    defer { close(fds[0]) }
    daemon = try ChildProcess(
      "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--print-address=1"],
      environment: ["PATH": "/usr/bin:/bin"], redirections: [1: fds[1]])
    close(fds[1])
    guard let line = readLine(from: fds[0], timeout: .seconds(30)), line.hasPrefix("unix:") else {
      // Its standard error is the test's: why it stopped is printed above.
      throw TestFailure("dbus-daemon gave no address (\(Self.ending(of: daemon)))")
    }
    address = line
  }

  func stop() {
    daemon?.stop()
    daemon = nil
  }

  /// How a peer that gave no ready line ended, for the failure message.
  static func ending(of child: ChildProcess?) -> String {
    guard let child else { return "not started" }
    return child.wait(upTo: .seconds(5)).map { "exited with \($0)" } ?? "still running"
  }

  /// Whether `name` has an owner on this bus (asked with dbus-send).
  func hasOwner(_ name: String) throws -> Bool {
    let result = try runCommand(
      "/usr/bin/dbus-send",
      [
        "--bus=\(address)", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
        "org.freedesktop.DBus.NameHasOwner", "string:\(name)",
      ], environment: environment)
    return result.stdout.contains("boolean true")
  }

  deinit { stop() }
}

/// Tests/Support/notification-server.py on a private bus: records every call as a JSON line,
/// and clicks actions on request.
final class NotificationServer: @unchecked Sendable {
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Support/notification-server.py").path

  let log: String
  private let bus: PrivateBus
  private var process: ChildProcess?

  init(on bus: PrivateBus, arguments: [String] = []) throws {
    self.bus = bus
    log = bus.directory.file("notifications-\(UInt32.random(in: 0...UInt32.max)).jsonl")
    var fds: [CInt] = [0, 0]
    pipe(&fds)
    defer { close(fds[0]) }
    process = try ChildProcess(
      "/usr/bin/python3", [Self.script, "--log", log] + arguments, environment: bus.environment,
      redirections: [1: fds[1]])
    close(fds[1])
    guard readLine(from: fds[0], timeout: .seconds(60)) == "ready" else {
      // Its standard error is the test's: Python's traceback is printed above.
      throw TestFailure("the test notification server did not start (\(PrivateBus.ending(of: process)))")
    }
  }

  /// Every call the server recorded, in order.
  func records() throws -> [ServerRecord] {
    guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
    return try text.split(separator: "\n").map { line in
      try JSONDecoder().decode(ServerRecord.self, from: Data(line.utf8))
    }
  }

  func notifyRecords() throws -> [ServerRecord] { try records().filter { $0.method == "Notify" } }

  /// Calls a method of the control interface (Click, Dismiss, PrepareForSleep) with dbus-send.
  func control(_ method: String, _ arguments: [String]) throws {
    let result = try runCommand(
      "/usr/bin/dbus-send",
      [
        "--bus=\(bus.address)", "--print-reply", "--dest=org.freedesktop.Notifications",
        "/org/outpost/TestNotifications", "org.outpost.TestNotifications.\(method)",
      ] + arguments, environment: bus.environment)
    guard result.status == 0 else { throw TestFailure("\(method) failed") }
  }

  func click(_ id: UInt32, _ actionKey: String) throws {
    try control("Click", ["uint32:\(id)", "string:\(actionKey)"])
  }

  func stop() {
    process?.stop()
    process = nil
  }

  deinit { stop() }
}

/// One call as the test server logged it.
struct ServerRecord: Decodable, Equatable {
  struct Hints: Decodable, Equatable {
    var urgency: Int?
    var category: String?
    var desktopEntry: String?
    var resident: Bool?
    var transient: Bool?

    enum CodingKeys: String, CodingKey {
      case urgency, category, resident, transient
      case desktopEntry = "desktop-entry"
    }
  }

  var method: String
  var appName: String?
  var replacesID: UInt32?
  var id: UInt32?
  var appIcon: String?
  var summary: String?
  var body: String?
  var actions: [String]?
  var hints: Hints?
  var expireTimeout: Int32?

  enum CodingKeys: String, CodingKey {
    case method, id, summary, body, actions, hints
    case appName = "app_name"
    case replacesID = "replaces_id"
    case appIcon = "app_icon"
    case expireTimeout = "expire_timeout"
  }
}

/// Collects what an AsyncStream yields, so that tests can wait for an event with a deadline.
final class EventRecorder<Event: Sendable>: Sendable {
  private let seen: Box
  private let task: Task<Void, Never>

  private final class Box: Sendable {
    let events = Mutex<[Event]>([])
    let finished = Mutex(false)
  }

  init(_ stream: AsyncStream<Event>) {
    let box = Box()
    seen = box
    task = Task {
      for await event in stream { box.events.withLock { $0.append(event) } }
      box.finished.withLock { $0 = true }
    }
  }

  var events: [Event] { seen.events.withLock { $0 } }
  var isFinished: Bool { seen.finished.withLock { $0 } }

  /// The first event (from the start) that matches, waiting up to `timeout` for it.
  func first(timeout: Duration = .seconds(30), where matches: (Event) -> Bool) async throws -> Event {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      if let event = events.first(where: matches) { return event }
      try await Task.sleep(for: .milliseconds(20))
    }
    throw TestFailure("no matching event within \(timeout); got \(events)")
  }

  /// Waits up to `timeout` until at least `count` events came.
  func waitUntil(count: Int, timeout: Duration = .seconds(30)) async throws {
    let deadline = ContinuousClock.now + timeout
    while events.count < count {
      guard ContinuousClock.now < deadline else { throw TestFailure("\(count) events expected; got \(events)") }
      try await Task.sleep(for: .milliseconds(20))
    }
  }

  deinit { task.cancel() }
}
