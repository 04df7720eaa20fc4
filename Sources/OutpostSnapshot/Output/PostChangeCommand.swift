import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A shell command run after the snapshot files changed, to tell a bar to re-read them
/// (`pkill -RTMIN+8 waybar`). One string run by `/bin/sh -c`, as users write it in a config
/// file. Its output is discarded; it gets a time limit, after which its process group is killed;
/// how it ended is returned, never thrown, so a broken command cannot hurt the daemon.
public struct PostChangeCommand: Sendable, Equatable {
  public var shellCommand: String
  public var timeout: Duration

  public init(_ shellCommand: String, timeout: Duration = .seconds(5)) {
    self.shellCommand = shellCommand
    self.timeout = timeout
  }

  public enum Outcome: Sendable, Equatable, CustomStringConvertible {
    case exited(Int32)
    case signalled(Int32)
    /// Still running at the time limit: its process group was killed.
    case timedOut
    case failedToStart(String)

    public var succeeded: Bool { self == .exited(0) }

    public var description: String {
      switch self {
      case .exited(let code): "exited with status \(code)"
      case .signalled(let signal): "killed by signal \(signal)"
      case .timedOut: "still running at its time limit; stopped"
      case .failedToStart(let reason): "could not start: \(reason)"
      }
    }
  }

  /// Runs the command and waits for it without blocking a thread: the child is polled with
  /// `waitpid(WNOHANG)` between short sleeps (it is reaped on its own pid, never with -1, so other
  /// children of the daemon are left alone).
  public func run() async -> Outcome {
    let pid: pid_t
    switch spawn() {
    case .success(let started): pid = started
    case .failure(let failure): return .failedToStart(failure.reason)
    }
    let deadline = ContinuousClock.now.advanced(by: timeout)
    var pause = Duration.milliseconds(2)
    while true {
      var status: Int32 = 0
      let result = waitpid(pid, &status, WNOHANG)
      if result == pid { return Self.decode(status) }
      if result < 0 && errno != EINTR { return .failedToStart("waitpid: \(String(cString: strerror(errno)))") }
      if ContinuousClock.now >= deadline || Task.isCancelled {
        kill(-pid, SIGKILL)
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return .timedOut
      }
      try? await Task.sleep(for: pause)
      pause = min(pause * 2, .milliseconds(50))
    }
  }

  struct SpawnFailure: Error { var reason: String }

  /// `/bin/sh -c …` with stdio on /dev/null, nothing else inherited, default signal handling, in
  /// a process group of its own (so a timeout stops whatever the shell started too).
  private func spawn() -> Result<pid_t, SpawnFailure> {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    // The daemon's sockets are not all close-on-exec (NIO's are not): a bar signaller must not
    // keep them open.
    if let addCloseFrom = Self.addCloseFrom { _ = addCloseFrom(&actions, 3) }
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
    posix_spawnattr_setpgroup(&attributes, 0)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
    let words: [String] = ["sh", "-c", shellCommand]
    let argv = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let result = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
    guard result == 0 else { return .failure(SpawnFailure(reason: String(cString: strerror(result)))) }
    return .success(pid)
  }

  private static func decode(_ status: Int32) -> Outcome {
    status & 0x7f == 0 ? .exited((status >> 8) & 0xff) : .signalled(status & 0x7f)
  }

  private typealias AddCloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, CInt) -> CInt
  /// glibc ≥ 2.34 has it, but its header hides it behind _GNU_SOURCE.
  private static let addCloseFrom: AddCloseFrom? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") else {
      return nil
    }
    return unsafeBitCast(symbol, to: AddCloseFrom.self)
  }()
}
