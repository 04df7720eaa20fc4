import Foundation

/// A throw-away PostgreSQL cluster for the sandbox's Supabase projects (issue 46): Debian's
/// `initdb` and `postgres` on a Unix socket in a private temporary directory, no TCP port, gone
/// with the process that started it. As root (CI, these machines) the server runs as the user
/// `postgres`, since PostgreSQL refuses to run as root.
///
/// The server is started through a small shell that holds a pipe from this process: when this
/// process ends, however it ends (a test crash, kill -9), the pipe closes and the shell stops
/// the server and removes the directory. Readiness is PostgreSQL's own "ready to accept
/// connections" line, waited for as an event.
final class SandboxPostgresCluster: Sendable {
  /// The directory holding the data, the log and the socket.
  let directory: String
  let version: String
  private let guardian: Process
  private let lifeline: Pipe

  var socketPath: String { directory + "/.s.PGSQL.5432" }

  enum StartError: Error, CustomStringConvertible {
    case notInstalled
    case failed(String)

    var description: String {
      switch self {
      case .notInstalled:
        "PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb); run contrib/setup.sh, or set PGBIN"
      case .failed(let detail): "PostgreSQL did not start: \(detail)"
      }
    }
  }

  /// The newest `/usr/lib/postgresql/N/bin`, or `$PGBIN`.
  static func binaries() -> (bin: String, version: String)? {
    let environment = ProcessInfo.processInfo.environment
    if let bin = environment["PGBIN"], FileManager.default.isExecutableFile(atPath: bin + "/initdb") {
      return (bin, "PGBIN")
    }
    let root = "/usr/lib/postgresql"
    let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    let usable = versions.compactMap(Int.init).sorted().reversed().first {
      FileManager.default.isExecutableFile(atPath: "\(root)/\($0)/bin/initdb")
    }
    return usable.map { ("\(root)/\($0)/bin", String($0)) }
  }

