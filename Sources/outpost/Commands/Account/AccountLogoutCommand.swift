import ArgumentParser
import OutpostModel
import OutpostRPC

struct AccountLogoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "logout",
    abstract: "Log an account out and delete its password from the keyring; its data stays.")

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
  var name: String

  @Flag(help: "Also sign out on every other device (RPP); refused where the service cannot.")
  var everywhere = false

  func run() throws {
    try reportingFailures {
      let result = try global.connect().call(
        AccountsLogout.self, .init(name: name, everywhere: everywhere ? true : nil))
      if global.json {
        Terminal.printJSON(result)
      } else {
        print(localized(result.secretDeleted ? .accountLoggedOut : .accountLoggedOutNoSecret, result.account.name))
      }
    }
  }
}
