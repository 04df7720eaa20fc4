import Foundation
import OutpostModel
import OutpostRPC
import Testing

extension EndToEnd {
  @Suite struct CLI {
    let outpost = DaemonProcess.binary("outpost")

    @Test func saysHowToStartTheDaemonWhenItIsNotRunning() throws {
      let daemon = try DaemonProcess()
      let result = try runCommand(outpost, ["status"], environment: daemon.environment)
      #expect(result.status == 69)
      #expect(result.stderr.contains("outpostd is not running"))
      #expect(result.stderr.contains("systemctl --user start outpostd.socket"))
      #expect(result.stdout.isEmpty)
    }

    @Test func speaksTheUsersLanguage() throws {
      let daemon = try DaemonProcess()
      var environment = daemon.environment
      environment["LANG"] = "de_CH.UTF-8"
      environment["LC_ALL"] = nil
      environment["LANGUAGE"] = nil
      environment["OUTPOST_LANG"] = nil
      let german = try runCommand(outpost, ["status"], environment: environment)
      #expect(german.status == 69)
      #expect(german.stderr.contains("outpostd läuft nicht"), "\(german.stderr)")
      environment["OUTPOST_LANG"] = "fr"
      try daemon.start()
      let french = try runCommand(outpost, ["status"], environment: environment)
      #expect(french.stdout.contains("est lancé (pid \(daemon.pid)"), "\(french.stdout)")
      #expect(french.stdout.contains("Base :"), "\(french.stdout)")
      // The health line too: component and state in the user's words (a fresh-eyes tester
      // read "Problem mit accounts:" in German).
      environment["OUTPOST_LANG"] = "de"
      let health = try runCommand(outpost, ["status"], environment: environment)
      #expect(health.stdout.contains("Datenbank: in Ordnung"), "\(health.stdout)")
      #expect(!health.stdout.contains("store ok"), "\(health.stdout)")
      // An error the daemon sends comes as a phrase: said in the user's language, its JSON-RPC
      // code not shown (issue 48 §1, §3).
      let missing = try runCommand(outpost, ["account", "status", "nosuch"], environment: environment)
      #expect(missing.status == 1)
      #expect(missing.stderr.contains("Kein Konto namens «nosuch»"), "\(missing.stderr)")
      #expect(!missing.stderr.contains("-32010"), "\(missing.stderr)")
      environment["OUTPOST_LANG"] = "en"
      let english = try runCommand(outpost, ["account", "status", "nosuch"], environment: environment)
      #expect(english.stderr.contains("No account named \"nosuch\""), "\(english.stderr)")
      // Under --json a script reads why there is no reply, as JSON on stdout, with the code.
      let json = try runCommand(outpost, ["account", "status", "nosuch", "--json"], environment: environment)
      #expect(json.status == 1)
      let failure = try JSONCoding.decode(JSONValue.self, from: Array(json.stdout.utf8))
      #expect(failure["error"]?["exitStatus"] == 1, "\(json.stdout)")
      #expect(failure["error"]?["code"] == .int(Int64(RPCError.accountNotFoundCode)), "\(json.stdout)")
      #expect(failure["error"]?["message"]?.stringValue?.contains("nosuch") == true, "\(json.stdout)")
      // So is a command line ArgumentParser refuses; help stays help.
      let unparsed = try runCommand(outpost, ["account", "status", "--json"], environment: environment)
      #expect(unparsed.status == 64)
      let refusal = try JSONCoding.decode(JSONValue.self, from: Array(unparsed.stdout.utf8))
      #expect(refusal["error"]?["exitStatus"] == 64, "\(unparsed.stdout)")
      #expect(refusal["error"]?["message"]?.stringValue?.contains("<name>") == true, "\(unparsed.stdout)")
      let help = try runCommand(outpost, ["account", "status", "--help", "--json"], environment: environment)
      #expect(help.status == 0 && !help.stdout.contains("\"error\""), "\(help.stdout)")
    }

