import Foundation
import OutpostTestSupport

/// A private D-Bus session bus with an unlocked GNOME Keyring on it, for the tests of the
/// Secret Service: the real thing a user's desktop runs, never the user's own keyring.
///
/// libsecret connects to the session bus once per process and keeps the connection, so one
/// session serves the whole test process (`shared`); tests that use it are serialized.
final class KeyringSession: @unchecked Sendable {
  static let password = "outpost-test-keyring"

  /// Started on first use; its address is put in this process's DBUS_SESSION_BUS_ADDRESS.
  static let shared: Result<KeyringSession, TestFailure> = {
    do {
      let session = try KeyringSession()
      setenv("DBUS_SESSION_BUS_ADDRESS", session.address, 1)
      // A static is never deinitialised: stop the bus and the keyring when the test process ends.
      atexit { KeyringSession.stopShared() }
      return .success(session)
    } catch let failure as TestFailure {
      return .failure(failure)
    } catch {
      return .failure(TestFailure("\(error)"))
    }
  }()

  static func stopShared() {
    guard case .success(let session) = shared else { return }
    session.stop()
  }

  let directory = TemporaryDirectory("kr")
  let address: String
  private let bus: ChildProcess
  private var keyring: ChildProcess?

  var environment: [String: String] {
    [
      "DBUS_SESSION_BUS_ADDRESS": address, "HOME": directory.file("home"), "XDG_DATA_HOME": directory.file("data"),
      "XDG_RUNTIME_DIR": directory.file("run"), "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
    ]
  }

  /// A bus of its own with a keyring only when `withKeyring` (for the "no Secret Service" case).
  convenience init(withKeyring: Bool) throws {
    try self.init(startKeyring: withKeyring)
  }

  private convenience init() throws { try self.init(startKeyring: true) }

  private init(startKeyring: Bool) throws {
    Prerequisites.ensure()
    for sub in ["home", "data", "run"] {
      try FileManager.default.createDirectory(
        atPath: directory.file(sub), withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
    // Our own bus configuration: a listening address and nothing else, so no service is
    // activated behind the tests' backs (the Debian default would start a keyring on demand).
    let config = directory.file("bus.conf")
    try """
    <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
    <busconfig>
      <type>session</type>
      <listen>unix:dir=\(directory.path)</listen>
      <policy context="default">
        <allow send_destination="*" eavesdrop="true"/>
        <allow eavesdrop="true"/>
        <allow own="*"/>
      </policy>
    </busconfig>
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let out = ClosingPipe()
    bus = try ChildProcess(
      "/usr/bin/dbus-daemon", ["--config-file=\(config)", "--nofork", "--print-address=1"],
      environment: ["PATH": "/usr/bin:/bin"], redirections: [1: out.write])
    close(out.write)
    var line: [UInt8] = []
    var byte: UInt8 = 0
    while read(out.read, &byte, 1) == 1, byte != 0x0A { line.append(byte) }
    close(out.read)
    address = String(decoding: line, as: UTF8.self)
    guard address.hasPrefix("unix:") else { throw TestFailure("dbus-daemon gave no address") }
    if startKeyring { try self.startKeyring() }
  }

  /// Starts gnome-keyring with the login collection created and unlocked (`--unlock` reads the
  /// password on stdin: the only headless way to get a default collection).
  func startKeyring() throws {
    let input = ClosingPipe()
    let log = open(directory.file("keyring.log"), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
    defer { close(log) }
    let child = try ChildProcess(
      "/usr/bin/gnome-keyring-daemon", ["--unlock", "--components=secrets", "--foreground"],
      environment: environment, redirections: [0: input.read, 1: log, 2: log])
    keyring = child
    close(input.read)
    _ = Self.password.withCString { write(input.write, $0, strlen($0)) }
    close(input.write)
    switch Readiness.wait(for: child, until: { (try? self.secretServiceIsOnTheBus()) ?? false }) {
    case .ready: return
    case .exited(let status):
      throw TestFailure("gnome-keyring exited with \(status) before it was on the test bus:\n\(keyringLog)")
    case .timedOut: throw TestFailure("gnome-keyring did not appear on the test bus within 60 s:\n\(keyringLog)")
    }
  }

  private var keyringLog: String {
    String(((try? String(contentsOfFile: directory.file("keyring.log"), encoding: .utf8)) ?? "").suffix(2000))
  }

  /// Stops the keyring and starts it again with its password: the collection comes back
  /// unlocked with its items, as after a fresh desktop login.
  func restartUnlocked() throws {
    keyring?.stop()
    // The bus drops the name when the process is gone, just after; the new keyring must not
    // find the name still taken.
    let deadline = ContinuousClock.now + .seconds(10)
    while ContinuousClock.now < deadline, try secretServiceIsOnTheBus() {}
    try startKeyring()
  }

  private func secretServiceIsOnTheBus() throws -> Bool {
    let check = try runCommand(
      "/usr/bin/dbus-send",
      [
        "--session", "--print-reply", "--dest=org.freedesktop.DBus", "/org/freedesktop/DBus",
        "org.freedesktop.DBus.NameHasOwner", "string:org.freedesktop.secrets",
      ], environment: environment)
    return check.stdout.contains("boolean true")
  }

  /// Locks the login collection through the Secret Service API (as a screen locker might).
  func lockLoginCollection() throws {
    let result = try runCommand(
      "/usr/bin/dbus-send",
      [
        "--session", "--print-reply", "--dest=org.freedesktop.secrets", "/org/freedesktop/secrets",
        "org.freedesktop.Secret.Service.Lock", "array:objpath:/org/freedesktop/secrets/collection/login",
      ], environment: environment)
    guard result.status == 0 else { throw TestFailure("cannot lock the keyring: \(result.stderr)") }
  }

  /// Runs secret-tool against this session's keyring.
  func secretTool(_ arguments: [String]) throws -> CommandResult {
    try runCommand("/usr/bin/secret-tool", arguments, environment: environment)
  }

  /// ChildProcess.stop signals only a child not yet reaped: the pid of one already reaped (the
  /// readiness wait reaps a keyring that died) may belong to another process by now.
  func stop() {
    keyring?.stop()
    bus.stop()
    try? FileManager.default.removeItem(atPath: directory.path)
  }

  deinit { stop() }
}
