import OutpostModel
import PropertyBased
import Synchronization
import Testing

@testable import OutpostCalendar

/// A feed's content lines are read in parts on several threads (issue 20). Whatever the input
/// and wherever it is cut, the lines, their line numbers and the warnings must be the ones the
/// reading of the whole input on one thread gives.
@Suite struct ContentLinePartsProperties {
  /// Every kind of line break, folds after each of them (a space, a tab), blank lines, lines
  /// without a colon, quoted parameters holding delimiters, multi-byte characters (a fold may
  /// split one), and a BOM in the middle (only a leading one is dropped).
  static let pieces = [
    "BEGIN:VEVENT", "END:VEVENT", "SUMMARY:Match", "DTSTART;TZID=Europe/Zurich:20261128T190000",
    "X-A;P=\"q:r;s\",t:v", "DESCRIPTION:a\\nb", "no colon here", ":", ";", "ü", "😀", "\r\n", "\n", "\r", "\r\n ",
    "\n\t", "\r ", " ", "\t", "\r\n\r\n", "\u{FEFF}",
  ]

  static let feeds = Generator<[UInt8], Shrink.None<[UInt8]>> { rng in
    var text = FoldingProperties.text(from: pieces, upTo: 1500).run(using: &rng)
    if Bool.random(using: &rng) { text = "\u{FEFF}" + text }
    return Array(text.utf8)
  }

  /// `bytes` read in (at most) `parts` parts, compared with the reading of the whole: the same
  /// lines with the same numbers, the same warnings. Returns how many parts it was read in and
  /// what the whole reading warned.
  @discardableResult
  static func expectReadInPartsAsWhole(_ bytes: [UInt8], parts: Int) -> (parts: Int, warnings: Warnings) {
    var wholeWarnings = Warnings()
    let whole = ContentLineReader.read(bytes, warnings: &wholeWarnings)
    var partsWarnings = Warnings()
    let read = ContentLineParts.read(
      bytes, warnings: &partsWarnings, parallelism: Parallelism(parts: parts, minimumChunk: 1))
    #expect(
      Array(read.joined()) == whole, "\(parts) parts of \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    #expect(partsWarnings == wholeWarnings)
    return (read.count, wholeWarnings)
  }

  @Test func linesReadInPartsAreTheLinesReadWhole() async {
    let cut = Mutex(0)
    await propertyCheck(count: 2000, input: Self.feeds) { bytes in
      for parts in [2, 3, 7] {
        if Self.expectReadInPartsAsWhole(bytes, parts: parts).parts > 1 { cut.withLock { $0 += 1 } }
      }
    }
    // Most inputs were really read in several parts.
    #expect(cut.withLock { $0 } > 3000)
  }

  /// 120 lines without a colon, so that the warnings overflow their list of fifty, in two parts
  /// also each part's own: the list and its count of the ones left out are the whole input's.
  @Test func warningsPastTheirLimitAreCountedAsWhenReadWhole() {
    let bytes = Array((0..<240).map { $0 % 2 == 0 ? "SUMMARY:\($0)\r\n" : "broken \($0)\r\n" }.joined().utf8)
    for parts in [2, 5, 16] {
      let read = Self.expectReadInPartsAsWhole(bytes, parts: parts)
      #expect(read.parts == parts)
      #expect(read.warnings.list.count == 51)
      #expect(read.warnings.list.last == "… and 70 more warning(s)")
    }
  }

  /// A line longer than the reader keeps, in a part of its own: skipped with the same warning,
  /// and the lines after it keep their numbers.
  @Test func aLineTooLongIsSkippedInItsPartAsWhenReadWhole() {
    let long = "DESCRIPTION:" + String(repeating: "x", count: ContentLineReader.maximumLineBytes)
    let text = "BEGIN:VEVENT\r\nSUMMARY:a\r\n" + long + "\r\n folded on\r\nSUMMARY:b\r\nEND:VEVENT\r\n"
    let bytes = Array(text.utf8)
    let read = Self.expectReadInPartsAsWhole(bytes, parts: 3)
    #expect(read.parts > 1)
    var warnings = Warnings()
    #expect(ContentLineReader.read(bytes, warnings: &warnings).map(\.line) == [1, 2, 5, 6])
    #expect(
      read.warnings.list == ["line 3: a line longer than \(ContentLineReader.maximumLineBytes) bytes was skipped"])
  }

  /// Parts begin only where a logical line begins: never after a CR whose LF follows, never on a
  /// fold's space or tab.
  @Test func partsBeginOnlyWhereALogicalLineBegins() {
    let bytes = Array("A:1\r\n B\r\n\tC\r\nD:2\rE:3\nF:4".utf8)
    let starts = (1..<bytes.count).filter { ContentLineParts.beginsLogicalLine(bytes, at: $0) }
    #expect(starts.map { String(decoding: bytes[$0...].prefix(3), as: UTF8.self) } == ["D:2", "E:3", "F:4"])
    #expect(ContentLineParts.lineBreaks(bytes, from: 0, to: bytes.count) == 5)
    #expect(ContentLineParts.partStarts(bytes, from: 0, parts: 8) == [0, 13, 17, 21])
  }
}
