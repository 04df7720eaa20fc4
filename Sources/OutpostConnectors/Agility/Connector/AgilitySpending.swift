import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// FR-005's breakdown (agility.md §6): where a local month's business money went, by category,
/// and the income and expense trend of the months up to it. The widget's rules: business
/// expenses count in full (the deductible share is for tax only) as Σ |amount|, income
/// categories are income; transfers, owner draws and tax payments are neither. Money out with
/// no category counts nowhere until it is filed, and is said apart so that it is not missed.
struct AgilitySpending {
  struct Slice: Equatable {
    var id: String
    var name: String
    var cents: Int64
    var count: Int
  }

  struct Month: Equatable {
    var year: Int
    var month: Int
    var incomeCents: Int64 = 0
    var expenseCents: Int64 = 0

    var key: String { "\(year)-\(month < 10 ? "0" : "")\(month)" }
  }

  let year: Int
  let month: Int
  /// The month's business expenses by category, largest first.
  private(set) var slices: [Slice] = []
  private(set) var uncategorisedCents: Int64 = 0
  private(set) var uncategorisedCount = 0
  /// Money out filed as not business (a personal category, an expense not marked business):
  /// not in the business breakdown by the widget's rules, but said apart, as uncategorised is.
  private(set) var notBusinessCents: Int64 = 0
  private(set) var notBusinessCount = 0
  /// `months` months, oldest first, the asked one last.
  private(set) var trend: [Month]

  var totalCents: Int64 { slices.reduce(0) { $0 + $1.cents } }
  var key: String { trend.last?.key ?? "" }

  init(items: [Item], year: Int, month: Int, months: Int) {
    self.year = year
    self.month = month
    trend = (0..<max(1, months)).reversed().map { back in
      let index = year * 12 + (month - 1) - back
      return Month(year: index / 12, month: index % 12 + 1)
    }
    var slot: [String: Int] = [:]
    for (index, entry) in trend.enumerated() { slot[entry.key] = index }
    var categories: [String: Item] = [:]
    for item in items where item.kind == .moneyCategory { categories[item.upstreamID] = item }
    var byCategory: [String: Slice] = [:]
    let asked = key
    for item in items where item.kind == .moneyTransaction {
      guard let date = item.details["date"]?.stringValue, let index = slot[String(date.prefix(7))],
        let cents = AgilityMoney.cents(item.details["amount"])
      else { continue }
      let categoryID = item.details["categoryId"]?.stringValue
      let category = categoryID.flatMap { categories[$0] }
      let kind = category?.details["kind"]?.stringValue ?? item.details["categoryKind"]?.stringValue
      let current = trend[index].key == asked
      switch kind {
      case "income": trend[index].incomeCents += cents
      case "expense" where item.details["business"] == .bool(true):
        let spent = Int64(cents.magnitude)
        trend[index].expenseCents += spent
        guard current else { continue }
        let id = categoryID ?? ""
        let name = category?.title ?? item.details["category"]?.stringValue ?? id
        byCategory[id, default: Slice(id: id, name: name, cents: 0, count: 0)].cents += spent
        byCategory[id]?.count += 1
      case "expense", "personal":
        guard current, cents < 0 else { continue }
        notBusinessCents += Int64(cents.magnitude)
        notBusinessCount += 1
      case nil where current && categoryID == nil && cents < 0:
        uncategorisedCents += Int64(cents.magnitude)
        uncategorisedCount += 1
      default: break
      }
    }
    slices = byCategory.values.sorted { ($1.cents, $0.name) < ($0.cents, $1.name) }
  }

  /// A slice's share of the month's business expenses, in percent to one decimal, rounded half
  /// up, as text ("34.2"): a JSON number would lose its ".0" on the way.
  func share(_ slice: Slice) -> String {
    let total = totalCents
    guard total > 0 else { return "0.0" }
    let tenths = (slice.cents * 1000 + total / 2) / total
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// The view's answer: the figures as exact decimal text, and the chart in the reader's words.
  func json(_ locale: ViewLocale) -> JSONValue {
    let categories: [JSONValue] = slices.map { slice in
      [
        "id": .string(slice.id), "name": .string(slice.name), "amount": .string(AgilityMoney.decimal(slice.cents)),
        "share": .string(share(slice)), "count": .int(Int64(slice.count)),
      ]
    }
    let months: [JSONValue] = trend.map { entry in
      [
        "month": .string(entry.key), "income": .string(AgilityMoney.decimal(entry.incomeCents)),
        "expenses": .string(AgilityMoney.decimal(entry.expenseCents)),
        "profit": .string(AgilityMoney.decimal(entry.incomeCents - entry.expenseCents)),
      ]
    }
    return [
      "month": .string(key), "months": .int(Int64(trend.count)),
      "expenses": .string(AgilityMoney.decimal(totalCents)), "categories": .array(categories),
      "uncategorised": [
        "amount": .string(AgilityMoney.decimal(uncategorisedCents)), "count": .int(Int64(uncategorisedCount)),
      ],
      "notBusiness": [
        "amount": .string(AgilityMoney.decimal(notBusinessCents)), "count": .int(Int64(notBusinessCount)),
      ],
      "trend": .array(months), "svg": .string(AgilitySpendingChart(self, locale: locale).svg),
    ]
  }

  /// `agility.spending`: the month asked (default the local one), `months` of trend, the
  /// chart in the reader's language and number style.
  static func answer(params: [String: JSONValue], items: [Item], today: CivilDate) throws(ActionRefusal)
    -> JSONValue
  {
    var asked = (year: today.year, month: today.month)
    if let text = params["month"]?.stringValue {
      guard let parsed = Self.month(text) else { throw .invalidParams("month is YYYY-MM, e.g. 2026-11") }
      asked = parsed
    }
    let months = Int(params["months"]?.int64Value ?? 6)
    let language = params["language"]?.stringValue.flatMap(Language.init(rawValue:)) ?? .en
    let region = params["region"]?.stringValue.flatMap { $0.isEmpty ? nil : $0.uppercased() }
    let locale = ViewLocale(language: language, numbers: NumberStyle.style(language, region: region))
    return AgilitySpending(items: items, year: asked.year, month: asked.month, months: months).json(locale)
  }

  /// `2026-11` → (2026, 11); nil for anything else.
  static func month(_ text: String) -> (year: Int, month: Int)? {
    guard text.wholeMatch(of: /\d{4}-(0[1-9]|1[0-2])/) != nil, let year = Int(text.prefix(4)),
      let month = Int(text.suffix(2))
    else { return nil }
    return (year, month)
  }
}
