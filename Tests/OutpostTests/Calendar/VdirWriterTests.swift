import Foundation
import OutpostCalendar
import OutpostModel
import Testing

@testable import OutpostDaemon

extension CalendarOutputs {
  /// The vdir: one file per event, written only when it changes, Outpost's files only.
  @Suite struct Vdir {
    typealias Fixture = CalendarOutputFixture

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    @Test func eachEventIsAFileNamedAfterItsUIDInItsAccountsFolder() async throws {
      let fixture = try await Fixture(accounts: ["lena", "marco"])
      try await fixture.syncAndRegenerate(Fixture.season)
      try await fixture.syncAndRegenerate(
        [Fixture.game("m1", "Marco's game", "2027-05-01T17:00:00Z")], account: "marco")

      // One folder per account and nothing else, so that vdirsyncer and khal see two collections.
      #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.vdir).sorted() == ["lena", "marco"])
      #expect(try fixture.eventFiles() == Fixture.season.map(Fixture.fileName).sorted())
      #expect(try fixture.eventFiles("marco") == ["assignment-m1@outpost.ics"])
      #expect(try contents(fixture.folder() + "/displayname") == "Outpost — lena")
      for item in Fixture.season {
        let bytes = try #require(FileManager.default.contents(atPath: fixture.folder() + "/" + Fixture.fileName(item)))
        let events = try ICalParser.parse(Array(bytes)).events
        #expect(events.count == 1)
        #expect(events.first?.uid == CalendarEntry.uid(for: item))
        #expect(events.first?.start == item.startsAt)
        #expect(events.first?.end == item.endsAt)
      }
    }

    @Test func changingOneEventRewritesThatFileAndNoOther() async throws {
      let fixture = try await Fixture()
      try await fixture.syncAndRegenerate(Fixture.season)
      let names = try fixture.eventFiles() + ["displayname"]
      let before = try names.map { try FileIdentity(fixture.folder() + "/" + $0) }

      // Nothing changed: nothing is written, not even with the same bytes.
      await fixture.calendars.regenerateNow()
      #expect(try names.map { try FileIdentity(fixture.folder() + "/" + $0) } == before)

      var season = Fixture.season
      season[1] = Fixture.game("g2", "Volley Bern – VBC Zürich", "2027-04-03T17:00:00Z")  // An hour later.
      try await fixture.syncAndRegenerate(season)
      let moved = Fixture.fileName(season[1])
      for (name, identity) in zip(names, before) {
        let now = try FileIdentity(fixture.folder() + "/" + name)
        if name == moved {
          #expect(now.inode != identity.inode, "replaced by a rename, not written in place")
        } else {
          #expect(now == identity, "\(name) was rewritten")
        }
      }
      let event = try #require(
        try ICalParser.parse(Array(contents(fixture.folder() + "/" + moved).utf8)).events.first)
      #expect(event.start == Fixture.utc("2027-04-03T17:00:00Z"))
      #expect(try contents(fixture.folder() + "/" + moved).contains("SEQUENCE:1\r\n"))
    }