  /// Makes and starts a cluster; `superuser` is its bootstrap role (trust authentication on the
  /// socket only).
  static func start(superuser: String = "postgres") async throws -> SandboxPostgresCluster {
    guard let (bin, version) = binaries() else { throw StartError.notInstalled }
    let directory = try makeDirectory()
    let asRoot = geteuid() == 0
    if asRoot { try await run("/bin/chown", ["postgres:postgres", directory]) }
    let prefix = asRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
    let initdb = [
      bin + "/initdb", "-D", directory + "/data", "-U", superuser, "-A", "trust", "-E", "UTF8", "--locale=C",
      "--no-sync", "--no-instructions",
    ]
    do {
      let command = prefix + initdb
      try await run(command[0], Array(command.dropFirst()))
    } catch {
      try? FileManager.default.removeItem(atPath: directory)
      throw error
    }
    // The guardian: the server runs while this process holds the pipe's other end. The signal
    // goes to the postmaster itself (its pid file), not to runuser, which passes none on; the
    // shell looks for its end instead of `wait`ing, since it inherits this process's blocked
    // SIGCHLD and `wait` would never return.
    let server =
      "\(quoted(bin + "/postgres")) -D \(quoted(directory + "/data")) -k \(quoted(directory)) "
      + "-c listen_addresses='' -c timezone=UTC -c fsync=off -c synchronous_commit=off -c full_page_writes=off "
      + "-c max_connections=200 -c shared_buffers=16MB"
    let script = """
      \(asRoot ? prefix.map(quoted).joined(separator: " ") + " " : "")\(server) 2>&1 &
      read -r _
      postmaster=$(head -n 1 \(quoted(directory + "/data/postmaster.pid")))
      kill -INT "$postmaster" 2>/dev/null
      while kill -0 "$postmaster" 2>/dev/null; do sleep 0.05; done
      rm -rf \(quoted(directory))
      """
    let guardian = Process()
    // A session of its own: a signal to this process's group (a test runner ending its
    // children) must not stop the guardian before it has stopped the server and cleaned up.
    guardian.executableURL = URL(fileURLWithPath: "/usr/bin/setsid")
    guardian.arguments = ["/bin/sh", "-c", script]
    let lifeline = Pipe()
    // Only this process may hold the write end: a copy inherited by any child (the server, a
    // psql run meanwhile) would keep the pipe open after this process is gone.
    _ = fcntl(lifeline.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
    let output = Pipe()
    _ = fcntl(output.fileHandleForWriting.fileDescriptor, F_SETFD, FD_CLOEXEC)
    guardian.standardInput = lifeline
    guardian.standardOutput = output
    guardian.standardError = output
    let ready = ReadyLine()
    // The server's output is read with plain blocking reads on a thread of its own, until it
    // ends with the guardian. Not FileHandle.readabilityHandler: Foundation watches those with
    // select(), which writes past its fd_set once the process has a descriptor above 1023 (the
    // test process has hundreds of sockets), and the process crashed there.
    let reading = output.fileHandleForReading.fileDescriptor
    let readerThread = Thread {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(reading, $0.baseAddress, $0.count) }
        if count < 0 && errno == EINTR { continue }
        guard count > 0 else { break }
        ready.take(Data(buffer[0..<count]))
      }
      ready.ended()
    }
    readerThread.name = "outpost.sandbox.postgres-log"
    do {
      try guardian.run()
      // This process keeps no copy of the write end: the reader sees the end of the output
      // when the guardian and the server are gone.
      try? output.fileHandleForWriting.close()
      readerThread.start()
    } catch {
      try? FileManager.default.removeItem(atPath: directory)
      throw StartError.failed("\(error)")
    }
    if let failure = await ready.wait() {
      try? lifeline.fileHandleForWriting.close()
      throw StartError.failed(failure)
    }
    return SandboxPostgresCluster(directory: directory, version: version, guardian: guardian, lifeline: lifeline)
  }

  private init(directory: String, version: String, guardian: Process, lifeline: Pipe) {
    self.directory = directory
    self.version = version
    self.guardian = guardian
    self.lifeline = lifeline
  }

  /// Stops the server and removes its directory (the guardian does both); waits for it.
  func stop() async {
    try? lifeline.fileHandleForWriting.close()
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      DispatchQueue.global().async {
        self.guardian.waitUntilExit()
        done.resume()
      }
    }
  }

  deinit { try? lifeline.fileHandleForWriting.close() }

  private static func makeDirectory() throws -> String {
    var template = Array("/tmp/outpost-pg-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { throw StartError.failed("cannot make a directory in /tmp") }
    let path = String(cString: made)
    // The server's user must reach its socket and data; others must not.
    chmod(path, 0o700)
    return path
  }

  static func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }

  /// Runs a short command to its end, off the cooperative pool; its output is the error's text.
  static func run(_ executable: String, _ arguments: [String]) async throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    let status: Int32 = try await withCheckedThrowingContinuation { continuation in
      process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
      do { try process.run() } catch { continuation.resume(throwing: StartError.failed("\(executable): \(error)")) }
    }
    guard status == 0 else {
      let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw StartError.failed("\((executable as NSString).lastPathComponent) exited \(status): \(text)")
    }
  }
}

/// Waits for the server's "ready to accept connections" line, or its end with what it said.
private final class ReadyLine: @unchecked Sendable {
  private let lock = NSLock()
  private var text = ""
  private var outcome: String??
  private var waiter: CheckedContinuation<String?, Never>?

  func take(_ chunk: Data) {
    lock.lock()
    text += String(decoding: chunk, as: UTF8.self)
    if text.count > 64_000 { text = String(text.suffix(32_000)) }
    let isReady = text.contains("ready to accept connections")
    lock.unlock()
    if isReady { finish(nil) }
  }

  func ended() {
    lock.lock()
    let said = text
    lock.unlock()
    finish("the server ended: \(said.suffix(2000))")
  }

  private func finish(_ result: String?) {
    lock.lock()
    guard outcome == nil else {
      lock.unlock()
      return
    }
    outcome = .some(result)
    let waiter = self.waiter
    self.waiter = nil
    lock.unlock()
    waiter?.resume(returning: result)
  }

  func wait() async -> String? {
    await withCheckedContinuation { continuation in
      lock.lock()
      if let outcome {
        lock.unlock()
        continuation.resume(returning: outcome)
      } else {
        waiter = continuation
        lock.unlock()
      }
    }
  }
}
