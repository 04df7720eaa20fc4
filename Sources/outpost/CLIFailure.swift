import ArgumentParser
import OutpostModel
import OutpostRPC

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
  /// The daemon's error as it came, for `--json`.
  var rpcError: RPCError?

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
      if Terminal.jsonRequested { Terminal.printJSON(JSONFailure(failure)) }
      throw ExitCode(failure.status.rawValue)
    }
  }
}

/// A failure under `--json`, on stdout, so that a script reading the reply reads why there is
/// none: `{"error": {"message": …, "exitStatus": 75, "code": -32003, "data": {…}}}`. The message
/// is in the user's language, as on stderr; `code` and `data` are the daemon's, when it said no.
struct JSONFailure: Encodable {
  struct Body: Encodable {
    var message: String
    var exitStatus: Int32
    var code: Int?
    var data: JSONValue?
  }
  var error: Body

  init(_ failure: CLIFailure) {
    error = Body(
      message: failure.message, exitStatus: failure.status.rawValue, code: failure.rpcError?.code,
      data: failure.rpcError?.data)
  }
}
