import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// Syncing end to end: the real daemon and CLI, the real keyring, real feeds and the sandbox.
extension EndToEnd {
  @Suite struct Sync {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], input: String? = nil) throws -> CommandResult {
      try runCommand(outpost, arguments, environment: daemon.environment, input: input)
    }

    /// A feed shaped like VolleyManager's (TZID=UTC, no VTIMEZONE), with games from tomorrow on.
    static func feed(gameHour: Int = 18) -> String {
      let day = Date().addingTimeInterval(86_400)
      var parts = DateComponents()
      parts.timeZone = TimeZone(identifier: "UTC")
      let calendar = Calendar(identifier: .gregorian)
      let ymd = calendar.dateComponents(in: TimeZone(identifier: "UTC")!, from: day)
      func stamp(_ hour: Int) -> String {
        String(format: "%04d%02d%02dT%02d1500", ymd.year!, ymd.month!, ymd.day!, hour)
      }
      return [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:VolleyManager V2", "X-WR-CALNAME:SR-Aufgebote #12345 | Lena Graf",
        "BEGIN:VEVENT", "UID:referee-convocation-for-game-391234", "DTSTAMP;TZID=UTC:\(stamp(8))",
        "DTSTART;TZID=UTC:\(stamp(gameHour))", "DTEND;TZID=UTC:\(stamp(gameHour + 2))",
        "SUMMARY:1. SR | VBC Seeland H1 - Volley Aarau H2 (2L)", "LOCATION:Turnweg 3\\, 2502 Biel/Bienne\\, Schweiz",
        "END:VEVENT", "END:VCALENDAR", "",
      ].joined(separator: "\r\n")
    }

    @Test func aFeedAccountSyncsMovesAndNeverStoresItsAddress() async throws {
      _ = try KeyringSession.shared.get()
      let daemon = try DaemonProcess()
      try daemon.start()
      let secretDirectory = daemon.directory.file("token-XYZ987")
      try FileManager.default.createDirectory(atPath: secretDirectory, withIntermediateDirectories: true)
      let feedPath = secretDirectory + "/referee.ics"
      try Self.feed().write(toFile: feedPath, atomically: true, encoding: .utf8)

      let add = try cli(
        daemon, ["account", "add", "ical", "--name", "vm-feed", "--password-stdin"], input: "file://" + feedPath)
      #expect(add.status == 0, "\(add.stderr)")
      let first = try cli(daemon, ["sync", "vm-feed", "--wait"])
      #expect(first.status == 0, "\(first.stderr)")
      let agenda = try cli(daemon, ["agenda", "--json"])
      let items = try JSONCoding.decode(ItemsList.Result.self, from: Array(agenda.stdout.utf8)).items
      #expect(items.map(\.item.title) == ["1. SR | VBC Seeland H1 - Volley Aarau H2 (2L)"])
      #expect(items.first?.item.location == "Turnweg 3, 2502 Biel/Bienne, Schweiz")
      let start = try #require(items.first?.item.startsAt)
      #expect(Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: start).hour == 18)
      // Without details, as the human agenda asks: the same entries, times, places and display.
      let lister = try daemon.client()
      let full = try lister.call(ItemsList.self, .init(appointments: true)).items
      let brief = try lister.call(ItemsList.self, .init(appointments: true, details: false)).items
      #expect(brief.map(\.number) == full.map(\.number) && !full.isEmpty)
      #expect(brief.allSatisfy { $0.item.details == [:] } && full.allSatisfy { $0.item.details != [:] })
      #expect(brief.map(\.display) == full.map(\.display))
      #expect(brief.map(\.item.startsAt) == full.map(\.item.startsAt))
      #expect(brief.map(\.item.location) == full.map(\.item.location))
      let shown = try cli(daemon, ["agenda"])
      #expect(shown.status == 0 && shown.stdout.contains("VBC Seeland H1") && shown.stdout.contains("Turnweg 3"))

      // Nothing changed: a second sync reports nothing new.
      let again = try cli(daemon, ["sync", "vm-feed", "--wait", "--json"])
      #expect(again.stdout.contains("\"new\":0") || again.stdout.contains("not-modified"), "\(again.stdout)")

      // The game moves by an hour: one change, of time.
      try Self.feed(gameHour: 19).write(toFile: feedPath, atomically: true, encoding: .utf8)
      let moved = try cli(daemon, ["sync", "vm-feed", "--wait", "--json"])
      #expect(moved.stdout.contains("\"changed\":1"), "\(moved.stdout)")
      let subscriber = try daemon.client()
      let subscribed = try subscriber.call(EventsSubscribe.self, .init(since: 0, types: ["items."]))
      var changes: [JSONValue] = []
      for _ in 0..<subscribed.replayed { changes.append(try subscriber.nextNotification()) }
      #expect(changes.count == 2)  // the first sync's new item, then the move; nothing for "no change"
      #expect(
        changes.last?["params"]?["data"]?["changes"] == [
          [
            "change": "changed", "fields": ["time"], "kind": "event", "number": 1,
            "upstreamID": "referee-convocation-for-game-391234",
          ]
        ])

      _ = try daemon.stop()
      let root = daemon.paths.dataDirectory
      for name in FileManager.default.enumerator(atPath: root)?.compactMap({ $0 as? String }) ?? [] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory),
          !isDirectory.boolValue
        else { continue }
        let data = try Data(contentsOf: URL(fileURLWithPath: root + "/" + name))
        let leaked = data.range(of: Data("token-XYZ987".utf8)) != nil
        #expect(!leaked, "the feed's private directory is in \(name)")
      }
    }
  }
}

