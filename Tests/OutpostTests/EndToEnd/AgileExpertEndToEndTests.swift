import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import Testing

/// An Agile Network expert's page through the CLI and a real daemon (issue 53): the profile
/// (bio, stats, library) in `outpost agile experts SLUG` and under `outpost show` of a followed
/// expert, a locked item saying how to unlock it, and `outpost agile subscribe SLUG` opening the
/// brand's checkout page.
extension EndToEnd {
  @Suite struct AgileExpert {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], environment extra: [String: String] = [:]) throws
      -> CommandResult
    {
      try runCommand(outpost, arguments, environment: daemon.environment.merging(extra) { $1 })
    }

    @Test func anExpertsProfileLibraryAndSubscribePage() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess(arguments: [
        "--service", "keycloak", "--service", "agilenetwork", "--keycloak-poll-interval", "1",
      ])
      let brand = try AgileNetwork.brand()
      let daemon = try DaemonProcess(
        config: """
          [[agile.brands]]
          id = "\(brand.id)"
          keycloak = { base_url = "\(sandbox.baseURL)/keycloak" }
          api = { graphql_url = "\(sandbox.baseURL)/agile/\(brand.id)/graphql" }
          """)
      try daemon.start()
      let add = try cli(daemon, ["account", "add", "agilenetwork", "--brand", brand.id, "--name", "fan"])
      try #require(add.status == 0, "\(add.stderr)")
      let login = try RunningCommand(
        outpost, ["account", "login", "fan", "--device", "--json"], environment: daemon.environment)
      let beginLine = try #require(login.nextLine(), "the CLI printed no begin reply")
      let begun = try JSONCoding.decode(AccountsLoginBegin.Result.self, from: beginLine.utf8)
      try await sandbox.sharedAdmin(
        "POST", "mutate", ["service": "keycloak", "op": "approve", "userCode": .string(try #require(begun.userCode))])
      #expect(login.finish().status == 0)
      #expect(try cli(daemon, ["sync", "fan", "--wait"]).status == 0)

      // An expert the fan does not subscribe to, whose library has locked items.
      let found = try JSONCoding.decode(
        QueriesRun.Result.self, from: try cli(daemon, ["agile", "experts", "--json"]).stdout.utf8)
      let slugs: [String] =
        if case .array(let edges)? = found.result["edges"] {
          edges.compactMap { $0["node"]?["slug"]?.stringValue }
        } else { [] }
      var chosen: (slug: String, profile: JSONValue)?
      for slug in slugs {
        let profile = try JSONCoding.decode(
          QueriesRun.Result.self, from: try cli(daemon, ["agile", "experts", slug, "--json"]).stdout.utf8
        ).result
        if profile["subscribed"] == .bool(false), profile["stats"]?["locked"]?.int64Value ?? 0 > 0 {
          chosen = (slug, profile)
          break
        }
      }
      let (slug, profile) = try #require(chosen, "no expert with locked items among \(slugs)")
      let name = try #require(profile["name"]?.stringValue)
      let page = try cli(daemon, ["agile", "experts", slug])
      #expect(page.status == 0, "\(page.stderr)")
      #expect(page.stdout.hasPrefix(name), "\(page.stdout)")
      #expect(page.stdout.contains(profile["bio"]?.stringValue ?? "no bio"), "\(page.stdout)")
      #expect(page.stdout.contains("subscribers · latest:"), "\(page.stdout)")
      #expect(page.stdout.contains("Library, the latest:"), "\(page.stdout)")
      #expect(
        page.stdout.contains("[locked: subscribe to \(name) to unlock it (`outpost agile subscribe \(slug)`)]"),
        "\(page.stdout)")
      #expect(page.stdout.contains("Subscribe for USD "), "\(page.stdout)")

      // Subscribing happens on the brand's page: its address, and the browser opened on it.
      let printed = try cli(daemon, ["agile", "subscribe", slug, "--no-open", "--json"])
      let answer = try JSONCoding.decode(JSONValue.self, from: printed.stdout.utf8)
      let checkout = try #require(answer["url"]?.stringValue, "\(printed.stdout)\(printed.stderr)")
      #expect(checkout.hasSuffix("/checkout/\(slug)"))
      let bin = daemon.paths.dataDirectory + "/bin"
      try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
      let opened = daemon.paths.dataDirectory + "/opened.txt"
      try "#!/bin/sh\necho \"$1\" > \(opened)\n".write(toFile: bin + "/xdg-open", atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin + "/xdg-open")
      let path = bin + ":" + (daemon.environment["PATH"] ?? ProcessInfo.processInfo.environment["PATH"] ?? "")
      let subscribe = try cli(daemon, ["agile", "subscribe", slug], environment: ["PATH": path])
      #expect(subscribe.status == 0, "\(subscribe.stdout)\(subscribe.stderr)")
      #expect(subscribe.stdout.contains("Subscribe to \(name) for USD "), "\(subscribe.stdout)")
      #expect(try String(contentsOfFile: opened, encoding: .utf8) == checkout + "\n")
      // No browser to open it (no display): the address stays on screen, and the failure is an
      // error of the command (1), not "the daemon is not running" (69).
      let failing = daemon.paths.dataDirectory + "/failing"
      try FileManager.default.createDirectory(atPath: failing, withIntermediateDirectories: true)
      try "#!/bin/sh\nexit 3\n".write(toFile: failing + "/xdg-open", atomically: true, encoding: .utf8)
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: failing + "/xdg-open")
      let unopened = try cli(
        daemon, ["agile", "subscribe", slug], environment: ["PATH": failing + ":" + path.dropFirst(bin.count + 1)])
      #expect(unopened.status == 1, "\(unopened.stdout)\(unopened.stderr)")
      #expect(unopened.stdout.contains(checkout), "\(unopened.stdout)")
      #expect(unopened.stderr.contains("open it yourself"), "\(unopened.stderr)")

      // A followed expert's `outpost show`: the item, then the profile and library, live.
      let items = try JSONCoding.decode(
        ItemsList.Result.self, from: try cli(daemon, ["items", "--kind", "expert", "--json"]).stdout.utf8
      ).items
      let followed = try #require(items.first)
      let shown = try cli(daemon, ["show", "\(followed.number)"])
      #expect(shown.status == 0, "\(shown.stderr)")
      #expect(
        shown.stdout.contains(followed.item.title) && shown.stdout.contains("Library, the latest:"), "\(shown.stdout)")

      // A slug typed with capitals is the same expert; one the brand does not know is the
      // user's word to correct (64), not "an answer Outpost does not understand".
      #expect(try cli(daemon, ["agile", "experts", slug.uppercased()]).status == 0)
      let unknown = try cli(daemon, ["agile", "experts", "no-such-expert"])
      #expect(unknown.status == 64, "\(unknown.stdout)\(unknown.stderr)")
      #expect(unknown.stderr.contains("no-such-expert: the brand does not know it"), "\(unknown.stderr)")
      #expect(!unknown.stderr.contains("base URL"), "\(unknown.stderr)")
    }
  }
}
