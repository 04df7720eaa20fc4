import ArgumentParser
import OutpostModel

@main
struct OutpostCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "outpost",
    abstract: "Talk to the Outpost daemon (outpostd): its status, its events, any JSON-RPC method.",
    discussion: """
      outpost is a thin client: everything it shows comes from outpostd over the socket \
      $XDG_RUNTIME_DIR/outpost/outpost.sock. Every command takes --json for scripts.

      Start the daemon with `systemctl --user start outpostd.socket` (it then starts on demand), \
      or run `outpostd` in a terminal.

      Exit status: 0 success; 1 the daemon answered with an error (or a component is failing); \
      64 bad command line or bad value; 69 the daemon is not running or cannot be reached; 75 \
      temporary failure (the service is unreachable, the keyring is locked): try again later; \
      76 the daemon's reply was not understood; 77 permission denied on the socket.
      """,
    version: ProductInfo.version,
    subcommands: [
      StatusCommand.self, AccountCommand.self, SyncCommand.self, ItemsCommand.self, AgendaCommand.self,
      ActionsCommand.self, DoCommand.self, AssignmentsCommand.self,
      ShowCommand.self, ExchangeCommand.self, CompensationsCommand.self, CompensationCommand.self, QueueCommand.self,
      ConflictsCommand.self, CalendarCommand.self, SnapshotCommand.self, OpenCommand.self, EventsCommand.self,
      NotificationsCommand.self, RemindersCommand.self, RawRPCCommand.self,
    ] + ServiceCommands.groups
  )

  /// The commands that scripts and bars repeat skip ArgumentParser when plainly spelled
  /// (`QuickCommandLine`); every other command line is parsed as before. A failure ends as
  /// ArgumentParser's `main` ends it.
  static func main() {
    let arguments = CommandLine.arguments.dropFirst()
    guard QuickCommandLine.isEnabled, let quick = QuickCommandLine.parse(arguments)
    else { return parsedMain() }
    do {
      try quick.run()
    } catch {
      exit(withError: error)
    }
  }

  /// ArgumentParser's `main`, but a command line it refuses under `--json` is said on stdout
  /// too, as every other failure is (`{"error": {"message": …, "exitStatus": 64}}`): a script
  /// reading the reply reads why there is none. Help and `--version` stay as they are.
  static func parsedMain() {
    do {
      var command = try parseAsRoot(nil)
      try command.run()
    } catch {
      let status = exitCode(for: error).rawValue
      // An `ExitCode` from a command's run has been reported already (`reportingFailures`).
      if Terminal.jsonRequested, status != 0, !(error is ExitCode) {
        var message = fullMessage(for: error).split(separator: "\n").first.map(String.init) ?? ""
        if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
        Terminal.printJSON(
          JSONFailure(CLIFailure(CLIExitStatus(rawValue: status) ?? .usage, message)))
      }
      exit(withError: error)
    }
  }
}
