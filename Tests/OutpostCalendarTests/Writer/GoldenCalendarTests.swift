import Foundation
import OutpostCalendar
import Testing

/// The exact bytes of a small calendar: any change to the output shows up here, and the same
/// input must give the same bytes (ETags and CalDAV If-Match depend on it).
@Suite struct GoldenCalendarTests {
  let entries = [WriterFixtures.springGame, WriterFixtures.cancelledAutumnGame, WriterFixtures.tournamentDay].map {
    WriterFixtures.entry($0)
  }

  var settings: CalendarSettings {
    var settings = WriterFixtures.settings
    settings.language = .de
    settings.alarmsMinutesBefore = [60, 1440]
    return settings
  }

  /// Golden text is written with LF here; the writer's lines end in CRLF.
  func crlf(_ text: String) -> [UInt8] { Array((text + "\n").replacing("\n", with: "\r\n").utf8) }

  @Test func theCalendarIsExactlyTheGoldenOne() {
    let bytes = CalendarWriter.render(entries, settings: settings, asOf: utc("2026-03-01T00:00:00Z"))
    #expect(WriterFixtures.text(bytes) == WriterFixtures.text(crlf(Self.golden)))
    #expect(bytes == crlf(Self.golden))
  }

  @Test func aSingleEventFileHasItsZoneButNoFeedHeader() {
    let bytes = CalendarWriter.renderSingle(entries[0], settings: settings)
    #expect(WriterFixtures.text(bytes) == WriterFixtures.text(crlf(Self.single)))
    #expect(bytes == crlf(Self.single))
  }

  @Test func theSameEntriesInAnyOrderGiveTheSameBytes() {
    let first = CalendarWriter.render(WriterFixtures.all, settings: WriterFixtures.settings)
    #expect(CalendarWriter.render(WriterFixtures.all, settings: WriterFixtures.settings) == first)
    #expect(CalendarWriter.render(WriterFixtures.all.reversed(), settings: WriterFixtures.settings) == first)
    #expect(CalendarWriter.render(WriterFixtures.all.shuffled(), settings: WriterFixtures.settings) == first)
  }

  @Test func aDuplicateUIDIsWrittenOnceWithTheHigherSequence() {
    let game = WriterFixtures.springGame
    var moved = game
    moved.startsAt = game.startsAt! + 3600
    let old = WriterFixtures.entry(game, sequence: 1)
    let new = WriterFixtures.entry(moved, sequence: 2)
    let bytes = CalendarWriter.render([new, old], settings: settings)
    #expect(bytes == CalendarWriter.render([old, new], settings: settings))
    let lines = WriterFixtures.unfoldedLines(bytes)
    #expect(lines.filter { $0 == "BEGIN:VEVENT" }.count == 1)
    #expect(lines.contains("SEQUENCE:2"))
    #expect(lines.contains("DTSTART;TZID=Europe/Zurich:20260328T203000"))
  }

  @Test func anEmptyCalendarHasItsHeaderAndNoTimeZone() {
    let lines = WriterFixtures.unfoldedLines(CalendarWriter.render([], settings: settings))
    #expect(lines.first == "BEGIN:VCALENDAR" && lines.last == "END:VCALENDAR")
    #expect(lines.contains("REFRESH-INTERVAL;VALUE=DURATION:PT15M"))
    #expect(!lines.contains("BEGIN:VTIMEZONE"))
  }

