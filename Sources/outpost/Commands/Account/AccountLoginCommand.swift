import ArgumentParser
import OutpostModel
import OutpostRPC

struct AccountLoginCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Log an account in again with its (new) password.",
    discussion: """
      Needed after the service rejected the stored password (state needs-login), after \
      `outpost account logout`, or to replace the password in the keyring. The old password \
      stays until the service accepts the new one.
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
  var name: String

  @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input.")
  var passwordFromStandardInput = false

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let account = try connection.call(AccountsStatus.self, .init(name: name, check: false)).account
      let secret = try SecretInput.read(
        noun: "password",
        prompt: localized(.accountSecretPrompt, "Password", account.username ?? account.name, account.baseURL),
        fromStandardInput: passwordFromStandardInput)
      let result = try connection.call(AccountsLogin.self, .init(name: name, secret: secret))
      if global.json {
        Terminal.printJSON(result)
      } else {
        print(localized(.accountLoggedIn, result.account.name, AccountText.identity(result)))
      }
    }
  }
}