    @Test func anEventThatLeavesTheCalendarLosesItsFileAndForeignFilesStay() async throws {
      let fixture = try await Fixture()
      try await fixture.syncAndRegenerate(Fixture.season)
      // What khal or the user put there: names Outpost does not make.
      let foreign = [
        "5a1f0c3e-khal.ics": "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "notes.txt": "mine",
        "assignment-g1@example.ics": "not ours", ".assignment-g1@outpost.ics.swp": "an editor's",
      ]
      for (name, text) in foreign {
        try text.write(toFile: fixture.folder() + "/" + name, atomically: false, encoding: .utf8)
      }
      // A crash between writing and renaming leaves a temporary file: Outpost's, so it goes.
      try "half".write(toFile: fixture.folder() + "/.assignment-g9@outpost.ics.tmp", atomically: false, encoding: .utf8)

      try await fixture.syncAndRegenerate(Array(Fixture.season.dropFirst()))  // g1 is gone upstream.
      #expect(!FileManager.default.fileExists(atPath: fixture.folder() + "/" + Fixture.fileName(Fixture.season[0])))
      #expect(
        try fixture.eventFiles().filter(VdirWriter.isOutpostFile)
          == Fixture.season.dropFirst().map(Fixture.fileName).sorted())
      for (name, text) in foreign {
        #expect(try contents(fixture.folder() + "/" + name) == text, "\(name) was touched")
      }
      let all = try FileManager.default.contentsOfDirectory(atPath: fixture.folder())
      #expect(!all.contains { $0.hasSuffix(".tmp") }, "\(all)")
    }

    @Test func aFileEditedByHandIsPutBackAndACancelledGameStaysMarked() async throws {
      let fixture = try await Fixture()
      try await fixture.syncAndRegenerate(Fixture.season)
      let path = fixture.folder() + "/" + Fixture.fileName(Fixture.season[0])
      let original = try contents(path)
      try "edited in khal".write(toFile: path, atomically: false, encoding: .utf8)
      await fixture.calendars.regenerateNow()
      #expect(try contents(path) == original)

      var season = Fixture.season
      season[0].status = .cancelled
      try await fixture.syncAndRegenerate(season)
      let text = try contents(path)
      #expect(text.contains("STATUS:CANCELLED\r\n"))
      #expect(text.contains("SUMMARY:[Cancelled] VBC Zürich – Volley Luzern\r\n"))
    }

    @Test func aFolderOfAnAccountThatIsGoneIsEmptiedOfOutpostsFilesOnly() async throws {
      let fixture = try await Fixture()
      // Left by an account since renamed or removed: its events and metadata only…
      let stale = fixture.vdir + "/old-name"
      // …and one with a file of the user's, which keeps the folder.
      let kept = fixture.vdir + "/other"
      for folder in [stale, kept] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "BEGIN:VCALENDAR".write(toFile: folder + "/assignment-x@outpost.ics", atomically: false, encoding: .utf8)
        try "Outpost — old".write(toFile: folder + "/displayname", atomically: false, encoding: .utf8)
      }
      try "mine".write(toFile: kept + "/mine.ics", atomically: false, encoding: .utf8)

      try await fixture.syncAndRegenerate(Fixture.season)
      #expect(!FileManager.default.fileExists(atPath: stale))
      #expect(try FileManager.default.contentsOfDirectory(atPath: kept).sorted() == ["displayname", "mine.ics"])
    }

    @Test func noVdirIsWrittenWhenItIsTurnedOff() async throws {
      let fixture = try await Fixture(files: true, vdir: false)
      try await fixture.syncAndRegenerate(Fixture.season)
      #expect(FileManager.default.fileExists(atPath: fixture.directory.path + "/calendars/lena.ics"))
      #expect(!FileManager.default.fileExists(atPath: fixture.vdir))
    }

    /// A vdir's files are shared out between threads (three here, whatever the machine has):
    /// each file is its event's, whole, and nothing is left beside them.
    @Test func filesWrittenOnSeveralThreadsAreEachTheirEventsWhole() async throws {
      let fixture = try await Fixture()
      let games = Self.games(600)
      try await fixture.sync(games)
      let calendar = try await fixture.calendars.entries(accountID: Fixture.accountID("lena"), name: "lena")
      let events = calendar.written()
      let writer = VdirWriter(root: fixture.vdir, parallelism: .init(parts: 3, minimumChunk: 1))
      #expect(writer.parallelism.chunkCount(events.count) == 3)
      let outcome = try writer.write([.init(folder: "lena", events: events, settings: calendar.settings)])
      #expect(outcome == .init(written: 601, removed: 0))  // And displayname.
      #expect(try fixture.eventFiles() == games.map(Fixture.fileName).sorted())
      #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder()).count == 601)
      for event in events {
        let bytes = try #require(FileManager.default.contents(atPath: fixture.folder() + "/" + event.uid + ".ics"))
        #expect(Array(bytes) == CalendarWriter.assembleSingle(event, settings: calendar.settings))
      }
      // Written again: every thread finds its files current.
      #expect(try writer.write([.init(folder: "lena", events: events, settings: calendar.settings)]) == .init())
    }

    /// A file that cannot be written fails the regeneration whichever thread met it: the
    /// generation is not recorded, so the next regeneration writes what is missing.
    @Test func aFileThatCannotBeWrittenFailsTheRegenerationOnAnyThread() async throws {
      let fixture = try await Fixture()
      let games = Self.games(600)
      let blocked = fixture.folder() + "/" + Fixture.fileName(games[599])
      try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: true)
      try await fixture.syncAndRegenerate(games)
      let generation = fixture.directory.path + "/calendars/" + CalendarGeneration.fileName
      #expect(!FileManager.default.fileExists(atPath: generation))
      let left = try FileManager.default.contentsOfDirectory(atPath: fixture.folder())
      #expect(left.filter { $0.hasSuffix(".tmp") } == [])
      var isDirectory: ObjCBool = false
      #expect(FileManager.default.fileExists(atPath: blocked, isDirectory: &isDirectory) && isDirectory.boolValue)

      try FileManager.default.removeItem(atPath: blocked)
      await fixture.calendars.regenerateNow()
      #expect(FileManager.default.fileExists(atPath: generation))
      #expect(try fixture.eventFiles() == games.map(Fixture.fileName).sorted())
    }

    static func games(_ count: Int) -> [Item] {
      (0..<count).map { index in
        Fixture.game(
          "p\(index)", "Game \(index)",
          UTCTimestamp.format(Fixture.utc("2027-02-01T17:00:00Z") + Double(index) * 3600))
      }
    }

    @Test func outpostsFileNamesAreExactlyItsUIDs() {
      for item in Fixture.season + [Item(kind: .event, upstreamID: "a b/c@d%e ü", title: "x")] {
        #expect(VdirWriter.isOutpostFile(Fixture.fileName(item)))
      }
      for name in [
        "abc.ics", "x@outpost.ics.tmp", ".hidden@outpost.ics", "a/b@outpost.ics", "@outpost.ics", "a@b@outpost.ics",
      ] {
        #expect(!VdirWriter.isOutpostFile(name), "\(name)")
      }
    }
  }
}
