import Foundation
import OutpostConnectors
import OutpostTestSupport

/// A real Radicale (the CalDAV server from PyPI) on 127.0.0.1, with its own storage folder and
/// a plain htpasswd file, so that the pusher is checked against software nobody here wrote.
/// Started with `ChildProcess` (nothing inherited but the log file), stopped with SIGTERM.
/// A missing Radicale fails the test with the install command: CI must install it.
final class RadicaleServer: @unchecked Sendable {
  static let python = "/usr/bin/python3"
  static let installHint = "/usr/bin/python3 -m pip install --break-system-packages radicale"
  static let username = "referee"
  /// With a colon and non-ASCII: Basic authentication must carry both.
  static let password = "Pfiff:Zürich-2026"

  let storage: TemporaryDirectory
  private(set) var port: Int
  private var process: ChildProcess?

  var baseURL: String { "http://127.0.0.1:\(port)" }
  var principalURL: String { "\(baseURL)/\(Self.username)/" }

  /// Starts on a free port, or on `port` (a restart on the same address and storage).
  init(port: Int? = nil, storage: TemporaryDirectory = TemporaryDirectory("radicale")) async throws {
    Prerequisites.ensure()
    self.storage = storage
    self.port = port ?? 0
    let users = Array("\(Self.username):\(Self.password)\n".utf8)
    guard FileManager.default.createFile(atPath: storage.file("users"), contents: Data(users)) else {
      throw TestFailure("cannot write the htpasswd file")
    }
    try await start(fixedPort: port)
  }

  deinit { stop() }

  /// SIGTERM, as a server going down; the storage stays for a restart.
  func stop() {
    guard let process, process.poll() == nil else { return }
    kill(process.pid, SIGTERM)
    _ = process.wait()
  }

  func restart() async throws { try await start(fixedPort: port) }

  private func start(fixedPort: Int?) async throws {
    // A port picked free can be taken before Radicale binds it: try a few.
    for _ in 0..<(fixedPort == nil ? 3 : 1) {
      port = fixedPort ?? Self.freePort()
      let logPath = storage.file("radicale.log")
      let log = open(logPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
      guard log >= 0 else { throw TestFailure("cannot open \(logPath)") }
      let arguments = [
        "-m", "radicale", "--config", "", "--server-hosts", "127.0.0.1:\(port)",
        "--storage-filesystem-folder", storage.file("collections"), "--auth-type", "htpasswd",
        "--auth-htpasswd-filename", storage.file("users"), "--auth-htpasswd-encryption", "plain",
        "--auth-delay", "0", "--rights-type", "owner_only", "--logging-level", "warning",
      ]
      let environment = ["PATH": "/usr/bin:/bin", "HOME": storage.path, "LANG": "C.UTF-8"]
      let child = try ChildProcess(Self.python, arguments, environment: environment, redirections: [1: log, 2: log])
      close(log)
      process = child
      let port = port
      switch await Readiness.waitOffThePool(for: child, until: { Readiness.acceptsTCP(port: port) }) {
      case .ready: return
      case .timedOut:
        kill(child.pid, SIGKILL)
        throw TestFailure("Radicale did not listen on \(baseURL) within 60 s:\n\(Self.log(at: logPath))")
      case .exited(let status):
        let output = Self.log(at: logPath)
        if output.contains("No module named radicale") {
          throw TestFailure("Radicale is not installed for \(Self.python); install it with: \(Self.installHint)")
        }
        guard output.contains("Address already in use") else {
          throw TestFailure("Radicale exited with \(status) before listening:\n\(output)")
        }
      }
    }
    throw TestFailure("Radicale found no free port")
  }

  /// The end of Radicale's log, for a failure message.
  private static func log(at path: String) -> String {
    String(((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").suffix(2000))
  }

  /// A port nothing listens on right now.
  static func freePort() -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    address.sin_port = 0
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) }
    }
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}
