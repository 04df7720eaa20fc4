import Foundation

/// A stand-in for systemd's notification socket (`NOTIFY_SOCKET`): a datagram socket that
/// collects what the daemon sends (READY=1, STATUS=…, WATCHDOG=1, STOPPING=1).
final class NotifyListener {
  let path: String
  private let fd: CInt

  /// `path` is a file's path, or an abstract socket's name after an `@` (as NOTIFY_SOCKET
  /// writes it).
  init(path: String) throws {
    self.path = path
    fd = socket(AF_UNIX, CInt(SOCK_DGRAM.rawValue), 0)
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let abstract = path.hasPrefix("@")
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: Array(path.utf8))
      raw[path.utf8.count] = 0
      if abstract { raw[0] = 0 }
    }
    // An abstract name is as long as it is given (no terminating NUL); a path's is the whole.
    let length =
      abstract
      ? MemoryLayout<sockaddr_un>.offset(of: \.sun_path)! + path.utf8.count : MemoryLayout<sockaddr_un>.size
    let result = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(length)) }
    }
    guard result == 0 else { throw TestFailure("bind \(path): \(errno)") }
    var timeout = timeval(tv_sec: 0, tv_usec: 200_000)
    setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Collects messages until one contains `needle` or `timeout` passes; returns all received.
  func messages(until needle: String, timeout: Duration = .seconds(10)) -> [String] {
    var received: [String] = []
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(fd, &buffer, buffer.count, 0)
      if count > 0 {
        let message = String(decoding: buffer[..<count], as: UTF8.self)
        received.append(message)
        if message.contains(needle) { break }
      }
    }
    return received
  }

  deinit {
    close(fd)
    if !path.hasPrefix("@") { unlink(path) }
  }
}
