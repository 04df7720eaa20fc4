import Foundation
import OutpostCalendar
import OutpostModel
import Testing

@testable import OutpostConnectors

/// The rules of agility.md computed here, without a server: the invoice's effective status
/// (§3), its 09:00 reminders, the tax year report from transactions (§4.3), draft line items,
/// money as cents, and the widget (§6).
@Suite struct AgilityRulesTests {
  static let today = CivilDate(year: 2026, month: 11, day: 26)!
  static let newYork = AgilityDays(option: "America/New_York")

  static func status(
    _ stored: String, total: Int64 = 100_000, paid: Int64 = 0, due: CivilDate? = today, viewed: Bool = false
  ) -> AgilityInvoiceStatus {
    AgilityInvoiceStatus(
      stored: stored, totalCents: total, amountPaidCents: paid, due: due, viewed: viewed, today: today)
  }

  @Test func theEffectiveStatusFollowsTheRulesInOrder() {
    // Drafts are never overdue, whatever their due day.
    #expect(Self.status("draft", due: Self.today.adding(days: -30)).state == .draft)
    // Paid always wins: stored paid, or everything paid while the row still says sent.
    #expect(Self.status("paid", paid: 0).state == .paid)
    #expect(Self.status("sent", paid: 100_000, due: Self.today.adding(days: -3)).state == .paid)
    #expect(Self.status("sent", paid: 100_000).openCents == 0)
    // Overdue from the day after the due day, not on it.
    #expect(Self.status("sent", due: Self.today).state == .sent)
    #expect(Self.status("sent", due: Self.today.adding(days: -1)).state == .overdue)
    #expect(Self.status("viewed", due: Self.today.adding(days: -1), viewed: true).state == .overdue)
    // A stale stored "overdue" whose due day moved out is repaired.
    #expect(Self.status("overdue", due: Self.today.adding(days: 10), viewed: true).state == .viewed)
    #expect(Self.status("overdue", due: Self.today.adding(days: 10)).state == .sent)
    // Partially paid says what is open.
    let partial = Self.status("sent", total: 150_000, paid: 50_000, due: Self.today.adding(days: -2))
    #expect(partial.state == .overdue)
    #expect(partial.openCents == 100_000)
    #expect(partial.label == "overdue, partially paid, $1,000.00 open")
  }

  @Test func anUnpaidInvoiceIsRemindedAtNineLocalBeforeOnAndAfterItsDueDayThenWeekly() throws {
    let due = CivilDate(year: 2026, month: 12, day: 10)!
    let deadlines = AgilityDeadlines.invoice(due: due, today: Self.today, days: Self.newYork)
    // Weekly ones up to five weeks ahead of today (Dec 31; a daily sync adds the next ones):
    // Dec 18 and 25.
    #expect(deadlines.count == 3 + 2)
    let later = AgilityDeadlines.invoice(due: due, today: due.adding(days: 60), days: Self.newYork)
    #expect(later.contains { $0["name"] == "overdue-week-13" })
    func reminder(_ name: String) -> Date? {
      guard let entry = deadlines.first(where: { $0["name"]?.stringValue == name }),
        let at = entry["at"]?.stringValue.flatMap(UTCTimestamp.parse),
        let minutes = entry["remind_before_minutes"]?.int64Value
      else { return nil }
      return at.addingTimeInterval(-Double(minutes) * 60)
    }
    // 09:00 in New York (EST, UTC−5) is 14:00 UTC.
    #expect(reminder("due-in-3").map(UTCTimestamp.format) == "2026-12-07T14:00:00.000Z")
    #expect(reminder("due").map(UTCTimestamp.format) == "2026-12-10T14:00:00.000Z")
    #expect(reminder("overdue").map(UTCTimestamp.format) == "2026-12-11T14:00:00.000Z")
    #expect(reminder("overdue-week-1").map(UTCTimestamp.format) == "2026-12-18T14:00:00.000Z")
    // Across the change to daylight saving time it stays 09:00 on the wall clock (EDT, UTC−4).
    let spring = AgilityDeadlines.invoice(
      due: CivilDate(year: 2027, month: 3, day: 5)!, today: CivilDate(year: 2027, month: 3, day: 1)!, days: Self.newYork
    )
    let week2 = try #require(spring.first { $0["name"] == "overdue-week-2" })
    // Due on the 5th: the second weekly one is on the 20th, useful until 21:00 EDT (01:00Z).
    #expect(week2["at"]?.stringValue == "2027-03-21T01:00:00.000Z")
  }

