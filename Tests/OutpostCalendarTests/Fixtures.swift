import Foundation

/// Golden feeds, shaped like what each producer really writes. Written with LF and turned into
/// CRLF by `crlf` (as served); `\#t` is a literal TAB inside the raw strings.
enum Fixtures {
  /// VolleyManager's personal referee feed as ../shared/upstreams/volleymanager.md §4 describes
  /// it: German labels, `TZID=UTC` without a VTIMEZONE (meaning UTC), folds mid-word, escaped
  /// commas, a TAB-indented DESCRIPTION with other people's contact details, one VALARM.
  static let volleyManager = #"""
    BEGIN:VCALENDAR
    VERSION:2.0
    PRODID:VolleyManager V2
    NAME:SR-Aufgebote #12345 | Lena Graf
    X-WR-CALNAME:SR-Aufgebote #12345 | Lena Graf
    BEGIN:VEVENT
    UID:referee-convocation-for-game-382417
    DTSTAMP;TZID=UTC:20260105T101500
    SUMMARY:1. SR | VBC Zürich - Volley Luzern (NLB)
    DESCRIPTION:1. SR\nSpiel: #382417 | 11.09.2025 20:15 | VBC Zürich — Volley Lu
     zern\nLiga: #6652 | NLB | ♀\nHalle: #311 | Sporthalle Hardau\n\#tAdresse: Hard
     austrasse 10\, 8003 Zürich\n\#thttps://maps.google.com/?q=8FVC9G8F%2B6X&hl=de\nHeim
     team: #1201 | VBC Zürich (NLB\, ♀\, SVRZ)\n\#tAnna Muster\, anna@example.ch\, +4
     1 79 000 00 00
    DTSTART;TZID=UTC:20250911T181500
    DTEND;TZID=UTC:20250911T201500
    LOCATION:Hardaustrasse 10\, 8003 Zürich\, Schweiz
    GEO:47.3769;8.5098
    X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS="Hardaustrasse 10, 8003 Zürich";X-APPLE-RADIUS=72;X-TITLE="Sporthalle Hardau":geo:47.3769,8.5098
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:Erinnerung
    TRIGGER:-PT60M
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    UID:referee-convocation-for-game-382990
    DTSTAMP;TZID=UTC:20260105T101500
    SUMMARY:2. SR | Volley Luzern - VBC Zürich (NLB)
    DESCRIPTION:2. SR\nSpiel: #382990 | 11.10.2025 17:00 | Volley Luzern — VBC Zürich
    DTSTART;TZID=UTC:20251011T150000
    DTEND;TZID=UTC:20251011T170000
    LOCATION:Maihofstrasse 1\, 6004 Luzern\, Schweiz
    GEO:47.0611;8.3103
    BEGIN:VALARM
    ACTION:DISPLAY
    TRIGGER:-PT60M
    END:VALARM
    END:VEVENT
    END:VCALENDAR
    """#

  /// Outlook/Exchange: Windows zone names, quoted TZIDs, a "Customized Time Zone", a fixed-offset
  /// custom zone and a zone nobody defines.
  static let outlook = #"""
    BEGIN:VCALENDAR
    PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN
    VERSION:2.0
    METHOD:PUBLISH
    X-WR-CALNAME:Vorstand
    BEGIN:VTIMEZONE
    TZID:W. Europe Standard Time
    BEGIN:STANDARD
    DTSTART:16011028T030000
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    END:STANDARD
    BEGIN:DAYLIGHT
    DTSTART:16010325T020000
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    END:DAYLIGHT
    END:VTIMEZONE
    BEGIN:VTIMEZONE
    TZID:Customized Time Zone
    BEGIN:STANDARD
    DTSTART:16011028T030000
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    END:STANDARD
    BEGIN:DAYLIGHT
    DTSTART:16010325T020000
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    END:DAYLIGHT
    END:VTIMEZONE
    BEGIN:VTIMEZONE
    TZID:Mumbai Office
    BEGIN:STANDARD
    DTSTART:16010101T000000
    TZOFFSETFROM:+0530
    TZOFFSETTO:+0530
    END:STANDARD
    END:VTIMEZONE
    BEGIN:VEVENT
    CLASS:PUBLIC
    DESCRIPTION:Traktanden folgen.\n
    DTEND;TZID="W. Europe Standard Time":20260315T113000
    DTSTAMP:20260201T120000Z
    DTSTART;TZID="W. Europe Standard Time":20260315T100000
    LAST-MODIFIED:20260201T120000Z
    LOCATION:Sitzungszimmer 2
    PRIORITY:5
    SEQUENCE:2
    SUMMARY;LANGUAGE=de-ch:Vorstandssitzung
    TRANSP:OPAQUE
    UID:040000008200E00074C5B7101A82E00800000000D0F6C2B0A1B2DB01000000000000000010000000
    X-MICROSOFT-CDO-BUSYSTATUS:BUSY
    BEGIN:VALARM
    TRIGGER:-PT15M
    ACTION:DISPLAY
    DESCRIPTION:Reminder
    END:VALARM
    END:VEVENT
    BEGIN:VEVENT
    DTSTART;TZID="W. Europe Standard Time":20260715T100000
    DURATION:PT1H
    UID:040000008200E00074C5B7101A82E00800000000D0F6C2B0A1B2DB01000000000000000010000002
    SUMMARY:Sommerhöck
    END:VEVENT
    BEGIN:VEVENT
    DTSTART;TZID=Customized Time Zone:20260716T090000
    DTEND;TZID=Customized Time Zone:20260716T100000
    UID:customized-zone-event
    SUMMARY:Kundentermin
    END:VEVENT
    BEGIN:VEVENT
    DTSTART;TZID=Mumbai Office:20260301T093000
    DTEND;TZID=Mumbai Office:20260301T103000
    UID:mumbai-event
    SUMMARY:Standup
    END:VEVENT
    BEGIN:VEVENT
    DTSTART;TZID=Nowhere Standard Time:20260301T120000
    UID:unknown-zone-event
    SUMMARY:Irgendwo
    END:VEVENT
    END:VCALENDAR
    """#

  /// Google Calendar: a weekly rule with UNTIL and EXDATE, a moved and a cancelled instance
  /// (RECURRENCE-ID overrides), and an all-day event over two days.
  static let google = #"""
    BEGIN:VCALENDAR
    PRODID:-//Google Inc//Google Calendar 70.9054//EN
    VERSION:2.0
    CALSCALE:GREGORIAN
    METHOD:PUBLISH
    X-WR-CALNAME:Volley Training
    X-WR-TIMEZONE:Europe/Zurich
    BEGIN:VTIMEZONE
    TZID:Europe/Zurich
    X-LIC-LOCATION:Europe/Zurich
    BEGIN:DAYLIGHT
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    TZNAME:CEST
    DTSTART:19700329T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    END:DAYLIGHT
    BEGIN:STANDARD
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    TZNAME:CET
    DTSTART:19701025T030000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    END:STANDARD
    END:VTIMEZONE
    BEGIN:VEVENT
    DTSTART;TZID=Europe/Zurich:20260303T190000
    DTEND;TZID=Europe/Zurich:20260303T210000
    RRULE:FREQ=WEEKLY;WKST=MO;UNTIL=20260414T165959Z;BYDAY=TU,TH
    EXDATE;TZID=Europe/Zurich:20260310T190000,20260312T190000
    DTSTAMP:20260301T080000Z
    UID:7kq2abc@google.com
    CREATED:20260201T080000Z
    LAST-MODIFIED:20260301T080000Z
    LOCATION:Turnhalle Letzi\, Zürich
    SEQUENCE:0
    STATUS:CONFIRMED
    SUMMARY:Training
    CATEGORIES:Sport,Volley
    TRANSP:OPAQUE
    END:VEVENT
    BEGIN:VEVENT
    DTSTART;TZID=Europe/Zurich:20260319T200000
    DTEND;TZID=Europe/Zurich:20260319T220000
    DTSTAMP:20260301T080000Z
    UID:7kq2abc@google.com
    RECURRENCE-ID;TZID=Europe/Zurich:20260319T190000
    SEQUENCE:1
    STATUS:CONFIRMED
    SUMMARY:Training (später)
    END:VEVENT
    BEGIN:VEVENT
    DTSTART;TZID=Europe/Zurich:20260324T190000
    DTEND;TZID=Europe/Zurich:20260324T210000
    DTSTAMP:20260301T080000Z
    UID:7kq2abc@google.com
    RECURRENCE-ID;TZID=Europe/Zurich:20260324T190000
    SEQUENCE:1
    STATUS:CANCELLED
    SUMMARY:Training
    END:VEVENT
    BEGIN:VEVENT
    DTSTART;VALUE=DATE:20260328
    DTEND;VALUE=DATE:20260330
    DTSTAMP:20260301T080000Z
    UID:turnier-2026@google.com
    SUMMARY:Turnier in Bern
    URL:https://example.org/turnier
    END:VEVENT
    END:VCALENDAR
    """#

  /// `text` as served: CRLF line ends, UTF-8.
  static func crlf(_ text: String) -> [UInt8] {
    Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8) + [0x0D, 0x0A]
  }

  /// A calendar around `body` (VEVENTs), LF-only.
  static func wrapped(_ body: String) -> [UInt8] {
    Array("BEGIN:VCALENDAR\nVERSION:2.0\nPRODID:test\n\(body)\nEND:VCALENDAR\n".utf8)
  }
}

/// `2026-02-14T16:30:00Z` as a date.
func utc(_ text: String) -> Date {
  let formatter = ISO8601DateFormatter()
  return formatter.date(from: text)!
}

let zurich = TimeZone(identifier: "Europe/Zurich")!

/// The wall-clock hour and minute of `date` in `zone`, as "20:15".
func wallClock(_ date: Date, in zone: TimeZone = zurich) -> String {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = zone
  let parts = calendar.dateComponents([.hour, .minute], from: date)
  return String(format: "%02d:%02d", parts.hour!, parts.minute!)
}
