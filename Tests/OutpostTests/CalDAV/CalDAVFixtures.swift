import Foundation
import OutpostCalendar
import OutpostConnectors
import OutpostModel

/// Three assignments around Europe/Zurich's spring DST change (29 March 2026, 02:00 CET →
/// 03:00 CEST) and one in autumn, and the desired set a daemon would hand the pusher.
enum CalDAVFixtures {
  static let zurich = TimeZone(identifier: "Europe/Zurich")!
  static let settings = CalendarSettings(name: "Outpost – CalDAV", timeZone: zurich, language: .en)
  static let stamp = UTCTimestamp.parse("2026-01-05T10:15:00Z")!

  /// Saturday 28 March, 19:30 CET (18:30 UTC): the evening before the change.
  static let saturday = game(1, "VBC Zürich – Volley Luzern", "2026-03-28T18:30:00Z")
  /// Sunday 29 March, 17:00 CEST (15:00 UTC): after the change, one hour less apart.
  static let sunday = game(2, "Volley Luzern – VBC Zürich", "2026-03-29T15:00:00Z")
  /// Sunday 25 October, 14:00 CET (13:00 UTC): the day of the autumn change.
  static let autumn = game(3, "Genève Volley – VC Kanti", "2026-10-25T13:00:00Z")

  static func game(_ number: Int, _ title: String, _ start: String) -> Item {
    let begin = UTCTimestamp.parse(start)!
    return Item(
      kind: .assignment, upstreamID: "6f0c1a2b-0000-4000-8000-00000000000\(number)", title: title, startsAt: begin,
      endsAt: begin.addingTimeInterval(2 * 3600), location: "Sporthalle Hardau, 8003 Zürich", status: .active,
      details: ["gameNumber": .int(382_400 + Int64(number)), "league": "NLB", "position": "head-one"],
      link: "volleykit://assignment/\(number)")
  }

  static func entry(_ item: Item, sequence: Int = 0, lastModified: Date = stamp) -> CalendarEntry {
    CalendarEntry(uid: CalendarEntry.uid(for: item), sequence: sequence, item: item, lastModified: lastModified)
  }

  /// UID → the bytes of `renderSingle`, as the daemon builds it.
  static func desired(_ entries: [CalendarEntry]) -> [String: [UInt8]] {
    Dictionary(uniqueKeysWithValues: entries.map { ($0.uid, CalendarWriter.renderSingle($0, settings: settings)) })
  }

  static var three: [CalendarEntry] { [saturday, sunday, autumn].map { entry($0) } }

  static func uid(_ item: Item) -> String { CalendarEntry.uid(for: item) }

  /// An event another app created: its own UID, its own href.
  static func foreignEvent(uid: String = "dentist-4711@example.org", summary: String = "Zahnarzt") -> String {
    """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Someone else//EN\r
    BEGIN:VEVENT\r
    UID:\(uid)\r
    DTSTAMP:20260101T080000Z\r
    DTSTART:20260402T070000Z\r
    DTEND:20260402T080000Z\r
    SUMMARY:\(summary)\r
    END:VEVENT\r
    END:VCALENDAR\r

    """
  }

  /// The content lines of an .ics body, unfolded.
  static func lines(_ bytes: [UInt8]) -> [String] {
    String(decoding: bytes, as: UTF8.self).replacing("\r\n ", with: "").split(separator: "\r\n").map(String.init)
  }
}
