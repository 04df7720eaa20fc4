import Foundation
import Testing

@testable import OutpostCalendar

/// Folding (RFC 5545 §3.1) and escaping (§3.3.11), on the bytes the writer produces.
@Suite struct ContentLineTests {
  /// The physical lines of `bytes`, each without its CRLF; fails if any line ends otherwise.
  func physicalLines(_ bytes: [UInt8]) -> [[UInt8]] {
    var lines: [[UInt8]] = []
    var current: [UInt8] = []
    var index = 0
    while index < bytes.count {
      if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A {
        lines.append(current)
        current = []
        index += 2
        continue
      }
      #expect(bytes[index] != 0x0D && bytes[index] != 0x0A, "bare CR or LF at byte \(index)")
      current.append(bytes[index])
      index += 1
    }
    #expect(current.isEmpty, "the output must end with CRLF")
    return lines
  }

  func folded(_ name: StaticString, _ value: String) -> [UInt8] {
    var writer = ContentLineWriter()
    writer.text(name, value)
    return writer.bytes
  }

  @Test(arguments: [
    String(repeating: "Damen ♀ ", count: 30),
    String(repeating: "ü", count: 200),
    "Spiel 🏐🏐 " + String(repeating: "👩‍⚖️", count: 40) + " Ende",
    "x" + String(repeating: "€", count: 100),
    String(repeating: "a", count: 74) + "😀" + String(repeating: "b", count: 200),
  ])
  func foldsAt75OctetsWithoutSplittingACharacter(_ value: String) throws {
    let bytes = folded("SUMMARY", value)
    let lines = physicalLines(bytes)
    #expect(lines.count > 1)
    for (index, line) in lines.enumerated() {
      #expect(line.count <= 75, "line \(index) has \(line.count) octets")
      #expect(line.count > (index == 0 ? 0 : 1), "a continuation line must carry content")
      if index > 0 { #expect(line.first == 0x20) }
      // Each physical line is valid UTF-8 by itself: no sequence was cut.
      let piece = index == 0 ? line[...] : line.dropFirst()
      #expect(String(validating: piece, as: UTF8.self) != nil, "line \(index) splits a UTF-8 sequence")
      #expect(line.last != 0x20 && line.last != 0x09, "line \(index) ends in whitespace")
    }
    let unfolded = String(decoding: bytes, as: UTF8.self).replacing("\r\n ", with: "")
    #expect(unfolded == "SUMMARY:" + value.trimmingCharacters(in: .whitespaces) + "\r\n")
  }

  @Test func aShortLineIsNotFoldedAndA75OctetLineStaysWhole() {
    #expect(physicalLines(folded("SUMMARY", "kurz")).count == 1)
    let exact = String(repeating: "a", count: 75 - "SUMMARY:".count)
    #expect(physicalLines(folded("SUMMARY", exact)).map(\.count) == [75])
    #expect(physicalLines(folded("SUMMARY", exact + "b")).map(\.count) == [75, 2])
  }

  @Test func aFoldNeverLeavesASpaceAtTheEndOfALine() {
    // The 75th octet is a space: the break moves before it, the space opens the next line.
    let value = String(repeating: "a", count: 66) + " " + String(repeating: "b", count: 20)
    let lines = physicalLines(folded("SUMMARY", value)).map { String(decoding: $0, as: UTF8.self) }
    #expect(lines == ["SUMMARY:" + String(repeating: "a", count: 66), "  " + String(repeating: "b", count: 20)])
  }

  @Test func textEscapingCoversBackslashSemicolonCommaAndNewline() {
    #expect(ContentLineWriter.escapeText(#"a\b;c,d"#) == #"a\\b\;c\,d"#)
    #expect(ContentLineWriter.escapeText("one\r\ntwo\nthree") == #"one\ntwo\nthree"#)
    // Controls other than TAB are not allowed in TEXT; trailing whitespace would end a line.
    #expect(ContentLineWriter.escapeText("bell\u{07}\ttab  ") == "bell\ttab")
    #expect(ContentLineWriter.escapeText("Zürich ♀ 🏐") == "Zürich ♀ 🏐")
  }

  @Test func parameterValuesAreQuotedOnlyWhenTheyMustBe() {
    #expect(ContentLineWriter.parameterValue("Europe/Zurich") == "Europe/Zurich")
    #expect(ContentLineWriter.parameterValue("Zone: A;B,C") == "\"Zone: A;B,C\"")
    #expect(ContentLineWriter.parameterValue("say \"hi\"") == "say 'hi'")
  }

  @Test func urisStayOnOneLineWithoutSpaces() {
    #expect(ContentLineWriter.uri("https://example.ch/a b\n") == "https://example.ch/a%20b")
  }

  @Test func durationsAreWrittenInTheirShortestForm() {
    #expect(DurationText.format(.seconds(900)) == "PT15M")
    #expect(DurationText.format(.seconds(5400)) == "PT1H30M")
    #expect(DurationText.format(.seconds(86_400)) == "P1D")
    #expect(DurationText.format(.seconds(129_600)) == "P1DT12H")
    #expect(DurationText.format(.seconds(0)) == "PT1M")  // A feed polled continuously helps nobody.
    #expect(DurationText.format(seconds: 45) == "PT45S")
  }

  @Test func sha256MatchesTheStandardTestVectors() {
    #expect(HexDigest.sha256([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    #expect(HexDigest.sha256(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    let twoBlocks = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
    #expect(HexDigest.sha256(twoBlocks) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
  }
}