extension EndToEnd.Sync {
  @Test func aRefereeSyncsTakesAnEntryOfflineAndSeesAConflictWhenSomeoneWasFaster() async throws {
    _ = try KeyringSession.shared.get()
    var sandbox = try SandboxProcess()
    let daemon = try DaemonProcess()
    try daemon.start()
    let add = try DemoReferee.add(to: daemon, sandbox: sandbox)
    #expect(add.status == 0, "\(add.stderr)")
    let synced = try cli(daemon, ["sync", "--wait"])
    #expect(synced.status == 0, "\(synced.stdout)\(synced.stderr)")
    // Adding the account starts its first sync at once: under load it may be over before this
    // one asks, which then finds nothing new. Either way the assignments are there.
    #expect(
      synced.stdout.contains("volleymanager: synced") || synced.stdout.contains("volleymanager: up to date"),
      "\(synced.stdout)")

    let assignments = try daemon.client().call(ItemsList.self, .init(kinds: ["assignment"])).items
    #expect(assignments.count > 10)
    #expect(assignments.allSatisfy { $0.item.link?.hasPrefix("volleykit://assignment/") == true })
    #expect(Set(assignments.compactMap { $0.item.details["association"]?.stringValue }) == ["SV", "SVRZ"])
    let agenda = try cli(daemon, ["agenda", "--days", "60"])
    #expect(agenda.status == 0)
    #expect(agenda.stdout.contains("#"), "\(agenda.stdout)")

    // Two open entries someone else offered that the referee may take.
    let open = try DemoReferee.takeableEntries(daemon)
    try #require(open.count >= 2, "the sandbox offers too few entries")
    let (first, second) = (open[0], open[1])

    // Offline: the take is queued, not lost.
    let port = sandbox.port
    sandbox.stop()
    let offline = try cli(daemon, ["exchange", "take", "\(first.number)"])
    #expect(offline.status == 0, "\(offline.stderr)")
    #expect(offline.stdout.contains("Queued as action "), "\(offline.stdout)")
    let queue = try daemon.client().call(ActionsList.self, .init()).actions
    #expect(queue.map(\.state) == [.pending])
    // A sync that cannot reach the service is a temporary failure, for a script to try later.
    let unreachable = try cli(daemon, ["sync", "--wait"])
    #expect(unreachable.status == 75, "\(unreachable.stdout)\(unreachable.stderr)")

    // Every view says so, as the phone app's banner: offline since when, and the data's age.
    let before = try DemoReferee.takeableEntries(daemon).count
    for view in [["assignments"], ["agenda", "--days", "60"], ["exchange"], ["compensations"], ["items"]] {
      let shown = try cli(daemon, view)
      #expect(shown.status == 0, "\(view): \(shown.stderr)")
      #expect(shown.stderr.contains("volleymanager: offline since"), "\(view): \(shown.stderr)")
      #expect(shown.stderr.contains("data of"), "\(view): \(shown.stderr)")
    }
    let german = try runCommand(
      outpost, ["assignments"], environment: daemon.environment.merging(["OUTPOST_LANG": "de"]) { $1 })
    #expect(german.stderr.contains("offline seit") && german.stderr.contains("Daten vom"), "\(german.stderr)")
    let viewed = try JSONCoding.decode(
      ItemsList.Result.self, from: Array(try cli(daemon, ["assignments", "--json"]).stdout.utf8))
    let banner = try #require(viewed.freshness?.first)
    #expect(banner.account == "volleymanager" && banner.state == .offline && banner.since != nil)
    #expect(banner.dataOf != nil && !banner.stale)
    #expect(try DemoReferee.takeableEntries(daemon).count == before)

    // Back online: the next sync replays it, once, and it shows up upstream.
    sandbox = try SandboxProcess(port: port)
    let replayed = try cli(daemon, ["sync", "--wait"])
    #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
    #expect(try daemon.client().call(ActionsList.self, .init(states: [.done])).actions.count == 1)
    let upstream = try await sandbox.exchanges(for: "referee@example.ch")
    #expect(upstream.first { $0.id == first.item.upstreamID }?.appliedByUser == true)
    #expect(upstream.first { $0.id == first.item.upstreamID }?.status == "applied")

