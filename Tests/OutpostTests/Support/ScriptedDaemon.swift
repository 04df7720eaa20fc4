import Foundation
import OutpostModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A stand-in for an outpostd of another version on a Unix socket: each request line is answered
/// by `answer` (the reply's `result` or `error` members; `id` and `jsonrpc` are added), and the
/// methods asked are recorded in order. For the CLI's behaviour against a daemon that differs
/// from the one built with it (an older one still running after an upgrade).
final class ScriptedDaemon: Sendable {
  private let listener: CInt
  private let asked = Mutex<[String]>([])
  private let done = DispatchSemaphore(value: 0)

  /// The methods asked so far, in order.
  var methods: [String] { asked.withLock { $0 } }

  convenience init(socketPath: String, answer: @escaping @Sendable (_ method: String) -> JSONValue) throws {
    try self.init(socketPath: socketPath) { method, _ in answer(method) }
  }

  /// `answer` also gets the request's params (nil when it had none).
  init(socketPath: String, answer: @escaping @Sendable (_ method: String, _ params: JSONValue?) -> JSONValue) throws {
    try FileManager.default.createDirectory(
      atPath: (socketPath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    unlink(socketPath)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: Array(socketPath.utf8))
      raw[socketPath.utf8.count] = 0
    }
    let fd = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue), 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
    guard fd >= 0, bound == 0, listen(fd, 8) == 0 else {
      let problem = String(cString: strerror(errno))
      if fd >= 0 { close(fd) }
      throw CocoaError(
        .fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "cannot listen on \(socketPath): \(problem)"])
    }
    listener = fd
    Thread.detachNewThread { [self] in
      // Until `stop` shuts the listener down, which makes accept fail.
      while true {
        let connection = accept(fd, nil, nil)
        guard connection >= 0 else { break }
        serve(connection, answer: answer)
        close(connection)
      }
      done.signal()
    }
  }

  /// Answers one connection's lines until the client hangs up.
  private func serve(_ connection: CInt, answer: @Sendable (String, JSONValue?) -> JSONValue) {
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(connection, $0.baseAddress, $0.count) }
      guard count > 0 else { return }
      pending += chunk[..<count]
      while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = Array(pending[..<newline])
        pending.removeSubrange(...newline)
        guard let request = try? JSONParser.parse(line), let method = request["method"]?.stringValue else { return }
        asked.withLock { $0.append(method) }
        guard case .object(var reply) = answer(method, request["params"]) else { return }
        reply["jsonrpc"] = "2.0"
        reply["id"] = request["id"] ?? .null
        let bytes = JSONValue.object(reply).serialized + [UInt8(ascii: "\n")]
        _ = bytes.withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
      }
    }
  }

  func stop() {
    shutdown(listener, CInt(SHUT_RDWR))
    done.wait()
    close(listener)
  }
}
