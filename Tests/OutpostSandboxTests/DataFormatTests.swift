import Foundation
import Testing

@testable import OutpostSandbox

/// The hand-written date arithmetic, plus codes and iCal folding, checked against known values.
@Suite struct DataFormatTests {
  @Test func civilDatesRoundTrip() {
    #expect(SandboxTime.days(year: 1970, month: 1, day: 1) == 0)
    #expect(SandboxTime.days(year: 2026, month: 1, day: 15) == 20_468)
    for day in stride(from: -800_000, through: 800_000, by: 997) {
      let (year, month, dayOfMonth) = SandboxTime.civil(days: day)
      #expect(SandboxTime.days(year: year, month: month, day: dayOfMonth) == day)
    }
    #expect(SandboxTime.weekday(days: 20_468) == 4, "15 January 2026 is a Thursday")
    #expect(SandboxTime.upstream(1_768_478_400) == "2026-01-15T12:00:00.000000+00:00")
    #expect(SandboxTime.iCal(1_757_614_500) == "20250911T181500")
    #expect(SandboxTime.httpDate(784_111_777) == "Sun, 06 Nov 1994 08:49:37 GMT")
    #expect(SandboxTime.parseHTTPDate("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
    #expect(SandboxTime.parseHTTPDate("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
  }

  @Test func isoParsingAcceptsWhatClientsSend() {
    let expected = 1_765_148_400  // 2025-12-07T23:00:00Z
    #expect(SandboxTime.parseISO("2025-12-07T23:00:00.000Z") == expected)
    #expect(SandboxTime.parseISO("2025-12-07T23:00:00Z") == expected)
    #expect(SandboxTime.parseISO("2025-12-08T00:00:00.000000+01:00") == expected)
    #expect(SandboxTime.parseISO("2025-12-07T20:30:00-02:30") == expected)
    #expect(SandboxTime.parseISO("2025-12-07") == nil)
    #expect(SandboxTime.parseISO("2025-13-07T23:00:00Z") == nil)
    #expect(SandboxTime.parseISO("yesterday") == nil)
  }

  @Test func zurichTimeFollowsTheEURules() {
    // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
    let springForward = SandboxTime.seconds(.init(year: 2026, month: 3, day: 29, hour: 1))
    let fallBack = SandboxTime.seconds(.init(year: 2026, month: 10, day: 25, hour: 1))
    #expect(SandboxTime.zurichOffset(utc: springForward - 1) == 3600)
    #expect(SandboxTime.zurichOffset(utc: springForward) == 7200)
    #expect(SandboxTime.zurichOffset(utc: fallBack - 1) == 7200)
    #expect(SandboxTime.zurichOffset(utc: fallBack) == 3600)
    // "11.09.2025 20:15" local is 18:15 UTC, as in the captured feed.
    let local = SandboxTime.seconds(.init(year: 2025, month: 9, day: 11, hour: 20, minute: 15))
    #expect(SandboxTime.iCal(SandboxTime.utc(zurichLocal: local)) == "20250911T181500")
    #expect(SandboxTime.swissDisplay(SandboxTime.utc(zurichLocal: local)) == "11.09.2025 20:15")
    #expect(SandboxTime.weekdayName(SandboxTime.utc(zurichLocal: local)) == "Thu")
  }

  @Test func plusCodesMatchTheReferenceEncoder() {
    // Values from the Open Location Code test data.
    #expect(SandboxPlusCode.encode(latitude: 20.3700625, longitude: 2.7821875) == "7FG49QCJ+2V")
    #expect(SandboxPlusCode.encode(latitude: 47.0000625, longitude: 8.0000625) == "8FVC2222+22")
  }

  @Test func foldingKeeps75OctetsAndWholeCharacters() {
    #expect(VolleyManagerICalFeed.fold("SUMMARY:short") == "SUMMARY:short")
    // An even prefix before two-byte characters puts the 75th octet inside a character; the
    // second line mixes widths.
    let lines = [
      "SUMMARY:" + String(repeating: "ü", count: 200),
      "DESCRIPTION:" + String(repeating: "Mobilière ♀ Zürich — ", count: 20),
    ]
    for line in lines {
      let folded = VolleyManagerICalFeed.fold(line)
      let physical = folded.components(separatedBy: "\r\n")
      #expect(physical.count > 5)
      #expect(physical.allSatisfy { $0.utf8.count <= 75 })
      #expect(physical.dropLast().allSatisfy { $0.utf8.count >= 73 }, "folds as late as a whole character allows")
      #expect(physical.dropFirst().allSatisfy { $0.hasPrefix(" ") })
      #expect(folded.replacingOccurrences(of: "\r\n ", with: "") == line)
    }
    #expect(VolleyManagerICalFeed.text("a,b;c\\d\ne") == "a\\,b\\;c\\\\d\\ne")
  }
}
