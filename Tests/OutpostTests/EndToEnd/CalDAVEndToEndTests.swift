import Foundation
import OutpostCalendar
import OutpostModel
import OutpostRPC
import Testing

/// CalDAV push end to end: the real daemon and CLI, the sandbox's referee, the keyring, and a
/// real Radicale holding the calendar, with one event of the user's own that must survive.
extension EndToEnd {
  @Suite struct CalDAVPush {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], input: String? = nil) throws -> CommandResult {
      try runCommand(outpost, arguments, environment: daemon.environment, input: input)
    }

    /// UID → the parsed event, as a CalDAV client sees the calendar.
    func events(_ radicale: RadicaleServer, _ calendar: String) async throws -> [String: ICalEvent] {
      var events: [String: ICalEvent] = [:]
      for body in try await radicale.events(in: calendar).values {
        for event in try ICalParser.parse(body).events { events[event.uid] = event }
      }
      return events
    }

    func status(_ daemon: DaemonProcess) throws -> CalDAVTargetInfo? {
      try daemon.client().call(CalendarStatus.self, NoParams()).caldav?.first
    }

    static let foreignEvent = """
      BEGIN:VCALENDAR\r
      VERSION:2.0\r
      PRODID:-//Someone else//EN\r
      BEGIN:VEVENT\r
      UID:dentist-4711@example.org\r
      DTSTAMP:20261101T090000Z\r
      DTSTART:20261203T080000Z\r
      DTEND:20261203T090000Z\r
      SUMMARY:Dentist\r
      END:VEVENT\r
      END:VCALENDAR\r

      """

    @Test func assignmentsArePushedFollowedAndRemovedWithoutTouchingTheUsersOwnEvents() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let radicale = try await RadicaleServer()
      let calendar = try await radicale.makeCalendar("volleyball")
      try await radicale.put(calendar + "dentist.ics", Self.foreignEvent)
      let daemon = try DaemonProcess()
      try daemon.start()
      #expect(try DemoReferee.add(to: daemon, sandbox: sandbox).status == 0)
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      let password = RadicaleServer.password + "\n"

      // Refused before anything is stored: wrong password, an address that is no calendar, a
      // server that is not there.
      let wrong = try cli(
        daemon, ["calendar", "caldav", "add", calendar, "--username", "referee", "--password-stdin"],
        input: "not-the-password\n")
      #expect(wrong.status == 1 && wrong.stderr.contains("rejected"), "\(wrong.stderr)")
      let principal = try cli(
        daemon, ["calendar", "caldav", "add", radicale.principalURL, "--username", "referee", "--password-stdin"],
        input: password)
      #expect(principal.status == 1 && principal.stderr.contains("Not a calendar"), "\(principal.stderr)")
      #expect(principal.stderr.contains("principal"), "\(principal.stderr)")
      let closed = try cli(
        daemon, ["calendar", "caldav", "add", "http://127.0.0.1:9/cal/", "--username", "referee", "--password-stdin"],
        input: password)
      #expect(closed.status == 75, "\(closed.stderr)")
      #expect(try status(daemon) == nil)

      // Added: the first push puts every calendar event there, next to the dentist.
      let add = try cli(
        daemon, ["calendar", "caldav", "add", calendar, "--username", "referee", "--password-stdin", "--json"],
        input: password)
      #expect(add.status == 0, "\(add.stderr)")
      let added = try JSONCoding.decode(CalendarCalDAVAdd.Result.self, from: Array(add.stdout.utf8))
      let export = try daemon.client().call(CalendarExport.self, .init())
      #expect(added.push.created == export.events)
      #expect(added.push.foreign == 1)
      #expect(added.target.displayName == "volleyball")
      var remote = try await events(radicale, calendar)
      #expect(remote.count == export.events + 1)
      #expect(remote["dentist-4711@example.org"]?.summary == "Dentist")

      // The password is in the keyring, nowhere else.
      let keyring = try runCommand(
        "/usr/bin/secret-tool", ["search", "--all", "connector", "caldav"], environment: daemon.environment)
      #expect(keyring.stdout.contains("caldav") || keyring.stderr.contains("caldav"))
      for file in ["outpost.sqlite", "outpost.sqlite-wal"] {
        let bytes = FileManager.default.contents(atPath: daemon.paths.dataDirectory + "/" + file) ?? Data()
        #expect(!String(decoding: bytes, as: UTF8.self).contains(RadicaleServer.password), "password in \(file)")
      }
      #expect(!daemon.log.contains(RadicaleServer.password))

      // A game moves upstream: the next sync moves it in the CalDAV calendar too.
      let now = Date()
      let upcoming = try daemon.client().call(ItemsList.self, .init(kinds: ["assignment"])).items.filter {
        $0.item.status == .active && ($0.item.startsAt ?? .distantPast) > now
      }
      let game = try #require(upcoming.first)
      let uid = CalendarEntry.uid(for: game.item)
      let moved = try #require(game.item.startsAt).addingTimeInterval(3 * 3600)
      let number = try #require(game.item.details["gameNumber"]?.int64Value)
      try await sandbox.admin(
        "POST", "games/move", ["number": .int(number), "startingDateTime": .string(UTCTimestamp.format(moved))])
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      #expect(try cli(daemon, ["calendar", "caldav", "sync"]).status == 0)
      remote = try await events(radicale, calendar)
      #expect(remote[uid]?.start == moved)

      // Cancelled upstream: kept, marked cancelled.
      let other = try #require(upcoming.dropFirst().first)
      let otherUID = CalendarEntry.uid(for: other.item)
      let otherNumber = try #require(other.item.details["gameNumber"]?.int64Value)
      try await sandbox.admin("POST", "games/cancel", ["number": .int(otherNumber)])
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      #expect(try cli(daemon, ["calendar", "caldav", "sync"]).status == 0)
      remote = try await events(radicale, calendar)
      #expect(remote[otherUID]?.status == .cancelled)

      // Someone deletes one of Outpost's events there: the next push puts it back. (A push
      // asked for runs after the calendar files caught up with the last sync and after the
      // automatic push that follows them, so none is left to see the deletion first.)
      #expect(try cli(daemon, ["calendar", "caldav", "sync"]).status == 0)
      let listed = try await radicale.events(in: calendar)
      let href = try #require(listed.first { String(decoding: $0.value, as: UTF8.self).contains(uid) }?.key)
      try await radicale.delete(radicale.baseURL + href)
      let resync = try cli(daemon, ["calendar", "caldav", "sync", "--json"])
      let pushes = try JSONCoding.decode(CalendarCalDAVSync.Result.self, from: Array(resync.stdout.utf8)).pushes
      #expect(pushes.first?.recreated == 1)
      #expect(try await events(radicale, calendar)[uid] != nil)

      // The server goes down: a temporary failure, reported and retried; back up, all is well.
      radicale.stop()
      let down = try cli(daemon, ["calendar", "caldav", "sync"])
      #expect(down.status == 75, "\(down.stdout)\(down.stderr)")
      #expect(try status(daemon)?.status == "retrying")
      try await radicale.restart()
      #expect(try cli(daemon, ["calendar", "caldav", "sync"]).status == 0)
      #expect(try status(daemon)?.status == "ok")

      // Removed with --purge: Outpost's events go, the dentist stays, the keyring forgets.
      let remove = try cli(daemon, ["calendar", "caldav", "remove", calendar, "--purge", "--json"])
      #expect(remove.status == 0, "\(remove.stderr)")
      let removed = try JSONCoding.decode(CalendarCalDAVRemove.Result.self, from: Array(remove.stdout.utf8))
      #expect(removed.deleted == export.events)
      remote = try await events(radicale, calendar)
      #expect(Array(remote.keys) == ["dentist-4711@example.org"])
      #expect(try status(daemon) == nil)
      let gone = try runCommand(
        "/usr/bin/secret-tool", ["search", "--all", "connector", "caldav"], environment: daemon.environment)
      #expect(!gone.stdout.contains("caldav") && !gone.stderr.contains("caldav"))
      let again = try cli(daemon, ["calendar", "caldav", "remove", calendar])
      #expect(again.status == 1 && again.stderr.contains("does not push into"), "\(again.stderr)")
      _ = try daemon.stop()
    }

    /// A calendar only one account pushes into goes with the account, and so does its password:
    /// nothing of the account is left in the keyring. Its events stay on the server (removing
    /// must not need the network).
    @Test func removingAnAccountForgetsTheCalendarOnlyItPushedInto() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let radicale = try await RadicaleServer()
      let calendar = try await radicale.makeCalendar("volleyball")
      let daemon = try DaemonProcess()
      try daemon.start()
      #expect(try DemoReferee.add(to: daemon, sandbox: sandbox).status == 0)
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      let add = try cli(
        daemon,
        [
          "calendar", "caldav", "add", calendar, "--username", "referee", "--account", "volleymanager",
          "--password-stdin",
        ],
        input: RadicaleServer.password + "\n")
      #expect(add.status == 0, "\(add.stderr)")
      #expect(try status(daemon)?.account == "volleymanager")
      let pushed = try await events(radicale, calendar).count
      #expect(pushed > 0)
      let search = ["search", "--all", "connector", "caldav"]
      let stored = try runCommand("/usr/bin/secret-tool", search, environment: daemon.environment)
      #expect(stored.stdout.contains("caldav") || stored.stderr.contains("caldav"))

      let removed = try cli(daemon, ["account", "remove", "volleymanager", "--force"])
      #expect(removed.status == 0, "\(removed.stderr)")
      #expect(try status(daemon) == nil)
      let gone = try runCommand("/usr/bin/secret-tool", search, environment: daemon.environment)
      #expect(!gone.stdout.contains("caldav") && !gone.stderr.contains("caldav"))
      #expect(try await events(radicale, calendar).count == pushed)
      _ = try daemon.stop()
    }
  }
}
