import Foundation
import Testing

@testable import OutpostCalendar

/// The VTIMEZONE generated from Foundation's zone data. Python `icalendar` checks the offsets
/// these blocks imply against its own tz database (PythonICalendarTests); these tests pin the
/// shape: which rules, which ends, how many observances.
@Suite struct TimeZoneComponentTests {
  func block(_ identifier: String, _ years: ClosedRange<Int>) -> [String] {
    var writer = ContentLineWriter()
    TimeZoneComponent.write(TimeZone(identifier: identifier)!, years: years, into: &writer)
    return WriterFixtures.unfoldedLines(writer.bytes)
  }

  @Test func centralEuropeIsTwoOpenRulesOnTheLastSundays() {
    #expect(
      block("Europe/Zurich", 2026...2026) == [
        "BEGIN:VTIMEZONE", "TZID:Europe/Zurich",
        "BEGIN:DAYLIGHT", "DTSTART:20250330T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
        "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "END:DAYLIGHT",
        "BEGIN:STANDARD", "DTSTART:20251026T030000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
        "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD",
        "END:VTIMEZONE",
      ])
  }

  @Test func theUSRulesAndTheSouthernHemisphere() {
    let newYork = block("America/New_York", 2026...2027)
    #expect(newYork.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"))
    #expect(newYork.contains("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"))
    #expect(newYork.filter { $0.hasPrefix("DTSTART") } == ["DTSTART:20250309T020000", "DTSTART:20251102T020000"])
    let sydney = block("Australia/Sydney", 2026...2026)
    #expect(sydney.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU"))
    #expect(sydney.contains("RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU"))
    #expect(sydney.contains("TZOFFSETTO:+1100"))
  }

  @Test func aZoneWithoutDSTIsOneStandardObservance() {
    #expect(
      block("Asia/Kolkata", 2026...2026) == [
        "BEGIN:VTIMEZONE", "TZID:Asia/Kolkata", "BEGIN:STANDARD", "DTSTART:19700101T000000",
        "TZOFFSETFROM:+0530", "TZOFFSETTO:+0530", "END:STANDARD", "END:VTIMEZONE",
      ])
  }

  @Test func aRuleThatChangedEndsWithUntilAndTheNewOneRunsOn() {
    // The US moved its changes in 2007: April/October rules end, March/November ones start.
    let lines = block("America/New_York", 2006...2007)
    #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z"))
    #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z"))
    #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU"))
    #expect(lines.contains("RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU"))
  }

  @Test func dstThatWasAbolishedIsNotExtrapolated() {
    // Brazil's last DST ended on 17 February 2019.
    let lines = block("America/Sao_Paulo", 2019...2019)
    let rules = lines.filter { $0.hasPrefix("RRULE") }
    #expect(!rules.isEmpty)
    #expect(rules.allSatisfy { $0.contains(";UNTIL=") })
  }

  @Test func irregularChangesBecomeSingleObservances() {
    // Morocco leaves its summer time for Ramadan: dates that follow no weekday rule.
    let lines = block("Africa/Casablanca", 2026...2026)
    let starts = lines.filter { $0.hasPrefix("DTSTART") }
    #expect(starts.contains("DTSTART:20260215T030000"))
    #expect(starts.contains("DTSTART:20260322T020000"))
    #expect(!lines.contains { $0.hasPrefix("RRULE") && !$0.contains("UNTIL") })
  }

  @Test func theRuleFormsAreChosenFromTheDays() {
    func change(_ year: Int, _ month: Int, _ day: Int) -> ZoneTransition {
      let seconds = CivilDate(year: year, month: month, day: day)!.dayNumber * 86_400 + 3600
      return ZoneTransition(instant: seconds - 7200, offsetFrom: 7200, offsetTo: 10_800, isDaylight: true)
    }
    // Israel's Friday before the last Sunday of March: not always the last Friday.
    let israel = [change(2029, 3, 23), change(2030, 3, 29)]
    #expect(TimeZoneComponent.rule(israel) == "BYDAY=FR;BYMONTHDAY=23,24,25,26,27,28,29")
    #expect(TimeZoneComponent.rule([change(2026, 3, 27), change(2027, 3, 26)]) == "BYDAY=-1FR")
    #expect(TimeZoneComponent.rule([change(2026, 3, 27), change(2028, 3, 31)]) == nil)  // A year missing.
    #expect(TimeZoneComponent.rule([change(2026, 3, 27)]) == nil)
  }

  @Test func offsetsAreWrittenWithSecondsOnlyWhenThereAreAny() {
    #expect(TimeZoneComponent.offsetText(3600) == "+0100")
    #expect(TimeZoneComponent.offsetText(-18_000) == "-0500")
    #expect(TimeZoneComponent.offsetText(19_800) == "+0530")
    #expect(TimeZoneComponent.offsetText(-(3600 + 1800 + 7)) == "-013007")
  }
}
