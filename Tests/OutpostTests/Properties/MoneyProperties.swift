import Foundation
import OutpostModel
import PropertyBased
import Testing

@testable import OutpostConnectors

/// Property tests (issue 19) for money, which Outpost keeps as integer minor units and never
/// computes with in binary floating point: every amount written the ways banks and services
/// write it reads back as the same cents, and sums are exact.
@Suite struct MoneyProperties {
  /// Amounts up to ±90 billion dollars: past anything a freelancer's books hold, inside what
  /// PostgreSQL's numeric(12,2) and a double's exact integers both carry.
  static let cents = Gen.int64(in: -9_000_000_000_000...9_000_000_000_000)

  @Test func decimalTextReadsBackAsTheSameCents() async {
    await propertyCheck(count: 1000, input: Self.cents) { cents in
      #expect(AgilityMoney.cents(AgilityMoney.decimal(cents)) == cents)
      #expect(AgilityMoney.cents(.string(AgilityMoney.decimal(cents))) == cents)
      #expect(BankCSVMoney.read(BankCSVMoney.plain(cents), decimalComma: false) == .cents(cents))
    }
  }

  /// PostgREST sends numeric as a JSON number, which arrives as a double: the nearest cent is
  /// still the one sent.
  @Test func aNumericSentAsAJSONNumberComesBackAsTheSameCents() async {
    await propertyCheck(count: 1000, input: Self.cents) { cents in
      let number = try #require(Double(AgilityMoney.decimal(cents)))
      #expect(AgilityMoney.cents(.double(number)) == cents)
      let parsed = try JSONParser.parse(Array(AgilityMoney.decimal(cents).utf8))
      #expect(AgilityMoney.cents(parsed) == cents)
    }
  }

  /// The ways a bank export writes the same amount: `$1,234.56`, `(1,234.56)`, `1234.56-`, and
  /// with a decimal comma `1.234,56`.
  @Test func everyBankNotationReadsAsTheSameCents() async {
    await propertyCheck(count: 1000, input: Self.cents) { cents in
      let magnitude = cents.magnitude
      let whole = String(magnitude / 100)
      let fraction = (magnitude % 100 < 10 ? "0" : "") + String(magnitude % 100)
      var grouped = ""
      var rest = Substring(whole)
      while rest.count > 3 {
        grouped = "," + rest.suffix(3) + grouped
        rest = rest.dropLast(3)
      }
      grouped = rest + grouped
      let negative = cents < 0
      let forms = [
        (negative ? "-" : "") + "$" + grouped + "." + fraction,
        negative ? "(" + grouped + "." + fraction + ")" : grouped + "." + fraction,
        whole + "." + fraction + (negative ? "-" : ""),
      ]
      for form in forms {
        #expect(BankCSVMoney.read(form, decimalComma: false) == .cents(cents), "\(form)")
      }
      let comma = (negative ? "-" : "") + grouped.replacingOccurrences(of: ",", with: ".") + "," + fraction
      #expect(BankCSVMoney.read(comma, decimalComma: true) == .cents(cents), "\(comma)")
    }
  }

  @Test func minorUnitsTextHasTheCurrencysDigitsAndReadsBack() async {
    let currencies = Gen.element(of: ["USD", "CHF", "EUR", "JPY", "KRW", "KWD", "BHD", "xof"]).map { $0 ?? "USD" }
    await propertyCheck(count: 1000, input: Self.cents, currencies) { minor, currency in
      let text = MinorUnits.decimal(minor, currency: currency)
      let digits = MinorUnits.digits(currency)
      let parts = text.split(separator: ".")
      #expect(parts.count == (digits == 0 ? 1 : 2), "\(text)")
      if digits > 0 { #expect(parts.last?.count == digits, "\(text)") }
      #expect(Int64(text.replacingOccurrences(of: ".", with: "")) == minor, "\(text)")
    }
  }

  /// Sums in cents and in exact decimal dollars agree, in any order: no cent appears or vanishes.
  @Test func sumsAreExactInAnyOrder() async {
    await propertyCheck(count: 300, input: Gen.int64(in: -100_000_000...100_000_000).array(of: 0...40)) { amounts in
      let total = amounts.reduce(0, +)
      #expect(amounts.reversed().reduce(0, +) == total)
      let dollars = amounts.map(AgilityMoney.dollars).reduce(Decimal(0), +)
      #expect(AgilityMoney.cents(dollars) == total)
      #expect(AgilityMoney.cents(AgilityMoney.decimal(total)) == total)
    }
  }
}
