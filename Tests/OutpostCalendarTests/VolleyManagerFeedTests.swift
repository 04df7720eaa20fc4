import Foundation
import OutpostCalendar
import Testing

/// The VolleyManager referee feed: the reason the parser exists. `TZID=UTC` must be UTC (VolleyKit
/// reads it as local time and is one to two hours off).
@Suite struct VolleyManagerFeedTests {
  let calendar = try! ICalParser.parse(Fixtures.crlf(Fixtures.volleyManager), floatingTimeZone: zurich)

  @Test func readsTheHeaderAndBothGamesWithoutWarnings() {
    #expect(calendar.name == "SR-Aufgebote #12345 | Lena Graf")
    #expect(
      calendar.events.map(\.uid) == ["referee-convocation-for-game-382417", "referee-convocation-for-game-382990"])
    #expect(calendar.warnings == [])
  }

  @Test func tzidUTCWithoutAVTimezoneIsUTCNotLocalTime() throws {
    let game = try #require(calendar.events.first)
    #expect(game.start == utc("2025-09-11T18:15:00Z"))
    #expect(wallClock(game.start) == "20:15")  // "11.09.2025 20:15" in the DESCRIPTION.
    #expect(game.end.timeIntervalSince(game.start) == 2 * 3600)
    #expect(!game.isAllDay)
    let october = calendar.events[1]
    #expect(october.start == utc("2025-10-11T15:00:00Z"))
    #expect(wallClock(october.start) == "17:00")
  }

  @Test func theUserZoneDoesNotMoveUTCTimes() throws {
    let elsewhere = try ICalParser.parse(
      Fixtures.crlf(Fixtures.volleyManager), floatingTimeZone: TimeZone(identifier: "America/New_York")!)
    #expect(elsewhere.events.map(\.start) == calendar.events.map(\.start))
  }

  @Test func unfoldsMidWordAndKeepsUnicodeTabsAndEscapedCommas() throws {
    let game = try #require(calendar.events.first)
    let description = try #require(game.description)
    #expect(description.hasPrefix("1. SR\nSpiel: #382417 | 11.09.2025 20:15 | VBC Zürich — Volley Luzern\n"))
    #expect(description.contains("Liga: #6652 | NLB | ♀\n"))
    #expect(description.contains("\n\tAdresse: Hardaustrasse 10, 8003 Zürich\n"))
    #expect(
      description.contains("\nHeimteam: #1201 | VBC Zürich (NLB, ♀, SVRZ)\n\tAnna Muster, anna@example.ch, +41 79"))
    #expect(game.location == "Hardaustrasse 10, 8003 Zürich, Schweiz")
    #expect(game.summary == "1. SR | VBC Zürich - Volley Luzern (NLB)")
  }

  @Test func readsGeoAndTheAlarmAnHourBefore() throws {
    let game = try #require(calendar.events.first)
    #expect(game.geo == ICalGeo(latitude: 47.3769, longitude: 8.5098))
    #expect(game.alarms == [ICalAlarm(action: "DISPLAY", trigger: .relative(seconds: -3600, toEnd: false))])
    #expect(game.alarms[0].fireDate(start: game.start, end: game.end) == utc("2025-09-11T17:15:00Z"))
    #expect(game.status == nil)
    #expect(!game.isRecurring)
  }

  @Test func aFoldInsideAMultiByteCharacterIsJoinedBeforeDecoding() throws {
    // Producers fold at 75 octets; "♀" is E2 99 80 and may be cut in two.
    var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:x\r\nDTSTART:20260101T100000Z\r\nSUMMARY:Damen ".utf8)
    bytes += [0xE2, 0x99, 0x0D, 0x0A, 0x20, 0x80]
    bytes += Array(" Liga\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    let parsed = try ICalParser.parse(bytes)
    #expect(parsed.events.first?.summary == "Damen ♀ Liga")
  }

  @Test func onlyGamesInsideTheWindowAreListed() {
    let september = utc("2025-09-01T00:00:00Z")...utc("2025-09-30T00:00:00Z")
    #expect(calendar.occurrences(in: september).map(\.event.uid) == ["referee-convocation-for-game-382417"])
    // A window that starts during the first game still lists it.
    let during = utc("2025-09-11T19:00:00Z")...utc("2025-09-12T00:00:00Z")
    #expect(calendar.occurrences(in: during).count == 1)
    let occurrence = calendar.occurrences(in: during)[0]
    #expect(occurrence.recurrenceKey == nil)
    #expect(occurrence.recurrenceID == nil)
  }
}