  static let golden = #"""
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//Outpost//Outpost 0.1.0//EN
    CALSCALE:GREGORIAN
    METHOD:PUBLISH
    NAME:Outpost – Lena Graf
    X-WR-CALNAME:Outpost – Lena Graf
    X-WR-TIMEZONE:Europe/Zurich
    COLOR:teal
    X-APPLE-CALENDAR-COLOR:#008080
    REFRESH-INTERVAL;VALUE=DURATION:PT15M
    X-PUBLISHED-TTL:PT15M
    BEGIN:VTIMEZONE
    TZID:Europe/Zurich
    BEGIN:DAYLIGHT
    DTSTART:20250330T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    END:DAYLIGHT
    BEGIN:STANDARD
    DTSTART:20251026T030000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    END:STANDARD
    END:VTIMEZONE
    BEGIN:VEVENT
    UID:assignment-6f0c1a2b-0000-4000-8000-000000000001@outpost
    SEQUENCE:0
    DTSTAMP:20260105T101500Z
    LAST-MODIFIED:20260105T101500Z
    DTSTART;TZID=Europe/Zurich:20260328T193000
    DTEND;TZID=Europe/Zurich:20260328T213000
    SUMMARY:VBC Zürich – Volley Luzern (1. SR)
    LOCATION:Sporthalle Hardau\, Hardaustrasse 10\, 8003 Zürich
    GEO:47.3769;8.5098
    DESCRIPTION:Spiel: #382417\nLiga: NLB (Frauen)\nFunktion: 1. SR\nVerband: S
     VRZ\nHalle: Sporthalle Hardau\nAdresse: Hardaustrasse 10\, 8003 Zürich\nM
     itschiedsrichter: Lena Graf\, Marco Rossi\nvolleykit://assignment/6f0c1a2b
     -0000-4000-8000-000000000001
    URL:volleykit://assignment/6f0c1a2b-0000-4000-8000-000000000001
    STATUS:CONFIRMED
    CATEGORIES:NLB
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:VBC Zürich – Volley Luzern (1. SR)
    TRIGGER:-PT1440M
    END:VALARM
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:VBC Zürich – Volley Luzern (1. SR)
    TRIGGER:-PT60M
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:event-tournament%40club.example.ch@outpost
    SEQUENCE:0
    DTSTAMP:20260105T101500Z
    LAST-MODIFIED:20260105T101500Z
    DTSTART;VALUE=DATE:20260613
    DTEND;VALUE=DATE:20260614
    SUMMARY:Beach-Turnier
    STATUS:CONFIRMED
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:Beach-Turnier
    TRIGGER:-PT1440M
    END:VALARM
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:Beach-Turnier
    TRIGGER:-PT60M
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:assignment-6f0c1a2b-0000-4000-8000-000000000003@outpost
    SEQUENCE:0
    DTSTAMP:20260105T101500Z
    LAST-MODIFIED:20260105T101500Z
    DTSTART;TZID=Europe/Zurich:20261025T140000
    DTEND;TZID=Europe/Zurich:20261025T160000
    SUMMARY:[Abgesagt] Genève Volley – VC Kanti (2. SR)
    LOCATION:Salle du Bois-des-Frères\, Chemin du Bois-des-Frères 30\, 1219 L
     e Lignon
    DESCRIPTION:Spiel: #383001\nLiga: NLA (Frauen)\nFunktion: 2. SR\nVerband: S
     V\nHalle: Salle du Bois-des-Frères\nAdresse: Chemin du Bois-des-Frères 3
     0\, 1219 Le Lignon\nMitschiedsrichter: Jean Dupont\nAbgesagt\nvolleykit://
     assignment/6f0c1a2b-0000-4000-8000-000000000003
    URL:volleykit://assignment/6f0c1a2b-0000-4000-8000-000000000003
    STATUS:CANCELLED
    CATEGORIES:NLA
    END:VEVENT
    END:VCALENDAR
    """#

  static let single = #"""
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:-//Outpost//Outpost 0.1.0//EN
    CALSCALE:GREGORIAN
    BEGIN:VTIMEZONE
    TZID:Europe/Zurich
    BEGIN:DAYLIGHT
    DTSTART:20250330T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    END:DAYLIGHT
    BEGIN:STANDARD
    DTSTART:20251026T030000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    END:STANDARD
    END:VTIMEZONE
    BEGIN:VEVENT
    UID:assignment-6f0c1a2b-0000-4000-8000-000000000001@outpost
    SEQUENCE:0
    DTSTAMP:20260105T101500Z
    LAST-MODIFIED:20260105T101500Z
    DTSTART;TZID=Europe/Zurich:20260328T193000
    DTEND;TZID=Europe/Zurich:20260328T213000
    SUMMARY:VBC Zürich – Volley Luzern (1. SR)
    LOCATION:Sporthalle Hardau\, Hardaustrasse 10\, 8003 Zürich
    GEO:47.3769;8.5098
    DESCRIPTION:Spiel: #382417\nLiga: NLB (Frauen)\nFunktion: 1. SR\nVerband: S
     VRZ\nHalle: Sporthalle Hardau\nAdresse: Hardaustrasse 10\, 8003 Zürich\nM
     itschiedsrichter: Lena Graf\, Marco Rossi\nvolleykit://assignment/6f0c1a2b
     -0000-4000-8000-000000000001
    URL:volleykit://assignment/6f0c1a2b-0000-4000-8000-000000000001
    STATUS:CONFIRMED
    CATEGORIES:NLB
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:VBC Zürich – Volley Luzern (1. SR)
    TRIGGER:-PT1440M
    END:VALARM
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:VBC Zürich – Volley Luzern (1. SR)
    TRIGGER:-PT60M
    END:VALARM
    END:VEVENT
    END:VCALENDAR
    """#
}
