import OutpostModel
import PropertyBased
import Testing

/// `JSONParser.parseMembers` (what the store reads of an item's details for a one-line view):
/// the members it keeps are the ones `parse` reads, and it refuses what `parse` refuses, the
/// members it steps over included.
@Suite struct JSONParseMembersProperties {
  struct Case {
    var object: [String: JSONValue]
    var keys: Set<String>
  }

  static let cases = Generator<Case, Shrink.None<Case>> { rng in
    let object = JSONSampler.members(depth: 1, using: &rng)
    var keys = Set(object.keys.filter { _ in Bool.random(using: &rng) })
    if Bool.random(using: &rng) { keys.insert(JSONSampler.string(using: &rng)) }
    return Case(object: object, keys: keys)
  }

  static func kept(_ value: JSONValue, _ keys: Set<String>) -> JSONValue {
    guard case .object(let members) = value else { return value }
    return .object(members.filter { keys.contains($0.key) })
  }

  @Test func keepsExactlyTheNamedMembers() async {
    await propertyCheck(count: 600, input: Self.cases) { sample throws in
      let bytes = JSONValue.object(sample.object).serialized
      let members = try JSONParser.parseMembers(of: bytes, named: sample.keys)
      #expect(members == Self.kept(try JSONParser.parse(bytes), sample.keys))
    }
  }

  /// One ASCII byte replaced by another (so the UTF-8 stays valid, which is all a skipped
  /// string is not checked for): both accept or both refuse, and agree on what they keep.
  static let damaged = Generator<([UInt8], Set<String>), Shrink.None<([UInt8], Set<String>)>> { rng in
    let sample = cases.run(using: &rng)
    var bytes = JSONValue.object(sample.object).serialized
    let ascii = bytes.indices.filter { bytes[$0] < 0x80 }
    let replacements = Array(#"{}[]",:\ /0123456789.-+eEtrufalsn"#.utf8) + [0x01, 0x0A, 0x1F]
    for _ in 0..<Int.random(in: 1...2, using: &rng) {
      bytes[ascii.randomElement(using: &rng)!] = replacements.randomElement(using: &rng)!
    }
    if Int.random(in: 0..<8, using: &rng) == 0 { bytes.removeLast(Int.random(in: 1...bytes.count, using: &rng)) }
    return (bytes, sample.keys)
  }

  @Test func refusesWhatParseRefuses() async {
    await propertyCheck(count: 3000, input: Self.damaged) { input throws in
      let (bytes, keys) = input
      let whole = Result { try JSONParser.parse(bytes) }
      let members = Result { try JSONParser.parseMembers(of: bytes, named: keys) }
      switch (whole, members) {
      case (.success(let value), .success(let kept)): #expect(kept == Self.kept(value, keys))
      case (.failure, .failure): break
      default:
        Issue.record("parse: \(whole)\nparseMembers: \(members)\ninput: \(String(decoding: bytes, as: UTF8.self))")
      }
    }
  }

  @Test func aSkippedMemberIsCheckedAsParseChecksIt() throws {
    let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
    for text in [
      "{\"keep\":1,\"skip\":\"tab\there\"}", #"{"keep":1,"skip":"\q"}"#, #"{"keep":1,"skip":"\u12"}"#,
      #"{"keep":1,"skip":[1,]}"#, #"{"keep":1,"skip":{"a" 1}}"#, #"{"keep":1,"skip":tru}"#, #"{"keep":1,"skip":01}"#,
      #"{"keep":1,"skip":"open}"#, #"{"keep":1,"skip":1} x"#, #"{"keep":1,"skip":\#(deep)}"#,
    ] {
      #expect(throws: JSONParser.Failure.self, "\(text)") { try JSONParser.parse(Array(text.utf8)) }
      #expect(throws: JSONParser.Failure.self, "\(text)") {
        try JSONParser.parseMembers(of: Array(text.utf8), named: ["keep"])
      }
    }
    let fine = #"{"keep":{"a":[1,2]},"skip":{"b":["\"\\\/\b\f\n\r\t\u00e9",null,true,-1.5e3]}}"#
    #expect(try JSONParser.parseMembers(of: Array(fine.utf8), named: ["keep"]) == ["keep": ["a": [1, 2]]])
    #expect(try JSONParser.parseMembers(of: Array("[1]".utf8), named: ["keep"]) == [1])
  }
}
