import Foundation
import Synchronization

/// A child process started with posix_spawn and reaped with waitpid on its own pid: every test
/// target starts its peers (dbus-daemon, the keyring, Python, the CLI) with this.
///
/// Not Foundation's `Process`: it reaps children from a shared monitor that can block on one
/// child while another has exited (tests hung with a daemon and a CLI running at once), and in
/// Swift 6.3.1 its `run()` reads past glibc's `readdir` buffer while it looks for the highest
/// open descriptor, which crashed a test process now and then (swift-corelibs-foundation#5472).
public final class ChildProcess: Sendable {
  public let pid: pid_t
  /// Exit status once reaped (128 + signal number when killed).
  private let status = Mutex<Int32?>(nil)

  /// Starts `executable` (an absolute path) with nothing inherited but standard input from
  /// /dev/null and the descriptors in `redirections` (target fd → source fd).
  public init(
    _ executable: String, _ arguments: [String], environment: [String: String], redirections: [CInt: CInt] = [:]
  ) throws {
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
    if let addCloseFrom = Self.addCloseFrom { _ = addCloseFrom(&actions, max(redirections.keys.max() ?? 2, 2) + 1) }
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

  /// Exit status (128 + signal number when killed), or nil while it runs.
  public func poll() -> Int32? {
    status.withLock { status in
      if let status { return status }
      var raw: Int32 = 0
      guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
      status = Self.decode(raw)
      return status
    }
  }

  public var isRunning: Bool { poll() == nil }

  /// Blocks until it has exited; its status.
  @discardableResult
  public func wait() -> Int32 {
    while true {
      if let done = poll() { return done }
      // Waits for the exit without reaping (WNOWAIT), outside the lock: poll() reaps it, so
      // another thread's poll() is never stuck behind this wait.
      var info = siginfo_t()
      while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0 && errno == EINTR {}
    }
  }

  /// Waits at most `limit` for the exit: its status, or nil while it still runs. Wakes when the
  /// child exits (its pidfd becomes readable), not on a timer; blocks the calling thread. With
  /// `other`, it also returns (nil, unless the child exited too) as soon as that descriptor is
  /// readable, e.g. a `FileWatch` that saw the child write.
  public func wait(upTo limit: Duration, orUntilReadable other: CInt? = nil) -> Int32? {
    if let done = poll() { return done }
    let deadline = ContinuousClock.now + limit
    let pidfd = Self.pidfdOpen.map { $0(pid, 0) } ?? -1
    defer { if pidfd >= 0 { close(pidfd) } }
    while true {
      if let done = poll() { return done }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return nil }
      if Self.waitReadable(pidfd: pidfd, other: other, upTo: left) { return poll() }
    }
  }

  /// Polls `pidfd` (when there is one) and `other` for at most `limit`; true when `other` is
  /// readable. A kernel without pidfds (before 5.3) wakes every 10 ms to look again.
  private static func waitReadable(pidfd: CInt, other: CInt?, upTo limit: Duration) -> Bool {
    let milliseconds = CInt(min(limit / .milliseconds(1), Double(CInt.max)).rounded(.up))
    var entries: [pollfd] = []
    if pidfd >= 0 { entries.append(pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)) }
    if let other { entries.append(pollfd(fd: other, events: Int16(POLLIN), revents: 0)) }
    _ = Glibc.poll(&entries, nfds_t(entries.count), pidfd >= 0 ? milliseconds : min(milliseconds, 10))
    return other != nil && entries.last!.revents != 0
  }

  /// Waits at most `limit` for any process `pid` (not only a child) to have ended: true once it
  /// is a zombie or gone. Wakes on its pidfd becoming readable, not on a timer.
  public static func waitForEnd(ofProcess pid: pid_t, upTo limit: Duration) -> Bool {
    let deadline = ContinuousClock.now + limit
    var pidfd: CInt = -1
    if let pidfdOpen {
      pidfd = pidfdOpen(pid, 0)
      if pidfd < 0 && errno == ESRCH { return true }
    }
    defer { if pidfd >= 0 { close(pidfd) } }
    while true {
      if pidfd >= 0 {
        var entry = pollfd(fd: pidfd, events: Int16(POLLIN), revents: 0)
        if Glibc.poll(&entry, 1, 0) > 0 { return true }
      } else if hasEnded(pid) {
        return true
      }
      let left = deadline - ContinuousClock.now
      guard left > .zero else { return false }
      _ = waitReadable(pidfd: pidfd, other: nil, upTo: left)
    }
  }

  /// Gone, or a zombie, as /proc says.
  private static func hasEnded(_ pid: pid_t) -> Bool {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return true }
    let state = stat[stat.index(close, offsetBy: 2)]
    return state == "Z" || state == "X"
  }

  /// SIGTERM, then SIGKILL if it has not gone after `grace`; reaps it.
  @discardableResult
  public func stop(grace: Duration = .seconds(10)) -> Int32 {
    if let done = poll() { return done }
    kill(pid, SIGTERM)
    if let done = wait(upTo: grace) { return done }
    kill(pid, SIGKILL)
    return wait()
  }

  private typealias PidfdOpen = @convention(c) (pid_t, CUnsignedInt) -> CInt
  /// glibc ≥ 2.36 has pidfd_open, but Swift's Glibc module does not show <sys/pidfd.h>.
  private static let pidfdOpen: PidfdOpen? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pidfd_open") else { return nil }
    return unsafeBitCast(symbol, to: PidfdOpen.self)
  }()

  private static func decode(_ raw: Int32) -> Int32 { raw & 0x7f == 0 ? (raw >> 8) & 0xff : 128 + (raw & 0x7f) }

  deinit {
    if poll() == nil {
      kill(pid, SIGKILL)
      wait()
    }
  }
}

/// A pipe whose ends are close-on-exec, so that no other child inherits them.
public struct ClosingPipe: Sendable {
  public let read: CInt
  public let write: CInt

  public init() {
    var fds: [CInt] = [0, 0]
    pipe(&fds)  // pipe2 is hidden behind _GNU_SOURCE; set close-on-exec right after
    fcntl(fds[0], F_SETFD, FD_CLOEXEC)
    fcntl(fds[1], F_SETFD, FD_CLOEXEC)
    read = fds[0]
    write = fds[1]
  }

  /// Reads until every writer has closed.
  public func readAll() -> Data {
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

/// What a test reports when its set-up fails.
public struct TestFailure: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
