import PropertyBased
import Testing

@testable import OutpostCalendar

/// `ContentLineWriter` folds a long line in place (issue 20). The reference here is the way it
/// folded before, the line copied out and written back piece by piece: for any line, both give
/// the same bytes, whatever mix of ASCII, multi-byte characters, spaces and tabs it holds and
/// wherever it falls in the buffer.
@Suite struct FoldingProperties {
  /// The folding that `fold` replaced, kept as the reference.
  static func referenceFolded(_ line: [UInt8]) -> [UInt8] {
    var out: [UInt8] = []
    guard line.count > ContentLineWriter.maximumLineOctets else { return line + [0x0D, 0x0A] }
    var start = 0
    var limit = ContentLineWriter.maximumLineOctets
    while line.count - start > limit {
      var end = start + limit
      while end > start + 1, line[end] & 0xC0 == 0x80 { end -= 1 }
      var trimmed = end
      while trimmed > start + 1, line[trimmed - 1] == 0x20 || line[trimmed - 1] == 0x09 { trimmed -= 1 }
      if trimmed > start + 1 { end = trimmed }
      out += line[start..<end]
      out += [0x0D, 0x0A, 0x20]
      start = end
      limit = ContentLineWriter.maximumLineOctets - 1
    }
    return out + line[start...] + [0x0D, 0x0A]
  }

  /// Text of up to 600 octets from pieces that test the break rules: runs of spaces and tabs,
  /// two-, three- and four-byte characters, plain words.
  static let text = text(
    from: [
      "a", "word ", "  ", "\t", " \t ", "é", "€", "😀", "ü ", "x".padding(toLength: 40, withPad: "y", startingAt: 0),
    ],
    upTo: 600)

  /// Text of up to `maximum` octets (a random length) made of `pieces`.
  static func text(from pieces: [String], upTo maximum: Int) -> Generator<String, Shrink.None<String>> {
    Generator { rng in
      var text = ""
      let target = Int.random(in: 0...maximum, using: &rng)
      while text.utf8.count < target { text += pieces.randomElement(using: &rng)! }
      return text
    }
  }

  @Test func foldingInPlaceWritesWhatTheCopyingFoldWrote() async {
    await propertyCheck(count: 1500, input: Self.text) { text in
      var writer = ContentLineWriter()
      writer.line("X-BEFORE", raw: "1")
      let before = writer.bytes.count
      writer.line("X-TEST", raw: text)
      writer.line("X-AFTER", raw: "2")
      let expected = Self.referenceFolded(Array("X-TEST:\(text)".utf8))
      #expect(Array(writer.bytes[before..<(before + expected.count)]) == expected)
      #expect(Array(writer.bytes[(before + expected.count)...]) == Array("X-AFTER:2\r\n".utf8))
    }
  }

  @Test func aParameterEncodedOnceIsWrittenAsEachTime() {
    for zone in ["Europe/Zurich", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "Odd:zone;with,marks\""] {
      var each = ContentLineWriter()
      each.startLine("DTSTART", parameter: "TZID", zone)
      each.appendRaw("20261128T190000")
      each.endLine()
      var once = ContentLineWriter()
      once.startLine("DTSTART", encodedParameters: ContentLineWriter.encodedParameter("TZID", zone))
      once.appendRaw("20261128T190000")
      once.endLine()
      #expect(once.bytes == each.bytes, "\(zone)")
    }
  }
}
