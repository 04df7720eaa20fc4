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
  }
}
