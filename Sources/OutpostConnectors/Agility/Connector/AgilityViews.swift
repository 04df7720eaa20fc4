import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The lists, the tax table and the widget, answered from the store: offline, and with the
/// effective status of today (agility.md §3), not the one of the last sync.
extension AgilityConnector: StoreViewingConnector {
  static let undated: [ItemKind] = [.invoice, .bankAccount, .moneyCategory, .invoiceClient, .taxInstallment]

  public static let storeViews: [QueryDeclaration] = [
    QueryDeclaration(
      name: "agility.dashboard", service: descriptor.kind,
      summary: "this month's profit and loss, the cash balance and its age, and what is due next",
      fromStore: StoreSource(kinds: [.moneyTransaction], pastDays: 32, undatedKinds: undated)),
    QueryDeclaration(
      name: "agility.invoices", service: descriptor.kind,
      summary: "invoices with their effective status (overdue from the day after the due day) and what is open",
      parameters: [
        ActionParameter(
          "status", .enum, summary: "only these: draft, sent, viewed, overdue, paid, or unpaid (sent, viewed, overdue)",
          choices: ["draft", "sent", "viewed", "overdue", "paid", "unpaid"]),
        ActionParameter(
          "dueWithin", .int, summary: "only unpaid ones due within this many days", minimum: 0, maximum: 3650),
      ],
      fromStore: StoreSource(kinds: [], pastDays: 0, undatedKinds: [.invoice])),
    QueryDeclaration(
      name: "agility.transactions", service: descriptor.kind,
      summary: "transactions, newest first, with their category and account",
      parameters: [
        ActionParameter("month", .string, summary: "only this month, YYYY-MM", maxLength: 7),
        ActionParameter("uncategorised", .bool, summary: "only those without a category"),
        ActionParameter("limit", .int, summary: "at most this many (default all)", minimum: 1, maximum: 100_000),
      ],
      fromStore: StoreSource(
        kinds: [.moneyTransaction], pastDays: 800, futureDays: 31, undatedKinds: [.moneyCategory],
        periodParameter: "month")),
    QueryDeclaration(
      name: "agility.categories", service: descriptor.kind,
      summary: "the categories, built-in first, and how many custom ones count against Agility's limit of 20",
      fromStore: StoreSource(kinds: [], pastDays: 0, undatedKinds: [.moneyCategory])),
    QueryDeclaration(
      name: "agility.spending", service: descriptor.kind,
      summary: "a month's business expenses by category and the income and expense trend up to it, with an SVG chart",
      parameters: [
        ActionParameter("month", .string, summary: "the month, YYYY-MM (default this month)", maxLength: 7),
        ActionParameter(
          "months", .int, summary: "how many months the trend shows (default 6)", minimum: 1, maximum: 24),
        ActionParameter(
          "language", .enum, summary: "the chart's language (default en)", choices: Language.allCases.map(\.rawValue)),
        ActionParameter("region", .string, summary: "the reader's region, for how money is written (CH)", maxLength: 8),
      ],
      fromStore: StoreSource(
        kinds: [.moneyTransaction], pastDays: 800, undatedKinds: [.moneyCategory], periodParameter: "month")),
    QueryDeclaration(
      name: "agility.tax", service: descriptor.kind,
      summary:
        "the year's four estimated-tax installments: due day, estimate, paid, open (an estimate, not tax advice)",
      parameters: [
        ActionParameter("year", .int, summary: "the tax year (default this year)", minimum: 2000, maximum: 2100)
      ],
      fromStore: StoreSource(
        kinds: [.moneyTransaction], pastDays: 800, futureDays: 62, undatedKinds: [.moneyCategory],
        periodParameter: "year")),
  ]

  public static func answer(
    _ name: String, params: [String: JSONValue], items: [Item], points: [SeriesPoint], options: [String: String],
    now: Date
  ) throws(ActionRefusal) -> JSONValue {
    let days = AgilityDays(option: options["timeZone"])
    let today = days.day(now)
    switch name {
    case "agility.dashboard":
      return AgilityDashboard(items: items, today: today, days: days, now: now).json(ViewLocale(params: params))
    case "agility.invoices":
      return try AgilityInvoiceList.answer(params: params, items: items, today: today)
    case "agility.transactions":
      return try AgilityTransactionList.answer(params: params, items: items)
    case "agility.categories":
      return AgilityCategoryList.answer(items: items)
    case "agility.spending":
      return try AgilitySpending.answer(params: params, items: items, today: today)
    case "agility.tax":
      let year = params["year"]?.int64Value.map(Int.init) ?? today.year
      let report = AgilityTaxItems.report(
        year: year, transactions: taxTransactions(items), today: today, rate: incomeTaxRate(options["incomeTaxRate"]),
        w2: w2Wages(options["w2Wages"]), overrides: options["taxDueOverrides"])
      return AgilityTaxTable.json(report, today: today)
    default:
      throw .notAllowed("Agility has no view \(name)")
    }
  }

