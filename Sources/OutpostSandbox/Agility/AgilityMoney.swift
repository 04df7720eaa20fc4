/// Exact money arithmetic for the totals trigger (agility.md §2.4–2.5): everything in integer
/// cents (quantities in thousandths, tax rates in thousandths of a percent), rounded half-up
/// (away from zero, as PostgreSQL's `round(numeric, 2)`) only where the schema rounds. JSON
/// numbers arrive as `Double` and leave as `Double`; at two or three decimals both conversions
/// are exact enough, and no sum is ever formed in floating point.
enum AgilityMoney {
  /// A numeric with `scale` decimals from a JSON number (or a numeric string), or nil.
  static func scaled(_ json: SandboxJSON, scale: Int) -> Int64? {
    let factor = pow10(scale)
    if let number = json.doubleValue, number.isFinite, abs(number) < 1e12 {
      return Int64((number * Double(factor)).rounded())
    }
    if let text = json.stringValue, let number = Double(text), number.isFinite, abs(number) < 1e12 {
      return Int64((number * Double(factor)).rounded())
    }
    return nil
  }

  static func pow10(_ scale: Int) -> Int64 { (0..<scale).reduce(1) { value, _ in value * 10 } }

  /// `numerator / denominator` rounded half away from zero.
  static func divideHalfUp(_ numerator: Int64, _ denominator: Int64) -> Int64 {
    let quotient = numerator / denominator
    let remainder = numerator % denominator
    guard abs(remainder) * 2 >= abs(denominator) else { return quotient }
    return quotient + ((numerator < 0) != (denominator < 0) ? -1 : 1)
  }

  /// A line's amount: round(quantity × rate, 2) with quantity in thousandths, rate in cents.
  static func lineAmount(quantityMilli: Int64, rateCents: Int64) -> Int64 {
    divideHalfUp(quantityMilli * rateCents, 1000)
  }

  /// round(Σ taxable × tax_rate / 100, 2) with the rate in thousandths of a percent.
  static func tax(taxableCents: Int64, rateMilli: Int64) -> Int64 {
    divideHalfUp(taxableCents * rateMilli, 100_000)
  }

  /// The cell of a `numeric` column holding `value` at `scale` decimals.
  static func cell(_ value: Int64, scale: Int = 2) -> SupabaseValue {
    .number(Double(value) / Double(pow10(scale)))
  }

  /// The scaled integer of a `numeric` cell (0 for NULL).
  static func value(_ cell: SupabaseValue?, scale: Int = 2) -> Int64 {
    switch cell {
    case .number(let number)?: Int64((number * Double(pow10(scale))).rounded())
    case .int(let number)?: number * pow10(scale)
    default: 0
    }
  }
}
