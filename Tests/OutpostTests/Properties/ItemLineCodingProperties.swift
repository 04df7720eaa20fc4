import Foundation
import OutpostModel
import OutpostRPC
import PropertyBased
import Testing

/// `ItemLine` and `items.lines`' reply write and read their JSON by hand, as `ListedItem` does
/// (DirectJSONCodingProperties): against Foundation's coders, which go through the synthesized
/// `Codable`, the same bytes for any value, and for any input, intact or damaged, the same values
/// read (from a tree and in place from the bytes) and the same field blamed.
@Suite struct ItemLineCodingProperties {
  static func line(using rng: inout any SeededRandomNumberGenerator) -> ItemLine {
    ItemLine(
      number: [Int64.max, .min, 0, 7].randomElement(using: &rng)!, title: JSONSampler.string(using: &rng),
      startsAt: DirectJSONCodingProperties.optional(using: &rng) { JSONCodingProperties.date(using: &$0) },
      endsAt: DirectJSONCodingProperties.optional(using: &rng) { JSONCodingProperties.date(using: &$0) },
      location: DirectJSONCodingProperties.optional(using: &rng) { JSONSampler.string(using: &$0) },
      status: ItemStatus.allCases.randomElement(using: &rng)!,
      subtitle: DirectJSONCodingProperties.optional(using: &rng) { JSONSampler.string(using: &$0) },
      amount: DirectJSONCodingProperties.optional(using: &rng) { JSONSampler.string(using: &$0) },
      currency: DirectJSONCodingProperties.optional(using: &rng) { JSONSampler.string(using: &$0) },
      allDay: DirectJSONCodingProperties.optional(using: &rng) { Bool.random(using: &$0) })
  }

  static let reply = Generator<ItemsLines.Result, Shrink.None<ItemsLines.Result>> { rng in
    ItemsLines.Result(lines: (0..<Int.random(in: 0...4, using: &rng)).map { _ in line(using: &rng) })
  }

  @Test func writesExactlyTheBytesOfFoundationsEncoder() async {
    await propertyCheck(count: 400, input: Self.reply) { reply throws in
      let ours = try JSONCoding.encode(reply)
      let reference = Array(try JSONCoding.encoder().encode(reply))
      #expect(String(decoding: ours, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
      for line in reply.lines {
        #expect(try JSONTreeEncoder.encode(line) == JSONParser.parse(JSONCoding.encode(line)))
      }
    }
  }

  @Test func readsWhatItWritesAsFoundationDoes() async {
    await propertyCheck(count: 400, input: Self.reply) { reply throws in
      let bytes = try JSONCoding.encode(reply)
      // Dates are written to the second, so the values read are compared with each other and
      // written again, not with the drawn value.
      let ours = try JSONCoding.decode(ItemsLines.Result.self, from: bytes)
      #expect(ours == (try JSONCoding.decoder().decode(ItemsLines.Result.self, from: Data(bytes))))
      #expect(try JSONCoding.encode(ours) == bytes)
    }
  }

  /// A line's JSON with one member removed or replaced, alone or in a reply.
  static let damaged = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
    guard case .object(var members) = try! JSONTreeEncoder.encode(line(using: &rng)) else { return .null }
    let replacement = DecodingAgreement.replacement(
      near: ["2026-11-27T10:00:00Z", "2026-02-30T10:00:00Z", "active"], using: &rng)
    let names = [
      "allDay", "amount", "currency", "endsAt", "location", "number", "startsAt", "status", "subtitle", "title",
    ]
    members[names.randomElement(using: &rng)!] = replacement
    return Bool.random(using: &rng) ? .object(members) : ["lines": [.object(members)]]
  }

  @Test func damagedInputIsAcceptedAndRefusedAsFoundationDoes() async {
    await propertyCheck(count: 1500, input: Self.damaged) { drawn throws in
      if drawn["lines"] != nil {
        try DecodingAgreement.check(ItemsLines.Result.self, drawn)
      } else {
        try DecodingAgreement.check(ItemLine.self, drawn)
      }
    }
  }

  /// The one mapping from a listed item: a day by its display or by its details, the display's
  /// subtitle and amount, the item's time, place and status.
  @Test func aListedItemsLineKeepsWhatItShows() {
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    let item = Item(
      kind: .event, upstreamID: "u", title: "Invoice due", startsAt: at, endsAt: at.addingTimeInterval(60),
      location: "Bern", status: .cancelled, details: ["allDay": true, "description": "x"], link: "https://x")
    let display = ItemDisplay(noun: "invoice", subtitle: "ACME", amount: "12.50", currency: "CHF")
    let line = ItemLine(
      ListedItem(number: 9, account: "a", service: "s", item: item, updatedAt: at, display: display))
    #expect(
      line
        == ItemLine(
          number: 9, title: "Invoice due", startsAt: at, endsAt: at.addingTimeInterval(60), location: "Bern",
          status: .cancelled, subtitle: "ACME", amount: "12.50", currency: "CHF", allDay: true))
    var timed = item
    timed.details = ["allDay": false]
    #expect(ItemLine(number: 1, item: timed, display: nil).allDay == nil)
    #expect(ItemLine(number: 1, item: timed, display: ItemDisplay(noun: "n", allDay: true)).allDay == true)
  }
}
