import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// A freelancer's custom categories through the CLI and a real daemon, against the sandbox's
/// agility project (issue 53, FR-002): one added and seen after a sync, a name taken refused
/// before anything is queued, and Agility's limit of 20 custom categories said in the user's
/// language instead of being queued to fail.
extension EndToEnd {
  @Suite struct AgilityCategories {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], language: String = "en", input: String? = nil) throws
      -> CommandResult
    {
      var environment = daemon.environment
      environment["OUTPOST_LANG"] = language
      return try runCommand(outpost, arguments, environment: environment, input: input)
    }

    @Test func customCategoriesAreAddedWithinTheLimitOfTwenty() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess(arguments: ["--service", "agility"])
      let daemon = try DaemonProcess()
      try daemon.start()
      let added = try cli(
        daemon,
        ["account", "add", "agility", "--name", "books", "--username", "freelancer@example.com"]
          + sandbox.accountFlags("agility") + ["--option", "timeZone=America/New_York", "--password-stdin"],
        input: "demo-agility-2026\n")
      try #require(added.status == 0, "\(added.stderr)")
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)

      let before = try cli(daemon, ["agility", "categories"])
      #expect(before.status == 0, "\(before.stderr)")
      #expect(before.stdout.contains("2 custom of the 20 Agility allows"), "\(before.stdout)")

      let fees = try cli(daemon, ["agility", "categories", "add", "Conference fees", "--line", "27B"])
      #expect(fees.status == 0, "\(fees.stdout)\(fees.stderr)")
      #expect(fees.stdout.contains("Added the category \"Conference fees\" (3 custom of 20)"), "\(fees.stdout)")
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      let listed = try JSONCoding.decoder().decode(
        JSONValue.self, from: Data(try cli(daemon, ["agility", "categories", "--json"]).stdout.utf8))
      #expect(listed["custom"] == .int(3))
      guard case .array(let categories)? = listed["categories"] else {
        Issue.record("no categories in \(listed)")
        return
      }
      #expect(categories.contains { $0["name"] == "Conference fees" && $0["scheduleCLine"] == "27b" })

      // The same name in other letters: refused here, nothing queued.
      let again = try cli(daemon, ["agility", "categories", "add", "conference FEES"], language: "de")
      #expect(again.status == 1)
      #expect(again.stderr.contains("Die Kategorie „Conference fees“ gibt es schon"), "\(again.stderr)")

      // With Agility unreachable an addition waits in the queue, and counts as made: the same
      // name again is refused before it is queued (a fresh-eyes tester queued both, and the
      // 21st, offline).
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "agility", "errorRate": .double(1)])
      let waiting = try cli(daemon, ["agility", "categories", "add", "Custom 1", "--no-wait"])
      #expect(waiting.status == 0, "\(waiting.stdout)\(waiting.stderr)")
      let twice = try cli(daemon, ["agility", "categories", "add", "custom 1"])
      #expect(twice.status == 1 && twice.stderr.contains("\"Custom 1\""), "\(twice.stdout)\(twice.stderr)")
      _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "agility", "errorRate": .double(0)])
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      // Told by the category's name, not the account's ("added the category work").
      let told = try JSONCoding.decode(
        NotificationsList.Result.self, from: try cli(daemon, ["notifications", "--json"]).stdout.utf8
      ).notifications.filter { $0.category == "queue-replayed" }
      #expect(told.map(\.summary) == ["Queued action sent: added the category Custom 1"], "\(told.map(\.summary))")
      // A name is one line.
      let twoLines = try cli(daemon, ["agility", "categories", "add", "Custom\n2"])
      #expect(twoLines.status == 64 && twoLines.stderr.contains("one line"), "\(twoLines.stdout)\(twoLines.stderr)")

      // 16 more reach the 20; the 21st is refused before it is queued, with what to do.
      for index in 2...17 {
        let made = try cli(daemon, ["agility", "categories", "add", "Custom \(index)", "--json"])
        #expect(made.status == 0, "custom \(index): \(made.stdout)\(made.stderr)")
      }
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      let over = try cli(daemon, ["agility", "categories", "add", "One too many"])
      #expect(over.status == 1)
      #expect(
        over.stderr.contains("Agility keeps at most 20 custom categories and you have 20: archive one"),
        "\(over.stderr)")
      let queue = try daemon.client().call(ActionsList.self, .init())
      let mine = queue.actions.filter { $0.type.rawValue == "agility.add-category" }
      #expect(mine.allSatisfy { $0.state == .done } && mine.count <= 18, "\(mine)")
    }
  }
}
