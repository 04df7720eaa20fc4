import Foundation
import Logging
import OutpostCalendar
import OutpostModel
import Testing

@testable import OutpostDaemon

extension CalendarOutputs {
  /// The daemon's start leaves the calendar files alone when they were written from the same
  /// items, accounts, settings and binary, and no event has started (or, cancelled, ended) since.
  @Suite struct Generation {
    typealias Fixture = CalendarOutputFixture

    func contents(_ path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

    /// A second `CalendarFiles` on the same store and directory: what a new daemon has.
    func restarted(_ fixture: Fixture, settings: CalendarSettings = .init()) -> CalendarFiles {
      CalendarFiles(
        store: fixture.store, directory: fixture.directory.path + "/calendars", settings: settings, enabled: true,
        vdir: true, logger: Logger(label: "test"))
    }

    /// Starts like the daemon does, and waits for the start's regeneration.
    func start(_ calendars: CalendarFiles) async {
      await calendars.scheduleRegeneration(unlessUpToDate: true)
      await calendars.finishPendingRegeneration()
    }

    @Test func aStartWithNothingChangedWritesNothingAndAnyChangeWritesAgain() async throws {
      let fixture = try await Fixture(files: true, vdir: true)
      try await fixture.syncAndRegenerate(Fixture.season)
      let generation = try #require(CalendarGeneration.read(in: fixture.directory.path + "/calendars"))
      // A hand edit shows whether anything was written: any regeneration puts the file back.
      let edited = fixture.folder() + "/" + (try fixture.eventFiles().first!)
      let original = try contents(edited)
      try "edited".write(toFile: edited, atomically: false, encoding: .utf8)

      let second = restarted(fixture)
      await start(second)
      #expect(try contents(edited) == "edited")
      #expect(await second.lastRun == generation.writtenAt)

      // Asked for outright (not at the start): written, and the edit is gone.
      await second.regenerateNow()
      #expect(try contents(edited) == original)

      // An item changed: the next start writes.
      try "edited".write(toFile: edited, atomically: false, encoding: .utf8)
      var season = Fixture.season
      season[1].title = "Volley Bern – VBC Zürich (moved hall)"
      try await fixture.sync(season)
      await start(restarted(fixture))
      #expect(try contents(edited) == original)
    }

    @Test func otherSettingsOrAMissingFileWriteAgain() async throws {
      let fixture = try await Fixture(files: true, vdir: true)
      try await fixture.syncAndRegenerate(Fixture.season)
      let edited = fixture.folder() + "/" + (try fixture.eventFiles().first!)

      try "edited".write(toFile: edited, atomically: false, encoding: .utf8)
      await start(restarted(fixture, settings: .init(alarmsMinutesBefore: [30])))
      #expect(try contents(edited) != "edited")

      // Back to the first settings: not what the files were last written with. (Each change of
      // what an event says counts in its SEQUENCE, so the file is not byte for byte the first.)
      try "edited".write(toFile: edited, atomically: false, encoding: .utf8)
      await start(restarted(fixture))
      #expect(try contents(edited).contains("TRIGGER:-PT60M"))

      // Someone deleted all.ics: written again, although nothing else changed.
      try "edited".write(toFile: edited, atomically: false, encoding: .utf8)
      try FileManager.default.removeItem(atPath: fixture.directory.path + "/calendars/all.ics")
      await start(restarted(fixture))
      #expect(FileManager.default.fileExists(atPath: fixture.directory.path + "/calendars/all.ics"))
      #expect(try contents(edited).contains("TRIGGER:-PT60M"))
    }

    @Test func theFilesHoldUntilTheFirstStartOrCancelledEndAhead() throws {
      let settings = CalendarSettings()
      let games = [
        Fixture.game("g1", "A – B", "2027-03-27T17:30:00Z"),
        Fixture.game("g2", "C – D", "2027-04-03T16:00:00Z", status: .cancelled),
      ]
      let before = Fixture.utc("2027-03-01T00:00:00Z")
      #expect(
        CalendarGeneration.validUntil(games, settings: settings, asOf: before)
          == Fixture.utc("2027-03-27T17:30:00Z").timeIntervalSince1970)
      // Between them: the cancelled game's start, then its end (it then leaves the calendar).
      #expect(
        CalendarGeneration.validUntil(games, settings: settings, asOf: Fixture.utc("2027-03-28T00:00:00Z"))
          == Fixture.utc("2027-04-03T16:00:00Z").timeIntervalSince1970)
      #expect(
        CalendarGeneration.validUntil(games, settings: settings, asOf: Fixture.utc("2027-04-03T17:00:00Z"))
          == Fixture.utc("2027-04-03T18:00:00Z").timeIntervalSince1970)
      let after = Fixture.utc("2027-05-01T00:00:00Z")
      #expect(CalendarGeneration.validUntil(games, settings: settings, asOf: after) == nil)

      // An all-day event is past from midnight in the calendar's zone (23:00 UTC in winter).
      let day = Item(
        kind: .event, upstreamID: "day", title: "Turnier", startsAt: Fixture.utc("2027-01-09T23:00:00Z"),
        endsAt: Fixture.utc("2027-01-10T23:00:00Z"), details: ["allDay": true])
      #expect(
        CalendarGeneration.validUntil([day], settings: settings, asOf: before - 86_400 * 60)
          == Fixture.utc("2027-01-09T23:00:00Z").timeIntervalSince1970)

      let written = CalendarGeneration(key: "k", validUntil: 100, writtenAt: Date(timeIntervalSince1970: 0))
      #expect(written.holds(key: "k", at: Date(timeIntervalSince1970: 99.5)))
      #expect(!written.holds(key: "k", at: Date(timeIntervalSince1970: 100)))
      #expect(!written.holds(key: "other", at: Date(timeIntervalSince1970: 0)))
      #expect(CalendarGeneration(key: "k", validUntil: nil, writtenAt: .now).holds(key: "k", at: .distantFuture))
    }
  }
}
