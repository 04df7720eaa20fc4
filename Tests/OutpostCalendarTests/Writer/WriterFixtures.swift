import Foundation
import OutpostCalendar
import OutpostModel

/// Items shaped like the ones the connectors make (VolleyManagerItems, ICalFeedItems), placed
/// around Europe/Zurich's DST changes of 2026 (29 March, 25 October).
enum WriterFixtures {
  static let stamp = utc("2026-01-05T10:15:00Z")

  /// Saturday 28 March 2026, 19:30 CET: the evening before the spring change.
  static let springGame = Item(
    kind: .assignment, upstreamID: "6f0c1a2b-0000-4000-8000-000000000001", title: "VBC Zürich – Volley Luzern",
    startsAt: utc("2026-03-28T18:30:00Z"), endsAt: utc("2026-03-28T20:30:00Z"),
    location: "Sporthalle Hardau, Hardaustrasse 10, 8003 Zürich", status: .active,
    details: [
      "gameNumber": 382_417, "league": "NLB", "gender": "f", "position": "head-one", "positionLabel": "1st referee",
      "association": "SVRZ", "hall": "Sporthalle Hardau", "latitude": .double(47.3769), "longitude": .double(8.5098),
      "coReferees": ["Lena Graf", "Marco Rossi"], "onExchange": false, "postponed": false,
    ],
    link: "volleykit://assignment/6f0c1a2b-0000-4000-8000-000000000001")

  /// Sunday 29 March 2026, 17:00 CEST: the afternoon after the spring change.
  static let springSunday = Item(
    kind: .assignment, upstreamID: "6f0c1a2b-0000-4000-8000-000000000002", title: "Volley Luzern – VBC Zürich",
    startsAt: utc("2026-03-29T15:00:00Z"), endsAt: utc("2026-03-29T17:00:00Z"),
    location: "Maihofhalle, Maihofstrasse 1, 6004 Luzern", status: .active,
    details: [
      "gameNumber": 382_990, "league": "1L", "gender": "m", "position": "linesman-two", "association": "SV",
      "hall": "Maihofhalle", "latitude": .double(47.0611), "longitude": .double(8.3103), "coReferees": [],
      "onExchange": true, "postponed": true,
    ],
    link: "volleykit://assignment/6f0c1a2b-0000-4000-8000-000000000002")

  /// Sunday 25 October 2026, 14:00 CET, cancelled: the day of the autumn change.
  static let cancelledAutumnGame = Item(
    kind: .assignment, upstreamID: "6f0c1a2b-0000-4000-8000-000000000003", title: "Genève Volley – VC Kanti",
    startsAt: utc("2026-10-25T13:00:00Z"), endsAt: utc("2026-10-25T15:00:00Z"),
    location: "Salle du Bois-des-Frères, Chemin du Bois-des-Frères 30, 1219 Le Lignon", status: .cancelled,
    details: [
      "gameNumber": 383_001, "league": "NLA", "gender": "f", "position": "head-two", "association": "SV",
      "hall": "Salle du Bois-des-Frères", "coReferees": ["Jean Dupont"],
    ],
    link: "volleykit://assignment/6f0c1a2b-0000-4000-8000-000000000003")

  /// A feed event whose text needs escaping and names other people's contact details.
  static let feedEvent = Item(
    kind: .event, upstreamID: "meeting-42@club.example.ch", title: "Vorstand; Budget, Saison 26/27",
    startsAt: utc("2026-10-24T17:00:00Z"), endsAt: utc("2026-10-24T19:00:00Z"),
    location: "Clubhaus, Seestrasse 5, 8002 Zürich", status: .active,
    details: [
      "description": "Traktanden: Budget\\Saison\nKontakt: Anna Muster, anna@example.ch, +41 79 000 00 00",
      "allDay": false, "categories": ["Verein", "Vorstand"],
      "geo": ["latitude": .double(47.36), "longitude": .double(8.54)],
    ],
    link: "https://club.example.ch/termine/42")

  /// An all-day feed event, as ICalFeedItems stores it (midnight to midnight in the user's zone).
  static let tournamentDay = Item(
    kind: .event, upstreamID: "tournament@club.example.ch", title: "Beach-Turnier",
    startsAt: utc("2026-06-12T22:00:00Z"), endsAt: utc("2026-06-13T22:00:00Z"), status: .active,
    details: ["allDay": true])

  static func entry(_ item: Item, sequence: Int = 0, lastModified: Date = stamp) -> CalendarEntry {
    CalendarEntry(uid: CalendarEntry.uid(for: item), sequence: sequence, item: item, lastModified: lastModified)
  }

  static var all: [CalendarEntry] {
    [springGame, springSunday, cancelledAutumnGame, feedEvent, tournamentDay].map { entry($0) }
  }

  static let settings = CalendarSettings(name: "Outpost – Lena Graf", color: "teal", language: .en)

  static func isAllDay(_ item: Item) -> Bool { item.details["allDay"] == .bool(true) }

  static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

  /// The content lines of `bytes`, unfolded (the writer's output is CRLF throughout).
  static func unfoldedLines(_ bytes: [UInt8]) -> [String] {
    text(bytes).replacing("\r\n ", with: "").split(separator: "\r\n").map(String.init)
  }

  /// The unfolded lines of the VEVENT with this UID.
  static func eventLines(_ bytes: [UInt8], uid: String) -> [String] {
    let lines = unfoldedLines(bytes)
    guard let uidIndex = lines.firstIndex(of: "UID:" + uid),
      let begin = lines[..<uidIndex].lastIndex(of: "BEGIN:VEVENT"),
      let end = lines[uidIndex...].firstIndex(of: "END:VEVENT")
    else { return [] }
    return Array(lines[begin...end])
  }
}