    // Someone else is faster for the second entry: a conflict to decide, not an error loop.
    try await sandbox.admin("POST", "exchanges/take", ["__identity": .string(second.item.upstreamID)])
    let late = try cli(daemon, ["exchange", "take", "\(second.number)"])
    #expect(late.status == 1)
    #expect(late.stdout.contains("Conflict"), "\(late.stdout)")
    let conflicts = try cli(daemon, ["conflicts", "--json"])
    let listed = try JSONCoding.decode(ActionsList.Result.self, from: Array(conflicts.stdout.utf8)).actions
    #expect(listed.map(\.target) == [second.item.upstreamID])
    #expect(listed.first?.serverState?["status"] == "applied")
    _ = try cli(daemon, ["sync", "--wait"])
    #expect(try daemon.client().call(ActionsList.self, .init(states: [.conflict])).actions.count == 1)
    let resolved = try cli(daemon, ["conflicts", "resolve", "\(listed[0].number)", "--discard"])
    #expect(resolved.status == 0, "\(resolved.stderr)")
    #expect(try daemon.client().call(ActionsList.self, .init()).actions.isEmpty)
    let stats = try await sandbox.stats()
    #expect(stats.logins == 1)  // the restarted sandbox: one login for the replay, none for the rest
  }
}

extension EndToEnd.Sync {
  @Test func aQueuedActionSurvivesKillNineAndIsPerformedOnce() async throws {
    _ = try KeyringSession.shared.get()
    var sandbox = try SandboxProcess()
    let daemon = try DaemonProcess()
    try daemon.start()
    let add = try DemoReferee.add(to: daemon, sandbox: sandbox)
    #expect(add.status == 0, "\(add.stderr)")
    #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
    let entry = try #require(
      try DemoReferee.takeableEntries(daemon).first)
    let port = sandbox.port
    sandbox.stop()
    #expect(try cli(daemon, ["exchange", "take", "\(entry.number)"]).status == 0)
    #expect(try daemon.stop(signal: SIGKILL) == 128 + SIGKILL)

    sandbox = try SandboxProcess(port: port)
    try daemon.start()
    let replayed = try cli(daemon, ["sync", "--wait"])
    #expect(replayed.status == 0, "\(replayed.stdout)\(replayed.stderr)")
    let done = try daemon.client().call(ActionsList.self, .init(states: [.done])).actions
    #expect(done.map(\.target) == [entry.item.upstreamID])
    let upstream = try await sandbox.exchanges(for: "referee@example.ch").first { $0.id == entry.item.upstreamID }
    #expect(upstream?.appliedByUser == true)
    // Once more: nothing is sent twice.
    #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
    #expect(try daemon.client().call(ActionsList.self, .init(states: [.done])).actions.count == 1)
  }
}

extension EndToEnd.Sync {
  /// A sync that keeps failing with what waiting does not cure (a service answering invalid
  /// JSON) parks the account; from then on `sync --wait` exits 1, for the user to act, not 75
  /// "try again later" (a fresh-eyes tester's script would have retried a parked account).
  @Test func aParkedAccountsSyncExitsOneNotTryAgainLater() async throws {
    _ = try KeyringSession.shared.get()
    let sandbox = try SandboxProcess()
    let daemon = try DaemonProcess()
    try daemon.start()
    let add = try DemoTasksUser.add(to: daemon, sandbox: sandbox)
    #expect(add.status == 0, "\(add.stderr)")
    #expect(try cli(daemon, ["sync", "todo", "--wait"]).status == 0)
    _ = try await sandbox.sharedAdmin("POST", "faults", ["service": "tasks", "malformedRate": 1])
    var statuses: [Int32] = []
    var last: CommandResult?
    for _ in 0..<8 {
      let run = try cli(daemon, ["sync", "todo", "--wait", "--json"])
      statuses.append(run.status)
      last = run
    }
    // Seven failures the daemon retries by itself, then parked at the eighth.
    #expect(statuses == Array(repeating: 75, count: 7) + [1], "\(last?.stdout ?? "")\(last?.stderr ?? "")")
    let reply = try JSONParser.parse(Array((last?.stdout ?? "").utf8))
    guard case .array(let accounts)? = reply["accounts"] else {
      Issue.record("no accounts in \(reply)")
      return
    }
    #expect(accounts.first?["parked"] == .bool(true), "\(reply)")
    // The text says so too, not only the exit code.
    let text = try cli(daemon, ["sync", "todo", "--wait"])
    #expect(text.status == 1)
    #expect(text.stdout.contains("needs attention"), "\(text.stdout)")
  }
}
