import Foundation
import OutpostCalendar
import OutpostModel
import OutpostTestSupport
import Testing

/// The writer's output read by software nobody here wrote: Python `icalendar` (PyPI), run as
/// `/usr/bin/python3`. It must be installed (`/usr/bin/python3 -m pip install
/// --break-system-packages icalendar`); without it this suite fails rather than skips, so that
/// CI cannot pass without the independent check.
@Suite(.offThePool) struct PythonICalendarTests {
  static let python = "/usr/bin/python3"
  static let install = "/usr/bin/python3 -m pip install --break-system-packages icalendar"

  struct Report: Decodable {
    var version: String?
    var name: String?
    var color: String?
    var refreshSeconds: Int?
    var errors: [String]
    var events: [Event]
    var zones: [Zone]
  }

  struct Event: Decodable {
    var uid: String?
    var summary: String?
    var description: String?
    var location: String?
    var status: String?
    var url: String?
    var sequence: Int
    var start: String
    var end: String?
    /// The start read with the file's own VTIMEZONE instead of Python's tz database.
    var startViaBlock: String?
    var allDay: Bool
    var stamp: String
    var categories: [String]
    var geo: [Double]?
    var alarms: [Int]
  }

  struct Zone: Decodable {
    var tzid: String
    var checked: Int
    var mismatchCount: Int
    var mismatches: [String]
  }

  @Test func icalendarReadsTheCalendarAsWritten() throws {
    // As written: by start, then UID.
    let entries = WriterFixtures.all.sorted { ($0.item.startsAt!, $0.uid) < ($1.item.startsAt!, $1.uid) }
    let report = try #require(try Self.check([CalendarWriter.render(entries, settings: WriterFixtures.settings)]).first)
    #expect(report.errors == [])
    #expect(report.version == "2.0")
    #expect(report.name == "Outpost – Lena Graf")
    #expect(report.color == "teal")
    #expect(report.refreshSeconds == 900)
    #expect(report.events.map(\.uid) == entries.map(\.uid))  // Sorted by start, as written.
    for (event, entry) in zip(report.events, entries) {
      let item = entry.item
      #expect(event.start == UTCText.of(item.startsAt!, allDay: WriterFixtures.isAllDay(item)))
      #expect(event.end == item.endsAt.map { UTCText.of($0, allDay: WriterFixtures.isAllDay(item)) })
      #expect(event.allDay == WriterFixtures.isAllDay(item))
      #expect(event.location == item.location)
      #expect(event.url == item.link)
      #expect(event.stamp == "2026-01-05T10:15:00Z")
      #expect(event.status == (item.status == .cancelled ? "CANCELLED" : "CONFIRMED"))
      #expect(event.alarms == (item.status == .cancelled ? [] : [-3600]))
      if !WriterFixtures.isAllDay(item) { #expect(event.startViaBlock == event.start) }
    }
    let game = report.events[0]
    #expect(game.summary == "VBC Zürich – Volley Luzern (1st referee)")
    #expect(game.geo == [47.3769, 8.5098])
    #expect(game.categories == ["NLB"])
    #expect(game.description?.contains("\nCo-referees: Lena Graf, Marco Rossi\n") == true)
    let meeting = try #require(report.events.first { $0.uid == WriterFixtures.entry(WriterFixtures.feedEvent).uid })
    #expect(meeting.summary == "Vorstand; Budget, Saison 26/27")
    #expect(meeting.description == "Traktanden: Budget\\Saison\nKontakt: Anna Muster")
    #expect(meeting.categories == ["Verein", "Vorstand"])
    #expect(report.zones.map(\.tzid) == ["Europe/Zurich"])
    #expect(report.zones.first?.mismatchCount == 0)
  }

  /// Each zone's VTIMEZONE, turned into a tz by icalendar, gives the offsets of Python's tz
  /// database throughout the years the events cover (every six hours, every quarter hour around
  /// a change): rule changes, abolished DST, southern summers and Ramadan breaks included.
  @Test(arguments: [
    ("Europe/Zurich", 2025...2027), ("America/New_York", 2006...2008), ("America/Sao_Paulo", 2018...2020),
    ("Australia/Sydney", 2026...2027), ("Asia/Jerusalem", 2029...2030), ("Africa/Casablanca", 2026...2026),
    ("Asia/Kolkata", 2026...2026), ("Europe/Dublin", 2026...2026),
  ])
  func theGeneratedVTimezoneAgreesWithTheTzDatabase(_ identifier: String, _ years: ClosedRange<Int>) throws {
    var settings = WriterFixtures.settings
    settings.timeZone = try #require(TimeZone(identifier: identifier))
    // A game at each end of every year, and one on each side of the spring change.
    let entries = years.flatMap { year in
      ["\(year)-01-10T18:00:00Z", "\(year)-03-20T18:00:00Z", "\(year)-04-10T18:00:00Z", "\(year)-12-20T18:00:00Z"]
        .map { start in
          let item = Item(
            kind: .event, upstreamID: "\(identifier)-\(start)", title: "Game", startsAt: utc(start),
            endsAt: utc(start) + 7200)
          return WriterFixtures.entry(item)
        }
    }
    let report = try #require(try Self.check([CalendarWriter.render(entries, settings: settings)]).first)
    #expect(report.errors == [])
    let zone = try #require(report.zones.first)
    #expect(zone.tzid == identifier)
    #expect(zone.checked >= years.count * 1460)
    #expect(zone.mismatchCount == 0, "first hours that differ: \(zone.mismatches)")
    #expect(report.events.count == entries.count)
    for event in report.events {
      #expect(event.startViaBlock == event.start)
    }
  }

  /// Writes each calendar to a temporary file and runs the checker over them all at once.
  static func check(_ calendars: [[UInt8]]) throws -> [Report] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outpost-ical-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    var paths: [String] = []
    for (index, bytes) in calendars.enumerated() {
      let path = directory.appendingPathComponent("calendar-\(index).ics").path
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      paths.append(path)
    }
    Prerequisites.ensure()
    let result: CommandResult
    do {
      result = try runCommand(python, ["-c", PythonICalendarScript.source] + paths)
    } catch {
      Issue.record("\(python) cannot be run (\(error)); install python3 and then: \(install)")
      return []
    }
    if result.status == 3 {
      Issue.record("Python icalendar is not installed for \(python): install it with `\(install)`. \(result.stderr)")
      return []
    }
    guard result.status == 0 else {
      Issue.record("the icalendar check failed (exit \(result.status)): \(result.stderr)")
      return []
    }
    return try JSONDecoder().decode([Report].self, from: Data(result.stdoutBytes))
  }
}

/// Times as the checker prints them: `2026-03-28T18:30:00Z`, or `2026-06-13` for a day.
enum UTCText {
  static func of(_ date: Date, allDay: Bool) -> String {
    guard allDay else { return String(UTCTimestamp.format(date).prefix(19)) + "Z" }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zurich
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }
}
