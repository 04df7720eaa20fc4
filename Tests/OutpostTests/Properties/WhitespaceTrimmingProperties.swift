import Foundation
import OutpostModel
import PropertyBased
import Testing

/// `trimmingWhitespace` (feeds' texts, calendars' texts) trims exactly what Foundation's
/// `trimmingCharacters(in: .whitespacesAndNewlines)` trims, which it replaces on hot paths.
@Suite struct WhitespaceTrimmingProperties {
  /// Every whitespace or newline Foundation's set holds, a few it does not (zero-width space,
  /// BOM, controls), and text.
  static let pieces: [String] = [
    " ", "\t", "\n", "\r", "\r\n", "\u{0B}", "\u{0C}", "\u{85}", "\u{A0}", "\u{1680}", "\u{2000}", "\u{2007}",
    "\u{200A}", "\u{2028}", "\u{2029}", "\u{202F}", "\u{205F}", "\u{3000}", "\u{200B}", "\u{FEFF}", "\u{01}",
    "\u{1F}", "a", "Zürich", "é", "e\u{301}", "😀", "-", "~", "\u{7F}", "\u{301}",
  ]

  static let text = Generator<String, Shrink.None<String>> { rng in
    (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
  }

  @Test func trimsWhatFoundationTrims() async {
    await propertyCheck(count: 4000, input: Self.text) { text in
      #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespacesAndNewlines))
      let inner = text.dropFirst()
      #expect(inner.trimmingWhitespace() == inner.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  @Test func everySingleScalarIsTrimmedAsFoundationTrimsIt() {
    for value in UInt32(0)...0x3100 {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = "x" + String(scalar) + "x"
      for sample in [String(scalar), "x" + String(scalar), String(scalar) + "x", text] {
        #expect(sample.trimmingWhitespace() == sample.trimmingCharacters(in: .whitespacesAndNewlines), "U+\(value)")
      }
    }
  }
}
