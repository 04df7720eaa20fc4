import NIOCore

#if canImport(Glibc)
  import Glibc
#endif

/// Keeps the sandbox's sockets out of child processes.
///
/// NIO opens sockets without close-on-exec (its `accept4` passes no SOCK_CLOEXEC). A test process
/// that runs an in-process sandbox and also spawns children (the daemon under test) would let
/// those children inherit the sandbox's sockets and hold them open past `stop()`: the listener
/// would go on accepting connections nobody serves, and closed connections would never send FIN,
/// so clients hang instead of seeing the server go away. Hence the sandbox binds its own
/// close-on-exec listener and marks every accepted connection close-on-exec as it arrives.
enum SandboxSockets {
  /// A listening TCP socket on `host:port`, close-on-exec, for `ServerBootstrap.withBoundSocket`.
  static func listeningSocket(host: String, port: Int, backlog: CInt = 256) throws -> CInt {
    let address = try SocketAddress.makeAddressResolvingHost(host, port: port)
    let type = CInt(SOCK_STREAM.rawValue) | CInt(SOCK_CLOEXEC.rawValue)
    let descriptor = socket(address.protocol.rawValue, type, 0)
    guard descriptor >= 0 else { throw SandboxServerError.socket(call: "socket", errno: errno) }
    var one: CInt = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<CInt>.size))
    let bound = address.withSockAddr { pointer, size in bind(descriptor, pointer, socklen_t(size)) }
    guard bound == 0, listen(descriptor, backlog) == 0 else {
      let code = errno
      close(descriptor)
      throw SandboxServerError.socket(call: bound == 0 ? "listen" : "bind to \(host):\(port)", errno: code)
    }
    return descriptor
  }

  /// Marks the descriptor of an accepted connection close-on-exec. NIO does not expose it, so it
  /// is found among the open descriptors by its pair of ports (local, peer), which identifies
  /// the server side of a TCP connection in this process. Called from the child channel
  /// initializer, right after the accept.
  static func markCloseOnExec(local: SocketAddress?, remote: SocketAddress?) {
    guard let localPort = local?.port, let remotePort = remote?.port,
      let directory = opendir("/proc/self/fd")
    else { return }
    defer { closedir(directory) }
    while let entry = readdir(directory) {
      let name = entryName(entry)
      guard let descriptor = CInt(name), descriptor > 2 else { continue }
      if port(of: descriptor, using: getsockname) == localPort && port(of: descriptor, using: getpeername) == remotePort
      {
        let flags = fcntl(descriptor, F_GETFD)
        if flags >= 0 { _ = fcntl(descriptor, F_SETFD, flags | FD_CLOEXEC) }
      }
    }
  }

  /// A directory entry's name, read up to its NUL only. readdir's records are only as long as
  /// their name: copying the whole `d_name` array (256 bytes, what `entry.pointee.d_name`
  /// does) can read past the end of the kernel's buffer and fault (a crash seen in CI).
  static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name) ?? 0
    return String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
  }

  private static func port(
    of descriptor: CInt, using call: (CInt, UnsafeMutablePointer<sockaddr>, UnsafeMutablePointer<socklen_t>) -> CInt
  ) -> Int? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let result = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { call(descriptor, $0, &length) }
    }
    guard result == 0 else { return nil }
    return withUnsafePointer(to: &storage) { pointer -> Int? in
      switch CInt(pointer.pointee.ss_family) {
      case AF_INET:
        pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
      case AF_INET6:
        pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          Int(UInt16(bigEndian: $0.pointee.sin6_port))
        }
      default: nil
      }
    }
  }
}
