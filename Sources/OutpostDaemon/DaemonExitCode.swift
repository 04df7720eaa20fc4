/// outpostd's exit statuses (sysexits.h values where one fits). Documented in the service unit
/// and the README; the unit's `RestartPreventExitStatus=` lists those a restart cannot fix.
public enum DaemonExitCode: Int32, Sendable {
  /// Stopped on request, cleanly.
  case ok = 0
  /// An unexpected internal failure; systemd restarts the daemon.
  case failure = 1
  /// Bad command line.
  case usage = 64
  /// The database is damaged or from a newer Outpost; it was left untouched.
  case dataError = 65
  /// A directory, the database or the socket could not be created.
  case cannotCreate = 73
  /// Another outpostd already serves this runtime directory.
  case alreadyRunning = 75
  /// `config.toml` is invalid.
  case configError = 78
}

/// A start-up failure: what to tell the user and how to exit.
public struct DaemonStartError: Error, CustomStringConvertible {
  public var exitCode: DaemonExitCode
  /// The part that failed, as `daemon.status` names it: config, store, runtime, instance, rpc.
  public var component: String
  public var message: String
  public var description: String { message }

  public init(exitCode: DaemonExitCode, component: String, message: String) {
    self.exitCode = exitCode
    self.component = component
    self.message = message
  }
}
