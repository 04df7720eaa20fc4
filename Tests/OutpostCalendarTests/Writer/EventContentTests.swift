import Foundation
import OutpostCalendar
import OutpostModel
import Testing

/// What goes into an event: status and alarms, contact details, language, UIDs, digests.
@Suite struct EventContentTests {
  let settings = WriterFixtures.settings

  func lines(_ item: Item, settings: CalendarSettings? = nil, asOf: Date? = nil) -> [String] {
    let bytes = CalendarWriter.render([WriterFixtures.entry(item)], settings: settings ?? self.settings, asOf: asOf)
    return WriterFixtures.eventLines(bytes, uid: CalendarEntry.uid(for: item))
  }

  @Test func aCancelledAssignmentIsKeptMarkedAndHasNoAlarm() {
    let lines = lines(WriterFixtures.cancelledAutumnGame)
    #expect(lines.contains("STATUS:CANCELLED"))
    #expect(lines.contains(#"SUMMARY:[Cancelled] Genève Volley – VC Kanti (2nd referee)"#))
    #expect(!lines.contains("BEGIN:VALARM"))
    #expect(CalendarWriter.isCalendarItem(WriterFixtures.cancelledAutumnGame))
  }

  @Test func aCancelledEventGoesOnceItIsPastAndAnActiveOneStays() {
    let cancelled = WriterFixtures.cancelledAutumnGame
    #expect(CalendarWriter.isCalendarItem(cancelled, asOf: utc("2026-10-25T14:59:00Z")))
    #expect(!CalendarWriter.isCalendarItem(cancelled, asOf: utc("2026-10-25T15:01:00Z")))
    #expect(CalendarWriter.isCalendarItem(WriterFixtures.springGame, asOf: utc("2027-01-01T00:00:00Z")))
  }

  @Test func exchangeEntriesCompensationsAndItemsWithoutAStartAreNotEvents() {
    var item = WriterFixtures.springGame
    item.kind = .exchange
    #expect(!CalendarWriter.isCalendarItem(item))
    item.kind = .compensation
    #expect(!CalendarWriter.isCalendarItem(item))
    item.kind = .event
    #expect(CalendarWriter.isCalendarItem(item))
    item.startsAt = nil
    #expect(!CalendarWriter.isCalendarItem(item))
    #expect(CalendarWriter.render([WriterFixtures.entry(item)], settings: settings).count < 600)
  }

  @Test func alarmsFollowTheSettingsAndPastEventsGetNone() {
    var settings = self.settings
    settings.alarmsMinutesBefore = [15, 1440, 15, -5]
    let lines = lines(WriterFixtures.springGame, settings: settings)
    #expect(lines.filter { $0.hasPrefix("TRIGGER:") } == ["TRIGGER:-PT1440M", "TRIGGER:-PT15M"])
    #expect(lines.filter { $0 == "ACTION:DISPLAY" }.count == 2)
    let past = self.lines(WriterFixtures.springGame, settings: settings, asOf: utc("2026-03-28T18:30:00Z"))
    #expect(!past.contains("BEGIN:VALARM"))
    #expect(past.contains("STATUS:CONFIRMED"))
  }

  @Test func contactDetailsAreLeftOutUnlessTurnedOn() {
    let hidden = lines(WriterFixtures.feedEvent).joined(separator: "\n")
    #expect(!hidden.contains("anna@example.ch"))
    #expect(!hidden.contains("000 00 00"))
    #expect(hidden.contains(#"DESCRIPTION:Traktanden: Budget\\Saison\nKontakt: Anna Muster"#))
    var settings = self.settings
    settings.includeContactDetails = true
    let shown = lines(WriterFixtures.feedEvent, settings: settings).joined(separator: "\n")
    #expect(shown.contains(#"Anna Muster\, anna@example.ch\, +41 79 000 00 00"#))
  }

  @Test(arguments: [
    ("Tel. 079 123 45 67 oder mail@verein.ch.", "Tel. oder ."),
    ("Spiel: #382417 | 01.09.2025 20:15 | A — B", "Spiel: #382417 | 01.09.2025 20:15 | A — B"),
    ("Datum 01/09/2025 20:15", "Datum 01/09/2025 20:15"),
    ("Heimteam\n\tMax Meier, +41 (0)44 123 45 67, max.meier@example.com", "Heimteam\n\tMax Meier"),
    ("IBAN-freier Text mit 12 Punkten", "IBAN-freier Text mit 12 Punkten"),
    // Lines with neither an "@" nor 9 digits are passed over whole; the others still redacted.
    ("Halle 8000 Zürich\nTel. 079 123 45 67\nSpiel 382417", "Halle 8000 Zürich\nTel.\nSpiel 382417"),
  ])
  func redactionTakesContactsAndLeavesDatesAndNumbers(_ input: String, _ expected: String) throws {
    var item = WriterFixtures.feedEvent
    item.details = ["description": .string(input)]
    let bytes = CalendarWriter.render([WriterFixtures.entry(item)], settings: settings)
    let meeting = try #require(try ICalParser.parse(bytes, floatingTimeZone: zurich).events.first)
    #expect(meeting.description == expected)
  }

