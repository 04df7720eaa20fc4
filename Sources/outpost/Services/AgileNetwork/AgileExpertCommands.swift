import ArgumentParser
import OutpostModel
import OutpostRPC

/// An expert's page (`outpost agile experts SLUG`) and `outpost agile subscribe SLUG`, from the
/// connector's live `agile.expert` question: the bio, the stats, the library with what is
/// locked and how to unlock it. Subscribing happens on the brand's web page, which opens.
enum AgileExpertPage {
  static func show(_ slug: String, account: String?, global: GlobalOptions) throws {
    let answer = try profile(slug, account: account, global: global)
    if global.json {
      Terminal.printJSON(answer)
      return
    }
    print(lines(answer.result).joined(separator: "\n"))
  }

  static func profile(_ slug: String, account: String?, global: GlobalOptions) throws -> QueriesRun.Result {
    let connection = try global.connect()
    let name = try account ?? AgileLookup.onlyAccount(connection)
    return try connection.call(
      QueriesRun.self, .init(query: "agile.expert", account: name, params: ["slug": .string(slug), "first": 10]))
  }

  static func lines(_ expert: JSONValue) -> [String] {
    let slug = expert["slug"]?.stringValue ?? "?"
    let name = expert["name"]?.stringValue ?? slug
    var lines = [[name, expert["category"]?["name"]?.stringValue].compactMap { $0 }.joined(separator: " · ")]
    if let bio = expert["bio"]?.stringValue, !bio.isEmpty { lines.append("  " + bio) }
    let stats = expert["stats"]
    lines.append(
      "  "
        + localized(
          .agileExpertStats, count(stats?["subscribers"]), count(stats?["videos"]), count(stats?["articles"]),
          count(stats?["locked"])))
    var standing = [
      expert["viewerIsFollowing"] == .bool(true)
        ? localized(.agileFollowing) : localized(.agileExpertNotFollowing, slug)
    ]
    if expert["subscribed"] == .bool(true) {
      standing.append(localized(.agileExpertSubscribed))
    } else if let price = price(expert["offer"]) {
      standing.append(localized(.agileExpertOffer, price, slug))
    }
    lines.append("  " + standing.joined(separator: " · "))
    let library = AgileText.array(expert["library"])
    guard !library.isEmpty else {
      lines.append("  " + localized(.agileExpertLibraryEmpty))
      return lines
    }
    lines.append(localized(.agileExpertLibrary))
    for item in library {
      let day = (item["publishedAt"]?.stringValue).map { ItemText.day(iso: String($0.prefix(10))) } ?? ""
      let type = item["type"] == "VIDEO" ? "▶" : "¶"
      var line = "  \(day)  \(type) " + (item["title"]?.stringValue ?? "")
      if item["locked"] == .bool(true) { line += "  [" + localized(.agileExpertLocked, name, slug) + "]" }
      lines.append(line)
    }
    if expert["libraryMore"] == .bool(true), let page = expert["webUrl"]?.stringValue {
      lines.append(localized(.agileExpertLibraryMore, page))
    }
    return lines
  }

  /// `outpost show`'s extra for this service (`ServiceCommands.showExtras`): a followed
  /// expert's profile and library, live (`outpost agile experts SLUG`).
  @Sendable static func showExtra(_ listed: ListedItem, global: GlobalOptions) {
    guard listed.service == AgileLookup.kind, listed.item.kind.rawValue == "expert",
      let slug = listed.item.details["slug"]?.stringValue
    else { return }
    appendLive(slug, account: listed.account, global: global)
  }

  /// Under `outpost show` of a followed expert: the profile's lines but its first (the item
  /// shown says who it is); when the brand cannot be asked, a note says where to look later.
  static func appendLive(_ slug: String, account: String, global: GlobalOptions) {
    do {
      let answer = try profile(slug, account: account, global: global)
      print("")
      print(lines(answer.result).dropFirst().joined(separator: "\n"))
    } catch {
      Terminal.note(localized(.agileExpertProfileLater, slug))
    }
  }

  static func count(_ value: JSONValue?) -> String { value?.int64Value.map { "\($0)" } ?? "0" }

  /// "USD 9.99 a month", as the reader writes the amount.
  static func price(_ offer: JSONValue?) -> String? {
    guard let price = offer?["price"], let minor = price["amountMinor"]?.int64Value,
      let currency = price["currency"]?.stringValue
    else { return nil }
    let amount = currency + " " + numberStyle.decimal(MinorUnits.decimal(minor, currency: currency))
    return offer?["interval"] == "YEAR"
      ? localized(.agileIntervalYear, amount) : localized(.agileIntervalMonth, amount)
  }
}

/// `outpost agile subscribe SLUG`: the brand sells subscriptions on its web page, so Outpost
/// opens the expert's checkout there (agile-network.md: purchase happens on the web).
struct AgileSubscribe: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "subscribe",
    abstract: "Subscribe to an expert: opens the brand's checkout page in the browser.",
    discussion: """
      The purchase happens on the brand's web page, never in Outpost; the subscription shows \
      in `outpost agile subscriptions` after the next sync, and what it unlocks in the \
      expert's library (`outpost agile experts SLUG`). --no-open only prints the address.

      Examples:
        outpost agile subscribe john-doe
        outpost agile subscribe john-doe --no-open --json
      """)
  @OptionGroup var global: GlobalOptions
  @Argument(help: ArgumentHelp("The expert's slug (`outpost agile experts`).", valueName: "slug")) var slug: String
  @Flag(help: "Do not open the page; only print its address.") var noOpen = false
  @Option(help: ArgumentHelp("The account (brand), when you have several.", valueName: "name")) var account: String?

  func run() throws {
    try reportingFailures {
      let expert = try AgileExpertPage.profile(slug, account: account, global: global).result
      let name = expert["name"]?.stringValue ?? slug
      let subscribed = expert["subscribed"] == .bool(true)
      let page = expert["subscribeUrl"]?.stringValue ?? expert["webUrl"]?.stringValue
      if global.json {
        Terminal.printJSON(
          [
            "slug": .string(slug), "subscribed": .bool(subscribed), "url": page.map { .string($0) } ?? .null,
            "offer": expert["offer"] ?? .null,
          ] as JSONValue)
      } else if subscribed {
        print(localized(.agileSubscribeAlready, name))
      } else if let price = AgileExpertPage.price(expert["offer"]), let page {
        print(localized(.agileSubscribeOpening, name, price, page))
      } else {
        print(localized(.agileSubscribeNoOffer, name, page ?? "?"))
      }
      if !subscribed, !noOpen, let page { try OpenCommand.openInBrowser(page) }
    }
  }
}
