import Foundation
import OutpostCalendar
import Testing

/// RRULE expansion, EXDATE, RDATE and RECURRENCE-ID overrides.
@Suite struct RecurrenceTests {
  let spring2026 = utc("2026-03-01T00:00:00Z")...utc("2026-05-01T00:00:00Z")

  /// The starts of `rule` on an event starting at `start` (UTC unless a TZID is given).
  func starts(
    _ rule: String, start: String, window: ClosedRange<Date>? = nil, limit: Int = 1000, extra: String = ""
  ) throws -> [Date] {
    let bytes = Fixtures.wrapped("BEGIN:VEVENT\nUID:r\nDTSTART\(start)\nRRULE:\(rule)\n\(extra)END:VEVENT")
    let calendar = try ICalParser.parse(bytes, floatingTimeZone: zurich)
    let range = window ?? utc("1990-01-01T00:00:00Z")...utc("2035-01-01T00:00:00Z")
    return calendar.occurrences(in: range, limit: limit).map(\.start)
  }

  @Test func googleWeeklyWithUntilExdateAndOverrides() throws {
    let calendar = try ICalParser.parse(Fixtures.crlf(Fixtures.google), floatingTimeZone: zurich)
    #expect(calendar.warnings == [])
    #expect(calendar.name == "Volley Training")
    let training = calendar.occurrences(in: spring2026).filter { $0.event.uid == "7kq2abc@google.com" }
    // Tue/Thu from 3 March; 10 and 12 March excluded; UNTIL 16:59:59Z ends before Tuesday 14 April.
    #expect(
      training.map(\.recurrenceKey) == [
        "20260303T180000Z", "20260305T180000Z", "20260317T180000Z", "20260319T180000Z", "20260324T180000Z",
        "20260326T180000Z", "20260331T170000Z", "20260402T170000Z", "20260407T170000Z", "20260409T170000Z",
      ])
    // 19:00 stays 19:00 across the DST change of 29 March.
    #expect(training.allSatisfy { wallClock($0.start) == "19:00" || $0.event.summary == "Training (später)" })
    let moved = try #require(training.first { $0.recurrenceKey == "20260319T180000Z" })
    #expect(moved.event.summary == "Training (später)")
    #expect(moved.start == utc("2026-03-19T19:00:00Z"))
    #expect(moved.recurrenceID == utc("2026-03-19T18:00:00Z"))
    let cancelled = try #require(training.first { $0.recurrenceKey == "20260324T180000Z" })
    #expect(cancelled.event.status == .cancelled)
    #expect(training.filter { $0.event.status == .cancelled }.count == 1)
    #expect(training[0].event.categories == ["Sport", "Volley"])
    #expect(training[0].event.location == "Turnhalle Letzi, Zürich")
  }

  @Test func googleAllDayEventRunsMidnightToMidnightInTheUserZone() throws {
    let calendar = try ICalParser.parse(Fixtures.crlf(Fixtures.google), floatingTimeZone: zurich)
    let tournament = try #require(calendar.occurrences(in: spring2026).first { $0.event.uid.hasPrefix("turnier") })
    #expect(tournament.event.isAllDay)
    #expect(tournament.start == utc("2026-03-27T23:00:00Z"))
    #expect(tournament.end == utc("2026-03-29T22:00:00Z"))  // Midnight after the DST change.
    #expect(tournament.recurrenceKey == nil)
    #expect(tournament.event.url == "https://example.org/turnier")
  }

  @Test func countIncludesAStartThatDoesNotMatchTheRule() throws {
    // Tuesday start, rule on Thursdays: DTSTART is the first of the three instances.
    let found = try starts("FREQ=WEEKLY;BYDAY=TH;COUNT=3", start: ":20260303T100000Z")
    #expect(found == [utc("2026-03-03T10:00:00Z"), utc("2026-03-05T10:00:00Z"), utc("2026-03-12T10:00:00Z")])
  }

  @Test func dailyWithIntervalAndInclusiveUntil() throws {
    let found = try starts("FREQ=DAILY;INTERVAL=2;UNTIL=20260107T100000Z", start: ":20260101T100000Z")
    #expect(found.count == 4)
    #expect(found.last == utc("2026-01-07T10:00:00Z"))
  }

  @Test func workdaysOnlyWithDailyByDay() throws {
    let found = try starts("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=6", start: ":20260306T070000Z")
    #expect(found.last == utc("2026-03-13T07:00:00Z"))  // Fri 6, Mon 9 … Fri 13.
  }

  @Test func biweeklyWithTwoDaysAndWeekStart() throws {
    let found = try starts("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,FR;COUNT=4", start: ":20260302T120000Z")
    #expect(found == ["2026-03-02", "2026-03-06", "2026-03-16", "2026-03-20"].map { utc($0 + "T12:00:00Z") })
  }

  @Test func monthlyNthWeekdayAndLastWorkday() throws {
    let second = try starts("FREQ=MONTHLY;BYDAY=2TU;COUNT=3", start: ":20260310T180000Z")
    #expect(second == ["2026-03-10", "2026-04-14", "2026-05-12"].map { utc($0 + "T18:00:00Z") })
    let last = try starts("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1;COUNT=3", start: ":20260130T090000Z")
    #expect(last == ["2026-01-30", "2026-02-27", "2026-03-31"].map { utc($0 + "T09:00:00Z") })
    let lastFriday = try starts("FREQ=MONTHLY;BYDAY=-1FR;COUNT=2", start: ":20260130T090000Z")
    #expect(lastFriday == ["2026-01-30", "2026-02-27"].map { utc($0 + "T09:00:00Z") })
  }

  @Test func monthlyOnThe31stSkipsShortMonths() throws {
    let found = try starts("FREQ=MONTHLY;COUNT=4", start: ":20260131T080000Z")
    #expect(found == ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"].map { utc($0 + "T08:00:00Z") })
    let negative = try starts("FREQ=MONTHLY;BYMONTHDAY=-1;COUNT=3", start: ":20260131T080000Z")
    #expect(negative == ["2026-01-31", "2026-02-28", "2026-03-31"].map { utc($0 + "T08:00:00Z") })
  }

  @Test func yearlyOnFebruary29thOnlyInLeapYears() throws {
    let found = try starts(
      "FREQ=YEARLY", start: ";VALUE=DATE:20200229", window: utc("2019-01-01T00:00:00Z")...utc("2029-01-01T00:00:00Z"))
    #expect(found == [utc("2020-02-28T23:00:00Z"), utc("2024-02-28T23:00:00Z"), utc("2028-02-28T23:00:00Z")])
    let yearly = try starts("FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU;COUNT=2", start: ":20260329T010000Z")
    #expect(yearly == [utc("2026-03-29T01:00:00Z"), utc("2027-03-28T01:00:00Z")])
  }

  @Test func anOldDailyRuleIsExpandedOnlyInsideTheWindowAndQuickly() throws {
    let window = utc("2026-03-01T00:00:00Z")...utc("2026-03-31T23:59:59Z")
    let clock = ContinuousClock()
    var found: [Date] = []
    let elapsed = try clock.measure {
      found = try starts("FREQ=DAILY", start: ";TZID=Europe/Zurich:19700101T080000", window: window)
    }
    #expect(found.count == 31)
    #expect(found.first == utc("2026-03-01T07:00:00Z"))
    #expect(found.last == utc("2026-03-31T06:00:00Z"))
    #expect(elapsed < .seconds(2))
  }

  @Test func theLimitCapsAnEndlessRuleEvenWithExclusions() throws {
    let found = try starts("FREQ=DAILY", start: ":20260101T000000Z", limit: 25)
    #expect(found.count == 25)
    let excluded = try starts(
      "FREQ=DAILY", start: ":20260101T000000Z", limit: 3, extra: "EXDATE:20260102T000000Z,20260103T000000Z\n")
    #expect(excluded == ["2026-01-01", "2026-01-04", "2026-01-05"].map { utc($0 + "T00:00:00Z") })
  }

  @Test func exdateWithoutTZIDIsInTheEventZone() throws {
    let found = try starts(
      "FREQ=WEEKLY;COUNT=3", start: ";TZID=Europe/Zurich:20260302T190000", extra: "EXDATE:20260309T190000\n")
    #expect(found == [utc("2026-03-02T18:00:00Z"), utc("2026-03-16T18:00:00Z")])
  }

  @Test func anUntilBeforeTheStartStillKeepsTheStart() throws {
    let found = try starts("FREQ=DAILY;UNTIL=20250101T000000Z", start: ":20260302T100000Z")
    #expect(found == [utc("2026-03-02T10:00:00Z")])
  }

  @Test func rdateAddsAndExdateOnADayRemoves() throws {
    let found = try starts(
      "FREQ=WEEKLY;COUNT=3", start: ":20260302T100000Z",
      extra: "RDATE:20260304T150000Z\nEXDATE;VALUE=DATE:20260309\n")
    #expect(found == [utc("2026-03-02T10:00:00Z"), utc("2026-03-04T15:00:00Z"), utc("2026-03-16T10:00:00Z")])
  }

  @Test(arguments: ["FREQ=HOURLY;COUNT=3", "FREQ=YEARLY;BYWEEKNO=20", "FREQ=DAILY;BYHOUR=9,17", "FREQ=WEEKLY;COUNT=x"])
  func unsupportedOrBrokenRulesKeepTheFirstInstanceAndWarn(rule: String) throws {
    let bytes = Fixtures.wrapped("BEGIN:VEVENT\nUID:u\nDTSTART:20260302T100000Z\nRRULE:\(rule)\nEND:VEVENT")
    let calendar = try ICalParser.parse(bytes)
    #expect(calendar.occurrences(in: spring2026).map(\.start) == [utc("2026-03-02T10:00:00Z")])
    #expect(calendar.warnings.count == 1)
    #expect(calendar.warnings.first?.contains("RRULE") == true)
  }

  @Test func anAllDayInstanceKeyIsADay() throws {
    let bytes = Fixtures.wrapped("BEGIN:VEVENT\nUID:b\nDTSTART;VALUE=DATE:20260214\nRRULE:FREQ=YEARLY\nEND:VEVENT")
    let keys = try ICalParser.parse(bytes, floatingTimeZone: zurich).occurrences(
      in: spring2026.lowerBound...utc("2028-01-01T00:00:00Z")
    )
    .map(\.recurrenceKey)
    #expect(keys == ["20270214"])
  }
}
