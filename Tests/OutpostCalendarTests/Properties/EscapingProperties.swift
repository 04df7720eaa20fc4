import PropertyBased
import Testing

@testable import OutpostCalendar

/// TEXT escaping (RFC 5545 §3.3.11) skips eight bytes at a time while none needs escaping
/// (issue 20). The reference is the byte-by-byte escaping it replaced.
@Suite struct EscapingProperties {
  static func referenceEscaped(_ text: String) -> [UInt8] {
    var out: [UInt8] = []
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","): out += [UInt8(ascii: "\\"), byte]
      case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
      case 0x09: out.append(byte)
      case ..<0x20, 0x7F: continue
      default: out.append(byte)
      }
    }
    while let last = out.last, last == 0x20 || last == 0x09 { out.removeLast() }
    return out
  }

  /// Up to 300 octets: long plain runs (so that whole words are skipped), the bytes to escape or
  /// drop, the bytes just beside them (`+`, `-`, `:`, `<`, `[`, `]`, `~`, space), multi-byte
  /// characters whose continuation bytes must never count, trailing blanks.
  static let text = FoldingProperties.text(
    from: [
      "plain text", "abcdefghijklmnop", "\\", ";", ",", "\n", "\r\n", "\t", "\u{7F}", "\u{01}", "\u{1F}", " ",
      "+-:<[]~", "é", "€", "😀", "\u{80}\u{FF}", "ÿ", "  \t",
    ], upTo: 300)

  @Test func escapingByWordsEscapesAsByBytes() async {
    await propertyCheck(count: 2000, input: Self.text) { text in
      var escaped: [UInt8] = [0x41]  // after what is already in the buffer
      ContentLineWriter.appendEscaped(text, to: &escaped)
      #expect(escaped == [0x41] + Self.referenceEscaped(text), "\(text.debugDescription)")
    }
  }

  @Test func aWordIsFlaggedExactlyWhenOneOfItsBytesNeedsEscaping() async {
    let special: (UInt8) -> Bool = { $0 < 0x20 || $0 == 0x7F || $0 == 0x5C || $0 == 0x3B || $0 == 0x2C }
    // Bytes near the values tested, and bytes of every range, eight to a word.
    let nearby: [UInt8] = [
      0x00, 0x1F, 0x20, 0x21, 0x2B, 0x2C, 0x2D, 0x3A, 0x3B, 0x3C, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xA0, 0xFF,
    ]
    let words = Generator<[UInt8], Shrink.None<[UInt8]>> { rng in
      (0..<8).map { _ in
        Bool.random(using: &rng) ? nearby.randomElement(using: &rng)! : UInt8.random(in: 0x20...0xFF, using: &rng)
      }
    }
    await propertyCheck(count: 5000, input: words) { bytes in
      let word = bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
      #expect(ContentLineWriter.mayNeedEscaping(word) == bytes.contains(where: special), "\(bytes)")
    }
  }
}
