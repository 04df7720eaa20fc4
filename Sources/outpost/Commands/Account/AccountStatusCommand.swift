import ArgumentParser
import OutpostModel
import OutpostRPC

struct AccountStatusCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "status",
    abstract: "Show one account's state, and check it end to end with the service.",
    discussion: """
      The check reads the password from the keyring, logs in if there is no live session, and \
      makes one call to the service. Exits 0 when the account is ok, 1 otherwise. \
      --no-check shows what the daemon knows without contacting the service.
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The account's name (see `outpost account list`).", valueName: "name"))
  var name: String

  @Flag(inversion: .prefixedNo, help: "Check with the service (default) or only show the known state.")
  var check = true

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(AccountsStatus.self, .init(name: name, check: check))
      if global.json {
        Terminal.printJSON(result)
      } else {
        print(AccountText.status(result))
      }
      if result.account.state != .ok || result.check?.ok == false {
        throw ExitCode(CLIExitStatus.daemonError.rawValue)
      }
    }
  }
}
