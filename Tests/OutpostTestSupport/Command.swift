import Foundation

/// A finished command: its exit status (128 + signal number when killed) and both outputs.
public struct CommandResult: Sendable {
  public var status: Int32
  public var stdout: String
  public var stderr: String
  /// Standard output as bytes, for a caller that decodes it.
  public var stdoutBytes: [UInt8]

  public init(status: Int32, stdout: String, stderr: String, stdoutBytes: [UInt8]? = nil) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
    self.stdoutBytes = stdoutBytes ?? Array(stdout.utf8)
  }
}

/// Runs a command to completion, capturing both outputs. `input` is written to its standard
/// input (otherwise it reads /dev/null). Both outputs and the input are served together, so a
/// command that fills one pipe while the test waits on another cannot stall.
public func runCommand(
  _ executable: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
  input: String? = nil
) throws -> CommandResult {
  let out = ClosingPipe()
  let err = ClosingPipe()
  var redirections: [CInt: CInt] = [1: out.write, 2: err.write]
  let stdin = input.map { _ in ClosingPipe() }
  if let stdin { redirections[0] = stdin.read }
  let child: ChildProcess
  do {
    child = try ChildProcess(executable, arguments, environment: environment, redirections: redirections)
  } catch {
    for fd in [out.read, out.write, err.read, err.write] { close(fd) }
    if let stdin {
      close(stdin.read)
      close(stdin.write)
    }
    throw error
  }
  close(out.write)
  close(err.write)
  var pending = Array((input ?? "").utf8)[...]
  var inputFD: CInt = -1
  if let stdin {
    close(stdin.read)
    inputFD = stdin.write
    _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
    // A command that exits without reading its input must not kill the test with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
  }
  var outputs: [CInt: [UInt8]] = [out.read: [], err.read: []]
  var open: Set<CInt> = [out.read, err.read]
  var buffer = [UInt8](repeating: 0, count: 65536)
  while !open.isEmpty || inputFD >= 0 {
    if inputFD >= 0 && pending.isEmpty {
      close(inputFD)
      inputFD = -1
      continue
    }
    var watched = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
    if inputFD >= 0 { watched.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
    guard Glibc.poll(&watched, nfds_t(watched.count), -1) >= 0 || errno == EINTR else { break }
    for entry in watched where entry.revents != 0 {
      if entry.fd == inputFD {
        let written = pending.withUnsafeBytes { write(inputFD, $0.baseAddress, $0.count) }
        if written > 0 {
          pending = pending.dropFirst(written)
        } else if written < 0 && errno != EAGAIN && errno != EINTR {
          pending = []  // the command closed its input (EPIPE): the rest is not wanted
        }
        continue
      }
      let count = read(entry.fd, &buffer, buffer.count)
      if count > 0 {
        outputs[entry.fd, default: []] += buffer[..<count]
      } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
        open.remove(entry.fd)
      }
    }
  }
  close(out.read)
  close(err.read)
  let stdoutBytes = outputs[out.read] ?? []
  return CommandResult(
    status: child.wait(), stdout: String(decoding: stdoutBytes, as: UTF8.self),
    stderr: String(decoding: outputs[err.read] ?? [], as: UTF8.self), stdoutBytes: stdoutBytes)
}

/// `runCommand` on a thread of its own, for async tests: a command that talks to a server in the
/// test process (the sandbox) must not hold a thread of the pool that server's handlers run on.
public func runCommandDetached(
  _ executable: String, _ arguments: [String], environment: [String: String] = ProcessInfo.processInfo.environment,
  input: String? = nil
) async throws -> CommandResult {
  try await blocking { try runCommand(executable, arguments, environment: environment, input: input) }
}
