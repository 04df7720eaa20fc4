import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// Status-bar files and links end to end: the real daemon writes the files into its runtime
/// directory, `outpost snapshot` prints the same, `outpost open` finds items by their links.
extension EndToEnd {
  @Suite struct Snapshots {
    let outpost = DaemonProcess.binary("outpost")
    /// contrib/bars/ of this checkout: the setups `contrib/install.sh` installs.
    static let bars =
      URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("contrib/bars/").path + "/"

    func cli(_ daemon: DaemonProcess, _ arguments: [String]) throws -> CommandResult {
      try runCommand(outpost, arguments, environment: daemon.environment)
    }

    func file(_ daemon: DaemonProcess, _ name: String) -> String {
      (try? String(contentsOfFile: daemon.paths.runtimeDirectory + "/" + name, encoding: .utf8)) ?? ""
    }

    /// Waits until `condition` holds for the file (the daemon rewrites it shortly after events).
    func waitFor(_ daemon: DaemonProcess, _ name: String, _ condition: (String) -> Bool) async throws -> String {
      let deadline = ContinuousClock.now + .seconds(60)
      while ContinuousClock.now < deadline {
        let text = file(daemon, name)
        if condition(text) { return text }
        try await Task.sleep(for: .milliseconds(50))
      }
      return file(daemon, name)
    }

    @Test func barsSeeNeverSyncedThenTheNextGameAndLinksOpenItems() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess()
      try daemon.start()

      // No account yet: the bar tells the user how to start.
      let empty = try await waitFor(daemon, "line.txt") { $0.contains("outpost account add") }
      #expect(empty.contains("outpost account add"), "line.txt: \(empty)")
      let waybar = try await waitFor(daemon, "waybar.json") { $0.contains("never-synced") }
      let object = try JSONSerialization.jsonObject(with: Data(waybar.utf8)) as? [String: Any]
      #expect((object?["class"] as? [String])?.first == "never-synced")
      #expect(waybar.split(separator: "\n").count == 1)
      for name in ["snapshot.json", "i3status-rust.json"] { #expect(!file(daemon, name).isEmpty, "\(name) missing") }
      let nothing = try cli(daemon, ["open", "next", "--print"])
      #expect(nothing.status == 1 && nothing.stderr.contains("outpost agenda"), "\(nothing.stderr)")

      // After a sync: the next game, and `outpost snapshot` prints exactly what the files hold.
      #expect(try DemoReferee.add(to: daemon, sandbox: sandbox).status == 0)
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      // "Nothing upcoming" also contains the word: wait for the class, written once the sync's
      // games reach the snapshot writer (it runs just after the sync's events, not inside them).
      let synced = try await waitFor(daemon, "waybar.json") { $0.contains("\"upcoming\"") }
      #expect(synced.contains("\"upcoming\""), "waybar.json: \(synced)")
      // The daemon may rewrite the files again just after a sync (its time, the calendars, a
      // sync's end a second later): the file catches up with what `outpost snapshot` builds
      // shortly after. They must agree once the file holds still across a print.
      for (format, name) in [("waybar", "waybar.json"), ("line", "line.txt"), ("json", "snapshot.json")] {
        var agreed = false
        var last = ("", "")
        for _ in 0..<100 where !agreed {
          let before = file(daemon, name)
          let printed = try cli(daemon, ["snapshot", "--format", format])
          #expect(printed.status == 0)
          guard file(daemon, name) == before else { continue }
          agreed = printed.stdout == before
          last = (printed.stdout, before)
        }
        #expect(agreed, "outpost snapshot --format \(format) never agreed with \(name): \(last.0) vs \(last.1)")
      }
      let snapshot = try JSONSerialization.jsonObject(with: Data(file(daemon, "snapshot.json").utf8)) as? [String: Any]
      let next = try #require((snapshot?["next"] as? [[String: Any]])?.first)
      let number = try #require(next["id"] as? Int)

      // Links: Outpost's own, the service's, and bad ones.
      let byNumber = try cli(daemon, ["open", "outpost://item/\(number)", "--print", "--json"])
      #expect(byNumber.status == 0, "\(byNumber.stderr)")
      let listed = try JSONCoding.decode(ListedItem.self, from: Array(byNumber.stdout.utf8))
      #expect(listed.number == Int64(number))
      let link = try #require(listed.item.link)
      let byLink = try cli(daemon, ["open", link, "--print", "--json"])
      #expect(try JSONCoding.decode(ListedItem.self, from: Array(byLink.stdout.utf8)).number == Int64(number))
      // What a click on the bar runs: the bar's first item.
      let clicked = try cli(daemon, ["open", "next", "--print", "--json"])
      #expect(clicked.status == 0, "\(clicked.stderr)")
      #expect(try JSONCoding.decode(ListedItem.self, from: Array(clicked.stdout.utf8)).number == Int64(number))
      for bar in ["waybar/config.jsonc", "polybar/outpost.ini", "i3blocks/outpost.conf", "i3status-rust/outpost.toml"] {
        let config = try String(contentsOfFile: Self.bars + bar, encoding: .utf8)
        #expect(config.contains("outpost open next") && config.contains("outpost sync"), "\(bar)")
      }
      let bogus = try cli(daemon, ["open", "mailto:someone@example.ch"])
      #expect(bogus.status == 64 && bogus.stderr.contains("mailto"), "\(bogus.stderr)")
      let missing = try cli(daemon, ["open", "outpost://item/987654", "--print"])
      #expect(missing.status == 1 && missing.stderr.contains("outpost sync"), "\(missing.stderr)")

      // The daemon stops: a bar that runs the command still gets one valid line, and exit 69.
      _ = try daemon.stop()
      let down = try cli(daemon, ["snapshot", "--format", "waybar"])
      #expect(down.status == 69)
      let fallback = try JSONSerialization.jsonObject(with: Data(down.stdout.utf8)) as? [String: Any]
      #expect((fallback?["class"] as? [String]) == ["error"])
    }
  }
}
