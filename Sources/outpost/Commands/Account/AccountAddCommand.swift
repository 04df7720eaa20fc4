import ArgumentParser
import OutpostModel
import OutpostRPC

struct AccountAddCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an account: checks the password with the service, then keeps it in the keyring.",
    discussion: """
      KIND is the service: volleymanager (Swiss Volley's VolleyManager), ical (any iCal feed: \
      https://, webcal:// or file://; its address usually holds a personal token, so it is asked \
      for like a password and kept in the keyring), or tasks (a to-do list on a Supabase \
      project: the password signs in once, then the keyring keeps the rotating refresh token; \
      --option apiKey=KEY sets the project's public key), rpp (RPP photo shoots: Firebase \
      sign-in; --base-url is required, your RPP deployment's API address, and --option \
      firebase_api_key=KEY its Firebase key; `outpost rpp --help`), viiraa (ViiRaa glucose coaching, on Supabase like tasks; \
      --option timeZone=ZONE overrides the profile's, `outpost viiraa --help`), agility (a \
      freelancer's invoices, transactions and estimated tax, on Supabase; --option \
      timeZone=ZONE, --option incomeTaxRate=PERCENT, `outpost agility --help`), or agilenetwork \
      (one of the Agile Network's brands, picked with --brand ID from the brands Outpost is \
      configured with: share/outpost/presets.toml and [[agile.brands]] in config.toml; no \
      password here: the account is added waiting for `outpost account login NAME`, which signs \
      in at the brand's Keycloak). The password is asked for without echo; for \
      scripts, pipe it in with --password-stdin. Nothing is saved unless \
      the service accepts the login, and the reason is shown when it does not (wrong password, \
      service unreachable, two-factor account, unexpected reply).

      Examples:
        outpost account add volleymanager --username referee@example.ch
        pass show volleymanager | outpost account add volleymanager --username referee@example.ch --password-stdin
        outpost account add volleymanager --name test --username demo --base-url http://127.0.0.1:8080
        echo "webcal://volleymanager.volleyball.ch/indoor/iCal/referee/ABC123" | outpost account add ical --name vm-feed --password-stdin
        outpost account add tasks --username me@example.ch --base-url https://PROJECT.supabase.co --option apiKey=ANON_KEY
        outpost account add viiraa --name me --username libre@example.com --base-url https://PROJECT.supabase.co --option apiKey=ANON_KEY
        (outpost-sandbox --print-presets prints these for the sandbox, with its addresses and keys.)
        outpost account add rpp --name work --username ana@bayrealty.com --base-url https://api.example.com/v1 --option firebase_api_key=KEY
        outpost account add agilenetwork --brand BRAND_ID --name fan
        outpost account add agilenetwork --brand BRAND_ID --name fan --magic-link fan@example.com
      """)

  @OptionGroup var global: GlobalOptions

  @Flag(
    help: ArgumentHelp(
      "Add it without a password, to sign in at the service's pages (a ViiRaa account made with Google)."))
  var browser = false

  @Argument(help: ArgumentHelp("The kind of service, e.g. volleymanager.", valueName: "kind"))
  var kind: String

  @Option(help: ArgumentHelp("A name for the account (default: the kind).", valueName: "name"))
  var name: String?

  @Option(help: ArgumentHelp("Your username at the service.", valueName: "username"))
  var username: String?

  @Option(
    name: .customLong("base-url"),
    help: ArgumentHelp(
      "The service's address, when not the public one (a test server); required for rpp, which has none.",
      valueName: "url"))
  var baseURL: String?

  @Option(
    name: .customLong("option"),
    help: ArgumentHelp(
      "A setting of the service that is not a secret, as KEY=VALUE (repeatable): an API key apps ship, a brand.",
      valueName: "key=value"))
  var options: [String] = []

  @Option(
    help: ArgumentHelp(
      "The brand, for a service with several (agilenetwork): its id among the configured brands; "
        + "the same as --option brand=ID.", valueName: "id"))
  var brand: String?

  @Flag(name: .customLong("password-stdin"), help: "Read the password from standard input.")
  var passwordFromStandardInput = false

  @Option(
    name: .customLong("magic-link"),
    help: ArgumentHelp(
      "Then sign in with a link the service mails to this address (see `outpost account login --help`).",
      valueName: "email"))
  var magicLink: String?

  @Flag(help: "Then sign in with a code typed on any device (see `outpost account login --help`).")
  var device = false

  func validate() throws {
    if let name, let problem = AccountValidation.problem(withName: name) { throw ValidationError(problem) }
    if let username, let problem = AccountValidation.problem(withUsername: username) {
      throw ValidationError(problem)
    }
    if let baseURL, case .failure(let problem) = AccountValidation.normalizedBaseURL(baseURL) {
      throw ValidationError(problem.description)
    }
    for option in options where !option.contains("=") || option.hasPrefix("=") {
      throw ValidationError(localized(.optionMalformed, option))
    }
    if magicLink != nil && device { throw ValidationError(localized(.accountLoginMethodsExclusive)) }
  }

  private var optionValues: [String: String]? {
    guard !options.isEmpty || brand != nil else { return nil }
    var values: [String: String] = [:]
    for option in options {
      let parts = option.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      values[String(parts[0])] = String(parts[1])
    }
    if let brand { values["brand"] = brand }
    return values
  }

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      // A kind that signs in at the service's own pages takes no password: the account waits
      // for `outpost account login NAME`.
      let kinds = try? connection.call(AccountsKinds.self, NoParams()).kinds
      let described = kinds?.first { $0.kind == kind }
      // An unknown kind is said before the password is asked for, not after.
      if let kinds, described == nil {
        throw CLIFailure(.usage, localized(.accountUnknownKind, kind, kinds.map(\.kind).joined(separator: ", ")))
      }
      // A password piped to a kind that has none would be taken for a refresh token and
      // refused by the service as "invalid_grant": said here, before anything is sent.
      if passwordFromStandardInput, described?.authentication == "oauth" {
        throw CLIFailure(.usage, localized(.accountNoPasswordKind, kind))
      }
      // A service with a password as well (ViiRaa: Google or a password) waits for a sign-in
      // at its pages only with --browser.
      let signsInInteractively =
        !passwordFromStandardInput && described?.loginMethods.isEmpty == false
        && (described?.authentication == "oauth" || browser)
      if signsInInteractively {
        let result = try connection.call(
          AccountsAdd.self,
          .init(kind: kind, name: name, username: username, baseURL: baseURL, secret: nil, options: optionValues))
        if let described, magicLink != nil || device {
          // Straight on to the sign-in the user asked for.
          if global.json { Terminal.printJSON(result) }
          return try InteractiveSignIn(
            connection: connection, json: global.json, account: result.account, kind: described
          ).run(device ? .device : nil, email: magicLink)
        }
        if global.json {
          Terminal.printJSON(result)
        } else {
          // The message ends with the command; a service with a password as well needs the flag.
          let flag = described?.authentication == "oauth" ? "" : " --browser"
          print(localized(.accountAddedNeedsLogin, result.account.name, result.account.kind) + flag)
        }
        return
      }
      let isFeed = kind == "ical"
      let secret = try SecretInput.read(
        noun: localized(isFeed ? .secretNounFeedAddress : .caldavPasswordNoun),
        prompt: isFeed
          ? "Feed address (https://, webcal:// or file://): "
          : localized(.accountSecretPrompt, "Password", username ?? kind, baseURL ?? kind),
        fromStandardInput: passwordFromStandardInput)
      let result = try connection.call(
        AccountsAdd.self,
        .init(kind: kind, name: name, username: username, baseURL: baseURL, secret: secret, options: optionValues))
      if global.json {
        Terminal.printJSON(result)
      } else {
        print(
          localized(
            .accountAdded, result.account.name, result.account.kind, AccountText.identity(result)))
      }
    }
  }
}
