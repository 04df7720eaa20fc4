import Foundation
import OutpostConnectors
import Testing

/// §4.2 and §4.3 of upstreams/agility.md: the worked example of tax year 2026 (r = 12 %, no W-2
/// wages) to the cent, and the edges of the SE tax.
@Suite struct EstimatedTaxTests {
  static func dollars(_ text: String) -> Decimal { Decimal(string: text)! }

  @Test func theWorkedExampleOf2026() {
    let rate = Self.dollars("0.12")
    let q1 = EstimatedTax.installment(
      quarter: 1, taxYear: 2026, profitToDate: 18_000, incomeTaxRate: rate, paid: 0)
    #expect(EstimatedTax.cents(q1.annualisedProfit) == "72000.00")
    #expect(EstimatedTax.cents(q1.selfEmployment.netEarnings) == "66492.00")
    #expect(EstimatedTax.cents(q1.selfEmployment.socialSecurity) == "8245.01")
    #expect(EstimatedTax.cents(q1.selfEmployment.medicare) == "1928.27")
    #expect(EstimatedTax.cents(q1.selfEmployment.total) == "10173.28")
    #expect(EstimatedTax.cents(q1.selfEmployment.deduction) == "5086.64")
    #expect(EstimatedTax.cents(q1.incomeTax ?? -1) == "8029.60")
    #expect(EstimatedTax.cents(q1.total) == "18202.88")
    #expect(EstimatedTax.cents(q1.suggested) == "4550.72")

    let q2 = EstimatedTax.installment(
      quarter: 2, taxYear: 2026, profitToDate: 31_000, incomeTaxRate: rate, paid: Self.dollars("4550.72"))
    #expect(EstimatedTax.cents(q2.annualisedProfit) == "74400.00")
    #expect(EstimatedTax.cents(q2.selfEmployment.netEarnings) == "68708.40")
    #expect(EstimatedTax.cents(q2.selfEmployment.total) == "10512.39")
    #expect(EstimatedTax.cents(q2.incomeTax ?? -1) == "8297.26")
    #expect(EstimatedTax.cents(q2.total) == "18809.64")
    #expect(EstimatedTax.cents(q2.cumulativeTarget) == "9404.82")
    #expect(EstimatedTax.cents(q2.suggested) == "4854.10")
  }

  @Test func theEdgesOfTheSelfEmploymentTax() {
    // Under $400 of net earnings: none.
    #expect(EstimatedTax.selfEmployment(profit: 433, taxYear: 2026).total == 0)
    #expect(EstimatedTax.selfEmployment(profit: 434, taxYear: 2026).total > 0)
    // Above the wage base only Medicare grows; W-2 wages use the base up first.
    let high = EstimatedTax.selfEmployment(profit: 300_000, taxYear: 2026)
    #expect(high.socialSecurity == 184_500 * Self.dollars("0.124"))
    let withWages = EstimatedTax.selfEmployment(profit: 100_000, taxYear: 2026, w2SocialSecurityWages: 184_500)
    #expect(withWages.socialSecurity == 0 && withWages.medicare > 0)
    // An unknown later year uses the latest base and says so.
    #expect(EstimatedTax.selfEmployment(profit: 50_000, taxYear: 2030).wageBaseYearUsed == 2026)
    // No rate: SE tax only.
    let seOnly = EstimatedTax.installment(quarter: 1, taxYear: 2026, profitToDate: 18_000, incomeTaxRate: nil, paid: 0)
    #expect(seOnly.incomeTax == nil && EstimatedTax.cents(seOnly.total) == "10173.28")
    // Paid more than the target: nothing suggested.
    #expect(
      EstimatedTax.installment(quarter: 1, taxYear: 2026, profitToDate: 18_000, incomeTaxRate: nil, paid: 9_999)
        .suggested == 0)
    // A period still running is annualised by the days elapsed.
    let running = EstimatedTax.installment(
      quarter: 1, taxYear: 2026, profitToDate: 10_000, daysElapsed: 73, incomeTaxRate: nil, paid: 0)
    #expect(EstimatedTax.cents(running.annualisedProfit) == "50000.00")
    #expect(EstimatedTax.cents(Self.dollars("2.005")) == "2.01" && EstimatedTax.cents(12) == "12.00")
  }
}
