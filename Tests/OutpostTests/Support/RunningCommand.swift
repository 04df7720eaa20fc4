import Foundation

/// A command left running while the test acts (an `outpost account login` waiting for the user),
/// its standard output read line by line as it comes.
final class RunningCommand: @unchecked Sendable {
  private let child: ChildProcess
  private let out = ClosingPipe()
  private let err = ClosingPipe()
  private var pending: [UInt8] = []
  /// Every line read so far, for secret scans and failure messages.
  private(set) var transcript = ""

  init(_ executable: String, _ arguments: [String], environment: [String: String]) throws {
    child = try ChildProcess(
      executable, arguments, environment: environment, redirections: [1: out.write, 2: err.write])
    close(out.write)
    close(err.write)
  }

  deinit {
    close(out.read)
    close(err.read)
  }

  /// The next line of standard output (without its newline); nil once the command closed it.
  func nextLine() -> String? {
    while true {
      if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
        let line = String(decoding: pending[..<newline], as: UTF8.self)
        pending.removeSubrange(...newline)
        transcript += line + "\n"
        return line
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = read(out.read, &buffer, buffer.count)
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else {
        guard !pending.isEmpty else { return nil }
        let line = String(decoding: pending, as: UTF8.self)
        pending.removeAll()
        transcript += line
        return line
      }
      pending += buffer[..<count]
    }
  }

  /// Reads the rest of both outputs and waits for the exit status.
  func finish() -> CommandResult {
    var rest = ""
    while let line = nextLine() { rest += line + "\n" }
    let errors = String(decoding: err.readAll(), as: UTF8.self)
    transcript += errors
    return CommandResult(status: child.wait(), stdout: rest, stderr: errors)
  }
}
