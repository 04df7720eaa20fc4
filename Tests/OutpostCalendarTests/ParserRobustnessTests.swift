import Foundation
import Testing

@testable import OutpostCalendar

/// Content lines (RFC 5545 §3.1, §3.3.11) and everything broken a feed can be.
@Suite struct ParserRobustnessTests {
  @Test func splitsQuotedParametersAndKeepsColonsInTheValue() throws {
    var warnings = Warnings()
    let lines = ContentLineReader.read(
      Array(#"x-apple-structured-location;VALUE=URI;X-TITLE="Halle: A; B, C";X-LIST=a,"b,c":geo:47.1,8.2"#.utf8),
      warnings: &warnings)
    let line = try #require(lines.first)
    #expect(line.name == "X-APPLE-STRUCTURED-LOCATION")
    #expect(line.parameters["X-TITLE"] == ["Halle: A; B, C"])
    #expect(line.parameters["X-LIST"] == ["a", "b,c"])
    #expect(line.value == "geo:47.1,8.2")
    #expect(warnings.list == [])
  }

  @Test func unescapesText() {
    #expect(TextValue.unescape(#"a\,b\;c\\d\ne\Nf\:g"#) == "a,b;c\\d\ne\nf:g")
    #expect(TextValue.list(#"Sport,Volley\, Beach, "#) == ["Sport", "Volley, Beach"])
  }

  @Test func readsDurations() {
    #expect(DurationValue("-PT60M") == DurationValue(days: 0, seconds: -3600))
    #expect(DurationValue("P1W2DT3H4M5S") == DurationValue(days: 9, seconds: 3 * 3600 + 4 * 60 + 5))
    #expect(DurationValue("+P1D") == DurationValue(days: 1, seconds: 0))
    #expect(DurationValue("PT") == nil)
    #expect(DurationValue("P1H") == nil)
    #expect(DurationValue("60") == nil)
  }

  @Test func bareLFAndBOMAndLowerCaseNamesAreAccepted() throws {
    let text =
      "\u{FEFF}begin:vcalendar\nbegin:vevent\nuid:1\ndtstart:20260101T100000z\nsummary:Hallo\n  Welt\nend:vevent\nend:vcalendar"
    let calendar = try ICalParser.parse(Array(text.utf8))
    #expect(calendar.events.first?.summary == "Hallo Welt")
    #expect(calendar.events.first?.start == utc("2026-01-01T10:00:00Z"))
    #expect(calendar.warnings == [])
  }

  @Test(arguments: [
    "", "<!DOCTYPE html><html><body>Not found</body></html>", "{\"error\":\"nope\"}",
    "BEGIN:VEVENT\nUID:1\nDTSTART:20260101T100000Z\nEND:VEVENT",
  ])
  func inputWithoutAVCalendarIsAnError(text: String) {
    #expect(throws: ICalParseError.notACalendar) { try ICalParser.parse(Array(text.utf8)) }
  }

  @Test func randomBytesNeverCrash() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<50 {
      var noise = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
      noise[0] = UInt8(ascii: "X")  // A leading space or tab would fold the noise into BEGIN.
      let bytes = Array("BEGIN:VCALENDAR\r\n".utf8) + noise + Array("\r\nEND:VCALENDAR\r\n".utf8)
      #expect((try? ICalParser.parse(bytes)) != nil)
    }
  }

