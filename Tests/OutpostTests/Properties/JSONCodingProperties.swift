import Foundation
import OutpostModel
import PropertyBased
import Testing

/// `JSONCoding` encodes and decodes through its own tree coders (issue 20). Foundation's
/// `JSONEncoder`/`JSONDecoder` with the same settings are the reference: for any value the bytes
/// are the same, and for any input, intact or damaged, both decoders accept the same things, read
/// the same values and blame the same field.
@Suite struct JSONCodingProperties {
  struct Sample: Codable, Equatable {
    enum Mood: String, Codable { case calm, busy }
    enum Shape: Codable, Equatable {
      case point
      case circle(radius: Double)
      case label(String, count: Int)
    }
    struct Inner: Codable, Equatable {
      var name: String
      var when: Date?
      var tags: [String]
    }

    var text: String
    var count: Int
    var big: Int64
    var small: UInt8
    var ratio: Double
    var flag: Bool
    var when: Date
    var link: URL?
    var blob: Data
    var byName: [String: Int]
    var byNumber: [Int: String]
    var mood: Mood
    var shape: Shape
    var inner: Inner?
    var list: [Inner]
    var maybe: Int?
    var raw: JSONValue

    /// `raw` by value (a whole double may come back as an integer, JSONSampler.same).
    static func == (left: Sample, right: Sample) -> Bool {
      var left = left
      var right = right
      let raws = (left.raw, right.raw)
      (left.raw, right.raw) = (.null, .null)
      return left.text == right.text && left.count == right.count && left.big == right.big
        && left.small == right.small && left.ratio == right.ratio && left.flag == right.flag
        && left.when == right.when && left.link == right.link && left.blob == right.blob
        && left.byName == right.byName && left.byNumber == right.byNumber && left.mood == right.mood
        && left.shape == right.shape && left.inner == right.inner && left.list == right.list
        && left.maybe == right.maybe && JSONSampler.same(raws.0, raws.1)
    }
  }

  static func date(using rng: inout any SeededRandomNumberGenerator) -> Date {
    let seconds: Double =
      switch Int.random(in: 0..<4, using: &rng) {
      case 0: Double(Int.random(in: -3_000_000_000...4_000_000_000, using: &rng))
      case 1: Double.random(in: -1e10...1e10, using: &rng)
      case 2: [0, -0.5, 0.999, 951_782_400, 4_107_542_399.75, -62_135_596_800].randomElement(using: &rng)!
      default: Double.random(in: -1e12...1e12, using: &rng)
      }
    return Date(timeIntervalSince1970: seconds)
  }

  static func double(using rng: inout any SeededRandomNumberGenerator) -> Double {
    let whole: [Double] = [0, -0.0, 1e3, 1e15, 1e16, 2.5e15, 9_007_199_254_740_992, -2e300, 1e21, 5.148996347642613e17]
    if Bool.random(using: &rng) { return whole.randomElement(using: &rng)! }
    return Double.random(in: -1e6...1e6, using: &rng) * [1e-300, 1e-9, 1, 1e12, 1e290].randomElement(using: &rng)!
  }

  static func inner(using rng: inout any SeededRandomNumberGenerator) -> Sample.Inner {
    Sample.Inner(
      name: JSONSampler.string(using: &rng), when: Bool.random(using: &rng) ? date(using: &rng) : nil,
      tags: (0..<Int.random(in: 0...3, using: &rng)).map { _ in JSONSampler.string(using: &rng) })
  }

  static let sample = Generator<Sample, Shrink.None<Sample>> { rng in makeSample(using: &rng) }