  @Test func taxRemindersAreFourteenAndThreeDaysBeforeOnTheDayAndOnceAfterWhenOpen() {
    let due = CivilDate(year: 2027, month: 1, day: 15)!
    let open = AgilityDeadlines.tax(due: due, stillOpen: true, days: Self.newYork).compactMap {
      $0["name"]?.stringValue
    }
    #expect(open == ["tax-in-14", "tax-in-3", "tax-due", "tax-underpaid"])
    let covered = AgilityDeadlines.tax(due: due, stillOpen: false, days: Self.newYork)
    #expect(covered.count == 3)
  }

  /// agility.md §4.3's worked example, from transactions: Q1 is covered by the payment of
  /// April 14, Q2 suggests $4,854.10.
  @Test func theWorkedExampleFromTransactions() throws {
    func day(_ month: Int, _ day: Int) -> CivilDate { CivilDate(year: 2026, month: month, day: day)! }
    let rows = [
      TaxTransaction(date: day(1, 20), cents: 1_450_000, categoryKind: "income", business: false),
      TaxTransaction(date: day(3, 2), cents: 1_000_000, categoryKind: "income", business: false),
      TaxTransaction(date: day(2, 10), cents: -450_000, categoryKind: "expense", business: true),
      // Meals count half: $4,000 of meals is $2,000 deductible.
      TaxTransaction(date: day(3, 12), cents: -400_000, categoryKind: "expense", business: true, deductiblePercent: 50),
      // Not profit: a personal expense, a transfer, an expense not marked as business.
      TaxTransaction(date: day(3, 13), cents: -99_900, categoryKind: "personal", business: false),
      TaxTransaction(date: day(3, 14), cents: -500_000, categoryKind: "transfer", business: false),
      TaxTransaction(date: day(3, 15), cents: -12_300, categoryKind: "expense", business: false),
      TaxTransaction(date: day(4, 14), cents: -455_072, categoryKind: "tax_payment", business: false),
      TaxTransaction(date: day(5, 5), cents: 1_300_000, categoryKind: "income", business: false),
      // Uncategorised: reported, not counted.
      TaxTransaction(date: day(5, 6), cents: 77_700, categoryKind: nil, business: false),
      // Last year's January payment belongs to last year.
      TaxTransaction(date: day(1, 14), cents: -300_000, categoryKind: "tax_payment", business: false),
    ]
    let report = TaxYearReport(
      year: 2026, transactions: rows, today: day(6, 1), rate: Decimal(string: "0.12"))
    let q1 = report.rows[0]
    #expect(!q1.projected)
    #expect(EstimatedTax.cents(q1.profitToDate) == "18000.00")
    #expect(EstimatedTax.cents(q1.estimate.cumulativeTarget) == "4550.72")
    #expect(EstimatedTax.cents(q1.estimate.paid) == "4550.72")
    #expect(EstimatedTax.cents(q1.estimate.suggested) == "0.00")
    let q2 = report.rows[1]
    #expect(EstimatedTax.cents(q2.profitToDate) == "31000.00")
    #expect(EstimatedTax.cents(q2.estimate.suggested) == "4854.10")
    #expect(AgilityDays.iso(q2.dates.due) == "2026-06-15")
    #expect(report.uncategorised == 1)
    #expect(report.warnings.contains { $0.contains("not categorised") })
    // Q3 is still to come: annualised over the 152 days elapsed.
    #expect(report.rows[2].projected)
    #expect(!report.selfEmploymentOnly)
    // Without a rate: SE tax only.
    let seOnly = TaxYearReport(year: 2026, transactions: rows, today: day(6, 1), rate: nil)
    #expect(seOnly.selfEmploymentOnly)
    #expect(seOnly.rows[1].estimate.incomeTax == nil)
    #expect(seOnly.rows[1].estimate.suggested < q2.estimate.suggested)
  }

  /// A disaster postponement (agility.md §4.1, `taxDueOverrides`): the installment is due on
  /// the postponed day, a payment made before it counts, and an entry that does not read is
  /// said, not dropped silently.
  @Test func aPostponedDueDayIsTakenAndABadEntryIsSaid() {
    func day(_ month: Int, _ day: Int) -> CivilDate { CivilDate(year: 2026, month: month, day: day)! }
    let payment = TaxTransaction(date: day(4, 28), cents: -100_000, categoryKind: "tax_payment", business: false)
    let report = AgilityTaxItems.report(
      year: 2026, transactions: [payment], today: day(4, 20), rate: nil, w2: 0,
      overrides: "2026-Q1=2026-05-01, 2026-Q9=2026-05-01,nonsense")
    #expect(AgilityDays.iso(report.rows[0].dates.due) == "2026-05-01")
    #expect(report.rows[0].dates.shiftedBecause == ["postponed by the IRS (taxDueOverrides)"])
    #expect(EstimatedTax.cents(report.rows[0].estimate.paid) == "1000.00")
    #expect(AgilityDays.iso(report.rows[1].dates.due) == "2026-06-15")
    #expect(report.warnings.filter { $0.hasPrefix("taxDueOverrides") }.count == 2)
    let plain = AgilityTaxItems.report(
      year: 2026, transactions: [payment], today: day(4, 20), rate: nil, w2: 0, overrides: nil)
    #expect(EstimatedTax.cents(plain.rows[0].estimate.paid) == "0.00")
  }

