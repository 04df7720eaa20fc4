import ArgumentParser
import Foundation
import OutpostDaemon
import OutpostModel

#if canImport(Glibc)
  import Glibc
#endif

@main
struct OutpostdCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outpostd",
    abstract: "The Outpost daemon: keeps your services' data, calendars and reminders on this desktop.",
    discussion: """
      outpostd serves the `outpost` command and other clients over a JSON-RPC socket. Usually \
      systemd starts it on demand (`systemctl --user enable --now outpostd.socket`); run it by hand \
      to see its log on the terminal.

      Files (each overridable by the environment variable shown):
        socket    $XDG_RUNTIME_DIR/outpost/outpost.sock   OUTPOST_RUNTIME_DIR, OUTPOST_SOCKET, --socket
        database  $XDG_DATA_HOME/outpost/outpost.sqlite   OUTPOST_DATA_DIR
        config    $XDG_CONFIG_HOME/outpost/config.toml    OUTPOST_CONFIG_DIR

      Exit status: 0 stopped cleanly; 1 internal failure; 64 bad command line; 65 database damaged \
      or from a newer Outpost (left untouched); 73 cannot create a directory, the database or the \
      socket; 75 another outpostd is already running; 78 invalid config.toml.
      """,
    version: ProductInfo.version)

  @Option(help: ArgumentHelp("Listen on this socket path instead of the default.", valueName: "path"))
  var socket: String?

  @Option(
    help: ArgumentHelp(
      "Least severe log level: trace, debug, info, notice, warning, error or critical (overrides config.toml).",
      valueName: "level"))
  var logLevel: String?

  @Flag(help: "Print a config.toml with every key, its default and its meaning, then exit.")
  var printConfig = false

  @Flag(help: "Check config.toml and exit: 0 when valid, 78 with the problems otherwise.")
  var checkConfig = false

  @Flag(
    help: """
      Print the link schemes `outpost open` takes (outpost and each service app's), one per \
      line, then exit: what install.sh registers with the desktop.
      """)
  var printLinkSchemes = false

  @Flag(
    help: """
      Check the Secret Service keyring Outpost keeps credentials in, and exit: 0 when it is \
      unlocked, 69 when it cannot be used (locked, no default collection, no Secret Service, no \
      session bus), with what to do.
      """)
  var checkKeyring = false

  /// systemd starts outpostd without arguments (outpostd.service's `ExecStart=`), and a client
  /// waits on the socket meanwhile: that start skips ArgumentParser, whose parse of an empty
  /// command line (the runtime instantiating its generic types and checking their
  /// conformances, the completion-script check) was 2.5 ms of a 20 ms socket-activated start
  /// (docs/performance.md, "Start to ready"). Every other command line is parsed as before.
  static func main() async {
    guard CommandLine.arguments.count == 1 else { return await main(nil) }
    do {
      try await startDaemon(socket: nil, logLevel: nil, checkConfig: false)
    } catch {
      exit(withError: error)
    }
  }

  func run() async throws {
    if printConfig {
      print(DaemonConfigurationDocs.defaultFile, terminator: "")
      return
    }
    if printLinkSchemes {
      // With the user's brands when their config.toml reads; the shipped ones otherwise.
      let configuration =
        (try? OutpostPaths.resolve(environment: ProcessInfo.processInfo.environment))
        .flatMap { try? DaemonConfiguration.load(path: $0.configFilePath) } ?? DaemonConfiguration()
      for name in LinkSchemes.names(configuration: configuration) { print(name) }
      return
    }
    if checkKeyring {
      let report = await KeyringCheck.run()
      print(report.message)
      if !report.usable { throw ExitCode(69) }
      return
    }
    try await Self.startDaemon(socket: socket, logLevel: logLevel, checkConfig: checkConfig)
  }

  /// Checks the configuration (with `checkConfig`) or runs the daemon until it stops; what the
  /// parsed command and an argument-less start share.
  static func startDaemon(socket: String?, logLevel: String?, checkConfig: Bool) async throws {
    HeapHygiene.limitArenas()
    let environment = ProcessInfo.processInfo.environment
    let paths: OutpostPaths
    do {
      paths = try OutpostPaths.resolve(environment: environment, socketOverride: socket)
    } catch {
      throw ValidationError(error.description)
    }
    if checkConfig {
      do {
        _ = try DaemonConfiguration.load(path: paths.configFilePath)
        print("\(paths.configFilePath): valid")
        return
      } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        throw ExitCode(DaemonExitCode.configError.rawValue)
      }
    }
    var level: DaemonLogLevel?
    if let logLevel {
      guard let parsed = DaemonLogLevel(logLevel) else {
        throw ValidationError(
          "unknown log level '\(logLevel)'; use trace, debug, info, notice, warning, error or critical")
      }
      level = parsed
    }
    signal(SIGPIPE, SIG_IGN)
    let code = await Daemon.run(.init(paths: paths, logLevel: level, environment: environment))
    if code != .ok { throw ExitCode(code.rawValue) }
  }
}