  static func makeSample(using rng: inout any SeededRandomNumberGenerator) -> Sample {
    let shapes: [Sample.Shape] = [
      .point, .circle(radius: double(using: &rng)),
      .label(JSONSampler.string(using: &rng), count: Int.random(in: -5...5, using: &rng)),
    ]
    var byName: [String: Int] = [:]
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      byName[JSONSampler.string(using: &rng)] = Int.random(in: -99...99, using: &rng)
    }
    var byNumber: [Int: String] = [:]
    for _ in 0..<Int.random(in: 0...3, using: &rng) {
      byNumber[Int.random(in: -20...20, using: &rng)] = JSONSampler.string(using: &rng)
    }
    let links = [
      nil, URL(string: "https://example.org/a/b?c=d&e=%20"), URL(string: "webcal://host:8080/x.ics"),
      URL(string: "file:///tmp/é"),
    ]
    return Sample(
      text: JSONSampler.string(using: &rng), count: Int.random(in: .min ... .max, using: &rng),
      big: [Int64.max, .min, 0, 9_007_199_254_740_993].randomElement(using: &rng)!,
      small: UInt8.random(in: 0...255, using: &rng), ratio: double(using: &rng), flag: Bool.random(using: &rng),
      when: date(using: &rng), link: links.randomElement(using: &rng)!,
      blob: Data((0..<Int.random(in: 0...7, using: &rng)).map { _ in UInt8.random(in: 0...255, using: &rng) }),
      byName: byName, byNumber: byNumber, mood: Bool.random(using: &rng) ? .calm : .busy,
      shape: shapes.randomElement(using: &rng)!, inner: Bool.random(using: &rng) ? inner(using: &rng) : nil,
      list: (0..<Int.random(in: 0...3, using: &rng)).map { _ in inner(using: &rng) },
      maybe: Bool.random(using: &rng) ? Int.random(in: -9...9, using: &rng) : nil,
      raw: JSONSampler.sample(depth: 1, using: &rng))
  }

  /// A sample's JSON with one member, at the top or one level down, replaced by any JSON value
  /// or removed.
  static let damaged = Generator<JSONValue, Shrink.None<JSONValue>> { rng in
    let intact = makeSample(using: &rng)
    guard case .object(var members) = try! JSONTreeEncoder.encode(intact) else { return .null }
    let key = members.keys.sorted().randomElement(using: &rng)!
    let replacement: JSONValue? =
      switch Int.random(in: 0..<6, using: &rng) {
      case 0: nil
      case 1: .null
      case 2:
        .string(
          ["2026-11-27T10:00:00Z", "2026-11-27T10:00:00.5+01:00", "2026-02-30T10:00:00Z", "calm", "AQID", ""]
            .randomElement(using: &rng)!)
      case 3: .double([1.5, 1e3, 1e16, -0.0, 255, 256].randomElement(using: &rng)!)
      default: JSONSampler.sample(depth: 2, using: &rng)
      }
    if case .object(var nested)? = members[key], let inner = nested.keys.sorted().randomElement(using: &rng),
      Bool.random(using: &rng)
    {
      nested[inner] = replacement
      members[key] = .object(nested)
    } else {
      members[key] = replacement
    }
    return .object(members)
  }

  @Test func encodesExactlyTheBytesOfFoundationsEncoder() async {
    await propertyCheck(count: 400, input: Self.sample) { value throws in
      let ours = try JSONCoding.encode(value)
      let reference = Array(try JSONCoding.encoder().encode(value))
      #expect(
        ours == reference, "\(String(decoding: ours, as: UTF8.self))\n\(String(decoding: reference, as: UTF8.self))")
      // The tree is the one its bytes parse to: a whole double is an integer, as it reads back
      // (callers compare trees). `raw` is left out: a JSONValue is passed through as it is.
      var typed = value
      typed.raw = .null
      let tree = try JSONTreeEncoder.encode(typed)
      #expect(Self.sameTree(tree, try JSONParser.parse(JSONCoding.encode(typed))), "\(tree)")
    }
  }

  /// Equal, except that -0.0 (written "-0") reads back as the integer 0.
  static func sameTree(_ left: JSONValue, _ right: JSONValue) -> Bool {
    switch (left, right) {
    case (.double(let zero), .int(0)): return zero == 0 && zero.sign == .minus
    case (.array(let left), .array(let right)):
      return left.count == right.count && zip(left, right).allSatisfy { sameTree($0, $1) }
    case (.object(let left), .object(let right)):
      return left.count == right.count
        && left.allSatisfy { key, value in right[key].map { sameTree(value, $0) } ?? false }
    default: return left == right
    }
  }

  @Test func anyJSONValueIsWrittenAsFoundationWritesIt() async {
    await propertyCheck(count: 500, input: JSONSampler.value) { value throws in
      let reference = Array(try JSONCoding.encoder().encode(value))
      #expect(value.serialized == reference, "\(value)")
    }
  }

  @Test func readsWhatItWritesAsFoundationDoes() async {
    await propertyCheck(count: 400, input: Self.sample) { value throws in
      let bytes = try JSONCoding.encode(value)
      let ours = try JSONCoding.decode(Sample.self, from: bytes)
      let reference = try JSONCoding.decoder().decode(Sample.self, from: Data(bytes))
      #expect(ours == reference)
    }
  }

  /// Damaged input: both accept or both refuse; accepted, the values agree; refused with a type,
  /// null or missing-key error, ours names the same field. (Foundation reports a number that does
  /// not fit as unreadable JSON with no field; ours names it, so that case is not compared. It
  /// reports null for a Bool as a type mismatch and null for an Int as a missing value; ours says
  /// "missing value" for both, so those two kinds count as one.)
  @Test func damagedInputIsAcceptedAndRefusedAsFoundationDoes() async {
    await propertyCheck(count: 600, input: Self.damaged) { json throws in
      let ours = Result { try JSONCoding.convert(json, to: Sample.self) }
      let reference = Result { try JSONCoding.decoder().decode(Sample.self, from: Data(json.serialized)) }
      switch (ours, reference) {
      case (.success(let mine), .success(let theirs)): #expect(mine == theirs)
      case (.failure(let mine), .failure(let theirs)):
        guard let theirs = theirs as? DecodingError, let kind = Self.kindAndPath(theirs) else { return }
        #expect(Self.kindAndPath(mine as? DecodingError) == kind, "\(mine)\n\(theirs)")
      default:
        Issue.record(
          "ours: \(ours)\nFoundation: \(reference)\ninput: \(String(decoding: json.serialized, as: UTF8.self))")
      }
    }
  }

  static func kindAndPath(_ error: DecodingError?) -> String? {
    // In a dictionary with several wrong members either decoder names the first it meets, and
    // the order of a dictionary's members is not the document's: the dictionary is named.
    func path(_ keys: [any CodingKey]) -> String {
      let names = keys.map { $0.intValue.map(String.init) ?? $0.stringValue }
      return (["byName", "byNumber"].contains(names.first) ? Array(names.prefix(1)) : names).joined(separator: ".")
    }
    switch error {
    case .typeMismatch(_, let context)?, .valueNotFound(_, let context)?: return "wrong " + path(context.codingPath)
    case .keyNotFound(let key, let context)?: return "missing " + path(context.codingPath + [key])
    default: return nil
    }
  }

  @Test func datesAreWrittenAndReadAsFoundationDoes() async {
    let dates = Generator<Date, Shrink.None<Date>> { rng in Self.date(using: &rng) }
    await propertyCheck(count: 2000, input: dates) { date throws in
      let text = ISO8601Seconds.format(date)
      let reference = try JSONCoding.encoder().encode(date)
      #expect(Array("\"\(text)\"".utf8) == Array(reference))
      let read = try JSONCoding.decode(Date.self, from: reference)
      #expect(read == (try JSONCoding.decoder().decode(Date.self, from: reference)))
    }
  }

  @Test(arguments: [
    "2026-11-27T10:00:00Z", "2026-11-27T10:00:00z", "2026-11-27T10:00:00+01:00", "2026-11-27T10:00:00.5Z",
    "2026-02-29T10:00:00Z", "2024-02-29T23:59:59Z", "2026-02-30T10:00:00Z", "2026-11-27T24:00:00Z",
    "2026-11-27T10:00:60Z", "2026-11-27 10:00:00Z", "2026-11-27T10:00:00", "0001-01-01T00:00:00Z",
    "9999-12-31T23:59:59Z", "0000-01-01T00:00:00Z", "2026-13-01T00:00:00Z", "2026-1-01T00:00:00Z", "", "x",
  ])
  func everyDateFormIsReadAsFoundationReadsIt(text: String) throws {
    let json = Array("\"\(text)\"".utf8)
    let ours = try? JSONCoding.decode(Date.self, from: json)
    let reference = try? JSONCoding.decoder().decode(Date.self, from: Data(json))
    #expect(ours == reference)
  }

  class Base: Codable {
    var id = 7
  }
  final class Derived: Base {
    var extra = "x"
    enum Keys: CodingKey { case extra }
    override init() { super.init() }
    required init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: Keys.self)
      extra = try container.decode(String.self, forKey: .extra)
      try super.init(from: container.superDecoder())
    }
    override func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(extra, forKey: .extra)
      try super.encode(to: container.superEncoder())
    }
  }

  @Test func superEncodersNestAsFoundationNestsThem() throws {
    let value = Derived()
    value.id = 42
    let bytes = try JSONCoding.encode(value)
    #expect(bytes == Array(try JSONCoding.encoder().encode(value)))
    #expect(String(decoding: bytes, as: UTF8.self) == #"{"extra":"x","super":{"id":42}}"#)
    #expect(try JSONCoding.decode(Derived.self, from: bytes).id == 42)
  }

  @Test func nonFiniteNumbersAreRefusedAndInvalidBytesAreADecodingError() {
    #expect(throws: EncodingError.self) { try JSONCoding.encode([Double.nan]) }
    #expect(throws: EncodingError.self) { try JSONCoding.encode(["x": Double.infinity]) }
    #expect(throws: DecodingError.self) { try JSONCoding.decode([Int].self, from: Array("[1,".utf8)) }
  }
}
