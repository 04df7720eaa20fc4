import Foundation
import OutpostCalendar
import OutpostModel
import Testing

@testable import OutpostConnectors

/// A feed's items are built on several threads (issue 20): in any number of parts they must be
/// the items, in the order, that one thread builds.
@Suite struct ICalFeedItemsPartsTests {
  let window = SyncWindow(from: utc("2020-01-01T00:00:00Z"), to: utc("2030-01-01T00:00:00Z"))

  /// The fixtures (single games, Outlook's and Google's recurring series with exceptions and
  /// overrides) and a daily series with an override, which alone gives hundreds of instances.
  @Test func itemsBuiltInPartsAreTheItemsBuiltOnOneThread() throws {
    let series = Fixtures.wrapped(
      """
      BEGIN:VEVENT
      UID:daily@example.ch
      DTSTART;TZID=Europe/Zurich:20260301T183000
      DTEND;TZID=Europe/Zurich:20260301T200000
      RRULE:FREQ=DAILY;COUNT=600
      EXDATE;TZID=Europe/Zurich:20260303T183000
      SUMMARY:Training
      BEGIN:VALARM
      TRIGGER:-PT1H
      ACTION:DISPLAY
      END:VALARM
      END:VEVENT
      BEGIN:VEVENT
      UID:daily@example.ch
      RECURRENCE-ID;TZID=Europe/Zurich:20260305T183000
      DTSTART;TZID=Europe/Zurich:20260305T190000
      SUMMARY:Training (later)
      END:VEVENT
      """)
    let feeds = [Fixtures.volleyManager, Fixtures.outlook, Fixtures.google].map(Fixtures.crlf) + [series]
    var instances: [Int] = []
    for feed in feeds {
      let calendar = try ICalParser.parse(feed, floatingTimeZone: zurich)
      let serial = ICalFeedItems.items(from: calendar, window: window, parallelism: .serial)
      for parts in [2, 3, 7] {
        let inParts = ICalFeedItems.items(
          from: calendar, window: window, parallelism: Parallelism(parts: parts, minimumChunk: 1))
        #expect(inParts == serial, "\(parts) parts")
      }
      instances.append(serial.count)
    }
    #expect(instances.allSatisfy { $0 >= 2 }, "\(instances)")
    #expect(instances.last == 599)
  }
}
