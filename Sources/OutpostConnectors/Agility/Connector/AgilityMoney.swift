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
    // The store's amounts, read for every transaction an import checks against, are plain
    // ASCII: a sign, digits, a point and digits. Those are read from the bytes; any other text
    // goes the way of characters below, which gives the same answer for these.
    var text = text
    if let cents = text.withUTF8(plainCents) { return cents }
    return centsByCharacters(text)
  }

  /// `[+-]?digits?(.digits)?` with at least one digit on either side of the point and at
  /// most 11 whole digits, as `centsByCharacters` reads it; nil for anything else (which may
  /// still be a number to `centsByCharacters`).
  private static func plainCents(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64?? {
    var index = 0
    var negative = false
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var whole: Int64 = 0
    let wholeStart = index
    while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
      whole = whole * 10 + Int64(bytes[index] &- UInt8(ascii: "0"))
      index += 1
      if index - wholeStart > 11 { return nil }
    }
    let wholeDigits = index - wholeStart
    var fraction: Int64 = 0
    if index < bytes.count {
      guard bytes[index] == UInt8(ascii: "."), index + 1 < bytes.count else { return nil }
      index += 1
      var thousandths: Int64 = 0
      var place = 0
      while index < bytes.count, bytes[index] &- UInt8(ascii: "0") < 10 {
        if place < 3 { thousandths = thousandths * 10 + Int64(bytes[index] &- UInt8(ascii: "0")) }
        place += 1
        index += 1
      }
      guard index == bytes.count else { return nil }
      while place < 3 {
        thousandths *= 10
        place += 1
      }
      fraction = (thousandths + 5) / 10
    } else if wholeDigits == 0 {
      return nil
    }
    guard whole < 90_000_000_000 else { return .some(nil) }
    let magnitude = whole * 100 + fraction
    return .some(negative ? -magnitude : magnitude)
  }

  static func centsByCharacters(_ text: String) -> Int64? {
    var text = Substring(text.trimmingCharacters(in: .whitespaces))
    var negative = false
    if text.first == "-" || text.first == "+" {
      negative = text.first == "-"
      text = text.dropFirst()
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    // Whole dollars are ASCII digits only: `Int64("-9…")` would take a second sign, and
    // "--900000000000000000" then overflowed `whole * 100` (a trap, for text an upstream or
    // a draft's rate can send).
    guard (1...2).contains(parts.count), parts[0].utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 }),
      let whole = Int64(parts[0].isEmpty ? "0" : parts[0]), whole < 90_000_000_000
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

  /// Cents as the reader writes dollars: "$1,234.56", "1.234,56 $", "$ 1’234.56".
  static func display(_ cents: Int64, _ style: NumberStyle) -> String {
    let magnitude = cents.magnitude
    let fraction = magnitude % 100
    return style.money(
      negative: cents < 0, whole: String(magnitude / 100), fraction: (fraction < 10 ? "0" : "") + String(fraction),
      symbol: "$")
  }

  /// A `Decimal` of dollars (the tax estimate's exact arithmetic) as cents, half-up.
  static func cents(_ amount: Decimal) -> Int64 { cents(EstimatedTax.cents(amount)) ?? 0 }

  /// Cents as an exact `Decimal` of dollars.
  static func dollars(_ cents: Int64) -> Decimal { Decimal(cents) / 100 }
}
