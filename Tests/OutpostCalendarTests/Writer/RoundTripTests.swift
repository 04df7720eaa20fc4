import Foundation
import OutpostCalendar
import OutpostModel
import Testing

/// What the writer writes, read back by the colleague's parser: the same instants (across both
/// DST changes of 2026), the same text after escaping and folding.
@Suite struct RoundTripTests {
  let bytes = CalendarWriter.render(WriterFixtures.all, settings: WriterFixtures.settings)

  func parsed(_ bytes: [UInt8], zone: TimeZone = zurich) throws -> ICalendar {
    try ICalParser.parse(bytes, floatingTimeZone: zone)
  }

  func event(_ item: Item, in calendar: ICalendar) throws -> ICalEvent {
    try #require(calendar.events.first { $0.uid == CalendarEntry.uid(for: item) })
  }

  @Test func theParserReadsEveryEventWithoutAWarning() throws {
    let calendar = try parsed(bytes)
    #expect(calendar.warnings == [])
    #expect(calendar.name == "Outpost – Lena Graf")
    #expect(calendar.events.count == 5)
  }

  @Test func timesAcrossBothDSTChangesComeBackAsTheSameInstants() throws {
    let calendar = try parsed(bytes)
    for item in [WriterFixtures.springGame, WriterFixtures.springSunday, WriterFixtures.cancelledAutumnGame] {
      let event = try event(item, in: calendar)
      #expect(event.start == item.startsAt)
      #expect(event.end == item.endsAt)
      #expect(!event.isAllDay)
    }
    // The wall clock as written: 19:30 before the change, 17:00 CEST after it, 14:00 CET in October.
    let lines = WriterFixtures.unfoldedLines(bytes)
    #expect(lines.contains("DTSTART;TZID=Europe/Zurich:20260328T193000"))
    #expect(lines.contains("DTSTART;TZID=Europe/Zurich:20260329T170000"))
    #expect(lines.contains("DTSTART;TZID=Europe/Zurich:20261025T140000"))
  }

  @Test(arguments: [
    "2026-03-29T00:30:00Z", "2026-03-29T01:00:00Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z",
    "2026-10-25T02:00:00Z",
  ])
  func instantsInsideTheChangeNightSurviveEvenWhenTheWallClockIsAmbiguous(_ text: String) throws {
    // 02:30 on 25 October happens twice; the second one must not be read as the first.
    let start = utc(text)
    let item = Item(kind: .event, upstreamID: "night", title: "Night", startsAt: start, endsAt: start + 1800)
    let calendar = try parsed(CalendarWriter.render([WriterFixtures.entry(item)], settings: WriterFixtures.settings))
    let event = try #require(calendar.events.first)
    #expect(event.start == start)
    #expect(event.end == start + 1800)
  }

  @Test func escapedTextComesBackExactly() throws {
    let calendar = try parsed(bytes)
    let meeting = try event(WriterFixtures.feedEvent, in: calendar)
    #expect(meeting.summary == "Vorstand; Budget, Saison 26/27")
    #expect(meeting.location == "Clubhaus, Seestrasse 5, 8002 Zürich")
    #expect(meeting.description == "Traktanden: Budget\\Saison\nKontakt: Anna Muster")
    #expect(meeting.categories == ["Verein", "Vorstand"])
    #expect(meeting.url == "https://club.example.ch/termine/42")
    #expect(meeting.geo == ICalGeo(latitude: 47.36, longitude: 8.54))
  }

  @Test func assignmentFieldsComeBack() throws {
    let calendar = try parsed(bytes)
    let game = try event(WriterFixtures.springGame, in: calendar)
    #expect(game.summary == "VBC Zürich – Volley Luzern (1st referee)")
    #expect(game.location == WriterFixtures.springGame.location)
    #expect(game.geo == ICalGeo(latitude: 47.3769, longitude: 8.5098))
    #expect(game.url == "volleykit://assignment/6f0c1a2b-0000-4000-8000-000000000001")
    #expect(game.status == .confirmed)
    #expect(game.categories == ["NLB"])
    #expect(game.sequence == 0)
    #expect(game.lastModified == WriterFixtures.stamp)
    #expect(game.alarms == [ICalAlarm(action: "DISPLAY", trigger: .relative(seconds: -3600, toEnd: false))])
    let description = try #require(game.description)
    #expect(
      description.split(separator: "\n").prefix(7) == [
        "Game: #382417", "League: NLB (women)", "Position: 1st referee", "Association: SVRZ",
        "Hall: Sporthalle Hardau", "Address: Hardaustrasse 10, 8003 Zürich", "Co-referees: Lena Graf, Marco Rossi",
      ])
  }

  @Test func anAllDayEventStaysOnItsDayInTheUsersZone() throws {
    let calendar = try parsed(bytes)
    let day = try event(WriterFixtures.tournamentDay, in: calendar)
    #expect(day.isAllDay)
    #expect(day.start == WriterFixtures.tournamentDay.startsAt)
    #expect(day.end == WriterFixtures.tournamentDay.endsAt)
    #expect(WriterFixtures.unfoldedLines(bytes).contains("DTSTART;VALUE=DATE:20260613"))
  }

  @Test func anotherZoneWritesItsOwnLocalTimesAndTheSameInstants() throws {
    var settings = WriterFixtures.settings
    settings.timeZone = TimeZone(identifier: "America/New_York")!
    let timed = WriterFixtures.all.filter { !WriterFixtures.isAllDay($0.item) }
    let bytes = CalendarWriter.render(timed, settings: settings)
    #expect(WriterFixtures.unfoldedLines(bytes).contains("DTSTART;TZID=America/New_York:20260328T143000"))
    let calendar = try parsed(bytes)
    for event in calendar.events {
      let item = try #require(WriterFixtures.all.first { $0.uid == event.uid }?.item)
      #expect(event.start == item.startsAt)
    }
  }

  @Test func aUTCZoneWritesUTCTimesAndNoVTimezone() throws {
    var settings = WriterFixtures.settings
    settings.timeZone = TimeZone(identifier: "UTC")!
    let bytes = CalendarWriter.render([WriterFixtures.entry(WriterFixtures.springGame)], settings: settings)
    let lines = WriterFixtures.unfoldedLines(bytes)
    #expect(lines.contains("DTSTART:20260328T183000Z"))
    #expect(!lines.contains("BEGIN:VTIMEZONE"))
    #expect(try parsed(bytes).events.first?.start == WriterFixtures.springGame.startsAt)
  }
}
