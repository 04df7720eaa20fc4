import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// `outpost agility spending` through the CLI and a real daemon, against the sandbox's demo
/// freelancer (issue 53, FR-005): the bars, --json with every figure and without the drawing,
/// and --output writing the SVG a browser opens, in the reader's language.
extension EndToEnd {
  @Suite struct AgilitySpending {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], language: String = "en", input: String? = nil) throws
      -> CommandResult
    {
      var environment = daemon.environment
      environment["OUTPOST_LANG"] = language
      return try runCommand(outpost, arguments, environment: environment, input: input)
    }

    @Test func theMonthsSpendingAsBarsJSONAndAnSVGFile() async throws {
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

      // Twelve months back from November: the demo has business expenses in every one.
      let shown = try cli(daemon, ["agility", "spending", "--month", "2026-11", "--months", "12"])
      #expect(shown.status == 0, "\(shown.stderr)")
      #expect(shown.stdout.hasPrefix("Business expenses by category · November 2026: $"), "\(shown.stdout)")
      #expect(shown.stdout.contains("█"))
      #expect(shown.stdout.contains("Income and expenses, the last 12 months"))
      #expect(shown.stdout.contains("December 2025") && shown.stdout.contains("November 2026"))

      let file = daemon.paths.dataDirectory + "/spending.svg"
      let json = try cli(daemon, ["agility", "spending", "--month", "2026-11", "--json", "--output", file])
      #expect(json.status == 0, "\(json.stderr)")
      let answer = try JSONCoding.decoder().decode(JSONValue.self, from: Data(json.stdout.utf8))
      #expect(answer["month"] == "2026-11")
      #expect(answer["months"] == .int(6))
      #expect(answer["svg"] == nil)
      #expect(answer["file"] == .string(file))
      guard case .array(let categories)? = answer["categories"], case .array(let trend)? = answer["trend"] else {
        Issue.record("no categories or trend in \(answer)")
        return
      }
      #expect(!categories.isEmpty && trend.count == 6)
      // Every category's amount is exact decimal text, and they add up to the month's total.
      let cents = categories.compactMap { $0["amount"]?.stringValue.flatMap { Decimal(string: $0) } }
      #expect(cents.count == categories.count)
      #expect(cents.reduce(0, +) == answer["expenses"]?.stringValue.flatMap { Decimal(string: $0) })

      let drawn = try String(contentsOfFile: file, encoding: .utf8)
      #expect(drawn.hasPrefix("<?xml") && drawn.contains("<svg") && drawn.contains("id=\"category-1\""))
      #expect(drawn.contains("Business expenses by category, November 2026"))
      // In the reader's language, to the file as on the terminal.
      let french = try cli(
        daemon, ["agility", "spending", "--month", "2026-11", "--output", file], language: "fr")
      #expect(french.status == 0, "\(french.stderr)")
      #expect(french.stdout.contains("écrit"), "\(french.stdout)")
      #expect(
        try String(contentsOfFile: file, encoding: .utf8).contains(
          "Dépenses professionnelles par catégorie, novembre 2026"))
    }
  }
}
