import Foundation
import OutpostCalendar
import OutpostModel
import Testing

/// A regeneration writes each event's VEVENT once and copies it into its account's calendar,
/// all.ics and its vdir file (`CalendarFiles.writeFiles`). Those files must be exactly what
/// rendering each of them from its entries gives.
@Suite struct WrittenEventTests {
  let asOf = utc("2026-03-01T00:00:00Z")

  func settings(named name: String) -> CalendarSettings {
    var settings = WriterFixtures.settings
    settings.name = name
    settings.language = .de
    settings.alarmsMinutesBefore = [60, 1440]
    return settings
  }

  func written(_ entries: [CalendarEntry], _ settings: CalendarSettings) -> [WrittenEvent] {
    CalendarWriter.writeEvents(
      entries, drafts: CalendarWriter.drafts(of: entries.map(\.item), settings: settings), settings: settings,
      asOf: asOf)
  }

  @Test func eventsWrittenForOneCalendarAssembleIntoAnotherExactlyAsItRenders() {
    let first = [WriterFixtures.springGame, WriterFixtures.tournamentDay].map { WriterFixtures.entry($0) }
    let second = [WriterFixtures.cancelledAutumnGame, WriterFixtures.feedEvent].map { WriterFixtures.entry($0) }
    let named = settings(named: "Outpost — games")
    let all = settings(named: "Outpost")
    let events = written(first, named) + written(second, named)
    #expect(
      CalendarWriter.assemble(events, settings: all)
        == CalendarWriter.render(first + second, settings: all, asOf: asOf))
    #expect(
      CalendarWriter.assemble(Array(events.prefix(2)), settings: named)
        == CalendarWriter.render(first, settings: named, asOf: asOf))
    for (event, entry) in zip(events, first + second) {
      #expect(
        CalendarWriter.assembleSingle(event, settings: named)
          == CalendarWriter.renderSingle(entry, settings: named, asOf: asOf))
    }
  }

  @Test func ofOneUIDTheAssembledCalendarKeepsTheNewerEventInEitherOrder() {
    var moved = WriterFixtures.springGame
    moved.startsAt = WriterFixtures.springGame.startsAt! + 3600
    let old = WriterFixtures.entry(WriterFixtures.springGame, sequence: 1)
    let new = WriterFixtures.entry(moved, sequence: 2)
    let settings = settings(named: "Outpost")
    let forward = CalendarWriter.assemble(written([old, new], settings), settings: settings)
    #expect(forward == CalendarWriter.assemble(written([new, old], settings), settings: settings))
    let lines = WriterFixtures.unfoldedLines(forward)
    #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 1)
    #expect(lines.contains("SEQUENCE:2"))
    let newer = written([old, new], settings)
    #expect(newer[1].supersedes(newer[0]) && !newer[0].supersedes(newer[1]))
  }

  @Test func theDraftsDigestAndBoundariesAreTheItemsOwn() throws {
    let settings = settings(named: "Outpost")
    let items = [WriterFixtures.springGame, WriterFixtures.cancelledAutumnGame, WriterFixtures.tournamentDay]
    var startless = WriterFixtures.springGame
    startless.startsAt = nil
    let drafts = CalendarWriter.drafts(of: items + [startless], settings: settings)
    #expect(drafts.last! == nil)
    for (item, draft) in zip(items, drafts) {
      let draft = try #require(draft)
      #expect(
        CalendarWriter.contentDigest(draft, settings: settings)
          == CalendarWriter.contentDigest(item, settings: settings))
      #expect(
        CalendarWriter.clockBoundaries(draft, settings: settings)
          == CalendarWriter.clockBoundaries(item, settings: settings))
    }
  }
}
