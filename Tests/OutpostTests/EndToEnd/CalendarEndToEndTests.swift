import Foundation
import OutpostCalendar
import OutpostModel
import OutpostRPC
import Testing

/// Calendars end to end: a referee's synced assignments become calendar files and an export;
/// a game moved upstream moves in the calendar with a higher SEQUENCE.
extension EndToEnd {
  @Suite struct Calendars {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], input: String? = nil) throws -> CommandResult {
      try runCommand(outpost, arguments, environment: daemon.environment, input: input)
    }

    func sequence(of uid: String, in text: String) -> Int? {
      let blocks = text.components(separatedBy: "BEGIN:VEVENT").dropFirst()
      guard let block = blocks.first(where: { $0.contains("UID:\(uid)") || $0.contains("UID:\r\n \(uid)") }) else {
        return nil
      }
      let line = block.components(separatedBy: "\r\n").first { $0.hasPrefix("SEQUENCE:") }
      return line.flatMap { Int($0.dropFirst("SEQUENCE:".count)) }
    }

    @Test func syncedAssignmentsBecomeCalendarFilesThatFollowAMovedGame() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess()
      try daemon.start()
      let add = try DemoReferee.add(to: daemon, sandbox: sandbox)
      #expect(add.status == 0, "\(add.stderr)")
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)

      let export = try cli(daemon, ["calendar", "export", "--json"])
      let result = try JSONCoding.decode(CalendarExport.Result.self, from: Array(export.stdout.utf8))
      let calendar = try ICalParser.parse(Array(result.calendar.utf8))
      let now = Date()
      let assignments = try daemon.client().call(ItemsList.self, .init(kinds: ["assignment"])).items.filter {
        $0.item.status != .cancelled || ($0.item.endsAt ?? now) >= now
      }
      #expect(result.events == assignments.count)
      #expect(calendar.events.count == assignments.count)
      let upcoming = try #require(
        assignments.first { $0.item.status == .active && ($0.item.startsAt ?? .distantPast) > now })
      let uid = CalendarEntry.uid(for: upcoming.item)
      let event = try #require(calendar.events.first { $0.uid == uid })
      #expect(event.start == upcoming.item.startsAt)
      #expect(event.url == upcoming.item.link)
      #expect(sequence(of: uid, in: result.calendar) == 0)

      // The files follow the sync shortly after it, off the request path: all.ics (there from the
      // start, empty) is replaced last, so wait until it holds the same calendar as the export.
      var files: [CalendarStatus.File] = []
      var onDisk = ""
      for _ in 0..<50 {
        files = try daemon.client().call(CalendarStatus.self, NoParams()).files
        onDisk = (try? String(contentsOfFile: files.first { $0.name == "all.ics" }?.path ?? "", encoding: .utf8)) ?? ""
        if files.count == 2 && onDisk == result.calendar { break }
        try await Task.sleep(for: .milliseconds(100))
      }
      #expect(files.map(\.name) == ["all.ics", "volleymanager.ics"])
      let same = onDisk == result.calendar
      #expect(same, "all.ics differs from calendar export")

      // The game moves upstream by two hours: the event follows, with SEQUENCE 1.
      let number = try #require(upcoming.item.details["gameNumber"]?.int64Value)
      let moved = try #require(upcoming.item.startsAt).addingTimeInterval(7200)
      try await sandbox.admin(
        "POST", "games/move", ["number": .int(number), "startingDateTime": .string(UTCTimestamp.format(moved))])
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      let after = try JSONCoding.decode(
        CalendarExport.Result.self, from: Array(try cli(daemon, ["calendar", "export", "--json"]).stdout.utf8))
      let movedEvent = try #require(try ICalParser.parse(Array(after.calendar.utf8)).events.first { $0.uid == uid })
      #expect(movedEvent.start == moved)
      #expect(sequence(of: uid, in: after.calendar) == 1)
      // Everything else kept its SEQUENCE.
      for other in assignments where other.number != upcoming.number {
        #expect(sequence(of: CalendarEntry.uid(for: other.item), in: after.calendar) == 0)
      }
    }

    /// "Removed account X, its password and its data": its events leave the calendar files, the
    /// vdir and the feed before the reply, and what Outpost did not write stays.
    @Test func removingAnAccountTakesItsEventsOutOfTheCalendars() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess()
      try daemon.start()
      #expect(try DemoReferee.add(to: daemon, sandbox: sandbox).status == 0)
      #expect(try cli(daemon, ["sync", "--wait"]).status == 0)
      let status = try daemon.client().call(CalendarStatus.self, NoParams())
      let directory = status.directory
      #expect(status.files.map(\.name) == ["all.ics", "volleymanager.ics"])
      let events = { (path: String) throws -> Int in
        try ICalParser.parse(Array(try String(contentsOfFile: path, encoding: .utf8).utf8)).events.count
      }
      #expect(try events(directory + "/all.ics") > 0)
      let vdir = directory + "/vdir/volleymanager"
      #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).count > 1)
      // Files someone else put there: another program's calendar and a note, each named as an
      // account's file would be.
      let foreign = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Someone//Else//EN\r\nEND:VCALENDAR\r\n"
      try foreign.write(toFile: directory + "/holidays.ics", atomically: true, encoding: .utf8)
      try "not a calendar".write(toFile: directory + "/notes.ics", atomically: true, encoding: .utf8)

      let removed = try cli(daemon, ["account", "remove", "volleymanager", "--force"])
      #expect(removed.status == 0, "\(removed.stderr)")
      let after = try daemon.client().call(CalendarStatus.self, NoParams())
      #expect(after.files.map(\.name) == ["all.ics", "holidays.ics", "notes.ics"])
      #expect(try events(directory + "/all.ics") == 0)
      #expect(!FileManager.default.fileExists(atPath: vdir))
      #expect(try String(contentsOfFile: directory + "/holidays.ics", encoding: .utf8) == foreign)
      let export = try daemon.client().call(CalendarExport.self, .init())
      #expect(export.events == 0)
    }
  }
}
