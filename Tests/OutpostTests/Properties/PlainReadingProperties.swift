import PropertyBased
import Testing

@testable import OutpostConnectors

/// Amounts and dates that an import reads for every stored transaction are read from their
/// bytes when they are plain ASCII (`AgilityMoney.cents`, `BankDate(iso:)`); every text must
/// read exactly as the character-by-character reading, kept beside them, reads it.
@Suite struct PlainReadingProperties {
  static let amountPieces = [
    "-", "+", ".", "0", "1", "5", "9", "00", "12", "999", "90000000000", "89999999999", "123456789012", " ", "\t",
    "\u{00A0}", "\u{2009}", "e", ",", "٣", "\u{0301}", "--", "..",
  ]
  static let amounts = Generator<String, Shrink.None<String>> { rng in
    (0..<Int.random(in: 0...6, using: &rng)).map { _ in amountPieces.randomElement(using: &rng)! }.joined()
  }
  static let datePieces = ["2026", "1999", "0000", "-", "02", "29", "30", "13", "00", "1", "+1", " ", "٢", "20260"]
  static let dates = Generator<String, Shrink.None<String>> { rng in
    if Bool.random(using: &rng) {
      // Mostly well-formed: any year, month and day of two digits.
      let year = Int.random(in: 0...9999, using: &rng)
      let month = Int.random(in: 0...13, using: &rng)
      let day = Int.random(in: 0...32, using: &rng)
      func padded(_ value: Int, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - String(value).count)) + String(value)
      }
      return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }
    return (0..<Int.random(in: 0...6, using: &rng)).map { _ in datePieces.randomElement(using: &rng)! }.joined()
  }

  @Test func amountsReadAsByCharacters() async {
    await propertyCheck(count: 5000, input: Self.amounts) { text in
      #expect(AgilityMoney.cents(text) == AgilityMoney.centsByCharacters(text), "\(text.debugDescription)")
    }
    for text in ["12.345", "-0.005", ".5", "-.5", "5.", ".", "-", "+", "", "89999999999.99", "90000000000"] {
      #expect(AgilityMoney.cents(text) == AgilityMoney.centsByCharacters(text), "\(text.debugDescription)")
    }
    // A second sign is not a number (it once reached `Int64("-9…")`, and 18 digits of it
    // overflowed into a trap: the crash a CI run of this test found by chance).
    for text in ["--900000000000000000", "+-9223372036854775807", "--5", "-+5", "+-12.50"] {
      #expect(AgilityMoney.cents(text) == nil, "\(text.debugDescription)")
      #expect(AgilityMoney.centsByCharacters(text) == nil, "\(text.debugDescription)")
    }
  }

  @Test func datesReadAsByCharacters() async {
    await propertyCheck(count: 5000, input: Self.dates) { text in
      #expect(BankDate(iso: text) == BankDate(isoByCharacters: text), "\(text.debugDescription)")
    }
    for text in ["2026-02-29", "2024-02-29", "0000-01-01", "9999-12-31", "2026-1-01", "+026-01-01"] {
      #expect(BankDate(iso: text) == BankDate(isoByCharacters: text), "\(text.debugDescription)")
    }
  }
}
