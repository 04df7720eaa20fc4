import Foundation
import OutpostModel
import Testing

@Suite struct JSONParserTests {
  @Test func parsesWhatJSONDecoderParses() throws {
    let text =
      #" { "a" : [1, -2, 3.25, 1e3, -0.5E-2, true, false, null], "s": "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00", "o": {} } "#
    let fast = try JSONParser.parse(Array(text.utf8))
    #expect(fast["a"] == [1, -2, .double(3.25), .double(1000), .double(-0.005), true, false, nil])
    #expect(fast["s"] == .string("\"\\/\u{8}\u{c}\n\r\té😀"))
    #expect(fast["o"] == [:])
  }

  /// Each object gets its own members, however deep and however many siblings came before it (the
  /// parser holds them on one stack until each `}`), and a key given twice keeps its last value.
  @Test func keepsEachObjectsMembersApart() throws {
    let text = #"{"a":1,"b":{"a":2,"c":{"x":[{"y":1},{},{"y":2,"y":3}]},"d":[]},"a":4,"e":{"a":{"a":{}}}}"#
    let value = try JSONParser.parse(Array(text.utf8))
    let expected: JSONValue = [
      "a": 4, "b": ["a": 2, "c": ["x": [["y": 1], [:], ["y": 3]]], "d": []], "e": ["a": ["a": [:]]],
    ]
    #expect(value == expected)
    // A failure inside a nested object leaves nothing behind for the next document.
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(#"{"a":{"b":1,"c":}}"#.utf8)) }
    #expect(try JSONParser.parse(Array(#"{"z":0}"#.utf8)) == ["z": 0])
  }

  @Test(arguments: [
    "", " ", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "01", "-", "1.", "1e", "+1", ".5", "tru", "nul",
    "\"unterminated", "\"bad \\x escape\"", "\"\\ud800\"", "\"\\udc00\"", "\"a\u{1}b\"", "[1] x", "{'a':1}",
    "NaN", "1e999",
  ])
  func refusesInvalidJSON(text: String) {
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(text.utf8)) }
  }

  @Test func refusesInvalidUTF8() {
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse([0x22, 0xFF, 0xFE, 0x22]) }
  }

  /// A string's bytes are accepted exactly when they are UTF-8 (overlong forms, surrogates,
  /// stray continuation bytes and truncated sequences refused), after an escape or not.
  @Test func acceptsExactlyTheStringsThatAreUTF8() {
    var generator = SystemRandomNumberGenerator()
    let alphabet: [UInt8] = [
      0x41, 0x7E, 0x7F, 0x80, 0xBF, 0xC0, 0xC1, 0xC2, 0xC3, 0xA9, 0xE0, 0xE2, 0x82, 0xAC, 0xED, 0xA0,
      0xF0, 0x9F, 0x98, 0x80, 0xF4, 0x90, 0xF5, 0xFF,
    ]
    for _ in 0..<20_000 {
      let body = (0..<Int.random(in: 0..<8, using: &generator)).map { _ in
        alphabet.randomElement(using: &generator)!
      }
      let expected = String(validating: body, as: UTF8.self)
      for escape in [false, true] {
        let bytes: [UInt8] = [0x22] + (escape ? [0x5C, UInt8(ascii: "n")] : []) + body + [0x22]
        let parsed = try? JSONParser.parse(bytes)
        #expect(parsed == expected.map { .string((escape ? "\n" : "") + $0) }, "\(bytes)")
      }
    }
  }

  @Test func boundsNestingDepth() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONParser.Failure.self) { try JSONParser.parse(Array(deep.utf8)) }
    let fine = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
    _ = try JSONParser.parse(Array(fine.utf8))
  }

  @Test func serializesExactlyLikeTheEncoder() throws {
    let values: [JSONValue] = [
      ["b": 1, "a": [true, nil, "x/y"], "c": ["nested": "tab\there \"q\" \u{1} é"]],
      .double(93.417), .double(-0.5), .int(Int64.max), .string("line\nbreak\\"), [],
    ]
    for value in values {
      #expect(value.serialized == Array(try JSONCoding.encoder().encode(value)), "\(value)")
      #expect(try JSONParser.parse(value.serialized) == value)
    }
  }

  @Test func randomBytesNeverCrashIt() {
    var generator = SystemRandomNumberGenerator()
    let alphabet = Array("{}[]\":,0123456789.eE+-tfnrul\\ \u{7f}".utf8) + [0x00, 0xC3, 0xA9, 0xFF]
    for _ in 0..<20_000 {
      let length = Int.random(in: 0..<40, using: &generator)
      let bytes = (0..<length).map { _ in alphabet.randomElement(using: &generator)! }
      _ = try? JSONParser.parse(bytes)
    }
  }
}
