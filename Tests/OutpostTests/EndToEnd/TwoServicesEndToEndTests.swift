import Foundation
import OutpostConnectors
import OutpostModel
import OutpostRPC
import Testing

/// Two services in one sandbox and one daemon, through the CLI only: a referee's VolleyManager
/// and a to-do list on a Supabase project. Nothing in the engine, the store or the RPC layer
/// knows the second one: it is a connector and a sandbox module. Its account signs in with a
/// password once and then lives on rotating refresh tokens; its declared action is queued while
/// the service fails, performed once when it is back, and turns into a visible conflict when the
/// task changed upstream.
extension EndToEnd {
  @Suite struct TwoServices {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], input: String? = nil) throws -> CommandResult {
      try runCommand(outpost, arguments, environment: daemon.environment, input: input)
    }

    func json<T: Decodable>(_ type: T.Type, _ result: CommandResult) throws -> T {
      try JSONCoding.decoder().decode(T.self, from: Data(result.stdout.utf8))
    }

    /// How many task updates reached the service and were answered 200 (its request log, which
    /// never holds bodies). A precondition that no longer holds is answered 200 too, with no
    /// row: count only before conflicts are provoked.
    func acceptedUpdates(_ sandbox: SandboxProcess) async throws -> Int {
      guard case .array(let entries)? = try await sandbox.sharedAdmin("GET", "log?since=0")["entries"] else {
        throw TestFailure("the sandbox's log has no entries")
      }
      return entries.filter {
        $0["method"]?.stringValue == "PATCH" && $0["path"]?.stringValue == "/tasks/rest/v1/tasks"
          && $0["status"]?.int64Value == 200
      }.count
    }

    @Test func oneDaemonServesBothAndTheSecondServicesActionIsQueuedReplayedOnceAndConflicts() async throws {
      let keyring = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess()
      try daemon.start()
      var transcript = ""

      let referee = try DemoReferee.add(to: daemon, sandbox: sandbox)
      #expect(referee.status == 0, "\(referee.stderr)")
      let add = try cli(
        daemon,
        [
          "account", "add", "tasks", "--username", DemoTasksUser.email, "--base-url", sandbox.baseURL + "/tasks",
          "--option", "apiKey=sandbox-tasks-anon-key", "--password-stdin",
        ], input: DemoTasksUser.password + "\n")
      transcript += add.stdout + add.stderr
      #expect(add.status == 0, "\(add.stderr)")
      // The keyring keeps the refresh token the service issued, not the password.
      let stored = try keyring.secretTool(["search", "--all", "connector", "tasks"])
      #expect(stored.stdout.contains("supabase-refresh-token:v1:"), "no refresh token in the keyring")
      #expect(!stored.stdout.contains(DemoTasksUser.password), "the password stayed in the keyring")

      let sync = try cli(daemon, ["sync", "--wait"])
      transcript += sync.stdout + sync.stderr
      #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")
      let all = try json(ItemsList.Result.self, try cli(daemon, ["items", "--json"]))
      #expect(Set(all.items.compactMap(\.service)) == ["volleymanager", "tasks"])
      let tasks = try json(ItemsList.Result.self, try cli(daemon, ["items", "--service", "tasks", "--json"])).items
      #expect(tasks.count == (try await sandbox.tasks()).count && !tasks.isEmpty)
      #expect(tasks.allSatisfy { $0.service == "tasks" && $0.item.kind == ItemKind(rawValue: "task") })
      let kinds = try json(ActionsKinds.Result.self, try cli(daemon, ["actions", "--service", "tasks", "--json"]))
      #expect(kinds.actions.map(\.name.rawValue) == ["tasks.complete", "tasks.reschedule"])
      let human = try cli(daemon, ["items", "--service", "tasks"])
      #expect(human.status == 0 && human.stdout.contains("tasks · task"), "\(human.stdout)")

      let open = tasks.filter { $0.item.status == .active }
      #expect(open.count >= 3, "the seeded list has too few open tasks")
      let first = try #require(open.first)
      let second = try #require(open.dropFirst().first)
      let third = try #require(open.dropFirst(2).first)

      // A wrong parameter, and another service's action on a task: refused, nothing queued.
      let badDue = try cli(daemon, ["do", "tasks.reschedule", "\(third.number)", "--param", "due=tomorrow"])
      #expect(badDue.status == 64 && badDue.stderr.contains("due must be a date and time"), "\(badDue.stderr)")
      var inGerman = daemon.environment
      inGerman["OUTPOST_LANG"] = "de"
      let badDueInGerman = try runCommand(
        outpost, ["do", "tasks.reschedule", "\(third.number)", "--param", "due=tomorrow"], environment: inGerman)
      #expect(badDueInGerman.stderr.contains("due muss ein Zeitpunkt wie"), "\(badDueInGerman.stderr)")
      let foreign = try cli(daemon, ["do", "exchange.take", "\(third.number)"])
      #expect(foreign.status == 1 && foreign.stderr.contains("exchange"), "\(foreign.stderr)")
      // Said in the user's language (a phrase, not the daemon's English).
      var german = daemon.environment
      german["OUTPOST_LANG"] = "de"
      let foreignInGerman = try runCommand(outpost, ["do", "exchange.take", "\(third.number)"], environment: german)
      #expect(
        foreignInGerman.stderr.contains("Nicht möglich: exchange.take ist eine Aktion von"), "\(foreignInGerman.stderr)"
      )
      #expect(foreignInGerman.stderr.contains("gehört zu einem anderen Dienst"), "\(foreignInGerman.stderr)")

      // The service fails: the action waits in the queue.
      try await sandbox.sharedAdmin("POST", "faults", ["service": "tasks", "errorRate": 1])
      let queued = try cli(daemon, ["do", "tasks.complete", "\(first.number)", "--json"])
      transcript += queued.stdout + queued.stderr
      #expect(queued.status == 0, "\(queued.stderr)")
      let action = try json(ActionsAdd.Result.self, queued).action
      #expect(action.state == .pending)
      #expect(try await acceptedUpdates(sandbox) == 0)

      // Back: the next sync performs it, once, and later syncs do not repeat it.
      try await sandbox.sharedAdmin("POST", "faults", ["service": "tasks", "errorRate": 0])
      #expect(try cli(daemon, ["sync", "tasks", "--wait"]).status == 0)
      #expect(try cli(daemon, ["sync", "tasks", "--wait"]).status == 0)
      let queue = try json(ActionsList.Result.self, try cli(daemon, ["queue", "--all", "--json"]))
      #expect(queue.actions.first { $0.number == action.number }?.state == .done)
      #expect(try await acceptedUpdates(sandbox) == 1)
      let upstream = try await sandbox.tasks()
      #expect(upstream.first { $0["id"]?.int64Value == Int64(first.item.upstreamID) }?["done"] == .bool(true))
      let synced = try json(ItemsList.Result.self, try cli(daemon, ["items", "--service", "tasks", "--json"]))
      #expect(synced.items.first { $0.number == first.number }?.item.status == .closed)

      // Someone changes a task upstream; completing it from the stale copy is a conflict the
      // user sees, with what the service holds now, and nothing is written upstream.
      try await sandbox.sharedAdmin(
        "POST", "mutate",
        [
          "service": "tasks", "op": "update", "email": .string(DemoTasksUser.email),
          "id": .int(Int64(second.item.upstreamID) ?? 0), "title": "Renamed on the phone",
        ])
      let conflict = try cli(daemon, ["do", "tasks.complete", "\(second.number)"])
      #expect(conflict.status == 1, "\(conflict.stdout)\(conflict.stderr)")
      #expect(conflict.stdout.contains("changed at the service"), "\(conflict.stdout)")
      let conflicts = try json(ActionsList.Result.self, try cli(daemon, ["conflicts", "--json"]))
      let seen = try #require(conflicts.actions.first { $0.itemNumber == second.number })
      #expect(seen.serverState?["title"] == .string("Renamed on the phone"))
      let untouched = try await sandbox.tasks().first { $0["id"]?.int64Value == Int64(second.item.upstreamID) }
      #expect(untouched?["done"] == .bool(false))

      // The password is nowhere but where the user typed it.
      for (name, data) in try DaemonFiles.all(daemon) {
        #expect(data.range(of: Data(DemoTasksUser.password.utf8)) == nil, "the password is in \(name)")
      }
      #expect(!transcript.contains(DemoTasksUser.password))
      #expect(!daemon.log.contains(DemoTasksUser.password))
      #expect(try daemon.stop() == 0)
    }

    /// How items show, what news they give, which reminders they take and which links open
    /// them is each connector's declaration: the second service's tasks get their subtitle-less
    /// display, start reminders and "due time changed" news, VolleyManager's items their league
    /// and CHF amount, and a VolleyKit link resolves to its assignment, with no code per service.
    @Test func itemsShowRemindAndOpenAsTheirConnectorsDeclare() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess(config: "[reminders]\nevening_before = \"\"\nbefore_minutes = 30\n")
      try daemon.start()
      #expect(try DemoReferee.add(to: daemon, sandbox: sandbox).status == 0)
      let add = try cli(
        daemon,
        [
          "account", "add", "tasks", "--username", DemoTasksUser.email, "--password-stdin",
        ] + sandbox.accountFlags("tasks"), input: DemoTasksUser.password + "\n")
      #expect(add.status == 0, "\(add.stderr)")
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)

      // Display: the noun, subtitle and amount each kind declares.
      let items = try json(ItemsList.Result.self, try cli(daemon, ["items", "--json"])).items
      let task = try #require(
        items.first {
          $0.service == "tasks" && $0.item.status == .active && ($0.item.startsAt ?? .distantPast) > Date()
        })
      #expect(task.display?.noun == "task")
      // An assignment with a league: upstream leaves it null on a third of the validated games,
      // and which game comes first depends on today's date.
      let assignment = try #require(
        items.first { $0.item.kind == .assignment && $0.item.details["league"]?.stringValue != nil })
      #expect(assignment.display?.subtitle?.contains(assignment.item.details["league"]?.stringValue ?? "?") == true)
      let compensation = try #require(items.first { $0.item.kind == .compensation && $0.item.details["cost"] != nil })
      #expect(compensation.display?.currency == "CHF")
      #expect(compensation.display?.amount == compensation.item.details["cost"]?.stringValue)
      let shown = try cli(daemon, ["show", "\(compensation.number)"])
      #expect(shown.stdout.contains("CHF \(compensation.display?.amount ?? "?")"), "\(shown.stdout)")

      // Reminders: tasks take the configured start reminders (30 min before), like assignments.
      // They are planned when the daemon hears of the sync's changes, just after its reply.
      var taskReminder: ReminderInfo?
      let deadline = ContinuousClock.now + .seconds(60)
      while taskReminder == nil && ContinuousClock.now < deadline {
        taskReminder = try daemon.client().call(RemindersList.self, .init(all: true)).reminders.first {
          $0.item == task.number
        }
        if taskReminder == nil { try await Task.sleep(for: .milliseconds(50)) }
      }
      let reminder = try #require(taskReminder, "no reminder was planned for the task")
      #expect(reminder.rule == "before-start")
      #expect(reminder.dueAt == task.item.startsAt!.addingTimeInterval(-30 * 60))

      // News: a due time moved upstream is told in the tasks connector's words.
      let later = task.item.startsAt!.addingTimeInterval(86_400)
      try await sandbox.sharedAdmin(
        "POST", "mutate",
        [
          "service": "tasks", "op": "update", "email": .string(DemoTasksUser.email),
          "id": .int(Int64(task.item.upstreamID) ?? 0), "due_at": .string(UTCTimestamp.format(later)),
        ])
      #expect(try cli(daemon, ["sync", "tasks", "--wait"]).status == 0)
      let told = try daemon.client().call(NotificationsList.self, .init(category: "changed")).notifications
      let news = try #require(told.first { $0.item == task.number }, "\(told.map(\.summary))")
      let declared = try #require(
        ConnectorRegistry.itemKind(.task)?.announcements.first { $0.category == "changed" })
      #expect(Language.allCases.map { declared.summary($0, task.item.title) }.contains(news.summary), "\(news.summary)")
      let prefs = try daemon.client().call(NotificationsPrefs.self, .init())
      #expect(Set(prefs.categories.map(\.name)).isSuperset(of: ["new-task", "new-assignment", "exchange-taken"]))
      // Muted for the tasks account only: its next news is kept but not shown; the others' stays on.
      let muted = try cli(daemon, ["notifications", "prefs", "--account", "tasks", "--disable", "changed", "--json"])
      #expect(muted.status == 0, "\(muted.stderr)")
      #expect(
        try json(NotificationsPrefs.Result.self, muted).categories.first { $0.name == "changed" }?.enabled == false)
      let everyone = try daemon.client().call(NotificationsPrefs.self, .init())
      #expect(everyone.categories.first { $0.name == "changed" }?.enabled == true)
      try await sandbox.sharedAdmin(
        "POST", "mutate",
        [
          "service": "tasks", "op": "update", "email": .string(DemoTasksUser.email),
          "id": .int(Int64(task.item.upstreamID) ?? 0),
          "due_at": .string(UTCTimestamp.format(later.addingTimeInterval(3600))),
        ])
      #expect(try cli(daemon, ["sync", "tasks", "--wait"]).status == 0)
      let quiet = try daemon.client().call(NotificationsList.self, .init(category: "changed")).notifications
        .filter { $0.item == task.number }
      let byAge = quiet.sorted { $0.id < $1.id }.map(\.delivery)
      #expect(byAge.count == 2 && byAge[0] != "suppressed" && byAge[1] == "suppressed", "\(byAge)")
      let unknown = try cli(daemon, ["notifications", "--category", "no-such-news"])
      #expect(unknown.status != 0 && unknown.stderr.contains("new-task"), "\(unknown.stderr)")

      // Links: a VolleyKit link resolves to its assignment, with VolleyManager's dashboard as
      // its web page; a scheme no connector declares is refused with those that are.
      let link = try #require(assignment.item.link)
      let resolved = try daemon.client().call(ItemsResolve.self, .init(link: link))
      #expect(resolved.item?.number == assignment.number)
      #expect(resolved.webPage == sandbox.baseURL + "/sportmanager.volleyball/main/dashboard")
      let opened = try cli(daemon, ["open", "--print", link])
      #expect(opened.status == 0 && opened.stdout.contains("#\(assignment.number)"), "\(opened.stderr)")
      let refused = try cli(daemon, ["open", "--print", "nope://thing/1"])
      #expect(refused.status != 0 && refused.stderr.contains("volleykit://"), "\(refused.stderr)")

      // Each service's command group: the referee's commands under volleymanager answer as
      // their short forms do; the tasks group lists and acts through the declared actions.
      let help = try cli(daemon, ["--help"])
      #expect(help.stdout.contains("volleymanager") && help.stdout.contains("tasks"), "\(help.stdout)")
      let grouped = try cli(daemon, ["volleymanager", "exchange", "--json"])
      let short = try cli(daemon, ["exchange", "--json"])
      #expect(grouped.status == 0 && grouped.stdout == short.stdout, "\(grouped.stderr)")
      let listed = try json(ItemsList.Result.self, try cli(daemon, ["tasks", "--json"])).items
      #expect(listed.contains { $0.number == task.number } && listed.allSatisfy { $0.item.status == .active })
      let newDue = UTCTimestamp.format(later.addingTimeInterval(3600))
      let moved = try cli(daemon, ["tasks", "reschedule", "\(task.number)", "--due", newDue, "--json"])
      #expect(moved.status == 0, "\(moved.stdout)\(moved.stderr)")
      #expect(try json(ActionsPerform.Result.self, moved).action.state == .done)
      let upstreamDue = try await sandbox.tasks().first { $0["id"]?.int64Value == Int64(task.item.upstreamID) }?[
        "due_at"]?.stringValue
      #expect(upstreamDue.flatMap(UTCTimestamp.parse) == UTCTimestamp.parse(newDue), "\(upstreamDue ?? "-")")
      // A person types their wall-clock time: 18:00 in Zurich in December is 17:00 UTC.
      var zurich = daemon.environment
      zurich["TZ"] = "Europe/Zurich"
      let local = try runCommand(
        outpost, ["tasks", "reschedule", "\(task.number)", "--due", "2027-12-16T18:00", "--json"], environment: zurich)
      #expect(local.status == 0, "\(local.stdout)\(local.stderr)")
      let localDue = try await sandbox.tasks().first { $0["id"]?.int64Value == Int64(task.item.upstreamID) }?[
        "due_at"]?.stringValue
      #expect(localDue.flatMap(UTCTimestamp.parse) == UTCTimestamp.parse("2027-12-16T17:00:00Z"), "\(localDue ?? "-")")
      #expect(try daemon.stop() == 0)
    }
  }
}

/// Every file under a daemon's data directory (database, WAL, calendars), for secret scans.
enum DaemonFiles {
  static func all(_ daemon: DaemonProcess) throws -> [(String, Data)] {
    let root = daemon.paths.dataDirectory
    let names = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
    return try names.compactMap { name in
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: root + "/" + name, isDirectory: &isDirectory),
        !isDirectory.boolValue
      else { return nil }
      return (name, try Data(contentsOf: URL(fileURLWithPath: root + "/" + name)))
    }
  }
}
