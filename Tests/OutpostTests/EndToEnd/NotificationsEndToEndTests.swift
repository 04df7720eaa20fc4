import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// A referee's day, end to end: the real daemon, the sandbox, and a test notification server on
/// the private session bus that records every `Notify` and can click actions (it also plays
/// logind on the same bus, standing in for the system bus). Games are moved upstream so that
/// their reminders come due within seconds.
extension EndToEnd {
  @Suite struct Notifications {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String]) throws -> CommandResult {
      try runCommand(outpost, arguments, environment: daemon.environment)
    }

    /// The test notification server (Tests/Support/notification-server.py) and its log.
    final class NotificationServer {
      let process: ChildProcess
      let log: String
      let address: String

      init(directory: TemporaryDirectory, address: String) throws {
        self.address = address
        log = directory.file("notifications.jsonl")
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
          .deletingLastPathComponent().appendingPathComponent("Support/notification-server.py").path
        let out = directory.file("notification-server.out")
        let descriptor = open(out, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        process = try ChildProcess(
          "/usr/bin/python3", [script, "--log", log, "--logind"],
          environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"],
          redirections: [1: descriptor, 2: descriptor])
        close(descriptor)
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline {
          if (try? String(contentsOfFile: out, encoding: .utf8))?.contains("ready") == true { return }
          if let status = process.poll() {
            throw TestFailure(
              "notification server exited \(status): \((try? String(contentsOfFile: out, encoding: .utf8)) ?? "")")
          }
          usleep(50_000)
        }
        throw TestFailure("notification server did not start")
      }

      deinit {
        if process.poll() == nil {
          kill(process.pid, SIGTERM)
          _ = process.wait()
        }
      }

      /// Every `Notify` so far, as recorded.
      var notified: [[String: Any]] {
        let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
          try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }.filter { $0["method"] as? String == "Notify" }
      }

      func waitForNotify(summary: String, timeout: Duration = .seconds(30)) async throws -> [String: Any]? {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
          if let found = notified.first(where: { $0["summary"] as? String == summary }) { return found }
          try await Task.sleep(for: .milliseconds(100))
        }
        return nil
      }

      /// Calls the server's control interface (a click, or logind's PrepareForSleep).
      func control(_ method: String, _ arguments: [String]) throws {
        let result = try runCommand(
          "/usr/bin/dbus-send",
          [
            "--session", "--print-reply", "--dest=org.freedesktop.Notifications", "/org/outpost/TestNotifications",
            "org.outpost.TestNotifications.\(method)",
          ] + arguments,
          environment: ["DBUS_SESSION_BUS_ADDRESS": address, "PATH": "/usr/bin:/bin"])
        guard result.status == 0 else { throw TestFailure("dbus-send \(method): \(result.stderr)") }
      }
    }

    func move(_ sandbox: SandboxProcess, _ item: ListedItem, to start: Date) async throws {
      let number = try #require(item.item.details["gameNumber"]?.int64Value)
      try await sandbox.admin(
        "POST", "games/move", ["number": .int(number), "startingDateTime": .string(UTCTimestamp.format(start))])
    }

    @Test func aRefereesDayOfRemindersAndChanges() async throws {
      let keyring = try KeyringSession.shared.get()
      let directory = TemporaryDirectory("notifications")
      let server = try NotificationServer(directory: directory, address: keyring.address)
      let sandbox = try SandboxProcess()
      // No evening-before reminders: the test's games are today; one reminder an hour before.
      let config = "[reminders]\nevening_before = \"\"\nbefore_minutes = 60\n"
      let daemon = try DaemonProcess(config: config, environment: ["DBUS_SYSTEM_BUS_ADDRESS": keyring.address])
      try daemon.start()
      #expect(try DemoReferee.add(to: daemon, sandbox: sandbox).status == 0)
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      // The first sync tells nothing (every game would be "new").
      try await Task.sleep(for: .milliseconds(500))
      let told = try daemon.client().call(NotificationsList.self, .init(category: "new-assignment")).notifications
      #expect(told.isEmpty, "\(told.map(\.summary))")
      #expect(daemon.log.contains("first sync of the account"))

      let now = Date()
      let upcoming = try daemon.client().call(ItemsList.self, .init(kinds: ["assignment"])).items.filter {
        $0.item.status == .active && ($0.item.startsAt ?? .distantPast) > now.addingTimeInterval(3 * 86_400)
      }
      try #require(upcoming.count >= 6)
      let (first, second, cancelled) = (upcoming[0], upcoming[1], upcoming[2])

      // Two games tonight: each reminds an hour before, with Open, Snooze and Dismiss.
      try await move(sandbox, first, to: now.addingTimeInterval(3600 + 6))
      try await move(sandbox, second, to: now.addingTimeInterval(3600 + 12))
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      let firstReminder = try #require(await server.waitForNotify(summary: first.item.title), "\(daemon.log)")
      #expect(firstReminder["app_name"] as? String == "Outpost")
      let actions = firstReminder["actions"] as? [String] ?? []
      for key in ["open", "snooze-5", "snooze-15", "snooze-60", "dismiss"] { #expect(actions.contains(key)) }
      #expect((firstReminder["body"] as? String)?.contains(first.item.location ?? "?") == true)
      #expect(try await server.waitForNotify(summary: second.item.title) != nil)
      // Exactly once each.
      #expect(server.notified.count { $0["summary"] as? String == first.item.title } == 1)

      // Snooze clicked on the first: the reminder waits again, 5 minutes.
      let firstID = try #require(firstReminder["id"] as? Int)
      try server.control("Click", ["uint32:\(firstID)", "string:snooze-5"])
      var snoozed: ReminderInfo?
      for _ in 0..<50 where snoozed == nil {
        snoozed = try daemon.client().call(RemindersList.self, .init()).reminders.first {
          $0.item == first.number && $0.snoozedUntil != nil
        }
        if snoozed == nil { try await Task.sleep(for: .milliseconds(100)) }
      }
      let until = try #require(snoozed?.snoozedUntil)
      #expect(abs(until.timeIntervalSinceNow - 300) < 30)

      // The second game moves by two hours, the third is cancelled: the user is told, once.
      let moved = now.addingTimeInterval(3 * 3600)
      try await move(sandbox, second, to: moved)
      let cancelNumber = try #require(cancelled.item.details["gameNumber"]?.int64Value)
      try await sandbox.admin("POST", "games/cancel", ["number": .int(cancelNumber)])
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      #expect(try await server.waitForNotify(summary: "Time changed: \(second.item.title)") != nil, "\(daemon.log)")
      #expect(try await server.waitForNotify(summary: "Cancelled: \(cancelled.item.title)") != nil)
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      #expect(server.notified.count { $0["summary"] as? String == "Cancelled: \(cancelled.item.title)" } == 1)

      // The centre has them all, unread until read.
      let centre = try daemon.client().call(NotificationsList.self, .init(unread: true))
      #expect(centre.notifications.contains { $0.summary == "Cancelled: \(cancelled.item.title)" })
      #expect(centre.unread >= 3)

      // The daemon is off for a while (a suspend, a shutdown): meanwhile one game's reminder
      // came due and is still useful (caught up when the daemon is back), another game began
      // (too late: recorded missed, not shown).
      _ = try daemon.stop()
      let (catchUp, late) = (upcoming[3], upcoming[4])
      try await move(sandbox, catchUp, to: Date().addingTimeInterval(1800))
      try await move(sandbox, late, to: Date().addingTimeInterval(-600))
      try daemon.start()
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      #expect(try await server.waitForNotify(summary: catchUp.item.title) != nil, "\(daemon.log.suffix(3000))")
      try await Task.sleep(for: .seconds(1))
      #expect(!server.notified.contains { $0["summary"] as? String == late.item.title })
      let lateReminders = try daemon.client().call(RemindersList.self, .init(all: true)).reminders.filter {
        $0.item == late.number
      }
      #expect(!lateReminders.isEmpty && lateReminders.allSatisfy { $0.state == "missed" }, "\(lateReminders)")

      // A resume from suspend (logind's PrepareForSleep(false)) makes the daemon catch up.
      try server.control("PrepareForSleep", ["boolean:true"])
      try server.control("PrepareForSleep", ["boolean:false"])
      var resumed = false
      for _ in 0..<50 where !resumed {
        resumed = daemon.log.contains("resumed; catching up")
        if !resumed { try await Task.sleep(for: .milliseconds(100)) }
      }
      #expect(resumed, "\(daemon.log.suffix(2000))")

      // The account's own rules: 90 minutes before, no evening reminder; planned again at once.
      let ruled = try cli(
        daemon,
        ["reminders", "rules", "--account", "volleymanager", "--before", "90", "--evening-before", "off", "--json"])
      #expect(ruled.status == 0, "\(ruled.stderr)")
      let rules = try JSONCoding.decode(RemindersRules.Result.self, from: Array(ruled.stdout.utf8)).rules
      #expect(rules.last == RemindersRules.Rule(account: "volleymanager", eveningBefore: nil, beforeMinutes: 90))
      let replanned = try daemon.client().call(RemindersList.self, .init()).reminders
      #expect(!replanned.isEmpty && !replanned.contains { $0.rule == "evening-before" })
      for reminder in replanned where reminder.rule == "before-start" {
        let lead = (reminder.startsAt ?? reminder.dueAt).timeIntervalSince(reminder.dueAt)
        #expect(abs(lead - 5400) < 1, "\(reminder)")
      }
      let bad = try cli(daemon, ["reminders", "rules", "--account", "volleymanager", "--evening-before", "25:00"])
      #expect(bad.status == 64)

      // Without a notification server nothing is lost: stored, and status says so.
      server.process.stop()
      let third = upcoming[5]
      try await move(sandbox, third, to: Date().addingTimeInterval(3600 + 3))
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      var kept: NotificationInfo?
      for _ in 0..<100 where kept == nil {
        kept = try daemon.client().call(NotificationsList.self, .init()).notifications.first {
          $0.summary == third.item.title
        }
        if kept == nil { try await Task.sleep(for: .milliseconds(100)) }
      }
      #expect(kept?.delivery == "unavailable")
      let status = try daemon.client().call(DaemonStatus.self, NoParams())
      #expect(status.components.first { $0.name == "notifications" }?.health == .degraded)
      _ = try daemon.stop()
    }
  }
}
