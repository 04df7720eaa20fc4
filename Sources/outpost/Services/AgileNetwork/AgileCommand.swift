import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost agile …`: experts followed at the Agile Network's brands. A thin front for the
/// generic RPC: followed experts, content, subscriptions and settings are items
/// (`items.list`); following, cancelling and settings are the connector's declared actions
/// (`actions.perform`, queued offline); browsing experts is its live query (`queries.run`).
struct AgileCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "agile",
    abstract: "Agile Network brands: new content from experts you follow, follows, subscriptions.",
    discussion: """
      Add an account per brand with `outpost account add agilenetwork --brand ID --name NAME`, then \
      `outpost account login NAME` (in the browser, or --device). The brands come from \
      configuration: Outpost's share/outpost/presets.toml and [[agile.brands]] in config.toml.

      Following, unfollowing, cancelling and notification settings work offline: they are \
      queued and sent when the brand can be reached; each is safe to send twice. A \
      subscription the App Store or Google Play bills is cancelled there: Outpost opens its page.

      Examples:
        outpost agile feed
        outpost agile brands
        outpost agile experts --search jordan
        outpost agile experts --category basketball
        outpost agile experts john-doe
        outpost agile subscribe john-doe
        outpost agile follow john-doe
        outpost agile subscriptions
        outpost agile cancel john-doe
        outpost agile notifications --promotions off
      """,
    subcommands: [
      Feed.self, Brands.self, Experts.self, AgileSubscribe.self, Categories.self, Following.self, Follow.self,
      Unfollow.self,
      Subscriptions.self,
      Cancel.self, Notifications.self,
    ], defaultSubcommand: Feed.self)

  struct Feed: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "feed",
      abstract: "New videos and articles from the experts you follow, newest first (last 30 days).")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this account's (one brand).", valueName: "name")) var account: String?
    @Option(help: ArgumentHelp("Only this expert's (slug).", valueName: "slug")) var expert: String?
    @Option(help: ArgumentHelp("At most this many.", valueName: "count")) var limit: Int = 20

    func run() throws {
      try reportingFailures {
        let listed = try AgileLookup.listed("content", account: account, global)
        var content = listed.items.sorted { AgileText.published($0) > AgileText.published($1) }
        if let expert { content = content.filter { $0.item.details["expertSlug"]?.stringValue == expert } }
        content = Array(content.prefix(max(1, limit)))
        if global.json {
          Terminal.printJSON(ItemsList.Result(items: content, freshness: listed.freshness))
          return
        }
        FreshnessBanner.show(listed.freshness)
        guard !content.isEmpty else {
          print(localized(.agileNoContent))
          return
        }
        for listed in content {
          let details = listed.item.details
          let day = AgileText.published(listed).prefix(10)
          let who = details["expert"]?.stringValue ?? ""
          print(
            "#\(listed.number)".padding(to: 6) + " \(day)  \(listed.item.title) — \(who)  [\(AgileText.kind(details))]")
          if let url = details["url"]?.stringValue { print("       " + url) }
          // Locked: how to unlock it, where the user meets it (not only in the expert's profile).
          if details["locked"] == .bool(true), let slug = details["expertSlug"]?.stringValue {
            print("       " + localized(.agileExpertLocked, who, slug))
          }
        }
      }
    }
  }

  struct Brands: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "brands",
      abstract: "The brands outpostd is configured with: the ids `outpost account add agilenetwork --brand` takes.")
    @OptionGroup var global: GlobalOptions

    func run() throws {
      try reportingFailures {
        let kinds = try global.connect().call(AccountsKinds.self, NoParams()).kinds
        let brands = kinds.first { $0.kind == AgileLookup.kind }?.presets ?? []
        if global.json {
          Terminal.printJSON(
            ["brands": .array(brands.map { ["id": .string($0.id), "name": .string($0.name)] })] as JSONValue)
          return
        }
        // None is a setup to do, not an empty answer: say where brands come from.
        if brands.isEmpty { print(localized(.agileNoBrands)) }
        for brand in brands { print(brand.id.padding(to: 24) + " " + brand.name) }
      }
    }
  }

  struct Experts: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "experts",
      abstract: "Find the brand's experts by name or category, or show one's profile (live).",
      discussion: """
        Without --search or --category: every expert, a page at a time. With a SLUG: that \
        expert's profile, their bio, stats and library (the latest videos and articles), each \
        locked item with how to unlock it (`outpost agile subscribe SLUG`).
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("An expert's slug: their profile and library.", valueName: "slug")) var slug: String?
    @Option(help: ArgumentHelp("Part of a name (2 letters or more).", valueName: "text")) var search: String?
    @Option(help: ArgumentHelp("A category's slug (`outpost agile categories`).", valueName: "slug"))
    var category: String?
    @Option(help: ArgumentHelp("The page after this cursor (printed under a full page).", valueName: "cursor"))
    var after: String?
    @Option(help: ArgumentHelp("The account (brand), when you have several.", valueName: "name")) var account: String?

    func validate() throws {
      if let search, search.count < 2 { throw ValidationError("--search needs 2 letters or more") }
    }

    func run() throws {
      try reportingFailures {
        if let slug {
          try AgileExpertPage.show(slug, account: account, global: global)
          return
        }
        var params: [String: JSONValue] = [:]
        if let search { params["search"] = .string(search) }
        if let category { params["category"] = .string(category) }
        if let after { params["after"] = .string(after) }
        let connection = try global.connect()
        let name = try account ?? AgileLookup.onlyAccount(connection)
        let answer = try connection.call(
          QueriesRun.self, .init(query: "agile.experts", account: name, params: .object(params)))
        if global.json {
          Terminal.printJSON(answer)
          return
        }
        let edges = AgileText.array(answer.result["edges"])
        guard !edges.isEmpty else {
          print(localized(.agileNoExperts))
          return
        }
        for edge in edges {
          guard let expert = edge["node"] else { continue }
          print(AgileText.expertLine(expert))
        }
        if answer.result["pageInfo"]?["hasNextPage"] == .bool(true),
          let cursor = answer.result["pageInfo"]?["endCursor"]?.stringValue
        {
          let total = answer.result["totalCount"]?.int64Value.map(String.init) ?? "?"
          print(localized(.agileMoreExperts, total, cursor))
        }
      }
    }
  }

  struct Categories: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "categories",
      abstract: "The brand's categories (sports), with expert counts (live).")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("The account (brand), when you have several.", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let connection = try global.connect()
        let name = try account ?? AgileLookup.onlyAccount(connection)
        let answer = try connection.call(QueriesRun.self, .init(query: "agile.categories", account: name))
        if global.json {
          Terminal.printJSON(answer)
          return
        }
        for category in AgileText.array(answer.result["categories"]) {
          let slug = category["slug"]?.stringValue ?? "?"
          let count = category["expertCount"]?.int64Value.map(String.init) ?? "?"
          print(slug.padding(to: 20) + " " + (category["name"]?.stringValue ?? "") + "  (\(count))")
        }
      }
    }
  }

  struct Following: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "following", abstract: "The experts you follow (as last synced).")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this account's (one brand).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let listed = try AgileLookup.listed("expert", account: account, global)
        let experts = listed.items.sorted { $0.item.title < $1.item.title }
        if global.json {
          Terminal.printJSON(ItemsList.Result(items: experts, freshness: listed.freshness))
          return
        }
        FreshnessBanner.show(listed.freshness)
        guard !experts.isEmpty else {
          print(localized(.agileNoExperts))
          return
        }
        for listed in experts {
          let details = listed.item.details
          let slug = details["slug"]?.stringValue ?? listed.item.upstreamID
          print(
            "#\(listed.number)".padding(to: 6) + " " + slug.padding(to: 24) + " \(listed.item.title)  "
              + (details["category"]?.stringValue ?? ""))
        }
      }
    }
  }

  /// What `follow` and `unfollow` take: the expert, the account, whether to wait.
  struct ExpertChange: ParsableArguments {
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The expert's slug (or id).", valueName: "slug")) var expert: String
    @Option(help: ArgumentHelp("The account (brand), when you have several.", valueName: "name")) var account: String?
    @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

    func perform(_ action: String) throws {
      try AgileLookup.perform(action, ["expert": .string(expert)], account: account, wait: !noWait, global)
    }
  }

  struct Follow: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "follow",
      abstract: "Follow an expert (by slug, as `outpost agile experts` lists them); works offline.")
    @OptionGroup var change: ExpertChange

    func run() throws { try reportingFailures { try change.perform("agile.follow") } }
  }

  struct Unfollow: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "unfollow", abstract: "Stop following an expert (by slug); works offline.")
    @OptionGroup var change: ExpertChange

    func run() throws { try reportingFailures { try change.perform("agile.unfollow") } }
  }

  struct Subscriptions: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "subscriptions",
      abstract: "Your subscriptions: price, status, next billing date (a reminder comes 3 days before).")
    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Only this account's (one brand).", valueName: "name")) var account: String?

    func run() throws {
      try reportingFailures {
        let listed = try AgileLookup.listed("subscription", account: account, global)
        let subscriptions = listed.items.sorted { $0.item.title < $1.item.title }
        if global.json {
          Terminal.printJSON(ItemsList.Result(items: subscriptions, freshness: listed.freshness))
          return
        }
        FreshnessBanner.show(listed.freshness)
        guard !subscriptions.isEmpty else {
          print(localized(.agileNoSubscriptions))
          return
        }
        for listed in subscriptions {
          let details = listed.item.details
          var line = "#\(listed.number)".padding(to: 6) + " \(listed.item.title)  \(AgileText.price(details))  "
          line += AgileText.status(details)
          if details["storeManaged"] == .bool(true), let provider = details["provider"]?.stringValue {
            line += " · " + provider.split(separator: "_").joined(separator: " ")
          }
          print(line)
        }
      }
    }
  }

  struct Cancel: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "cancel",
      abstract: "Cancel a subscription at the end of its period; works offline.",
      discussion: """
        Access stays until the period ends. A subscription the App Store or Google Play bills \
        cannot be cancelled here: Outpost says so and opens the store's page (--no-open: only \
        print it).
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(
      help: ArgumentHelp(
        "The subscription: its number, the expert's slug or name, or its id.", valueName: "subscription"))
    var subscription: String
    @Flag(help: "Do not open the store's page for a store-billed subscription.") var noOpen = false
    @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

    func run() throws {
      try reportingFailures {
        let listed = try AgileLookup.subscription(subscription, global)
        let details = listed.item.details
        if details["storeManaged"] == .bool(true), let page = details["manageUrl"]?.stringValue {
          let store = details["provider"]?.stringValue == "app_store" ? "the App Store" : "Google Play"
          let reason = localized(.agileStoreManaged, "\(store) bills it; cancel it there: \(page)")
          if global.json {
            Terminal.printJSON(
              ["storeManaged": true, "manageUrl": .string(page), "reason": .string(reason)] as JSONValue)
          } else {
            print(reason)
          }
          if !noOpen { try OpenCommand.openInBrowser(page) }
          throw ExitCode(CLIExitStatus.daemonError.rawValue)
        }
        try DoCommand.perform("agile.cancel", on: listed.number, params: [:], wait: !noWait, global: global)
      }
    }
  }

  struct Notifications: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "notifications",
      abstract: "The brand's notification categories: show them, or turn them on or off (sent to the brand).",
      discussion: """
        The brand keeps these settings for every device; Outpost mirrors them, and they are \
        the one setting of these categories: `outpost notifications prefs --account NAME` shows \
        and changes the same ones. Quiet hours hold notifications back on top.
        """)
    @OptionGroup var global: GlobalOptions
    @Option(
      name: .customLong("new-content"), help: ArgumentHelp("New videos and articles: on or off.", valueName: "on|off"))
    var newContent: String?
    @Option(
      name: .customLong("subscription-updates"),
      help: ArgumentHelp("Renewals, payment problems, endings: on or off.", valueName: "on|off"))
    var subscriptionUpdates: String?
    @Option(help: ArgumentHelp("The brand's offers: on or off.", valueName: "on|off")) var promotions: String?
    @Option(help: ArgumentHelp("The account (brand), when you have several.", valueName: "name")) var account: String?
    @Flag(help: "Return at once instead of waiting for the first attempt.") var noWait = false

    func validate() throws {
      for value in [newContent, subscriptionUpdates, promotions].compactMap({ $0 }) where AgileText.flag(value) == nil {
        throw ValidationError("expected on or off, not \"\(value)\"")
      }
    }

    func run() throws {
      try reportingFailures {
        var input: [String: JSONValue] = [:]
        if let newContent, let on = AgileText.flag(newContent) { input["newContent"] = .bool(on) }
        if let subscriptionUpdates, let on = AgileText.flag(subscriptionUpdates) {
          input["subscriptionUpdates"] = .bool(on)
        }
        if let promotions, let on = AgileText.flag(promotions) { input["promotions"] = .bool(on) }
        if !input.isEmpty {
          try AgileLookup.perform("agile.notifications", input, account: account, wait: !noWait, global)
          return
        }
        let connection = try global.connect()
        let listed = try connection.call(
          ItemsList.self, .init(account: account, kinds: ["notification-settings"], service: AgileLookup.kind))
        var settings = listed.items
        // A change still in the queue (made offline, or not sent yet) reads as it will be:
        // the settings are the user's, and the brand gets them when it can be reached.
        var waiting: [String: Set<String>] = [:]
        for index in settings.indices {
          guard case .object(var details) = settings[index].item.details else { continue }
          let queued = try connection.call(
            ActionsList.self, .init(states: [.pending, .running], account: settings[index].account)
          ).actions.filter { $0.type.rawValue == "agile.notifications" }
          for action in queued {
            guard case .object(let input)? = action.params["input"] else { continue }
            for (key, value) in input {
              details[key] = value
              waiting[settings[index].account, default: []].insert(key)
            }
          }
          if let keys = waiting[settings[index].account] {
            details["waitingForBrand"] = .array(keys.sorted().map { .string($0) })
          }
          settings[index].item.details = .object(details)
        }
        if global.json {
          Terminal.printJSON(ItemsList.Result(items: settings, freshness: listed.freshness))
          return
        }
        FreshnessBanner.show(listed.freshness)
        for listed in settings {
          if settings.count > 1 { print(listed.account) }
          for (key, label) in [
            ("newContent", "new-content"), ("subscriptionUpdates", "subscription-updates"),
            ("promotions", "promotions"),
          ] {
            let on = listed.item.details[key] != .bool(false)
            var line = "  " + label.padding(to: 22) + localized(on ? .agileSettingOn : .agileSettingOff)
            if waiting[listed.account]?.contains(key) == true { line += " (" + localized(.agileSettingWaiting) + ")" }
            print(line)
          }
        }
      }
    }
  }
}

/// Finding the account and items `outpost agile` works on.
enum AgileLookup {
  static let kind = "agilenetwork"

  static func items(_ kind: String, account: String?, _ global: GlobalOptions) throws -> [ListedItem] {
    try listed(kind, account: account, global).items
  }

  /// The items with the banner's accounts (`freshness`): the views show it above their lines.
  static func listed(_ kind: String, account: String?, _ global: GlobalOptions) throws -> ItemsList.Result {
    try global.connect().call(ItemsList.self, .init(account: account, kinds: [kind], service: Self.kind))
  }

  static func onlyAccount(_ connection: DaemonConnection) throws -> String {
    let accounts = try connection.call(AccountsList.self, .init()).accounts.filter { $0.kind == kind }
    switch accounts.count {
    case 1: return accounts[0].name
    case 0: throw CLIFailure(.daemonError, localized(.agileNoAccount))
    default:
      throw CLIFailure(.usage, localized(.agileSeveralAccounts, accounts.map(\.name).joined(separator: ", ")))
    }
  }

  static func subscription(_ reference: String, _ global: GlobalOptions) throws -> ListedItem {
    let all = try items("subscription", account: nil, global)
    let wanted = reference.hasPrefix("#") ? String(reference.dropFirst()) : reference
    let found = all.first { listed in
      String(listed.number) == wanted || listed.item.upstreamID == wanted
        || listed.item.details["expertSlug"]?.stringValue == wanted
        || listed.item.title.lowercased() == wanted.lowercased()
    }
    guard let found else { throw CLIFailure(.daemonError, localized(.agileNoSubscription, reference)) }
    return found
  }

  /// An action on the account itself, through `actions.perform`; printed as every action is.
  static func perform(
    _ action: String, _ params: [String: JSONValue], account: String?, wait: Bool, _ global: GlobalOptions
  ) throws {
    let connection = try global.connect()
    let name = try account ?? onlyAccount(connection)
    let result = try connection.call(
      ActionsPerform.self, .init(action: action, account: name, params: .object(params), wait: wait))
    if global.json { Terminal.printJSON(result) } else { print(ActionOutput.queued(result.action)) }
    if result.action.state.needsUser { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
  }
}

/// Agile Network JSON in words.
enum AgileText {
  static func array(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let values)? = value { return values }
    return []
  }

  static func published(_ listed: ListedItem) -> String {
    listed.item.details["publishedAt"]?.stringValue ?? ""
  }

  /// "▶ 12:34 ★": a video (with its length) or an article (¶), premium marked; signs, not
  /// English words, so every language reads them.
  static func kind(_ details: JSONValue) -> String {
    var kind = details["type"] == "video" ? "▶" : "¶"
    if let seconds = details["durationSeconds"]?.int64Value, seconds > 0 {
      kind += " \(seconds / 60):" + (seconds % 60 < 10 ? "0" : "") + "\(seconds % 60)"
    }
    if details["premium"] == .bool(true) { kind += " ★" }
    return kind
  }

  /// "9,99 $ im Monat": the amount in the reader's number style, the interval in their words.
  static func price(_ details: JSONValue) -> String {
    guard let amount = details["price"]?.stringValue else { return "" }
    let style = NumberStyle.style(
      localized.language, region: NumberStyle.preferredRegion(environment: ProcessEnvironment.current()))
    let money = style.money(decimal: amount, currency: details["currency"]?.stringValue)
    switch details["interval"]?.stringValue {
    case "month": return localized(.agileIntervalMonth, money)
    case "year": return localized(.agileIntervalYear, money)
    case let other?: return money + "/" + other
    case nil: return money
    }
  }

  /// "active · renews 2026-12-01", in the reader's words and dates.
  static func status(_ details: JSONValue) -> String {
    func day(_ key: String) -> String? { details[key]?.stringValue.map { ItemText.day(iso: String($0.prefix(10))) } }
    switch details["status"]?.stringValue {
    case "active":
      return localized(.agileStatusActive) + (day("nextBillingDate").map { " · " + localized(.agileRenews, $0) } ?? "")
    case "grace":
      return localized(.agileStatusGrace) + (day("graceEndsAt").map { " · " + localized(.agileAccessUntil, $0) } ?? "")
    case "canceled_at_period_end":
      return localized(.agileStatusCancelled)
        + (day("currentPeriodEnd").map { " · " + localized(.agileEnds, $0) } ?? "")
    case "expired": return localized(.agileStatusExpired)
    default: return details["statusLabel"]?.stringValue ?? ""
    }
  }

  static func flag(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "on", "true", "yes", "1": true
    case "off", "false", "no", "0": false
    default: nil
    }
  }

  /// `john-doe  John Doe  Basketball  1,284 subscribers  $9.99 a month  following`
  static func expertLine(_ expert: JSONValue) -> String {
    let slug = expert["slug"]?.stringValue ?? "?"
    var parts = [expert["name"]?.stringValue ?? "?", expert["category"]?["name"]?.stringValue ?? ""]
    if let count = expert["subscriberCount"]?.int64Value { parts.append(localized(.agileSubscriberCount, "\(count)")) }
    if let offer = expert["offer"]?["price"], let minor = offer["amountMinor"]?.int64Value,
      let currency = offer["currency"]?.stringValue
    {
      var details: [String: JSONValue] = [
        "price": .string(MinorUnits.decimal(minor, currency: currency)), "currency": .string(currency),
      ]
      if let interval = expert["offer"]?["interval"]?.stringValue {
        details["interval"] = .string(interval.lowercased())
      }
      parts.append(price(.object(details)))
    }
    if expert["viewerIsFollowing"] == .bool(true) { parts.append(localized(.agileFollowing)) }
    return slug.padding(to: 24) + " " + parts.filter { !$0.isEmpty }.joined(separator: "  ")
  }
}

extension String {
  /// Left-aligned in `width` columns (longer text is kept whole).
  fileprivate func padding(to width: Int) -> String {
    count >= width ? self : self + String(repeating: " ", count: width - count)
  }
}
