import Foundation

/// A child process started with posix_spawn and reaped with waitpid on its own pid.
/// (Foundation's `Process` reaps children from a shared monitor that can block on one child while
/// another has exited: with a daemon and a short-lived CLI running at once, tests hung.)
final class ChildProcess: @unchecked Sendable {
  let pid: pid_t
  private var exitStatus: Int32?

  /// Starts `executable`; fds in `redirections` (target fd → source fd) are installed in the child.
  init(_ executable: String, _ arguments: [String], environment: [String: String], redirections: [CInt: CInt]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let devNull = open("/dev/null", O_RDONLY | O_CLOEXEC)
    defer { close(devNull) }
    posix_spawn_file_actions_adddup2(&actions, devNull, 0)
    for (target, source) in redirections { posix_spawn_file_actions_adddup2(&actions, source, target) }
    // Nothing else is inherited: NIO opens its sockets without close-on-exec, and a child
    // holding an in-process server's socket keeps it accepting after the server stopped.
    // (glibc ≥ 2.34 has addclosefrom_np, but its header hides it behind _GNU_SOURCE.)
    if let addCloseFrom = Self.addCloseFrom { _ = addCloseFrom(&actions, (redirections.keys.max() ?? 2) + 1) }
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      for pointer in argv { free(pointer) }
      for pointer in envp { free(pointer) }
    }
    // Spawned from a libdispatch worker thread, a child would inherit that thread's blocked
    // signals (gnome-keyring then ignores SIGTERM): give it an empty mask and default handlers.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var empty = sigset_t()
    sigemptyset(&empty)
    posix_spawnattr_setsigmask(&attributes, &empty)
    var defaults = sigset_t()
    sigemptyset(&defaults)
    for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
    posix_spawnattr_setsigdefault(&attributes, &defaults)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    var pid: pid_t = 0
    let result = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
    guard result == 0 else { throw TestFailure("cannot start \(executable): \(String(cString: strerror(result)))") }
    self.pid = pid
  }

  private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, CInt) -> CInt
  private static let addCloseFrom: AddCloseFrom? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
      return nil
    }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }()

  /// Exit status, or 128 + signal number; nil while running.
  func poll() -> Int32? {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    let result = waitpid(pid, &status, WNOHANG)
    guard result == pid else { return nil }
    exitStatus = Self.decode(status)
    return exitStatus
  }

  var isRunning: Bool { poll() == nil }

  func wait() -> Int32 {
    if let exitStatus { return exitStatus }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    exitStatus = Self.decode(status)
    return exitStatus!
  }

  private static func decode(_ status: Int32) -> Int32 {
    status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
  }

  deinit {
    if poll() == nil {
      kill(pid, SIGKILL)
      _ = wait()
    }
  }
}

/// A pipe whose ends are close-on-exec, so no other child inherits them.
struct ClosingPipe {
  let read: CInt
  let write: CInt

  init() {
    var fds: [CInt] = [0, 0]
    pipe(&fds)  // pipe2 is hidden behind _GNU_SOURCE; set close-on-exec right after
    fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    read = fds[0]
    write = fds[1]
  }

  /// Reads until every writer has closed.
  func readAll() -> Data {
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = Glibc.read(read, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      data.append(contentsOf: buffer[..<count])
    }
    return data
  }
}
