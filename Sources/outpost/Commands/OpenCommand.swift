import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(Glibc)
  import Glibc
#endif

/// `outpost open LINK`: the handler of deep links (`outpost://item/42`,
/// `volleykit://assignment/<id>`, the services' web addresses), from a terminal, from a
/// notification's Open, or from the desktop (the `.desktop` file registers the schemes).
struct OpenCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "open",
    abstract: "Open a link to an item: show it here, or open the service's page in your browser.",
    discussion: """
      LINK is outpost://item/NUMBER, a VolleyKit link (volleykit://assignment/ID, exchange/ID, \
      compensation/ID) as calendar events and notifications carry them, or a service's web \
      address that names an item. In a terminal the item is shown (like `outpost show`); \
      started from the desktop (no terminal), or with --web, the service's page opens in your \
      browser (xdg-open).

      Examples:
        outpost open outpost://item/42
        outpost open volleykit://assignment/6c1e4c1e-6d0b-4d8e-9a57-3c2f1e2b9a10
        outpost open --web outpost://item/42
      """)

  @OptionGroup var global: GlobalOptions

  @Argument(help: ArgumentHelp("The link.", valueName: "link")) var link: String

  @Flag(help: "Open the service's page in the browser, even in a terminal.") var web = false
  @Flag(help: "Show the item here, even without a terminal.") var print = false

  func validate() throws {
    if web && print { throw ValidationError(localized(.openExclusive)) }
    if case .failure(let error) = DeepLink.parse(link) { throw ValidationError(error.description) }
  }

  func run() throws {
    try reportingFailures {
      guard case .success(let parsed) = DeepLink.parse(link) else { return }
      let connection = try global.connect()
      let found: ListedItem?
      if case .item(let number) = parsed {
        found = try? connection.call(ItemsShow.self, .init(number: number))
      } else {
        found = try connection.call(ItemsList.self, .init()).items.first {
          parsed.matches(number: $0.number, item: $0.item)
        }
      }
      let browser = web || (!print && isatty(1) == 0)
      guard let found else {
        if browser, case .web(let url, _) = parsed { return try Self.openInBrowser(url) }
        throw CLIFailure(.daemonError, localized(.openNoItem, link))
      }
      if browser {
        let accounts = try connection.call(AccountsList.self, NoParams()).accounts
        guard let page = Self.webPage(for: found, link: parsed, accounts: accounts) else {
          throw CLIFailure(.daemonError, localized(.openNoWebPage, link, "\(found.number)"))
        }
        return try Self.openInBrowser(page)
      }
      if global.json { Terminal.printJSON(found) } else { Swift.print(ItemText.detail(found)) }
    }
  }

  /// The page to open: the web address given, the item's own web address, or its service's
  /// start page (VolleyManager has no page per assignment; its dashboard lists them).
  static func webPage(for listed: ListedItem, link: DeepLink, accounts: [Account]) -> String? {
    if case .web(let url, _) = link { return url }
    if case .string(let url)? = listed.item.details["url"], url.hasPrefix("https://") || url.hasPrefix("http://") {
      return url
    }
    guard let account = accounts.first(where: { $0.name == listed.account }),
      account.baseURL.hasPrefix("https://") || account.baseURL.hasPrefix("http://")
    else { return nil }
    let base = account.baseURL.hasSuffix("/") ? String(account.baseURL.dropLast()) : account.baseURL
    return account.kind == "volleymanager" ? base + "/sportmanager.volleyball/main/dashboard" : base
  }

  static func openInBrowser(_ url: String) throws {
    var pid = pid_t()
    let arguments = ["xdg-open", url]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let spawned = posix_spawnp(&pid, "xdg-open", nil, nil, &argv, environ)
    guard spawned == 0 else {
      throw CLIFailure(.unavailable, localized(.openCannotRun, String(cString: strerror(spawned)), url))
    }
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    guard status == 0 else {
      throw CLIFailure(.unavailable, localized(.openFailed, url, "\(status)"))
    }
    Terminal.note(localized(.openOpened, url))
  }
}