    @Test func statusInTextAndJSON() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      let text = try runCommand(outpost, ["status"], environment: daemon.environment)
      #expect(text.status == 0)
      #expect(
        text.stdout.contains("outpostd \(ProductInfo.version) is running (pid \(daemon.pid)"))
      #expect(text.stdout.contains("Store:    \(daemon.paths.databasePath)"))
      let json = try runCommand(outpost, ["status", "--json"], environment: daemon.environment)
      #expect(json.status == 0)
      let status = try JSONCoding.decode(DaemonStatus.Result.self, from: json.stdout.utf8)
      #expect(status.pid == daemon.pid)
      let elsewhere = try runCommand(
        outpost, ["status", "--socket", daemon.directory.file("nowhere.sock")], environment: daemon.environment)
      #expect(elsewhere.status == 69)
    }

    @Test func rawRPCPrintsResultsAndErrors() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      let hello = try runCommand(
        outpost, ["rpc", "daemon.hello", #"{"client":"cli-test"}"#, "--json"], environment: daemon.environment)
      #expect(hello.status == 0)
      #expect(try JSONCoding.decode(DaemonHello.Result.self, from: hello.stdout.utf8).product == "Outpost")
      let unknown = try runCommand(outpost, ["rpc", "no.such"], environment: daemon.environment)
      #expect(unknown.status == 1)
      #expect(unknown.stderr.contains("Method not found: no.such"))
      let unknownJSON = try runCommand(outpost, ["rpc", "no.such", "--json"], environment: daemon.environment)
      #expect(try JSONCoding.decode(JSONValue.self, from: unknownJSON.stdout.utf8)["error"]?["code"] == -32601)
      let badParams = try runCommand(outpost, ["rpc", "daemon.hello", "{not json"], environment: daemon.environment)
      #expect(badParams.status == 64)
      #expect(badParams.stderr.contains("not valid JSON"))
    }

    /// `outpost sync` with no account says how to add one instead of printing nothing.
    @Test func syncingWithoutAccountsSaysHowToAddOne() throws {
      let daemon = try DaemonProcess()
      let empty = try JSONTreeEncoder.encode(SyncRun.Result(accounts: []))
      let script = try ScriptedDaemon(socketPath: daemon.paths.socketPath) { _ in ["result": empty] }
      defer { script.stop() }
      for line in [["sync"], ["sync", "--wait"], ["sync", "--socket=\(daemon.paths.socketPath)"]] {
        let result = try runCommand(outpost, line, environment: daemon.environment)
        #expect(result.status == 0, "\(line): \(result.stderr)")
        #expect(
          result.stdout.hasPrefix("No accounts yet. Add one with:  outpost account add"), "\(line): \(result.stdout)")
      }
      let json = try runCommand(outpost, ["sync", "--json"], environment: daemon.environment)
      #expect(try JSONCoding.decode(SyncRun.Result.self, from: json.stdout.utf8).accounts.isEmpty)
    }

    /// A daemon older than `items.lines` (still running after the CLI was upgraded) does not
    /// know it: the agenda asks it the older way and shows the same lines.
    @Test func theAgendaAsksAnOlderDaemonTheOlderWay() throws {
      let daemon = try DaemonProcess()
      let soon = Date().addingTimeInterval(3600)
      let listed = ListedItem(
        number: 5, account: "games", service: "ical",
        item: Item(
          kind: .event, upstreamID: "u5", title: "Cup final", startsAt: soon, endsAt: soon.addingTimeInterval(7200),
          location: "Biel", details: ["description": "long"]),
        updatedAt: Date(), display: ItemDisplay(noun: "event", subtitle: "NLA"))
      let reply = try JSONTreeEncoder.encode(ItemsList.Result(items: [listed]))
      let older = try ScriptedDaemon(socketPath: daemon.paths.socketPath) { method in
        method == ItemsList.name
          ? ["result": reply]
          : [
            "error": [
              "code": .int(Int64(RPCError.methodNotFoundCode)), "message": .string("Method not found: \(method)"),
            ]
          ]
      }
      defer { older.stop() }
      let agenda = try runCommand(outpost, ["agenda", "--days", "2"], environment: daemon.environment)
      #expect(agenda.status == 0, "\(agenda.stderr)")
      #expect(agenda.stdout.contains("#5") && agenda.stdout.contains("Cup final (NLA)"), "\(agenda.stdout)")
      #expect(agenda.stdout.contains("      Biel"), "\(agenda.stdout)")
      #expect(older.methods == [ItemsLines.name, ItemsList.name])
    }

    @Test func eventsFollowsWithSince() throws {
      let daemon = try DaemonProcess()
      try daemon.start()
      let output = daemon.directory.file("events.out")
      let file = open(output, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
      let follower = try ChildProcess(
        outpost, ["events", "--since", "0", "--json"], environment: daemon.environment, redirections: [1: file])
      close(file)
      // The replay of daemon.didStart is pushed only once the subscription is in place, and the
      // follower writes each event at once: its first line means it is subscribed. Every write
      // to the file wakes the wait, as does the follower's exit.
      let subscribed = Readiness.wait(for: follower, onChangesTo: output, limit: .seconds(30)) {
        ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "").contains("\n")
      }
      #expect(subscribed == .ready)
      // The replay of daemon.didStart arrives, then the stop; then the daemon closes the stream.
      #expect(try daemon.stop() == 0)
      let exitStatus = follower.wait()
      let events = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n").compactMap {
        try? JSONCoding.decode(OutpostEvent.self, from: $0.utf8)
      }
      #expect(events.map(\.type) == [OutpostEventType.daemonDidStart, OutpostEventType.daemonWillStop])
      #expect(exitStatus == 69)
    }

    @Test func helpAndCompletionsAreGenerated() throws {
      let help = try runCommand(outpost, ["--help"], environment: [:])
      #expect(help.status == 0)
      #expect(help.stdout.contains("Exit status"))
      for shell in ["bash", "zsh", "fish"] {
        let script = try runCommand(outpost, ["--generate-completion-script", shell], environment: [:])
        #expect(script.status == 0)
        #expect(script.stdout.contains("events"))
      }
    }
  }
}
