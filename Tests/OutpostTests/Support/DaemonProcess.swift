import Foundation
import OutpostModel
import OutpostRPC
import OutpostRPCClient

/// The real `outpostd` binary, started on private directories, for end-to-end tests.
final class DaemonProcess: @unchecked Sendable {
  let directory: TemporaryDirectory
  let paths: OutpostPaths
  private(set) var process: ChildProcess?
  private let extraEnvironment: [String: String]

  /// Where SwiftPM put the executables: next to the test bundle.
  static let binDirectory: String = {
    let exe = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    var url = URL(fileURLWithPath: exe).deletingLastPathComponent()
    while !FileManager.default.fileExists(atPath: url.appendingPathComponent("outpostd").path), url.path != "/" {
      url.deleteLastPathComponent()
    }
    return url.path
  }()

  static func binary(_ name: String) -> String { binDirectory + "/" + name }

  init(config: String? = nil, environment: [String: String] = [:], directory: TemporaryDirectory = TemporaryDirectory())
    throws
  {
    self.directory = directory
    self.paths = OutpostPaths(
      runtimeDirectory: directory.file("run"), dataDirectory: directory.file("data"),
      configDirectory: directory.file("config"))
    self.extraEnvironment = environment
    if let config {
      try FileManager.default.createDirectory(atPath: paths.configDirectory, withIntermediateDirectories: true)
      try config.write(toFile: paths.configFilePath, atomically: true, encoding: .utf8)
    }
  }

  var environment: [String: String] {
    var environment = ProcessInfo.processInfo.environment
    for key in ["NOTIFY_SOCKET", "LISTEN_FDS", "LISTEN_PID", "WATCHDOG_USEC", "WATCHDOG_PID", "JOURNAL_STREAM"] {
      environment[key] = nil
    }
    environment["OUTPOST_RUNTIME_DIR"] = paths.runtimeDirectory
    environment["OUTPOST_DATA_DIR"] = paths.dataDirectory
    environment["OUTPOST_CONFIG_DIR"] = paths.configDirectory
    environment.merge(extraEnvironment) { _, new in new }
    return environment
  }

  var logPath: String { directory.file("outpostd.log") }
  var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

  /// Starts the daemon (or `executable` with `arguments`, e.g. systemd-socket-activate).
  func start(executable: String? = nil, arguments: [String] = [], waitForSocket: Bool = true) throws {
    let log = open(logPath, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    defer { close(log) }
    process = try ChildProcess(
      executable ?? Self.binary("outpostd"), arguments, environment: environment, redirections: [1: log, 2: log])
    if waitForSocket { try waitUntilServing() }
  }

  var pid: Int32 { process?.pid ?? 0 }

  /// Starts outpostd the way systemd's socket unit does: systemd-socket-activate listens on the
  /// socket and starts the daemon, with the socket as fd 3, on the first connection.
  func startSocketActivated() throws {
    let activate = "/usr/bin/systemd-socket-activate"
    guard FileManager.default.isExecutableFile(atPath: activate) else {
      throw TestFailure("systemd-socket-activate is missing: install the systemd package")
    }
    try FileManager.default.createDirectory(
      atPath: paths.runtimeDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    try start(
      executable: activate,
      arguments: [
        "-l", paths.socketPath, "-E", "OUTPOST_RUNTIME_DIR", "-E", "OUTPOST_DATA_DIR", "-E", "OUTPOST_CONFIG_DIR",
        Self.binary("outpostd"),
      ], waitForSocket: false)
  }

  /// Blocks until the socket answers a `daemon.hello` (tried only once it accepts), or says why
  /// not with the daemon's log. Blocking: its tests run `.offThePool`.
  func waitUntilServing(timeout: Duration = .seconds(20)) throws {
    guard let process else { throw TestFailure("not started") }
    let socketPath = paths.socketPath
    let outcome = Readiness.wait(for: process, limit: timeout) {
      guard Readiness.acceptsUnix(path: socketPath), let client = try? client() else { return false }
      return (try? client.call(DaemonHello.self, .init())) != nil
    }
    switch outcome {
    case .ready: return
    case .exited(let status): throw TestFailure("outpostd exited with \(status) before serving:\n\(log)")
    case .timedOut: throw TestFailure("outpostd did not serve within \(timeout):\n\(log)")
    }
  }

  /// Blocks until `isReady()` holds or the daemon exits, trying again every 10 ms, for at most
  /// `limit`: for a condition the daemon emits no event for. Blocking: its tests run `.offThePool`.
  func waitUntil(limit: Duration = .seconds(30), _ isReady: () -> Bool) throws -> Readiness.Outcome {
    guard let process else { throw TestFailure("not started") }
    return Readiness.wait(for: process, limit: limit, until: isReady)
  }

  /// Blocks until the daemon's log satisfies `isReady`, checked again on every write to it, or
  /// the daemon exits, for at most `limit`. Blocking: its tests run `.offThePool`.
  func waitForLog(limit: Duration = .seconds(30), _ isReady: (String) -> Bool) throws -> Readiness.Outcome {
    guard let process else { throw TestFailure("not started") }
    return Readiness.wait(for: process, onChangesTo: logPath, limit: limit) { isReady(log) }
  }

  func client(timeout: Duration = .seconds(10)) throws -> RPCClient {
    try RPCClient(socketPath: paths.socketPath, timeout: timeout)
  }

  /// Sends `signal` and waits for the exit status.
  @discardableResult
  func stop(signal: Int32 = SIGTERM, timeout: Duration = .seconds(20)) throws -> Int32 {
    guard let process else { throw TestFailure("not started") }
    if process.isRunning { kill(process.pid, signal) }
    return try waitForExit(timeout: timeout)
  }

  func waitForExit(timeout: Duration = .seconds(20)) throws -> Int32 {
    guard let process else { throw TestFailure("not started") }
    if let status = process.wait(upTo: timeout) { return status }
    kill(process.pid, SIGKILL)
    throw TestFailure("outpostd did not exit within \(timeout):\n\(log)")
  }
}
