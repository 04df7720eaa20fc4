import ArgumentParser
import OutpostModel

/// Options every command takes.
struct GlobalOptions: ParsableArguments {
  @Flag(help: "Print machine-readable JSON instead of text.")
  var json = false

  @Option(
    help: ArgumentHelp(
      "The daemon's socket (default: $OUTPOST_SOCKET, else $OUTPOST_RUNTIME_DIR/outpost.sock, else $XDG_RUNTIME_DIR/outpost/outpost.sock).",
      valueName: "path"))
  var socket: String?

  /// Connects to the daemon, or fails with a message that says how to start it.
  func connect() throws -> DaemonConnection { try Self.connect(socket: socket) }

  /// The same for a `--socket` read without ArgumentParser (`QuickCommandLine`).
  static func connect(socket: String?) throws -> DaemonConnection {
    let paths: OutpostPaths
    do {
      paths = try OutpostPaths.resolve(environment: ProcessEnvironment.current(), socketOverride: socket)
    } catch {
      throw CLIFailure(.usage, error.description)
    }
    return try DaemonConnection(socketPath: paths.socketPath)
  }
}
