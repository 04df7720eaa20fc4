import Foundation
import OutpostCalendar
import Testing

/// TZIDs as producers write them, and the DST rules of RFC 5545 §3.3.5.
@Suite struct TimeZoneTests {
  let outlook = try! ICalParser.parse(Fixtures.crlf(Fixtures.outlook), floatingTimeZone: zurich)

  func event(_ uid: String) throws -> ICalEvent { try #require(outlook.events.first { $0.uid == uid }) }

  @Test func windowsZoneNamesMapToTheirIANAZoneWithDST() throws {
    let winter = try #require(outlook.events.first)
    #expect(winter.start == utc("2026-03-15T09:00:00Z"))
    #expect(winter.end == utc("2026-03-15T10:30:00Z"))
    #expect(winter.summary == "Vorstandssitzung")
    #expect(winter.sequence == 2)
    #expect(winter.lastModified == utc("2026-02-01T12:00:00Z"))
    #expect(winter.description == "Traktanden folgen.")
    #expect(winter.alarms.first?.trigger == .relative(seconds: -900, toEnd: false))
    let summer = try event("040000008200E00074C5B7101A82E00800000000D0F6C2B0A1B2DB01000000000000000010000002")
    #expect(summer.start == utc("2026-07-15T08:00:00Z"))
    #expect(summer.end == utc("2026-07-15T09:00:00Z"))  // DURATION instead of DTEND.
  }

  @Test func anUnknownNameWithEuropeanRulesIsReadAsEuropeBerlinWithAWarning() throws {
    let customized = try event("customized-zone-event")
    #expect(customized.start == utc("2026-07-16T07:00:00Z"))
    #expect(outlook.warnings.contains { $0.contains("'Customized Time Zone'") && $0.contains("Europe/Berlin") })
  }

  @Test func aCustomZoneWithoutDaylightUsesItsFixedOffsetSilently() throws {
    let mumbai = try event("mumbai-event")
    #expect(mumbai.start == utc("2026-03-01T04:00:00Z"))
    #expect(!outlook.warnings.contains { $0.contains("Mumbai") })
  }

  @Test func aZoneNobodyDefinesIsReadAsUTCAndSaysSo() throws {
    let unknown = try event("unknown-zone-event")
    #expect(unknown.start == utc("2026-03-01T12:00:00Z"))
    #expect(unknown.end == unknown.start)  // No DTEND: a DATE-TIME event has no length.
    #expect(outlook.warnings.contains { $0.contains("'Nowhere Standard Time'") && $0.contains("UTC") })
    #expect(outlook.warnings.count == 2)
  }

  @Test(arguments: [
    ("UTC", "2026-06-01T10:00:00Z"), ("Etc/UTC", "2026-06-01T10:00:00Z"), ("GMT", "2026-06-01T10:00:00Z"),
    ("Europe/Zurich", "2026-06-01T08:00:00Z"), ("/mozilla.org/20050126_1/Europe/Berlin", "2026-06-01T08:00:00Z"),
    ("America/New_York", "2026-06-01T14:00:00Z"), ("Eastern Standard Time", "2026-06-01T14:00:00Z"),
    ("GMT Standard Time", "2026-06-01T09:00:00Z"),
  ])
  func namedZones(tzid: String, expected: String) throws {
    let bytes = Fixtures.wrapped("BEGIN:VEVENT\nUID:a\nDTSTART;TZID=\"\(tzid)\":20260601T100000\nEND:VEVENT")
    let calendar = try ICalParser.parse(bytes, floatingTimeZone: zurich)
    #expect(calendar.events.first?.start == utc(expected))
    #expect(calendar.warnings == [])
  }

  @Test func floatingTimesAndDatesUseTheGivenZone() throws {
    let bytes = Fixtures.wrapped(
      "BEGIN:VEVENT\nUID:f\nDTSTART:20260601T100000\nEND:VEVENT\nBEGIN:VEVENT\nUID:d\nDTSTART;VALUE=DATE:20260601\nEND:VEVENT"
    )
    let inZurich = try ICalParser.parse(bytes, floatingTimeZone: zurich)
    #expect(inZurich.events[0].start == utc("2026-06-01T08:00:00Z"))
    #expect(inZurich.events[1].start == utc("2026-05-31T22:00:00Z"))
    #expect(inZurich.events[1].end == utc("2026-06-01T22:00:00Z"))  // No DTEND on a DATE: one day.
    #expect(inZurich.events[1].isAllDay)
    let inTokyo = try ICalParser.parse(bytes, floatingTimeZone: TimeZone(identifier: "Asia/Tokyo")!)
    #expect(inTokyo.events[0].start == utc("2026-06-01T01:00:00Z"))
  }

  @Test func floatingTimesFollowXWRTimezoneButDaysStayInTheUserZone() throws {
    let text = """
      BEGIN:VCALENDAR
      X-WR-TIMEZONE:America/New_York
      BEGIN:VEVENT
      UID:f
      DTSTART:20260601T100000
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      DTSTART;VALUE=DATE:20260601
      END:VEVENT
      END:VCALENDAR
      """
    let calendar = try ICalParser.parse(Array(text.utf8), floatingTimeZone: zurich)
    #expect(calendar.events[0].start == utc("2026-06-01T14:00:00Z"))
    #expect(calendar.events[1].start == utc("2026-05-31T22:00:00Z"))
  }

  @Test func aTimeSkippedBySpringForwardIsReadWithTheOffsetBeforeTheGap() throws {
    // 29 March 2026, Zurich: 02:00 CET jumps to 03:00 CEST. 02:30 does not exist: it means 03:30 CEST.
    let bytes = Fixtures.wrapped("BEGIN:VEVENT\nUID:g\nDTSTART;TZID=Europe/Zurich:20260329T023000\nEND:VEVENT")
    let start = try #require(try ICalParser.parse(bytes).events.first?.start)
    #expect(start == utc("2026-03-29T01:30:00Z"))
    #expect(wallClock(start) == "03:30")
  }

  @Test func aTimeRepeatedByFallBackMeansItsFirstOccurrence() throws {
    // 25 October 2026, Zurich: 02:30 happens in CEST (00:30Z) and again in CET (01:30Z).
    let bytes = Fixtures.wrapped("BEGIN:VEVENT\nUID:o\nDTSTART;TZID=Europe/Zurich:20261025T023000\nEND:VEVENT")
    #expect(try ICalParser.parse(bytes).events.first?.start == utc("2026-10-25T00:30:00Z"))
  }

  @Test func aWeeklyEventKeepsItsWallClockTimeAcrossBothDSTChanges() throws {
    let bytes = Fixtures.wrapped(
      """
      BEGIN:VEVENT
      UID:w
      DTSTART;TZID=Europe/Zurich:20260319T100000
      DTEND;TZID=Europe/Zurich:20260319T113000
      RRULE:FREQ=WEEKLY;COUNT=3
      END:VEVENT
      BEGIN:VEVENT
      UID:autumn
      DTSTART;TZID=Europe/Zurich:20261024T100000
      DURATION:P1D
      RRULE:FREQ=WEEKLY;COUNT=2
      END:VEVENT
      """)
    let calendar = try ICalParser.parse(bytes)
    let all = calendar.occurrences(in: utc("2026-01-01T00:00:00Z")...utc("2027-01-01T00:00:00Z"))
    let spring = all.filter { $0.event.uid == "w" }
    #expect(
      spring.map(\.start) == [utc("2026-03-19T09:00:00Z"), utc("2026-03-26T09:00:00Z"), utc("2026-04-02T08:00:00Z")])
    #expect(spring.allSatisfy { $0.end.timeIntervalSince($0.start) == 5400 })
    let autumn = all.filter { $0.event.uid == "autumn" }
    #expect(autumn.map(\.start) == [utc("2026-10-24T08:00:00Z"), utc("2026-10-31T09:00:00Z")])
    // P1D is a nominal day: 10:00 to 10:00, which is 25 hours across the fall-back night.
    #expect(autumn[0].end == utc("2026-10-25T09:00:00Z"))
    #expect(autumn[1].end.timeIntervalSince(autumn[1].start) == 86_400)
  }
}
