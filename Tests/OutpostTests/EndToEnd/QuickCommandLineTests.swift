import Foundation
import OutpostModel
import OutpostRPC
import OutpostTestSupport
import PropertyBased
import Testing

extension EndToEnd {
  /// `outpost status`, `sync` and `agenda` read their plainest command lines without
  /// ArgumentParser (`QuickCommandLine`). Each command line here runs twice against the same
  /// scripted daemon, once as users run it and once with `OUTPOST_QUICK_PARSE=0` (ArgumentParser
  /// reads every line), and both must print the same and exit the same: what the quick reading
  /// takes must mean what ArgumentParser reads, and what it leaves must reach ArgumentParser.
  @Suite struct QuickCommandLines {
    let outpost = DaemonProcess.binary("outpost")

    /// The plain spellings (the quick reading takes them) and their neighbours (it must not, or
    /// must read them as ArgumentParser does: `help` is an account's name after `sync`).
    static let spelledOut: [[String]] = [
      ["status"], ["status", "--json"], ["status", "--socket", "SOCKET"], ["status", "--json", "--socket", "SOCKET"],
      ["status", "--socket", "ELSEWHERE"], ["status", "--socket=SOCKET"], ["status", "--json", "--json"],
      ["status", "extra"], ["status", "--help"], ["status", "-h"], ["status", "--socket"], ["status", "--socket", ""],
      ["status", "--"], ["status", "--socket", "--json"],
      ["sync"], ["sync", "feed"], ["sync", "feed", "--wait"], ["sync", "--wait", "feed"], ["sync", "feed", "--json"],
      ["sync", "feed", "--wait", "--json"], ["sync", "--json", "--wait"], ["sync", "feed", "other"],
      ["sync", "feed", "--status"], ["sync", "--wait", "--wait"], ["sync", "-feed"], ["sync", "--", "feed"],
      ["sync", "ünïcode naïve"], ["sync", "help"], ["agenda", "--account", "help"],
      ["sync", "feed", "--socket", "SOCKET", "--wait"],
      ["agenda"], ["agenda", "--days", "30"], ["agenda", "--days", "1"], ["agenda", "--days", "3660"],
      ["agenda", "--days", "0"], ["agenda", "--days", "3661"], ["agenda", "--days", "030"], ["agenda", "--days", "+5"],
      ["agenda", "--days", "-5"], ["agenda", "--days", "99999"], ["agenda", "--days", "ten"], ["agenda", "--days"],
      ["agenda", "--days=7"], ["agenda", "--account", "feed"], ["agenda", "--days", "30", "--account", "feed"],
      ["agenda", "--account", "feed", "--days", "30", "--json"], ["agenda", "--account", "feed", "--account", "x"],
      ["agenda", "--days", "2", "--days", "3"], ["agenda", "feed"], ["agenda", "--wait"], ["agenda", "--json"],
    ]

    @Test func everySpellingReadsAsArgumentParserReadsIt() throws {
      let scripted = try Scripted()
      defer { scripted.stop() }
      for line in Self.spelledOut {
        try expectSameBothWays(scripted.resolve(line), scripted: scripted)
      }
    }

    /// Lines drawn from the words above (a fixed seed: the same lines every run).
    @Test func randomLinesReadAsArgumentParserReadsThem() throws {
      let scripted = try Scripted()
      defer { scripted.stop() }
      let commands = ["status", "sync", "agenda", "agenda", "sync", "status", "items"]
      let words = [
        "--json", "--wait", "--days", "--account", "--socket", "SOCKET", "ELSEWHERE", "30", "0", "3661", "7", "030",
        "-5", "feed", "other", "", "--", "-x", "--json=true", "--status", "two words", "--help", "help",
      ]
      var generator = Xoshiro(seed: (20, 26, 11, 29))
      for _ in 0..<60 {
        var line = [commands[Int(generator.next() % UInt64(commands.count))]]
        for _ in 0..<Int(generator.next() % 5) { line.append(words[Int(generator.next() % UInt64(words.count))]) }
        try expectSameBothWays(scripted.resolve(line), scripted: scripted)
      }
    }

    private func expectSameBothWays(_ line: [String], scripted: Scripted) throws {
      let quick = try runCommand(outpost, line, environment: scripted.environment)
      var full = scripted.environment
      full["OUTPOST_QUICK_PARSE"] = "0"
      let parsed = try runCommand(outpost, line, environment: full)
      #expect(quick.status == parsed.status, "\(line): exit \(quick.status) against \(parsed.status)")
      #expect(quick.stdout == parsed.stdout, "\(line)")
      #expect(quick.stderr == parsed.stderr, "\(line)")
    }

    /// A daemon whose replies show what the command sent: the sync's account, the agenda's days.
    private final class Scripted {
      let daemon: DaemonProcess
      let script: ScriptedDaemon
      let environment: [String: String]

      init() throws {
        daemon = try DaemonProcess()
        let socketPath = daemon.paths.socketPath
        let started = Date(timeIntervalSince1970: 1_790_000_000)
        let status = try JSONTreeEncoder.encode(
          DaemonStatus.Result(
            version: ProductInfo.version, pid: 4242, startedAt: started, uptimeSeconds: 3725, socketPath: socketPath,
            storePath: "/store.sqlite", configPath: "/config.toml",
            counts: .init(connections: 2, subscribers: 1, eventsRetained: 40, lastEventSeq: 41),
            components: [
              .init(name: "store", health: .ok), .init(name: "keyring", health: .degraded, detail: "locked"),
            ]))
        script = try ScriptedDaemon(socketPath: socketPath) { method, params in
          switch method {
          case DaemonStatus.name:
            return ["result": status]
          case SyncRun.name:
            // The account asked for, synced or failed, and whether the CLI said --wait.
            let account = params?["account"]?.stringValue ?? "everyone"
            let waited = params?["wait"] == .bool(true)
            let entry = SyncRun.AccountSync(
              account: account + (waited ? "-waited" : ""), outcome: account == "other" ? .failed : .synced,
              error: account == "other" ? "it failed" : nil,
              changes: .init(new: 3, changed: 1, cancelled: 0, removed: 2))
            return ["result": (try? JSONTreeEncoder.encode(SyncRun.Result(accounts: [entry]))) ?? .null]
          case ItemsLines.name, ItemsList.name:
            // No lines: the agenda then prints how many days it looked at. `--json` prints the
            // params' account as an item's title, so that the account reaches the output too.
            let account = params?["account"]?.stringValue ?? "all"
            if method == ItemsLines.name { return ["result": ["lines": []]] }
            let listed = ListedItem(
              number: 7, account: account, service: "ical",
              item: Item(kind: .event, upstreamID: "u7", title: "For \(account)"), updatedAt: started)
            return ["result": (try? JSONTreeEncoder.encode(ItemsList.Result(items: [listed]))) ?? .null]
          default:
            return ["error": ["code": .int(Int64(RPCError.methodNotFoundCode)), "message": "Method not found"]]
          }
        }
        var environment = daemon.environment
        environment["TZ"] = "Europe/Zurich"
        self.environment = environment
      }

      /// `SOCKET` is the scripted daemon's socket, `ELSEWHERE` one where nothing listens.
      func resolve(_ line: [String]) -> [String] {
        line.map {
          switch $0 {
          case "SOCKET": daemon.paths.socketPath
          case "ELSEWHERE": daemon.directory.file("nowhere.sock")
          default: $0.replacingOccurrences(of: "=SOCKET", with: "=" + daemon.paths.socketPath)
          }
        }
      }

      func stop() { script.stop() }
    }
  }
}
