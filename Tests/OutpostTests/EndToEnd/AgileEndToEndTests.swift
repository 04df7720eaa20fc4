import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import Testing

/// The Agile Network end to end: the real daemon and CLI, the real keyring on a private bus,
/// the sandbox's Keycloak realm and GraphQL gateway as their own process, and a brand pointed
/// at that sandbox by config.toml alone (no brand value is compiled in). A fan signs in with a
/// device code, reads the feed, follows an expert, hears of new content in the product's
/// words, changes the brand's settings, and learns that a store-billed subscription is
/// cancelled in the store.
extension EndToEnd {
  @Suite struct AgileNetwork {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], language: String? = nil) throws -> CommandResult {
      var environment = daemon.environment
      if let language { environment["OUTPOST_LANG"] = language }
      return try runCommand(outpost, arguments, environment: environment)
    }

    static func brand() throws -> ServicePreset {
      let shipped = ShippedPresets.load(path: ServicePresetTests.shippedPath, tables: ["agile.brands"])
      return try #require(shipped.presets.presets(in: "agile.brands").first)
    }

    @Test func aFanSignsInReadsTheFeedFollowsAndHearsOfNewContent() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess(arguments: [
        "--service", "keycloak", "--service", "agilenetwork", "--keycloak-poll-interval", "1",
      ])
      let brand = try Self.brand()
      let daemon = try DaemonProcess(
        config: """
          [[agile.brands]]
          id = "\(brand.id)"
          keycloak = { base_url = "\(sandbox.baseURL)/keycloak" }
          api = { graphql_url = "\(sandbox.baseURL)/agile/\(brand.id)/graphql" }
          """)
      try daemon.start()
      var transcript = ""

      let brands = try cli(daemon, ["agile", "brands"])
      #expect(brands.status == 0 && brands.stdout.contains(brand.id), "\(brands.stdout)\(brands.stderr)")
      let unknown = try cli(daemon, ["account", "add", "agilenetwork", "--brand", "no-such-brand", "--name", "x"])
      #expect(unknown.status != 0 && unknown.stderr.contains("unknown brand"), "\(unknown.stderr)")
      // Five brands are configured: none is taken silently.
      let unnamed = try cli(daemon, ["account", "add", "agilenetwork", "--name", "x"])
      #expect(unnamed.status != 0, "\(unnamed.stdout)")
      #expect(unnamed.stderr.contains("--brand"), "\(unnamed.stderr)")
      #expect(unnamed.stderr.contains("\(brand.id) ("), "\(unnamed.stderr)")

      // No --base-url: the brand's Keycloak comes from config.toml's overlay.
      let add = try cli(daemon, ["account", "add", "agilenetwork", "--brand", brand.id, "--name", "fan"])
      transcript += add.stdout + add.stderr
      #expect(add.status == 0, "\(add.stderr)")
      let login = try RunningCommand(
        outpost, ["account", "login", "fan", "--device", "--json"], environment: daemon.environment)
      let beginLine = try #require(login.nextLine(), "the CLI printed no begin reply")
      let begun = try JSONCoding.decode(AccountsLoginBegin.Result.self, from: beginLine.utf8)
      try await sandbox.sharedAdmin(
        "POST", "mutate", ["service": "keycloak", "op": "approve", "userCode": .string(try #require(begun.userCode))])
      let finished = login.finish()
      transcript += login.transcript
      #expect(finished.status == 0, "\(finished.stdout)\(finished.stderr)")

      let sync = try cli(daemon, ["sync", "fan", "--wait"])
      #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
      let feed = try cli(daemon, ["agile", "feed", "--json"])
      let content = try JSONCoding.decode(ItemsList.Result.self, from: feed.stdout.utf8).items
      #expect(!content.isEmpty, "\(feed.stdout)\(feed.stderr)")
      // A locked item says, in the feed where it is met, how to unlock it; in the user's words.
      let locked = try #require(
        content.first { $0.item.details["locked"] == .bool(true) }, "the demo feed has nothing locked")
      let slug = try #require(locked.item.details["expertSlug"]?.stringValue)
      let lines = try cli(daemon, ["agile", "feed", "--limit", "100"], language: "de").stdout
      #expect(lines.contains("gesperrt:") && lines.contains("outpost agile subscribe \(slug)"), "\(lines)")
      #expect(!lines.contains("locked") && !lines.contains("Video"), "\(lines)")
      let following = try cli(daemon, ["agile", "following"])
      #expect(following.stdout.contains("jose-muller"), "\(following.stdout)")
      let subscriptions = try cli(daemon, ["agile", "subscriptions"])
      #expect(subscriptions.stdout.contains("app store"), "\(subscriptions.stdout)")
      // In the reader's words and number style: no "renews", no "USD 9.99/month".
      let abos = try cli(daemon, ["agile", "subscriptions"], language: "de").stdout
      #expect(abos.contains("aktiv") && abos.contains("im Monat"), "\(abos)")
      #expect(!abos.contains("renews") && !abos.contains("/month") && !abos.contains("active"), "\(abos)")

      // A brand's web address of a synced item shows it; the scheme link too.
      let first = try #require(content.first)
      let domain = try #require(brand["deep_link.universal_link_domain"])
      let shown = try cli(daemon, ["open", "--print", "https://\(domain)/content/\(first.item.upstreamID)"])
      #expect(shown.status == 0 && shown.stdout.contains(first.item.title), "\(shown.stdout)\(shown.stderr)")

      // Follow someone new, from the live search: once at the brand.
      let found = try cli(daemon, ["agile", "experts", "--json"])
      let answer = try JSONCoding.decode(QueriesRun.Result.self, from: found.stdout.utf8)
      let edges: [JSONValue] = if case .array(let list)? = answer.result["edges"] { list } else { [] }
      let newcomer = try #require(
        edges.compactMap { $0["node"] }.first { $0["viewerIsFollowing"] == .bool(false) }?["slug"]?.stringValue)
      let follow = try cli(daemon, ["agile", "follow", newcomer])
      #expect(follow.status == 0, "\(follow.stdout)\(follow.stderr)")
      let state = try await sandbox.sharedAdmin("GET", "state?service=agilenetwork")
      #expect("\(state)".contains(newcomer))

      // A store-billed subscription is cancelled in the store: said, not queued.
      let store = try cli(daemon, ["agile", "cancel", "#\(try storeSubscription(daemon))", "--no-open"])
      #expect(store.status != 0 && store.stdout.contains("https://"), "\(store.stdout)\(store.stderr)")

      // The brand's settings: promotions on, sent to the brand.
      let settings = try cli(daemon, ["agile", "notifications", "--promotions", "on"])
      #expect(settings.status == 0, "\(settings.stdout)\(settings.stderr)")

      // One setting everywhere: the brand's "off" reads off here, and turned on here it is on
      // at the brand again.
      func promotionsAtTheBrand() async throws -> [Bool] {
        guard case .array(let brands)? = try await sandbox.sharedAdmin("GET", "state?service=agilenetwork")["brands"]
        else { return [] }
        return brands.filter { $0["brand"]?.stringValue == brand.id }.flatMap { brand -> [Bool] in
          guard case .array(let users)? = brand["users"] else { return [] }
          return users.compactMap { user in user["preferences"]?["promotions"].map { $0 == .bool(true) } }
        }
      }
      func promotions(_ arguments: [String] = []) throws -> NotificationsPrefs.Category? {
        let reply = try cli(daemon, ["notifications", "prefs", "--json"] + arguments)
        return try JSONCoding.decode(NotificationsPrefs.Result.self, from: reply.stdout.utf8).categories.first {
          $0.name == "promotions"
        }
      }
      #expect(try cli(daemon, ["agile", "notifications", "--promotions", "off"]).status == 0)
      #expect(try cli(daemon, ["sync", "fan", "--wait"]).status == 0)
      #expect(try promotions()?.offAtService == ["fan"])
      #expect(try promotions(["--account", "fan"])?.enabled == false)
      let listedPrefs = try cli(daemon, ["notifications", "prefs", "--account", "fan"])
      let line = listedPrefs.stdout.split(separator: "\n").first { $0.contains("promotions") } ?? ""
      #expect(line.contains("off") && line.contains("fan"), "\(listedPrefs.stdout)")
      // One account's list: its service's categories and Outpost's own, not every service's.
      #expect(listedPrefs.stdout.contains("reminder") && !listedPrefs.stdout.contains("booking-confirmed"))
      let turnedOn = try cli(daemon, ["notifications", "prefs", "--enable", "promotions", "--account", "fan"])
      #expect(turnedOn.status == 0, "\(turnedOn.stdout)\(turnedOn.stderr)")
      #expect(try cli(daemon, ["sync", "fan", "--wait"]).status == 0)
      #expect(try await promotionsAtTheBrand().contains(true))
      #expect(try promotions(["--account", "fan"]) == NotificationsPrefs.Category(name: "promotions", enabled: true))
      // The reply of a change says what the brand holds now, not what the last sync saw.
      #expect(
        try promotions(["--account", "fan", "--disable", "promotions"])
          == NotificationsPrefs.Category(name: "promotions", enabled: false, offAtService: ["fan"]))
      #expect(try await promotionsAtTheBrand().allSatisfy { !$0 })
      // Offline, the change waits in the queue; every view reads it as asked, and says it waits.
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "agilenetwork", "errorRate": 1])
      #expect(
        try promotions(["--account", "fan", "--enable", "promotions"])
          == NotificationsPrefs.Category(name: "promotions", enabled: true, waitingForService: ["fan"]))
      let waitingLine =
        try cli(daemon, ["notifications", "prefs", "--account", "fan"]).stdout
        .split(separator: "\n").first { $0.contains("promotions") } ?? ""
      #expect(waitingLine.contains("on") && waitingLine.contains("queue"), "\(waitingLine)")
      let brandView = try cli(daemon, ["agile", "notifications"]).stdout
      let brandLine = brandView.split(separator: "\n").first { $0.contains("promotions") } ?? ""
      #expect(brandLine.contains("on") && brandLine.contains("queue"), "\(brandView)")
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "agilenetwork", "errorRate": 0])
      #expect(try cli(daemon, ["sync", "fan", "--wait"]).status == 0)
      #expect(try await promotionsAtTheBrand().contains(true))
      #expect(try promotions(["--account", "fan"]) == NotificationsPrefs.Category(name: "promotions", enabled: true))
      #expect(!(try cli(daemon, ["agile", "notifications"]).stdout.contains("queue")))
      // Turned off offline: not "off at the service" while the brand still has it on; the
      // brand's view says it waits, in --json too.
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "agilenetwork", "errorRate": 1])
      #expect(
        try promotions(["--account", "fan", "--disable", "promotions"])
          == NotificationsPrefs.Category(name: "promotions", enabled: false, waitingForService: ["fan"]))
      let settingsJSON = try JSONCoding.decode(
        ItemsList.Result.self, from: try cli(daemon, ["agile", "notifications", "--json"]).stdout.utf8)
      #expect(settingsJSON.items.first?.item.details["promotions"] == .bool(false))
      #expect(settingsJSON.items.first?.item.details["waitingForBrand"] == ["promotions"])
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "agilenetwork", "errorRate": 0])
      #expect(try cli(daemon, ["sync", "fan", "--wait"]).status == 0)
      #expect(try await promotionsAtTheBrand().allSatisfy { !$0 })

      // One setting, whichever command changes it: off through prefs, on again through the
      // brand's command, it is on everywhere and its news shows (a fresh-eyes tester's new
      // video stayed held back by the first).
      func newContent() throws -> NotificationsPrefs.Category? {
        let reply = try cli(daemon, ["notifications", "prefs", "--json", "--account", "fan"])
        return try JSONCoding.decode(NotificationsPrefs.Result.self, from: reply.stdout.utf8).categories.first {
          $0.name == "new-content"
        }
      }
      #expect(try cli(daemon, ["notifications", "prefs", "--account", "fan", "--disable", "new-content"]).status == 0)
      #expect(try newContent()?.enabled == false)
      #expect(try cli(daemon, ["agile", "notifications", "--new-content", "on"]).status == 0)
      #expect(try newContent() == NotificationsPrefs.Category(name: "new-content", enabled: true))

      // An expert the fan follows publishes: one notification headed by the expert's name.
      try await sandbox.sharedAdmin(
        "POST", "mutate",
        ["service": "agilenetwork", "op": "publish", "brand": .string(brand.id), "expertSlug": "jose-muller"])
      #expect(try cli(daemon, ["sync", "fan", "--wait"]).status == 0)
      let told = try cli(daemon, ["notifications", "--category", "new-content"])
      #expect(told.stdout.contains("José Müller"), "\(told.stdout)\(told.stderr)")
      let toldJSON = try JSONCoding.decode(
        NotificationsList.Result.self,
        from: try cli(daemon, ["notifications", "--category", "new-content", "--json"])
          .stdout.utf8)
      #expect(!toldJSON.notifications.isEmpty && toldJSON.notifications.allSatisfy { $0.delivery != "suppressed" })
      transcript += told.stdout
      #expect(!transcript.contains("eyJ"), "a token reached the output")
    }

    func storeSubscription(_ daemon: DaemonProcess) throws -> Int64 {
      let listed = try JSONCoding.decode(
        ItemsList.Result.self, from: try cli(daemon, ["agile", "subscriptions", "--json"]).stdout.utf8)
      return try #require(listed.items.first { $0.item.details["storeManaged"] == .bool(true) }).number
    }
  }
}