  @Test func missingEndsAndBrokenEventsGiveWarningsNotErrors() throws {
    let text = """
      BEGIN:VCALENDAR
      X-WR-CALNAME:Kaputt
      this line has no colon
      BEGIN:VEVENT
      UID:no-end
      DTSTART:20260101T100000Z
      BEGIN:VALARM
      TRIGGER:-PT5M
      END:VEVENT
      BEGIN:VEVENT
      UID:no-start
      SUMMARY:Ohne Beginn
      END:VEVENT
      BEGIN:VEVENT
      DTSTART:2026-01-01
      UID:bad-start
      END:VEVENT
      BEGIN:VEVENT
      UID:ok
      DTSTART:20260102T100000Z
      DTEND:20260102T090000Z
      STATUS:CANCELLED
      END:VTODO
      END:ANNA MUSTER
      """
    let calendar = try ICalParser.parse(Array(text.utf8) + [0xFF, 0xFE, 0x0A])
    #expect(calendar.name == "Kaputt")
    #expect(calendar.events.map(\.uid) == ["no-end", "ok"])
    #expect(calendar.events[0].alarms.count == 1)  // The VALARM closed with its VEVENT.
    #expect(calendar.events[1].end == calendar.events[1].start)
    #expect(calendar.events[1].status == .cancelled)
    let expected = [
      "no ':'", "BEGIN:VALARM has no END", "without a valid DTSTART", "DTEND before DTSTART", "END:VTODO without",
      "END:? without",
      "BEGIN:VEVENT has no END", "BEGIN:VCALENDAR has no END",
    ]
    for fragment in expected {
      #expect(calendar.warnings.contains { $0.contains(fragment) }, "no warning mentions \(fragment)")
    }
    // Warnings never quote contents.
    #expect(!calendar.warnings.joined().contains("Ohne Beginn") && !calendar.warnings.joined().contains("ANNA"))
  }

  @Test func invalidUTF8IsDecodedLossily() throws {
    var bytes = Array("BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:l\nDTSTART:20260101T100000Z\nSUMMARY:Z".utf8)
    bytes += [0xFC, 0x72, 0x69, 0x63, 0x68]  // "Zürich" in Latin-1.
    bytes += Array("\nEND:VEVENT\nEND:VCALENDAR\n".utf8)
    #expect(try ICalParser.parse(bytes).events.first?.summary == "Z\u{FFFD}rich")
  }

  @Test func aHugeLineIsSkippedAndTheRestIsRead() throws {
    var bytes = Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:h\r\nDTSTART:20260101T100000Z\r\nATTACH:".utf8)
    bytes += [UInt8](repeating: UInt8(ascii: "A"), count: 3 << 20)
    bytes += Array("\r\nSUMMARY:Nach dem Anhang\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n".utf8)
    let calendar = try ICalParser.parse(bytes)
    #expect(calendar.events.first?.summary == "Nach dem Anhang")
    #expect(calendar.warnings.count == 1)
    #expect(calendar.warnings.first?.contains("longer than") == true)
  }

  @Test func duplicateUIDsKeepTheHighestSequence() throws {
    let bytes = Fixtures.wrapped(
      """
      BEGIN:VEVENT
      UID:d
      SEQUENCE:3
      DTSTART:20260101T100000Z
      SUMMARY:neu
      END:VEVENT
      BEGIN:VEVENT
      UID:d
      SEQUENCE:1
      DTSTART:20260101T090000Z
      SUMMARY:alt
      END:VEVENT
      BEGIN:VEVENT
      DTSTART:20260101T090000Z
      SUMMARY:ohne UID
      END:VEVENT
      """)
    let calendar = try ICalParser.parse(bytes)
    #expect(calendar.events.count == 2)
    #expect(calendar.events[0].summary == "neu")
    #expect(calendar.events[1].uid.hasPrefix("outpost-derived-"))
    #expect(try ICalParser.parse(bytes).events[1].uid == calendar.events[1].uid)  // Stable across parses.
    #expect(calendar.warnings.count == 2)
  }

  @Test func tooManyWarningsAreCapped() throws {
    let events = (0..<200).map { "BEGIN:VEVENT\nUID:\($0)\nEND:VEVENT" }.joined(separator: "\n")
    let calendar = try ICalParser.parse(Fixtures.wrapped(events))
    #expect(calendar.events.isEmpty)
    #expect(calendar.warnings.count == 51)
    #expect(calendar.warnings.last == "… and 150 more warning(s)")
  }
}
