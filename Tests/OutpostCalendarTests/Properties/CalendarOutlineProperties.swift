import Foundation
import PropertyBased
import Synchronization
import Testing

@testable import OutpostCalendar

/// The check of an added feed reads only its outline (`CalendarOutline`: BEGIN and END lines and
/// the top-level calendars' own properties). Whatever the input, it must find what the whole
/// parse finds: a calendar or none, its name, whether it was cut short.
@Suite struct CalendarOutlineProperties {
  /// BEGIN and END in every spelling the builder accepts or refuses (case, spaces and tabs around
  /// the name, parameters, empty names, a dotless ı that upper-cases to I, a dotted İ and a
  /// full-width B that do not), names at the top level and deeper, empty and escaped names,
  /// lines that are not content lines, and BEGIN hidden in a value.
  static let lines = [
    "BEGIN:VCALENDAR", "END:VCALENDAR", "begin:vcalendar", "BEGIN:VEVENT", "END:VEVENT", "begin:vevent",
    "End:VEvent", " BEGIN : VTODO", "END:VTODO", "BEGIN;X=1:VALARM", "END:VALARM", "END:", "BEGIN:", "BEGIN:  ",
    "begın:vcalendar", "BEGİN:VEVENT", "ＢEGIN:VEVENT", "BEGIN\t:VEVENT", "END :VCALENDAR", "END:VCALENDAR;x",
    "X-WR-CALNAME:Club", "X-WR-CALNAME:", "X-WR-CALNAME:  ", "NAME:Verein", "name:Zweiter", "x-wr-calname;a=b:\\,Lena",
    "SUMMARY:x", "no colon", ":value", "DESCRIPTION:BEGIN:VEVENT", "BEGIN:X-OTHER", "END:X-OTHER",
  ]

  static let feeds = Generator<[UInt8], Shrink.None<[UInt8]>> { rng in
    var text = Bool.random(using: &rng) ? "\u{FEFF}" : ""
    for _ in 0..<Int.random(in: 0...40, using: &rng) {
      var line = lines.randomElement(using: &rng)!
      // Now and then folded somewhere (between bytes: a fold may split a character).
      var bytes = Array(line.utf8)
      if Int.random(in: 0..<5, using: &rng) == 0, bytes.count > 1 {
        bytes.insert(
          contentsOf: Array(["\r\n ", "\n\t"].randomElement(using: &rng)!.utf8),
          at: Int.random(in: 1..<bytes.count, using: &rng))
      }
      line = String(decoding: bytes, as: UTF8.self)
      text += line + ["\r\n", "\n", "\r"].randomElement(using: &rng)!
    }
    return Array(text.utf8)
  }

  @Test func theOutlineFindsWhatTheWholeParseFinds() async throws {
    let zone = try #require(TimeZone(identifier: "Europe/Zurich"))
    let calendars = Mutex(0)
    await propertyCheck(count: 4000, input: Self.feeds) { input in
      let whole = Result { () throws(ICalParseError) in try ICalParser.parse(input, floatingTimeZone: zone) }
      let checked = Result { () throws(ICalParseError) in
        try ICalParser.parse(input, floatingTimeZone: zone, readingEvents: false)
      }
      let text = String(decoding: input, as: UTF8.self).debugDescription
      switch (whole, checked) {
      case (.success(let whole), .success(let checked)):
        #expect(checked.name == whole.name && checked.endedEarly == whole.endedEarly, "\(text)")
        calendars.withLock { $0 += 1 }
      case (.failure(let whole), .failure(let checked)): #expect(whole == checked)
      default: Issue.record("one read found a calendar, the other none: \(text)")
      }
    }
    #expect(calendars.withLock { $0 } > 1000)
  }

  /// Components nested deeper than the builder follows: the BEGINs past its limit are skipped by
  /// both, and so are the ENDs that then match nothing.
  @Test func nestingPastTheLimitIsSkippedAsByTheBuilder() throws {
    let deep = (0..<20).map { "BEGIN:X\($0)\r\n" }.joined() + (0..<20).reversed().map { "END:X\($0)\r\n" }.joined()
    for feed in [
      "BEGIN:VCALENDAR\r\nX-WR-CALNAME:Deep\r\n" + deep + "END:VCALENDAR\r\n",
      "BEGIN:VCALENDAR\r\n" + deep + "X-WR-CALNAME:After\r\nEND:VCALENDAR\r\n",
      "BEGIN:VCALENDAR\r\n" + (0..<20).map { "BEGIN:X\($0)\r\n" }.joined() + "END:VCALENDAR\r\nNAME:Late\r\n",
    ] {
      let whole = try ICalParser.parse(Array(feed.utf8))
      let checked = try ICalParser.parse(Array(feed.utf8), readingEvents: false)
      #expect(checked.name == whole.name && checked.endedEarly == whole.endedEarly, "\(feed.debugDescription)")
    }
  }

  @Test func onlyNamesThatMayBeBeginOrEndAreSplit() {
    let may = ["BEGIN:X", "end:x", " Begin\t;A=B:X", "END", "begın:x", "BEGİN:X"]
    let mayNot = ["BEGINS:X", "ENDE:X", "SUMMARY:BEGIN", ":BEGIN", "X-BEGIN:Y", "BEG IN:X", ""]
    for line in may { #expect(CalendarOutline.mayBeginOrEnd(Array(line.utf8)), "\(line)") }
    for line in mayNot { #expect(!CalendarOutline.mayBeginOrEnd(Array(line.utf8)), "\(line)") }
  }
}
