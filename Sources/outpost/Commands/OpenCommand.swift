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
      LINK is `next` (the first item the status bar shows: what a click on the bar opens), \
      outpost://item/NUMBER, a VolleyKit link (volleykit://assignment/ID, exchange/ID, \
      compensation/ID) as calendar events and notifications carry them, or a service's web \
      address that names an item. A sign-in link mailed by a service (`outpost account login \
      NAME --magic-link EMAIL`) comes back here too, as <scheme>://auth/callback?…: it signs \
      the account in, on the machine that asked for it only. In a terminal the item is shown (like `outpost show`); \
      started from the desktop (no terminal), or with --web, the service's page opens in your \
      browser (xdg-open).

      Examples:
        outpost open next
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
    if link == Self.next { return }
    // Which schemes outpostd opens is the connectors' to say; here only that it is a link.
    let trimmed = String(link.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard let colon = trimmed.firstIndex(of: ":"), colon != trimmed.startIndex else {
      throw ValidationError(
        "\"\(trimmed)\" is not a link (expected e.g. outpost://item/42 or volleykit://assignment/ID)")
    }
  }

  /// The link that names the bar's first item.
  static let next = "next"

  func run() throws {
    try reportingFailures {
      let connection = try global.connect()
      let link = link == Self.next ? try Self.nextItemLink(connection) : link
      let resolved = try connection.call(ItemsResolve.self, .init(link: link))
      if let signedIn = resolved.signedIn {
        // A mailed sign-in link came back: the account is signed in.
        if global.json {
          Terminal.printJSON(signedIn)
        } else {
          let who = AccountText.identity(signedIn.identity, fallback: signedIn.account.name)
          Swift.print(localized(.accountSignedInWithLink, signedIn.account.name, who))
        }
        return
      }
      if let command = resolved.command {
        // A link that starts something (a booking): what to run, for the user to finish.
        if global.json { Terminal.printJSON(resolved) } else { Swift.print(command) }
        return
      }
      let browser = web || (!print && isatty(1) == 0)
      if browser {
        guard let page = resolved.webPage else {
          if resolved.item == nil { throw CLIFailure(.daemonError, localized(.openNoItem, link)) }
          throw CLIFailure(.daemonError, localized(.openNoWebPage, link, "\(resolved.item!.number)"))
        }
        return try Self.openInBrowser(page)
      }
      guard let found = resolved.item else {
        // Nothing here, but the service has a page for it (a brand's content not synced).
        if let page = resolved.webPage, !global.json {
          if print {
            Swift.print(page)
            return
          }
          return try Self.openInBrowser(page)
        }
        throw CLIFailure(.daemonError, localized(.openNoItem, link))
      }
      if global.json { Terminal.printJSON(found) } else { Swift.print(ItemText.detail(found)) }
    }
  }

  /// The first of the bar's next items (snapshot.json's `next`), as an item link: the same the
  /// bar shows, so a click opens what it reads.
  static func nextItemLink(_ connection: DaemonConnection) throws -> String {
    let snapshot = try connection.call(SnapshotGet.self, .init(format: "json"))
    guard let document = try? JSONCoding.decode(JSONValue.self, from: snapshot.content.utf8),
      case .array(let next)? = document["next"], let number = next.first?["id"]?.int64Value
    else { throw CLIFailure(.daemonError, localized(.openNothingNext)) }
    return "outpost://item/\(number)"
  }

  /// A browser that cannot be started or opens nothing (no display) fails the command with 1,
  /// the address said: 69 means the daemon cannot be reached.
  static func openInBrowser(_ url: String) throws {
    var pid = pid_t()
    let arguments = ["xdg-open", url]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    let spawned = posix_spawnp(&pid, "xdg-open", nil, nil, &argv, environ)
    guard spawned == 0 else {
      throw CLIFailure(.daemonError, localized(.openCannotRun, String(cString: strerror(spawned)), url))
    }
    var status: Int32 = 0
    _ = waitpid(pid, &status, 0)
    guard status == 0 else {
      throw CLIFailure(.daemonError, localized(.openFailed, url, "\(status)"))
    }
    Terminal.note(localized(.openOpened, url))
  }
}