  @Test func theLanguageChangesTheLabelsButNotTheFacts() {
    var german = settings
    german.language = .de
    var french = settings
    french.language = .fr
    let english = lines(WriterFixtures.springSunday).joined(separator: "\n")
    let deutsch = lines(WriterFixtures.springSunday, settings: german).joined(separator: "\n")
    let francais = lines(WriterFixtures.springSunday, settings: french).joined(separator: "\n")
    #expect(english.contains(#"Game: #382990\nLeague: 1L (men)\nPosition: line judge 2"#))
    #expect(deutsch.contains(#"Spiel: #382990\nLiga: 1L (Männer)\nFunktion: 2. LR"#))
    #expect(francais.contains(#"Match: #382990\nLigue: 1L (hommes)\nFonction: JL 2"#))
    #expect(deutsch.contains(#"Verschoben\nIn der Tauschbörse angeboten"#))
    #expect(english != deutsch && deutsch != francais)
    let cancelled = lines(WriterFixtures.cancelledAutumnGame, settings: german)
    #expect(cancelled.contains("SUMMARY:[Abgesagt] Genève Volley – VC Kanti (2. SR)"))
  }

  @Test func uidsAreStableSafeAndDistinct() {
    #expect(
      CalendarEntry.uid(for: WriterFixtures.springGame) == "assignment-6f0c1a2b-0000-4000-8000-000000000001@outpost")
    #expect(CalendarEntry.uid(for: WriterFixtures.feedEvent) == "event-meeting-42%40club.example.ch@outpost")
    var recurring = WriterFixtures.feedEvent
    recurring.upstreamID = "series@club.example.ch/20260214T163000Z"
    #expect(CalendarEntry.uid(for: recurring) == "event-series%40club.example.ch%2F20260214T163000Z@outpost")
    var long = WriterFixtures.feedEvent
    long.upstreamID = String(repeating: "ä", count: 150)
    var longer = long
    longer.upstreamID += "x"
    let (first, second) = (CalendarEntry.uid(for: long), CalendarEntry.uid(for: longer))
    #expect(first.utf8.count <= 200 && second.utf8.count <= 200)
    #expect(first != second)
    #expect(first.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "/" })
  }

  @Test func theDigestChangesWithTimeVenueAndStatusButNotWithBookkeeping() {
    let game = WriterFixtures.springGame
    let digest = CalendarWriter.contentDigest(game, settings: settings)
    #expect(digest.count == 64)
    #expect(CalendarWriter.contentDigest(game, settings: settings) == digest)
    var moved = game
    moved.startsAt = game.startsAt! + 1800
    var elsewhere = game
    elsewhere.location = "Saalsporthalle, Giesshübelstrasse 41, 8045 Zürich"
    var cancelled = game
    cancelled.status = .cancelled
    var newReferee = game
    if case .object(var details) = game.details {
      details["coReferees"] = ["Lena Graf", "Nina Keller"]
      newReferee.details = .object(details)
    }
    for changed in [moved, elsewhere, cancelled, newReferee] {
      #expect(CalendarWriter.contentDigest(changed, settings: settings) != digest)
    }
    // lastModified and sequence are the caller's bookkeeping: the same event, the same digest.
    let early = WriterFixtures.entry(game, sequence: 0, lastModified: utc("2026-01-01T00:00:00Z"))
    let late = WriterFixtures.entry(game, sequence: 3, lastModified: utc("2026-02-01T00:00:00Z"))
    #expect(CalendarWriter.contentDigest(early.item, settings: settings) == digest)
    #expect(CalendarWriter.contentDigest(late.item, settings: settings) == digest)
    #expect(CalendarWriter.render([early], settings: settings) != CalendarWriter.render([late], settings: settings))
  }

  @Test func colourNamesAndHexValuesBecomeACSSNameAndAnAppleHexValue() {
    func header(_ color: String?) -> [String] {
      var settings = self.settings
      settings.color = color
      return WriterFixtures.unfoldedLines(CalendarWriter.render([], settings: settings))
        .filter { $0.hasPrefix("COLOR") || $0.hasPrefix("X-APPLE-CALENDAR-COLOR") }
    }
    #expect(header("Turquoise") == ["COLOR:turquoise", "X-APPLE-CALENDAR-COLOR:#40E0D0"])
    #expect(header("#1e90ff") == ["COLOR:dodgerblue", "X-APPLE-CALENDAR-COLOR:#1E90FF"])
    #expect(header("#1f8ffe") == ["COLOR:dodgerblue", "X-APPLE-CALENDAR-COLOR:#1F8FFE"])
    #expect(header("#0ff") == ["COLOR:aqua", "X-APPLE-CALENDAR-COLOR:#00FFFF"])
    #expect(header("not a colour") == [])
    #expect(header(nil) == [])
  }
}
