import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One transaction as the estimate sees it: its day, signed cents, and its category's kind
/// and deductible share (agility.md §4.3).
public struct TaxTransaction: Sendable, Equatable {
  public var date: CivilDate
  public var cents: Int64
  /// `income`, `expense`, `transfer`, `tax_payment`, `personal`; nil when uncategorised.
  public var categoryKind: String?
  public var business: Bool
  /// 100 unless the category says otherwise (meals: 50).
  public var deductiblePercent: Decimal

  public init(date: CivilDate, cents: Int64, categoryKind: String?, business: Bool, deductiblePercent: Decimal = 100) {
    self.date = date
    self.cents = cents
    self.categoryKind = categoryKind
    self.business = business
    self.deductiblePercent = deductiblePercent
  }
}

/// A tax year's four 1040-ES installments as of a day: each one's due day (shifted past
/// weekends and holidays), the §4.3 estimate from the year-to-date profit, what was paid and
/// what is suggested. Exact `Decimal` arithmetic; cents only for display.
public struct TaxYearReport: Sendable, Equatable {
  public struct Row: Sendable, Equatable {
    public var dates: EstimatedTaxDueDates.Installment
    public var estimate: EstimatedTax.Installment
    /// The period has not ended yet: its profit is annualised over the days elapsed.
    public var projected: Bool
    public var profitToDate: Decimal
  }

  public var year: Int
  public var rows: [Row]
  /// Rows of the year without a category: not in the profit, worth a look.
  public var uncategorised: Int
  /// What the user should know about the figures, each said in their language by the client.
  public var notices: [Notice]
  /// The notices in English (what older clients show).
  public var warnings: [String] { notices.map(\.english) }

  public enum Notice: Sendable, Equatable {
    case wageBaseUnknown(year: Int, latest: Int)
    case uncategorised(Int)
    case additionalMedicare
    case unreadableOverride(String)

    public var english: String {
      switch self {
      case .wageBaseUnknown(let year, let latest):
        "the Social Security wage base for \(year) is not known yet; \(latest)'s is used"
      case .uncategorised(let count):
        "\(count) transaction\(count == 1 ? " is" : "s are") not categorised and not counted"
      case .additionalMedicare:
        "the projected profit is above $200,000: Additional Medicare Tax (Form 8959) is not included"
      case .unreadableOverride(let entry):
        "taxDueOverrides: \"\(entry)\" is not YEAR-Qn=YYYY-MM-DD (e.g. 2026-Q1=2026-05-01)"
      }
    }

    /// `{"code": "uncategorised", "args": ["6"]}`: a code and its arguments, for the client's words.
    public var json: JSONValue {
      let (code, args): (String, [String]) =
        switch self {
        case .wageBaseUnknown(let year, let latest): ("wageBaseUnknown", ["\(year)", "\(latest)"])
        case .uncategorised(let count): ("uncategorised", ["\(count)"])
        case .additionalMedicare: ("additionalMedicare", [])
        case .unreadableOverride(let entry): ("unreadableOverride", [entry])
        }
      return ["code": .string(code), "args": .array(args.map { .string($0) })]
    }
  }
  /// No income tax rate set: SE tax only.
  public var selfEmploymentOnly: Bool

