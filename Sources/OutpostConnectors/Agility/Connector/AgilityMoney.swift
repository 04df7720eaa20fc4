import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Agility's money is `numeric(12,2)` US dollars (agility.md §2). PostgREST sends it as a JSON
/// number, which the parser reads as a binary double; it is turned into integer cents at once
/// (exact for any amount below 2^53 cents) and never computed with as a float.
enum AgilityMoney {
  /// A `numeric` cell as cents; nil for null or text that is not a number.
  static func cents(_ value: JSONValue?) -> Int64? {
    switch value {
    case .int(let number)?: return number.multipliedReportingOverflow(by: 100).overflow ? nil : number * 100
    case .double(let number)? where number.isFinite && abs(number) < 9.0e13:
      return Int64((number * 100).rounded(.toNearestOrAwayFromZero))
    case .string(let text)?: return cents(text)
    default: return nil
    }
  }

  /// "1234.56", "-4.5", "12" → cents; nil for anything else.
  static func cents(_ text: String) -> Int64? {
    var text = Substring(text.trimmingCharacters(in: .whitespaces))
    var negative = false
    if text.first == "-" || text.first == "+" {
      negative = text.first == "-"
      text = text.dropFirst()
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Int64(parts[0].isEmpty ? "0" : parts[0]), whole < 90_000_000_000
    else { return nil }
    var fraction: Int64 = 0
    if parts.count == 2 {
      let digits = parts[1]
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
      // A third decimal rounds half-up (a quantity-like value); two are the usual.
      let padded = (digits + "000").prefix(3)
      guard let thousandths = Int64(padded) else { return nil }
      fraction = (thousandths + 5) / 10
    }
    let magnitude = whole * 100 + fraction
    return negative ? -magnitude : magnitude
  }

  /// Cents as the decimal text a `numeric` column takes: "1234.56", "-4.50".
  static func decimal(_ cents: Int64) -> String { MinorUnits.decimal(cents, currency: "USD") }

  /// Cents as a person reads dollars: "$1,234.56", "−$4.50".
  static func display(_ cents: Int64) -> String {
    let magnitude = cents.magnitude
    var whole = String(magnitude / 100)
    var grouped = ""
    while whole.count > 3 {
      grouped = "," + whole.suffix(3) + grouped
      whole = String(whole.dropLast(3))
    }
    let fraction = magnitude % 100
    return (cents < 0 ? "−" : "") + "$" + whole + grouped + "." + (fraction < 10 ? "0" : "") + String(fraction)
  }

  /// A `Decimal` of dollars (the tax estimate's exact arithmetic) as cents, half-up.
  static func cents(_ amount: Decimal) -> Int64 { cents(EstimatedTax.cents(amount)) ?? 0 }

  /// Cents as an exact `Decimal` of dollars.
  static func dollars(_ cents: Int64) -> Decimal { Decimal(cents) / 100 }
}