  /// The stored transactions with their categories as they are now.
  static func taxTransactions(_ items: [Item]) -> [TaxTransaction] {
    var categories: [String: Item] = [:]
    for item in items where item.kind == .moneyCategory { categories[item.upstreamID] = item }
    return items.compactMap { item in
      guard item.kind == .moneyTransaction, let day = AgilityDays.parse(item.details["date"]?.stringValue),
        let cents = AgilityMoney.cents(item.details["amount"])
      else { return nil }
      let category = item.details["categoryId"]?.stringValue.flatMap { categories[$0] }
      let percent = AgilityMoney.cents(category?.details["deductiblePct"]).map { Decimal($0) / 100 } ?? 100
      return TaxTransaction(
        date: day, cents: cents,
        categoryKind: category?.details["kind"]?.stringValue ?? item.details["categoryKind"]?.stringValue,
        business: item.details["business"] == .bool(true), deductiblePercent: percent)
    }
  }
}

/// `agility.invoices`: newest due first within each group, unpaid before paid.
enum AgilityInvoiceList {
  static func status(_ item: Item, today: CivilDate) -> AgilityInvoiceStatus {
    AgilityInvoiceStatus(
      stored: item.details["status"]?.stringValue ?? "sent", totalCents: AgilityMoney.cents(item.details["total"]) ?? 0,
      amountPaidCents: AgilityMoney.cents(item.details["amountPaid"]) ?? 0,
      due: AgilityDays.parse(item.details["dueDate"]?.stringValue), viewed: item.details["viewedAt"] != nil,
      today: today)
  }

  static func answer(params: [String: JSONValue], items: [Item], today: CivilDate) throws(ActionRefusal) -> JSONValue {
    let wanted = params["status"]?.stringValue
    let within = params["dueWithin"]?.int64Value.map(Int.init)
    var rows: [(Item, AgilityInvoiceStatus, CivilDate?)] = []
    for item in items where item.kind == .invoice {
      let effective = status(item, today: today)
      let due = AgilityDays.parse(item.details["dueDate"]?.stringValue)
      switch wanted {
      case "unpaid"?: guard [.sent, .viewed, .overdue].contains(effective.state) else { continue }
      case let state?: guard effective.state.rawValue == state else { continue }
      case nil: break
      }
      if let within {
        guard effective.state != .paid, effective.state != .draft, let due, due <= today.adding(days: within) else {
          continue
        }
      }
      rows.append((item, effective, due))
    }
    rows.sort { a, b in
      let rank: (AgilityInvoiceStatus.State) -> Int = { [.overdue: 0, .viewed: 1, .sent: 1, .draft: 2, .paid: 3][$0]! }
      if rank(a.1.state) != rank(b.1.state) { return rank(a.1.state) < rank(b.1.state) }
      return (a.2?.dayNumber ?? .max, a.0.details["number"]?.stringValue ?? "")
        < (b.2?.dayNumber ?? .max, b.0.details["number"]?.stringValue ?? "")
    }
    var open: Int64 = 0
    var overdue: Int64 = 0
    let list: [JSONValue] = rows.map { item, effective, due in
      open += effective.state == .draft ? 0 : effective.openCents
      if effective.state == .overdue { overdue += effective.openCents }
      var object: [String: JSONValue] = [
        "id": .string(item.upstreamID), "title": .string(item.title), "status": .string(effective.state.rawValue),
        "label": .string(effective.label), "stored": item.details["status"] ?? .null,
        "open": .string(AgilityMoney.decimal(effective.openCents)), "partiallyPaid": .bool(effective.partiallyPaid),
      ]
      for key in [
        "number", "client", "clientId", "issueDate", "dueDate", "total", "amountPaid", "subtotal", "taxAmount",
        "taxRate", "sentAt", "viewedAt", "paidAt", "notes", "lineItems", "pdfUrl",
      ] {
        if let value = item.details[key] { object[key] = value }
      }
      if effective.state == .overdue, let due { object["daysOverdue"] = .int(Int64(today.dayNumber - due.dayNumber)) }
      if let link = item.link { object["link"] = .string(link) }
      return .object(object)
    }
    return [
      "today": .string(AgilityDays.iso(today)), "count": .int(Int64(list.count)), "invoices": .array(list),
      "open": .string(AgilityMoney.decimal(open)), "overdue": .string(AgilityMoney.decimal(overdue)),
    ]
  }
}

