import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Estimated-tax installments as items (agility.md §4.3): an all-day event "Estimated tax Q1
/// 2026" on the shifted due day with the suggested payment, reminded 14 and 3 days before and
/// on the day at 09:00, and once the day after when something is still open.
enum AgilityTaxItems {
  static let disclaimer = "This is an estimate, not tax advice."

  /// A transaction row with its category's kind and deductible share.
  static func transaction(_ row: JSONValue, categories: [String: JSONValue]) -> TaxTransaction? {
    guard let day = AgilityDays.parse(row["date"]?.stringValue), let cents = AgilityMoney.cents(row["amount"]) else {
      return nil
    }
    let category = row["category_id"]?.stringValue.flatMap { categories[$0] }
    let percent = AgilityMoney.cents(category?["deductible_pct"]).map { Decimal($0) / 100 } ?? 100
    return TaxTransaction(
      date: day, cents: cents, categoryKind: category?["kind"]?.stringValue,
      business: row["is_business_expense"] == .bool(true), deductiblePercent: percent)
  }

  /// The reports to keep as items: this year's, and last year's while its January due day is
  /// not past.
  static func reports(
    transactions: [TaxTransaction], today: CivilDate, rate: Decimal?, w2: Decimal, overrides: String? = nil
  ) -> [TaxYearReport] {
    var years = [today.year]
    if let lastQ4 = EstimatedTaxDueDates.installments(taxYear: today.year - 1).last,
      lastQ4.due >= today.adding(days: -1)
    {
      years.insert(today.year - 1, at: 0)
    }
    return years.map {
      report(year: $0, transactions: transactions, today: today, rate: rate, w2: w2, overrides: overrides)
    }
  }

  /// One year's report with the account's postponed due days; an override that does not read
  /// is said in the report's warnings.
  static func report(
    year: Int, transactions: [TaxTransaction], today: CivilDate, rate: Decimal?, w2: Decimal, overrides: String?
  ) -> TaxYearReport {
    let (postponed, unreadable) = TaxYearReport.dueOverrides(overrides)
    var report = TaxYearReport(
      year: year, transactions: transactions, today: today, rate: rate, w2SocialSecurityWages: w2,
      dueOverrides: postponed)
    for entry in unreadable {
      report.notices.append(.unreadableOverride(entry))
    }
    return report
  }

  static func items(
    transactions: [TaxTransaction], today: CivilDate, rate: Decimal?, w2: Decimal, overrides: String? = nil,
    days: AgilityDays, webBaseURL: String?
  ) -> [Item] {
    reports(transactions: transactions, today: today, rate: rate, w2: w2, overrides: overrides).flatMap { report in
      report.rows.map { item($0, report: report, days: days, webBaseURL: webBaseURL) }
    }
  }

  static func item(_ row: TaxYearReport.Row, report: TaxYearReport, days: AgilityDays, webBaseURL: String?) -> Item {
    let due = row.dates.due
    let suggested = AgilityMoney.cents(row.estimate.suggested)
    var details: [String: JSONValue] = [
      "year": .int(Int64(report.year)), "quarter": .int(Int64(row.dates.quarter)),
      "dueDate": .string(AgilityDays.iso(due)), "nominalDate": .string(AgilityDays.iso(row.dates.nominal)),
      "periodStart": .string(AgilityDays.iso(row.dates.period.first)),
      "periodEnd": .string(AgilityDays.iso(row.dates.period.last)),
      "suggested": .string(AgilityMoney.decimal(suggested)),
      "suggestedText": .string("suggest \(AgilityMoney.display(suggested))"),
      "cumulativeTarget": .string(EstimatedTax.cents(row.estimate.cumulativeTarget)),
      "paid": .string(EstimatedTax.cents(row.estimate.paid)),
      "annualisedProfit": .string(EstimatedTax.cents(row.estimate.annualisedProfit)),
      "profitToDate": .string(EstimatedTax.cents(row.profitToDate)),
      "selfEmploymentTax": .string(EstimatedTax.cents(row.estimate.selfEmployment.total)),
      "projected": .bool(row.projected), "selfEmploymentOnly": .bool(report.selfEmploymentOnly),
      "estimateLabel": .string(report.selfEmploymentOnly ? "SE tax only, an estimate" : "an estimate"),
      "disclaimer": .string(disclaimer), "allDay": true,
      "deadlines": .array(AgilityDeadlines.tax(due: due, stillOpen: suggested > 0, days: days)),
    ]
    if let incomeTax = row.estimate.incomeTax { details["incomeTax"] = .string(EstimatedTax.cents(incomeTax)) }
    if !row.dates.shiftedBecause.isEmpty {
      details["shiftedBecause"] = .array(row.dates.shiftedBecause.map { .string($0) })
    }
    if !report.warnings.isEmpty { details["warnings"] = .array(report.warnings.map { .string($0) }) }
    return Item(
      kind: .taxInstallment, upstreamID: "\(report.year)-Q\(row.dates.quarter)",
      title: "Estimated tax Q\(row.dates.quarter) \(report.year)", startsAt: days.instant(due),
      endsAt: days.instant(due.adding(days: 1)), details: .object(details), link: webBaseURL.map { "\($0)/tax" })
  }
}
