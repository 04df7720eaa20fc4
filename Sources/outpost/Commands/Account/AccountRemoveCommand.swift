import ArgumentParser
import OutpostModel
import OutpostRPC

struct AccountRemoveCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "remove",
    abstract: "Remove an account, its password and everything cached for it.",
    discussion: """
      Refused while the account has queued actions not yet sent to the service (the error says \
      how many); --force removes it anyway and discards them.
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
  var name: String

  @Flag(help: "Remove even if queued actions would be lost.")
  var force = false

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(AccountsRemove.self, .init(name: name, force: force ? true : nil))
      if global.json {
        Terminal.printJSON(result)
      } else if result.discardedActions > 0 {
        print(localized(.accountRemovedWithActions, result.account.name, "\(result.discardedActions)"))
      } else {
        print(localized(.accountRemoved, result.account.name))
      }
    }
  }
}
