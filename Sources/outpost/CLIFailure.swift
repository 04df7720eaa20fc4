import ArgumentParser

/// The CLI's exit statuses (sysexits.h values where one fits); listed in `outpost --help`.
enum CLIExitStatus: Int32 {
  case ok = 0
  /// The daemon answered with an error, or reports a failing component.
  case daemonError = 1
  case usage = 64
  /// The daemon is not running, or the connection broke.
  case unavailable = 69
  /// Temporary: the service is unreachable or the keyring is locked; try again later.
  case tempFail = 75
  /// The daemon's reply could not be understood.
  case protocolError = 76
  case permissionDenied = 77
}

/// A failure to report on stderr and exit with.
struct CLIFailure: Error {
  var status: CLIExitStatus
  var message: String

  init(_ status: CLIExitStatus, _ message: String) {
    self.status = status
    self.message = message
  }
}

extension ParsableCommand {
  /// Runs `body`, turning a `CLIFailure` into its message and exit status.
  func reportingFailures(_ body: () throws -> Void) throws { try Self.reportingFailures(body) }

  /// The same for a command run without an instance (`QuickCommandLine`).
  static func reportingFailures(_ body: () throws -> Void) throws {
    do {
      try body()
    } catch let failure as CLIFailure {
      Terminal.error(failure.message)
      throw ExitCode(failure.status.rawValue)
    }
  }
}
