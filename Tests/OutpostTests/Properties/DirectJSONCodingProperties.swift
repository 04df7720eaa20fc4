import Foundation
import OutpostModel
import OutpostRPC
import PropertyBased
import Testing

/// The types that write and read their JSON by hand (`JSONDirectlyEncodable`,
/// `JSONDirectlyDecodable`: an agenda's entries) against Foundation's coders, which know nothing
/// of that and go through the synthesized `Codable`: the same bytes for any value, and for any
/// input, intact or damaged, the same values read and the same field blamed.
@Suite struct DirectJSONCodingProperties {
  static func optional<T>(
    using rng: inout any SeededRandomNumberGenerator, _ make: (inout any SeededRandomNumberGenerator) -> T
  ) -> T? {
    Bool.random(using: &rng) ? make(&rng) : nil
  }

  static func item(using rng: inout any SeededRandomNumberGenerator) -> Item {
    Item(
      kind: ItemKind(rawValue: ["event", "assignment", JSONSampler.string(using: &rng)].randomElement(using: &rng)!),
      upstreamID: JSONSampler.string(using: &rng), title: JSONSampler.string(using: &rng),
      startsAt: optional(using: &rng) { JSONCodingProperties.date(using: &$0) },
      endsAt: optional(using: &rng) { JSONCodingProperties.date(using: &$0) },
      location: optional(using: &rng) { JSONSampler.string(using: &$0) },
      status: ItemStatus.allCases.randomElement(using: &rng)!,
      details: Bool.random(using: &rng)
        ? .object(JSONSampler.members(depth: 1, using: &rng))
        : JSONSampler.sample(
          depth: 1, using: &rng),
      link: optional(using: &rng) { JSONSampler.string(using: &$0) })
  }

  static func listed(using rng: inout any SeededRandomNumberGenerator) -> ListedItem {
    let display = ItemDisplay(
      noun: JSONSampler.string(using: &rng), subtitle: optional(using: &rng) { JSONSampler.string(using: &$0) },
      amount: optional(using: &rng) { JSONSampler.string(using: &$0) },
      currency: optional(using: &rng) { JSONSampler.string(using: &$0) },
      allDay: optional(using: &rng) { Bool.random(using: &$0) })
    return ListedItem(
      number: [Int64.max, .min, 0, 7].randomElement(using: &rng)!, account: JSONSampler.string(using: &rng),
      service: optional(using: &rng) { JSONSampler.string(using: &$0) }, item: item(using: &rng),
      updatedAt: JSONCodingProperties.date(using: &rng),
      removedAt: optional(using: &rng) { JSONCodingProperties.date(using: &$0) },
      display: Bool.random(using: &rng) ? display : nil)
  }

  static let reply = Generator<ItemsList.Result, Shrink.None<ItemsList.Result>> { rng in
    ItemsList.Result(items: (0..<Int.random(in: 0...4, using: &rng)).map { _ in listed(using: &rng) })
  }

  /// Equal, with `details` compared by value (a whole double may read back as an integer).
  static func same(_ left: ListedItem, _ right: ListedItem) -> Bool {
    var (left, right) = (left, right)
    let details = (left.item.details, right.item.details)
    (left.item.details, right.item.details) = (.null, .null)
    return left == right && JSONSampler.same(details.0, details.1)
  }

  @Test func writesExactlyTheBytesOfFoundationsEncoder() async {
    await propertyCheck(count: 400, input: Self.reply) { reply throws in
      let ours = try JSONCoding.encode(reply)
      let reference = Array(try JSONCoding.encoder().encode(reply))
      #expect(String(decoding: ours, as: UTF8.self) == String(decoding: reference, as: UTF8.self))
      // Alone, and as a tree (the tree of a hand-written value is its bytes, parsed).
      for listed in reply.items {
        #expect(try JSONCoding.encode(listed.item) == Array(try JSONCoding.encoder().encode(listed.item)))
        #expect(try JSONTreeEncoder.encode(listed) == JSONParser.parse(JSONCoding.encode(listed)))
      }
    }
  }

  @Test func readsWhatItWritesAsFoundationDoes() async {
    await propertyCheck(count: 400, input: Self.reply) { reply throws in
      let bytes = try JSONCoding.encode(reply)
      let ours = try JSONCoding.decode(ItemsList.Result.self, from: bytes)
      let reference = try JSONCoding.decoder().decode(ItemsList.Result.self, from: Data(bytes))
      #expect(ours.items.count == reference.items.count)
      for (mine, theirs) in zip(ours.items, reference.items) { #expect(Self.same(mine, theirs), "\(mine)\n\(theirs)") }
    }
  }

  /// An entry's JSON with one member removed or replaced: at the top, in `item` or in `display`.
  static let damaged = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
    guard case .object(var members) = try! JSONTreeEncoder.encode(listed(using: &rng)) else { return .null }
    let replacement = DecodingAgreement.replacement(
      near: ["2026-11-27T10:00:00Z", "2026-02-30T10:00:00Z", "active"], using: &rng)
    let nested = ["item", "display"].filter { members[$0] != nil }.randomElement(using: &rng)
    if let nested, case .object(var inner)? = members[nested], Bool.random(using: &rng) {
      let names =
        nested == "item"
        ? ["details", "endsAt", "kind", "link", "location", "startsAt", "status", "title", "upstreamID"]
        : ["allDay", "amount", "currency", "noun", "subtitle"]
      inner[names.randomElement(using: &rng)!] = replacement
      members[nested] = .object(inner)
    } else {
      let names = ["account", "display", "item", "number", "removedAt", "service", "updatedAt"]
      members[names.randomElement(using: &rng)!] = replacement
    }
    return Bool.random(using: &rng) ? .object(members) : ["items": [.object(members)]]
  }