  /// The report for `year` as of `today`; `rate` is the user's effective federal income-tax
  /// rate (0.12 for 12 %), nil for "SE tax only".
  /// - Parameter dueOverrides: due days the IRS postponed (disaster relief), by "2026-Q1".
  public init(
    year: Int, transactions: [TaxTransaction], today: CivilDate, rate: Decimal?, w2SocialSecurityWages: Decimal = 0,
    dueOverrides: [String: CivilDate] = [:]
  ) {
    self.year = year
    selfEmploymentOnly = rate == nil
    let start = CivilDate(year: year, month: 1, day: 1)!
    let inYear = transactions.filter { $0.date.year == year }
    uncategorised = inYear.count { $0.categoryKind == nil }
    var notices: [Notice] = []
    if EstimatedTax.wageBases[year] == nil, let latest = EstimatedTax.wageBases.keys.max() {
      notices.append(.wageBaseUnknown(year: year, latest: latest))
    }
    if uncategorised > 0 { notices.append(.uncategorised(uncategorised)) }
    var rows: [Row] = []
    for var dates in EstimatedTaxDueDates.installments(taxYear: year) {
      if let postponed = dueOverrides["\(year)-Q\(dates.quarter)"] {
        dates.due = postponed
        dates.shiftedBecause = ["postponed by the IRS (taxDueOverrides)"]
      }
      let end = dates.period.last
      let projected = today <= end
      let through = projected ? max(start, min(today, end)) : end
      let profit = Self.profit(inYear, from: start, through: through)
      let elapsed = projected ? max(1, today.dayNumber - start.dayNumber + 1) : nil
      let paid = Self.payments(transactions, year: year, through: dates.due)
      let estimate = EstimatedTax.installment(
        quarter: dates.quarter, taxYear: year, profitToDate: today < start ? 0 : profit,
        daysElapsed: today < start ? 1 : elapsed, incomeTaxRate: rate, w2SocialSecurityWages: w2SocialSecurityWages,
        paid: paid)
      rows.append(Row(dates: dates, estimate: estimate, projected: projected, profitToDate: profit))
    }
    if let annual = rows.last?.estimate.annualisedProfit, annual > 200_000 {
      notices.append(.additionalMedicare)
    }
    self.rows = rows
    self.notices = notices
  }

  /// P(a..b): income minus business expenses at their deductible share; transfers, personal
  /// rows and tax payments are not profit.
  static func profit(_ transactions: [TaxTransaction], from: CivilDate, through: CivilDate) -> Decimal {
    var income: Int64 = 0
    var expenses = Decimal(0)
    for row in transactions where row.date >= from && row.date <= through {
      switch row.categoryKind {
      case "income": income += row.cents
      case "expense" where row.business:
        expenses += Decimal(row.cents.magnitude) * row.deductiblePercent / 100
      default: break
      }
    }
    return (Decimal(income) - expenses) / 100
  }

  /// Estimated-tax payments for `year` dated up to `due`: those of the year from February on,
  /// and those of the next January (a January payment is the previous year's fourth).
  static func payments(_ transactions: [TaxTransaction], year: Int, through due: CivilDate) -> Decimal {
    var cents: Int64 = 0
    for row in transactions where row.categoryKind == "tax_payment" && row.date <= due {
      let counted = row.date.month == 1 ? row.date.year - 1 : row.date.year
      if counted == year { cents += Int64(row.cents.magnitude) }
    }
    return Decimal(cents) / 100
  }
}

extension TaxYearReport {
  /// The `taxDueOverrides` option: "2026-Q1=2026-05-01,2026-Q2=2026-07-15" (a disaster
  /// postponement the IRS announced for the user's area). Entries that do not read so are
  /// returned for a warning, not silently dropped.
  public static func dueOverrides(_ option: String?) -> (overrides: [String: CivilDate], unreadable: [String]) {
    var overrides: [String: CivilDate] = [:]
    var unreadable: [String] = []
    for entry in (option ?? "").split(separator: ",") {
      let text = entry.filter { $0 != " " }
      let parts = text.split(separator: "=")
      guard parts.count == 2, parts[0].wholeMatch(of: /\d{4}-Q[1-4]/) != nil,
        let day = CivilDate(iso: String(parts[1]))
      else {
        unreadable.append(String(text))
        continue
      }
      overrides[String(parts[0])] = day
    }
    return (overrides, unreadable)
  }
}

extension CivilDate {
  /// "2026-05-01" → the day; nil for anything else.
  init?(iso text: String) {
    let parts = text.split(separator: "-")
    guard parts.count == 3, parts[0].count == 4, let year = Int(parts[0]), let month = Int(parts[1]),
      let day = Int(parts[2])
    else { return nil }
    self.init(year: year, month: month, day: day)
  }
}
