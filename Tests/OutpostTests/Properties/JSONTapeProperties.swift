import OutpostModel
import PropertyBased
import Testing

@testable import OutpostModel

/// `JSONTape` (how the CLI reads a reply in place): it accepts and refuses what
/// `JSONParser.parse` does, including damaged UTF-8 and escapes, its values are `parse`'s, and a
/// member is found by name as `parse`'s dictionary holds it.
@Suite struct JSONTapeProperties {
  @Test func readsWhatParseReads() async {
    await propertyCheck(count: 800, input: JSONSampler.value) { value throws in
      let bytes = value.serialized
      let tape = try JSONTape(parsing: bytes)
      #expect(tape.value() == (try JSONParser.parse(bytes)))
    }
  }

  /// Bytes of a random document, damaged: ASCII replaced by JSON's own characters, non-ASCII
  /// bytes that are or are not UTF-8, escapes that are or are not whole, a cut end.
  static let damaged = Generator<[UInt8], Shrink.None<[UInt8]>> { rng in
    var bytes = JSONSampler.sample(depth: 0, using: &rng).serialized
    var pieces: [[UInt8]] = Array(#"{}[]",:\ /0123456789.-+eEtrufalsn"#.utf8).map { [$0] }
    pieces.append(contentsOf: [
      [0x01], [0x0A], [0x1F], [0xC3, 0xA9], [0xC3], [0xA9], [0xE2, 0x82, 0xAC], [0xE2, 0x82],
    ])
    pieces.append(contentsOf: [
      [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0xAF],
    ])
    pieces.append(contentsOf: [[0xFF], [0xE0, 0x80, 0xAF]])
    for escape in [#"\ud83d\ude00"#, #"\ud83d"#, #"\ude00"#, #"\u00e9"#, #"\u12"#, #"\x"#] {
      pieces.append(Array(escape.utf8))
    }
    for _ in 0..<Int.random(in: 1...2, using: &rng) where !bytes.isEmpty {
      let at = Int.random(in: 0..<bytes.count, using: &rng)
      let piece = pieces.randomElement(using: &rng)!
      if Bool.random(using: &rng) {
        bytes.replaceSubrange(at...at, with: piece)
      } else {
        bytes.insert(contentsOf: piece, at: at)
      }
    }
    if Int.random(in: 0..<8, using: &rng) == 0 { bytes.removeLast(Int.random(in: 1...bytes.count, using: &rng)) }
    return bytes
  }

  @Test func refusesWhatParseRefuses() async {
    await propertyCheck(count: 4000, input: Self.damaged) { bytes throws in
      let tree = Result<JSONValue, JSONParser.Failure> { () throws(JSONParser.Failure) in try JSONParser.parse(bytes) }
      let tape = Result<JSONTape, JSONParser.Failure> { () throws(JSONParser.Failure) in try JSONTape(parsing: bytes) }
      switch (tree, tape) {
      case (.success(let value), .success(let tape)): #expect(tape.value() == value)
      case (.failure, .failure): break
      default:
        Issue.record("parse: \(tree)\ntape: \(tape)\ninput: \(bytes)")
      }
    }
  }

  @Test func findsEveryMemberByItsName() async {
    await propertyCheck(count: 600, input: JSONSampler.object) { value throws in
      let bytes = value.serialized
      // `parse`'s members, not the ones written: a whole double reads back as an integer.
      guard case .object(let members) = try JSONParser.parse(bytes) else { return }
      let tape = try JSONTape(parsing: bytes)
      for (key, member) in members {
        #expect(tape.member(key, of: 0).map { tape.value(at: $0) } == member)
      }
      #expect(tape.member("not a member \u{1}", of: 0) == nil)
    }
  }

  @Test func aNameGivenTwiceKeepsItsLastValueAsParseDoes() throws {
    let bytes = Array(#"{"a":1,"b":[2],"a":{"c":3},"\u0061":"escaped"}"#.utf8)
    let tape = try JSONTape(parsing: bytes)
    guard case .object(let members) = try JSONParser.parse(bytes) else { throw TestFailure("not an object") }
    #expect(tape.member("a", of: 0).map { tape.value(at: $0) } == members["a"])
    #expect(members["a"] == .string("escaped"))
    #expect(tape.member("b", of: 0).map { tape.value(at: $0) } == [2])
  }

  /// Names told apart after their first eight bytes, by length alone, or only by an escape.
  @Test func namesAlikeUpToTheirEighthByteAreToldApart() throws {
    let bytes = Array(
      #"{"upstreamID":1,"upstreamIE":2,"upstream":3,"upstreamIDs":4,"":5,"\u0075pstreamIF":6,"a\u0000":7,"a":8}"#.utf8)
    let tape = try JSONTape(parsing: bytes)
    guard case .object(let members) = try JSONParser.parse(bytes) else { throw TestFailure("not an object") }
    #expect(members.count == 8)
    for (key, value) in members { #expect(tape.member(key, of: 0).map { tape.value(at: $0) } == value, "\(key)") }
    for missing in ["upstreamI", "upstreamIG", "upstreamID ", "b", "a\u{0}\u{0}"] {
      #expect(tape.member(missing, of: 0) == nil, "\(missing)")
    }
  }

  /// The UTF-8 check is what `String(decoding:)` takes without repairing, for any bytes.
  static let bytes = Generator<[UInt8], Shrink.None<[UInt8]>> { rng in
    let interesting: [UInt8] =
      [0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0]
      + [0xE1, 0xEC, 0xED, 0xEE, 0xEF, 0xF0, 0xF1, 0xF3, 0xF4, 0xF5, 0xFF]
    return (0..<Int.random(in: 0...6, using: &rng)).map { _ in
      Bool.random(using: &rng) ? interesting.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng)
    }
  }

  @Test func checksUTF8AsSwiftDoes() async {
    await propertyCheck(count: 5000, input: Self.bytes) { bytes in
      let repaired = String(decoding: bytes, as: UTF8.self)
      #expect(bytes.withUnsafeBufferPointer { JSONParser.isUTF8($0) } == repaired.utf8.elementsEqual(bytes), "\(bytes)")
    }
  }

  /// Strings long enough to be stepped over eight bytes at a time (`skipPlainBytes`), with the
  /// characters that stop it anywhere in them.
  static let longText = Generator<String, Shrink.None<String>> { rng in
    let plain = Array("abcdefghijklmnopqrstuvwxyz ABC-0123,.")
    return String(
      (0..<Int.random(in: 0...70, using: &rng)).map { _ in
        Int.random(in: 0..<6, using: &rng) == 0
          ? JSONSampler.alphabet.randomElement(using: &rng)! : plain.randomElement(using: &rng)!
      })
  }

  @Test func longStringsReadTheSameEveryWay() async {
    await propertyCheck(count: 1500, input: Self.longText) { text throws in
      let bytes = JSONValue.object(["a": .string(text), "b": .string(text + "!")]).serialized
      let expected: JSONValue = ["a": .string(text), "b": .string(text + "!")]
      #expect(try JSONParser.parse(bytes) == expected)
      #expect(try JSONTape(parsing: bytes).value() == expected)
      #expect(try JSONParser.parseMembers(of: bytes, named: ["b"]) == ["b": .string(text + "!")])
    }
  }

  /// A long string's document with one byte that ends or breaks a string put anywhere.
  static let damagedLong = Generator<[UInt8], Shrink.None<[UInt8]>> { rng in
    let text = longText.run(using: &rng)
    var bytes = JSONValue.object(["a": .string(text), "b": .string(text)]).serialized
    let breakers: [UInt8] = [0x00, 0x0A, 0x1F, 0x20, 0x22, 0x5C, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xED, 0xF0, 0xFF]
    for _ in 0..<Int.random(in: 1...2, using: &rng) {
      let at = Int.random(in: 0..<bytes.count, using: &rng)
      if Bool.random(using: &rng) {
        bytes[at] = breakers.randomElement(using: &rng)!
      } else {
        bytes.insert(breakers.randomElement(using: &rng)!, at: at)
      }
    }
    return bytes
  }

  @Test func aBrokenLongStringIsRefusedAsParseRefusesIt() async {
    await propertyCheck(count: 3000, input: Self.damagedLong) { bytes throws in
      let tree = Result<JSONValue, JSONParser.Failure> { () throws(JSONParser.Failure) in try JSONParser.parse(bytes) }
      let tape = Result<JSONTape, JSONParser.Failure> { () throws(JSONParser.Failure) in
        try JSONTape(parsing: bytes)
      }
      switch (tree, tape) {
      case (.success(let value), .success(let tape)): #expect(tape.value() == value)
      case (.failure, .failure): break
      default: Issue.record("parse: \(tree)\ntape: \(tape)\ninput: \(bytes)")
      }
      // `parseMembers` does not check a skipped string's UTF-8; for the rest it agrees.
      guard bytes.allSatisfy({ $0 < 0x80 }) || (try? JSONParser.parse(bytes)) != nil else { return }
      let kept = Result<JSONValue, JSONParser.Failure> { () throws(JSONParser.Failure) in
        try JSONParser.parseMembers(of: bytes, named: ["b"])
      }
      switch (tree, kept) {
      case (.success(.object(let members)), .success(let kept)):
        #expect(kept == .object(members.filter { $0.key == "b" }))
      case (.success(let value), .success(let kept)): #expect(kept == value)
      case (.failure, .failure): break
      default: Issue.record("parse: \(tree)\nparseMembers: \(kept)\ninput: \(bytes)")
      }
    }
  }
}
