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

      Its events leave the calendar files, the vdir and the feed before this returns. A CalDAV \
      calendar added with --account for it is forgotten with it (its password too) and keeps \
      the events already pushed there: `outpost calendar caldav remove URL --purge` first if \
      they should go.
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