  @Test func aJanuaryPaymentCountsForTheYearBefore() {
    let lastYear = TaxYearReport(
      year: 2025,
      transactions: [
        TaxTransaction(
          date: CivilDate(year: 2026, month: 1, day: 12)!, cents: -100_000, categoryKind: "tax_payment", business: false
        )
      ], today: CivilDate(year: 2026, month: 1, day: 13)!, rate: nil)
    #expect(EstimatedTax.cents(lastYear.rows[3].estimate.paid) == "1000.00")
    #expect(EstimatedTax.cents(lastYear.rows[2].estimate.paid) == "0.00")
  }

  @Test func draftLinesAreReadExactly() throws {
    let lines = try AgilityDraft.lines("Logo design|1.5|120\nHosting | 0.25 | $80.10 | untaxed")
    #expect(
      lines == [
        AgilityDraft.Line(description: "Logo design", quantityMilli: 1500, rateCents: 12_000, taxable: true),
        AgilityDraft.Line(description: "Hosting", quantityMilli: 250, rateCents: 8010, taxable: false),
      ])
    #expect(throws: ActionRefusal.self) { try AgilityDraft.lines("Logo|0|10") }
    #expect(throws: ActionRefusal.self) { try AgilityDraft.lines("Logo|1.2345|10") }
    #expect(throws: ActionRefusal.self) { try AgilityDraft.lines("Logo|1|10|free") }
    #expect(throws: ActionRefusal.self) { try AgilityDraft.lines("just words") }
    let prepared = try AgilityDraft.prepare([
      "clientId": "c-1", "issueDate": "2026-11-26", "lines": "Logo design|1.5|120", "taxRate": "8.875",
    ])
    #expect(prepared.params["invoice"]?["invoice_number"] == nil)
    #expect(prepared.params["invoice"]?["tax_rate"] == "8.875")
    func firstLine(_ action: PreparedAction) -> JSONValue? {
      guard case .array(let lines)? = action.params["lines"] else { return nil }
      return lines.first
    }
    #expect(firstLine(prepared)?["quantity"] == "1.500")
    // Line ids derive from the draft's own id (a retry sends the same rows); another draft's differ.
    let again = try AgilityDraft.prepare(["clientId": "c-1", "issueDate": "2026-11-26", "lines": "Logo design|1.5|120"])
    #expect(firstLine(again)?["id"] != nil)
    #expect(firstLine(again)?["id"] != firstLine(prepared)?["id"])
    #expect(throws: ActionRefusal.self) {
      try AgilityDraft.prepare(["clientId": "c", "issueDate": "2026-11-26", "dueDate": "2026-11-01", "lines": "A|1|1"])
    }
  }

  @Test func moneyIsCentsNeverAFloat() {
    #expect(AgilityMoney.cents(JSONValue.double(1234.56)) == 123_456)
    #expect(AgilityMoney.cents(JSONValue.double(0.1 + 0.2)) == 30)
    #expect(AgilityMoney.cents(JSONValue.double(-4.5)) == -450)
    #expect(AgilityMoney.cents(JSONValue.string("-12.345")) == -1235)
    #expect(AgilityMoney.cents(JSONValue.int(12)) == 1200)
    #expect(AgilityMoney.cents(JSONValue.string("1,2")) == nil)
    #expect(AgilityMoney.display(123_456_789) == "$1,234,567.89")
    #expect(AgilityMoney.display(-450) == "−$4.50")
    #expect(AgilityMoney.decimal(-450) == "-4.50")
  }

  @Test func theWidgetShowsTheMonthTheCashAndWhatIsDueNext() {
    let now = Self.newYork.instant(Self.today, secondsIntoDay: 12 * 3600)
    func transaction(_ id: String, _ date: String, _ amount: String, category: String?, business: Bool = true) -> Item {
      var details: [String: JSONValue] = [
        "date": .string(date), "amount": .string(amount), "business": .bool(business),
      ]
      if let category { details["categoryId"] = .string(category) }
      return Item(kind: .moneyTransaction, upstreamID: id, title: id, details: .object(details))
    }
    let items = [
      Item(kind: .moneyCategory, upstreamID: "inc", title: "Client income", details: ["kind": "income"]),
      Item(
        kind: .moneyCategory, upstreamID: "sup", title: "Supplies", details: ["kind": "expense", "deductiblePct": 100]),
      Item(
        kind: .moneyCategory, upstreamID: "meal", title: "Meals", details: ["kind": "expense", "deductiblePct": 50]),
      transaction("t1", "2026-11-03", "5000.00", category: "inc"),
      transaction("t2", "2026-11-04", "-120.00", category: "sup"),
      // Meals count in full here: the deductible share is for tax only.
      transaction("t3", "2026-11-05", "-80.00", category: "meal"),
      transaction("t4", "2026-10-30", "9999.00", category: "inc"),
      Item(
        kind: .bankAccount, upstreamID: "a1", title: "Business Checking",
        details: ["type": "checking", "balance": "12000.50", "balanceAsOf": "2026-11-26T06:00:00Z"]),
      Item(
        kind: .bankAccount, upstreamID: "a2", title: "Card",
        details: ["type": "credit_card", "balance": "-900.00", "balanceAsOf": "2026-11-01T06:00:00Z"]),
      Item(
        kind: .bankAccount, upstreamID: "a3", title: "Cash",
        details: ["type": "cash", "balance": "100.00", "balanceAsOf": "2026-11-20T06:00:00Z"]),
      Item(
        kind: .invoice, upstreamID: "i1", title: "Invoice INV-0007",
        details: [
          "number": "INV-0007", "status": "sent", "total": "1500.00", "amountPaid": "500.00", "dueDate": "2026-12-20",
        ]),
      Item(
        kind: .taxInstallment, upstreamID: "2026-Q4", title: "Estimated tax Q4 2026",
        details: ["dueDate": "2027-01-15", "suggested": "3000.00"]),
    ]
    let widget = AgilityDashboard(items: items, today: Self.today, days: Self.newYork, now: now)
    #expect(widget.incomeCents == 500_000)
    #expect(widget.expenseCents == 20_000)
    #expect(widget.cashCents == 1_210_050)
    #expect(widget.cashAsOf == "2026-11-20T06:00:00.000Z")
    #expect(widget.dueNext?.title == "INV-0007")
    #expect(widget.dueNext?.cents == 100_000)
    #expect(widget.bar() == "P&L +$4,800.00 · cash $12,100.50 · INV-0007 $1,000.00 due 2026-12-20")
    // The bar's reader says it in German, with the day in German order and money as German
    // writes it (a fresh-eyes tester saw "Konto $19,169.95" in every language).
    #expect(
      widget.bar(ViewLocale(language: .de))
        == "Ergebnis +4.800,00\u{00A0}$ · Konto 12.100,50\u{00A0}$ · INV-0007 1.000,00\u{00A0}$ fällig am 20.12.2026")
    let swiss = ViewLocale(language: .de, numbers: NumberStyle.style(.de, region: "CH"))
    #expect(widget.bar(swiss) == "Ergebnis +$ 4’800.00 · Konto $ 12’100.50 · INV-0007 $ 1’000.00 fällig am 20.12.2026")
    #expect(UTCTimestamp.format(widget.validUntil) == "2026-11-27T05:00:00.000Z")
    let empty = AgilityDashboard(items: [], today: Self.today, days: Self.newYork, now: now)
    #expect(empty.bar() == "Agility: no data yet")

    // A cash box counted by hand weeks ago does not date the total: the linked accounts do, and
    // it shows its own age (issue 53).
    var withManual = items
    withManual.append(
      Item(
        kind: .bankAccount, upstreamID: "a4", title: "Petty cash",
        details: [
          "type": "cash", "balance": "40.00", "balanceAsOf": "2026-09-01T06:00:00Z", "connection": "manual",
        ]))
    let counted = AgilityDashboard(items: withManual, today: Self.today, days: Self.newYork, now: now)
    #expect(counted.cashCents == 1_214_050)
    #expect(counted.cashAsOf == "2026-11-20T06:00:00.000Z")
    #expect(counted.cashAccounts.map(\.name) == ["Business Checking", "Cash", "Petty cash"])
    #expect(counted.cashAccounts.last?.asOf == "2026-09-01T06:00:00Z")
    guard case .array(let listed)? = counted.json["block"]?["cash"]?["accounts"] else {
      Issue.record("no accounts in the cash block")
      return
    }
    #expect(listed.count == 3 && listed.last?["connection"] == "manual")
    // Only manual accounts: they date it.
    let handOnly = AgilityDashboard(items: [withManual.last!], today: Self.today, days: Self.newYork, now: now)
    #expect(handOnly.cashAsOf == "2026-09-01T06:00:00.000Z")
  }
}
