// Foundation, not FoundationEssentials: NSDecimalRound.
import Foundation

/// Self-employment tax (upstreams/agility.md §4.2) and Outpost's quarterly estimate (§4.3), in
/// exact decimal arithmetic: amounts are `Decimal` dollars, rounded half-up to cents only for
/// display (`cents`). Additional Medicare Tax, credits, other income and state tax are not
/// modelled.
public enum EstimatedTax {
  /// The Social Security wage base per tax year.
  public static let wageBases: [Int: Decimal] = [2024: 168_600, 2025: 176_100, 2026: 184_500]

  /// Cumulative periods of the annualised method end Mar 31, May 31, Aug 31, Dec 31.
  public static let annualisationFactors: [Decimal] = [4, Decimal(string: "2.4")!, Decimal(string: "1.5")!, 1]

  public struct SelfEmployment: Sendable, Equatable {
    /// Net earnings: profit × 92.35 %.
    public var netEarnings: Decimal
    public var socialSecurity: Decimal
    public var medicare: Decimal
    public var total: Decimal { socialSecurity + medicare }
    /// Half of it, an adjustment to income.
    public var deduction: Decimal { total / 2 }
    /// Set when the year's wage base is not known and the latest one was used.
    public var wageBaseYearUsed: Int
  }

  /// §4.2 on a year's (projected) net profit.
  public static func selfEmployment(profit: Decimal, taxYear: Int, w2SocialSecurityWages: Decimal = 0)
    -> SelfEmployment
  {
    let known = wageBases.keys.filter { $0 <= taxYear }.max() ?? wageBases.keys.min()!
    let base = wageBases[known]!
    let earnings = max(0, profit) * Decimal(string: "0.9235")!
    guard earnings >= 400 else {
      return SelfEmployment(netEarnings: earnings, socialSecurity: 0, medicare: 0, wageBaseYearUsed: known)
    }
    let taxable = min(earnings, max(0, base - w2SocialSecurityWages))
    return SelfEmployment(
      netEarnings: earnings, socialSecurity: taxable * Decimal(string: "0.124")!,
      medicare: earnings * Decimal(string: "0.029")!, wageBaseYearUsed: known)
  }

  public struct Installment: Sendable, Equatable {
    public var quarter: Int
    public var annualisedProfit: Decimal
    public var selfEmployment: SelfEmployment
    /// Nil when no income tax rate is set: the estimate is "SE tax only".
    public var incomeTax: Decimal?
    public var total: Decimal { selfEmployment.total + (incomeTax ?? 0) }
    /// The cumulative target: the year's total × quarter / 4.
    public var cumulativeTarget: Decimal { total * Decimal(quarter) / 4 }
    public var paid: Decimal
    public var suggested: Decimal { max(0, cumulativeTarget - paid) }
  }

  /// §4.3 for installment `quarter` (1–4): `profitToDate` is P(Jan 1..end of the period), or
  /// to today while the period runs (then `daysElapsed` annualises it by 365 / days instead of
  /// the period's factor); `paid` counts the tax payments for the year dated up to the due day.
  public static func installment(
    quarter: Int, taxYear: Int, profitToDate: Decimal, daysElapsed: Int? = nil, incomeTaxRate: Decimal?,
    w2SocialSecurityWages: Decimal = 0, paid: Decimal
  ) -> Installment {
    let annualised =
      daysElapsed.map { profitToDate * 365 / Decimal(max(1, $0)) }
      ?? profitToDate * annualisationFactors[max(1, min(4, quarter)) - 1]
    let se = selfEmployment(profit: annualised, taxYear: taxYear, w2SocialSecurityWages: w2SocialSecurityWages)
    let incomeTax = incomeTaxRate.map { $0 * max(0, annualised - se.deduction) }
    return Installment(
      quarter: quarter, annualisedProfit: annualised, selfEmployment: se, incomeTax: incomeTax, paid: paid)
  }

  /// Half-up to cents, for display: "4550.72".
  public static func cents(_ amount: Decimal) -> String {
    var value = amount
    var rounded = Decimal()
    NSDecimalRound(&rounded, &value, 2, .plain)
    let text = "\(rounded)"
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    return parts[0] + "." + (fraction + "00").prefix(2)
  }
}