  @Test func damagedInputIsAcceptedAndRefusedAsFoundationDoes() async {
    await propertyCheck(count: 1500, input: Self.damaged) { drawn throws in
      let same = { (mine: [ListedItem], theirs: [ListedItem]) in
        mine.count == theirs.count && zip(mine, theirs).allSatisfy(Self.same)
      }
      if drawn["items"] != nil {
        try DecodingAgreement.check(
          drawn, tree: { try JSONCoding.convert($0, to: ItemsList.Result.self).items },
          inPlace: { try JSONCoding.decode(ItemsList.Result.self, from: $0).items },
          foundation: { try JSONCoding.decoder().decode(ItemsList.Result.self, from: $0).items }, same: same)
      } else {
        try DecodingAgreement.check(
          drawn, tree: { [try JSONCoding.convert($0, to: ListedItem.self)] },
          inPlace: { [try JSONCoding.decode(ListedItem.self, from: $0)] },
          foundation: { [try JSONCoding.decoder().decode(ListedItem.self, from: $0)] }, same: same)
      }
    }
  }

  /// A type whose `Codable` always fails: only the hand-written path can read or write it.
  struct OnlyByHand: JSONDirectlyEncodable, JSONDirectlyDecodable, Equatable {
    var word: String
    init(word: String) { self.word = word }
    func encode(to encoder: any Encoder) throws {
      throw EncodingError.invalidValue(word, .init(codingPath: encoder.codingPath, debugDescription: "generic path"))
    }
    init(from decoder: any Decoder) throws {
      throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "generic path"))
    }
    func writeJSON(into object: inout JSONObjectWriter) { object.member("word", word) }
    init(json object: JSONObjectReader) throws { word = try object.string("word") }
  }

  struct Holder: Codable, Equatable {
    var one: OnlyByHand
    var maybe: OnlyByHand?
    var many: [OnlyByHand]
    var byName: [String: OnlyByHand]
  }

  /// The hand-written path is the one taken wherever the type sits: alone, in a struct, an
  /// optional, an array, a dictionary (equal bytes would not show it).
  @Test func theHandWrittenPathIsTakenWhereverTheValueSits() throws {
    let holder = Holder(
      one: .init(word: "a"), maybe: .init(word: "b"), many: [.init(word: "c")], byName: ["k": .init(word: "d")])
    let bytes = try JSONCoding.encode(holder)
    #expect(
      String(decoding: bytes, as: UTF8.self)
        == #"{"byName":{"k":{"word":"d"}},"many":[{"word":"c"}],"maybe":{"word":"b"},"one":{"word":"a"}}"#)
    #expect(try JSONCoding.decode(Holder.self, from: bytes) == holder)
    #expect(try JSONTreeEncoder.encode(OnlyByHand(word: "e")) == ["word": "e"])
    #expect(try JSONCoding.decode(OnlyByHand.self, from: Array(#"{"word":"f"}"#.utf8)) == .init(word: "f"))
    #expect(throws: EncodingError.self) { try JSONCoding.encoder().encode(holder) }
  }

  /// A reply or an entry of the wrong shape is refused as Foundation refuses it, naming where.
  @Test func aWrongShapeIsRefusedWhereFoundationRefusesIt() throws {
    let entry = try JSONTreeEncoder.encode(
      ListedItem(
        number: 3, account: "a", item: Item(kind: .event, upstreamID: "u", title: "t"),
        updatedAt: Date(timeIntervalSince1970: 0)))
    let replies: [JSONValue] = [
      [:], ["items": "no"], ["items": nil], ["items": ["not an entry"]], ["items": [entry, [:]]],
      ["items": [entry, 3]], "no", [entry],
    ]
    for reply in replies {
      let mine = Result { try JSONCoding.convert(reply, to: ItemsList.Result.self) }
      let theirs = Result { try JSONCoding.decoder().decode(ItemsList.Result.self, from: Data(reply.serialized)) }
      guard case .failure(let mineError) = mine, case .failure(let theirError) = theirs else {
        Issue.record("accepted: \(reply)")
        continue
      }
      let kind = JSONCodingProperties.kindAndPath(theirError as? DecodingError)
      #expect(kind != nil && JSONCodingProperties.kindAndPath(mineError as? DecodingError) == kind, "\(reply)")
    }
  }
}
