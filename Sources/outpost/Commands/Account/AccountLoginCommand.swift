import ArgumentParser
import OutpostModel
import OutpostRPC

struct AccountLoginCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "login",
    abstract: "Log an account in again: with its (new) password, or by signing in at the service.",
    discussion: """
      For a password account: needed after the service rejected the stored password (state \
      needs-login), after `outpost account logout`, or to replace the password in the keyring. \
      The old password stays until the service accepts the new one.

      For an account that signs in at the service's own pages (agilenetwork): prints the \
      address to open, opens your browser with --browser when there is a display (otherwise \
      it only prints it), with --device shows a code to type on any device, or with \
      --magic-link EMAIL has the service mail you a sign-in link (open it on this computer: \
      `outpost open` receives it, and only this machine can use it); then waits until you have \
      signed in and exits 0 (Ctrl-C stops waiting; a mailed link still works afterwards). The refresh token the service issues goes to your \
      keyring only. Without either flag, the browser is used when there is a display. With \
      --json, the begin and the final wait replies are printed, one JSON object per line.

      Examples:
        outpost account login volleymanager
        outpost account login agilenetwork --browser
        outpost account login agilenetwork --device
        outpost account login fan --magic-link fan@example.com
        outpost account login me --browser        (a ViiRaa account that signs in with Google)
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The account's name.", valueName: "name"))
  var name: String

  @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input.")
  var passwordFromStandardInput = false

  @Flag(help: "Sign in with a code typed on any device (no browser needed here).")
  var device = false

  @Flag(help: "Sign in in the browser, which comes back to Outpost on 127.0.0.1.")
  var browser = false

  @Option(
    name: .customLong("magic-link"),
    help: ArgumentHelp("Have the service mail a sign-in link to this address.", valueName: "email"))
  var magicLink: String?

  func validate() throws {
    if [device, browser, magicLink != nil].filter({ $0 }).count > 1 {
      throw ValidationError(localized(.accountLoginMethodsExclusive))
    }
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let account = try connection.call(AccountsStatus.self, .init(name: name, check: false)).account
      let kind = try? connection.call(AccountsKinds.self, NoParams()).kinds.first { $0.kind == account.kind }
      // A service with a password as well (ViiRaa: Google or a password) signs in at its
      // pages only when asked with --browser or --device.
      if let kind, !kind.loginMethods.isEmpty, !passwordFromStandardInput,
        kind.authentication == "oauth" || device || browser || magicLink != nil
      {
        let requested: LoginMethod? = device ? .device : browser ? .browser : nil
        return try InteractiveSignIn(connection: connection, json: global.json, account: account, kind: kind)
          .run(requested, email: magicLink)
      }
      if device || browser || magicLink != nil {
        throw CLIFailure(.usage, localized(.accountPasswordKind, account.kind))
      }
      let secret = try SecretInput.read(
        noun: localized(.caldavPasswordNoun),
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
