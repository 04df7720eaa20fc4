import Foundation
import OutpostCalendar
import OutpostModel
import PropertyBased
import Testing

/// Property test (issue 19): any event the writer writes, the parser reads back the same: the
/// same instants in Europe/Zurich from 2000 to 2037 (both DST changes of every year, the
/// ambiguous autumn hour included), the same text whatever it holds (escaping, folding inside
/// multi-byte characters, line breaks).
@Suite struct ICalRoundTripProperties {
  /// What iCalendar TEXT can carry: anything printable, line breaks, and the characters the
  /// writer must escape (`\`, `;`, `,`) or must not break a fold inside (é, 😀, 𝄞). Control
  /// characters other than the line break have no place in TEXT (RFC 5545 §3.3.11).
  static let alphabet: [Character] = Array("aZ09 .:;,\\\"'\n/éüß€😀𝄞中ÿ\u{2028}-_()#")

  static let event = Generator<Item, Shrink.None<Item>> { rng in
    // Whole seconds from 2000 to 2037, lasting a minute to three days.
    let start = Date(timeIntervalSince1970: TimeInterval(Int.random(in: 946_684_800...2_145_916_800, using: &rng)))
    let end = start.addingTimeInterval(TimeInterval(Int.random(in: 60...259_200, using: &rng)))
    var details: [String: JSONValue] = [:]
    let title = sample(&rng)
    let location = Bool.random(using: &rng) ? sample(&rng) : nil
    if Bool.random(using: &rng) { details["description"] = .string(sample(&rng)) }
    return Item(
      kind: .event, upstreamID: "p\(UInt32.random(in: 0 ... .max, using: &rng))@example.ch", title: title,
      startsAt: start, endsAt: end, location: location, status: .active, details: .object(details))
  }

  static func sample(_ rng: inout any SeededRandomNumberGenerator) -> String {
    let length = Int.random(in: 1...160, using: &rng)
    return String((0..<length).map { _ in alphabet.randomElement(using: &rng)! })
  }

  static func edgesTrimmed(_ text: String) -> String? {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    return trimmed.isEmpty ? nil : trimmed
  }

  @Test func anyEventIsReadBackAsWritten() async {
    var settings = CalendarSettings(name: "Properties", color: "teal", language: .en)
    settings.timeZone = zurich
    settings.includeContactDetails = true
    settings.alarmsMinutesBefore = []
    let written = settings
    await propertyCheck(count: 400, input: Self.event) { item in
      let entry = CalendarEntry(
        uid: CalendarEntry.uid(for: item), sequence: 0, item: item, lastModified: item.startsAt!)
      let bytes = CalendarWriter.render([entry], settings: written)
      let calendar = try ICalParser.parse(bytes, floatingTimeZone: zurich)
      #expect(calendar.warnings == [])
      let event = try #require(calendar.events.first)
      #expect(event.start == item.startsAt)
      #expect(event.end == item.endsAt)
      // The parser trims the edges of text values (Outlook ends descriptions with a line break).
      #expect(event.summary == Self.edgesTrimmed(item.title))
      #expect(event.location == item.location.flatMap(Self.edgesTrimmed))
      #expect(event.description == item.details["description"]?.stringValue.flatMap(Self.edgesTrimmed))
      // Folded at 75 octets, never inside a character.
      let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n")
      #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    }
  }
}
