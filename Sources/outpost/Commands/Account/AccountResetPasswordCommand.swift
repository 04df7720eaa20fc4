import ArgumentParser
import OutpostModel
import OutpostRPC

/// `outpost account reset-password NAME`: the phone app's "Forgot password?". The service mails
/// a link to choose a new one; the command then waits for it and signs the account in with it.
struct AccountResetPasswordCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "reset-password",
    abstract: "Have the service mail you a link to choose a new password, then sign in with it.",
    discussion: """
      The service (RPP) mails the account's address a link. Open it, choose a new password, and \
      type it here (or pipe it with --password-stdin): Outpost signs the account in with it and \
      keeps it in the keyring. --no-wait only asks for the mail; `outpost account login NAME` \
      takes the new password later. Services without a reset mail say so (exit 1).

      Examples:
        outpost account reset-password work
        outpost account reset-password work --no-wait
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
  var name: String

  @Flag(name: .customLong("password-stdin"), help: "Read the new password from standard input.")
  var passwordFromStandardInput = false

  @Flag(name: .customLong("no-wait"), help: "Only ask for the mail; sign in later with `outpost account login`.")
  var noWait = false

  func validate() throws {
    if noWait && passwordFromStandardInput { throw ValidationError(localized(.accountResetNoWaitAndPassword)) }
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let sent = try connection.call(AccountsResetPassword.self, .init(name: name))
      if noWait {
        if global.json { Terminal.printJSON(sent) } else { print(localized(.accountResetSent, sent.sentTo, name)) }
        return
      }
      if !global.json { Terminal.note(localized(.accountResetSentWaiting, sent.sentTo)) }
      let secret = try SecretInput.read(
        noun: localized(.caldavPasswordNoun),
        prompt: localized(.accountResetPrompt, sent.account.username ?? sent.account.name),
        fromStandardInput: passwordFromStandardInput)
      let result = try connection.call(AccountsLogin.self, .init(name: sent.account.name, secret: secret))
      if global.json {
        Terminal.printJSON(result)
      } else {
        print(localized(.accountLoggedIn, result.account.name, AccountText.identity(result)))
      }
    }
  }
}
