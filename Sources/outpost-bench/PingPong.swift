#if canImport(Glibc)
  import Glibc
#endif

/// The floor: a plain Unix-socket line echo between two processes, no JSON, no event loop.
/// The server side runs in a child process (`outpost-bench --pingpong-server PATH`).
enum PingPong {
  static func serve(path: String) -> Never {
    unlink(path)
    let listener = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue), 0)
    var address = unixAddress(path)
    _ = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    listen(listener, 1)
    let connection = accept(listener, nil, nil)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(connection, &buffer, buffer.count)
      if count <= 0 { exit(0) }
      _ = write(connection, buffer, count)
    }
  }

  /// Round trips of one line the size of a small JSON-RPC request.
  static func measure(path: String, iterations: Int) -> Samples {
    let fd = connectWithRetry(path)
    defer { close(fd) }
    let line = Array(#"{"jsonrpc":"2.0","id":1,"method":"daemon.hello"}"#.utf8) + [0x0A]
    var buffer = [UInt8](repeating: 0, count: 4096)
    var samples = Samples()
    for index in 0..<(iterations + 200) {
      let start = nowNanoseconds()
      _ = write(fd, line, line.count)
      var received = 0
      while received < line.count {
        let count = read(fd, &buffer, buffer.count)
        if count <= 0 { return samples }
        received += count
      }
      if index >= 200 { samples.add(nowNanoseconds() - start) }
    }
    return samples
  }

  static func connectWithRetry(_ path: String) -> CInt {
    for _ in 0..<500 {
      let fd = socket(AF_UNIX, CInt(SOCK_STREAM.rawValue), 0)
      var address = unixAddress(path)
      let result = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
        }
      }
      if result == 0 { return fd }
      close(fd)
      usleep(10_000)
    }
    fatalError("cannot connect to \(path)")
  }

  static func unixAddress(_ path: String) -> sockaddr_un {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      raw.copyBytes(from: Array(path.utf8))
      raw[path.utf8.count] = 0
    }
    return address
  }
}