/// `agility.transactions`: newest first.
enum AgilityTransactionList {
  static func answer(params: [String: JSONValue], items: [Item]) throws(ActionRefusal) -> JSONValue {
    let month = params["month"]?.stringValue
    if let month, month.wholeMatch(of: /\d{4}-(0[1-9]|1[0-2])/) == nil {
      throw .invalidParams("month is YYYY-MM, e.g. 2026-11")
    }
    let uncategorised = params["uncategorised"] == .bool(true)
    var rows = items.filter { item in
      guard item.kind == .moneyTransaction else { return false }
      if let month, item.details["date"]?.stringValue?.hasPrefix(month + "-") != true { return false }
      if uncategorised, item.details["categoryId"]?.stringValue != nil { return false }
      return true
    }
    rows.sort {
      ($0.details["date"]?.stringValue ?? "", $0.upstreamID) > ($1.details["date"]?.stringValue ?? "", $1.upstreamID)
    }
    var income: Int64 = 0
    var spent: Int64 = 0
    for item in rows {
      let cents = AgilityMoney.cents(item.details["amount"]) ?? 0
      if cents >= 0 { income += cents } else { spent -= cents }
    }
    let limit = params["limit"]?.int64Value.map(Int.init) ?? rows.count
    let list: [JSONValue] = rows.prefix(limit).map { item in
      var object: [String: JSONValue] = ["id": .string(item.upstreamID), "merchant": .string(item.title)]
      for key in [
        "date", "amount", "category", "categoryId", "categoryKind", "account", "accountId", "status", "source",
        "business", "notes", "tags", "descriptionRaw", "hasReceipt",
      ] {
        if let value = item.details[key] { object[key] = value }
      }
      return .object(object)
    }
    return [
      "count": .int(Int64(rows.count)), "shown": .int(Int64(list.count)), "transactions": .array(list),
      "moneyIn": .string(AgilityMoney.decimal(income)), "moneyOut": .string(AgilityMoney.decimal(spent)),
    ]
  }
}

/// `agility.tax`: the table `outpost agility tax` prints.
enum AgilityTaxTable {
  static func json(_ report: TaxYearReport, today: CivilDate) -> JSONValue {
    let rows: [JSONValue] = report.rows.map { row in
      let suggested = AgilityMoney.cents(row.estimate.suggested)
      let state =
        suggested == 0 ? "covered" : (row.dates.due < today ? "past due" : (row.projected ? "projected" : "open"))
      var object: [String: JSONValue] = [
        "quarter": .int(Int64(row.dates.quarter)), "due": .string(AgilityDays.iso(row.dates.due)),
        "periodStart": .string(AgilityDays.iso(row.dates.period.first)),
        "periodEnd": .string(AgilityDays.iso(row.dates.period.last)), "projected": .bool(row.projected),
        "profitToDate": .string(EstimatedTax.cents(row.profitToDate)),
        "annualisedProfit": .string(EstimatedTax.cents(row.estimate.annualisedProfit)),
        "selfEmploymentTax": .string(EstimatedTax.cents(row.estimate.selfEmployment.total)),
        "cumulativeTarget": .string(EstimatedTax.cents(row.estimate.cumulativeTarget)),
        "paid": .string(EstimatedTax.cents(row.estimate.paid)), "suggested": .string(AgilityMoney.decimal(suggested)),
        "state": .string(state),
      ]
      if let incomeTax = row.estimate.incomeTax { object["incomeTax"] = .string(EstimatedTax.cents(incomeTax)) }
      if !row.dates.shiftedBecause.isEmpty {
        object["shiftedBecause"] = .array(row.dates.shiftedBecause.map { .string($0) })
      }
      return .object(object)
    }
    return [
      "year": .int(Int64(report.year)), "today": .string(AgilityDays.iso(today)), "installments": .array(rows),
      "selfEmploymentOnly": .bool(report.selfEmploymentOnly), "uncategorised": .int(Int64(report.uncategorised)),
      "warnings": .array(report.warnings.map { .string($0) }), "notices": .array(report.notices.map(\.json)),
      "disclaimer": .string(AgilityTaxItems.disclaimer),
    ]
  }
}
