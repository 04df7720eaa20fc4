import Foundation
import OutpostCalendar
import OutpostModel
import Testing

@testable import OutpostConnectors

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// FR-005's breakdown (`agility.spending`, issue 53): a month's business expenses by category,
/// the income and expense trend up to it, and the chart drawn as ViiRaa's is, in the reader's
/// words, from the store.
@Suite struct AgilitySpendingTests {
  static let newYork = AgilityDays(option: "America/New_York")
  static let now = newYork.instant(CivilDate(year: 2026, month: 11, day: 26)!, secondsIntoDay: 12 * 3600)

  static func transaction(_ id: String, _ date: String, _ amount: String, category: String?, business: Bool = true)
    -> Item
  {
    var details: [String: JSONValue] = ["date": .string(date), "amount": .string(amount), "business": .bool(business)]
    if let category { details["categoryId"] = .string(category) }
    return Item(kind: .moneyTransaction, upstreamID: id, title: id, details: .object(details))
  }

  static let items: [Item] = [
    Item(kind: .moneyCategory, upstreamID: "inc", title: "Client income", details: ["kind": "income"]),
    Item(kind: .moneyCategory, upstreamID: "sup", title: "Supplies", details: ["kind": "expense"]),
    Item(kind: .moneyCategory, upstreamID: "soft", title: "Software & other", details: ["kind": "expense"]),
    Item(kind: .moneyCategory, upstreamID: "meal", title: "Meals", details: ["kind": "expense", "deductiblePct": 50]),
    Item(kind: .moneyCategory, upstreamID: "xfer", title: "Transfer", details: ["kind": "transfer"]),
    transaction("t1", "2026-11-03", "5000.00", category: "inc"),
    transaction("t2", "2026-11-04", "-120.00", category: "sup"),
    transaction("t3", "2026-11-09", "-30.00", category: "sup"),
    // Meals in full: the deductible share is for tax only.
    transaction("t4", "2026-11-05", "-80.00", category: "meal"),
    transaction("t5", "2026-11-06", "-250.00", category: "soft"),
    // Not business, a transfer, no category: none of them is a business expense.
    transaction("t6", "2026-11-07", "-99.00", category: "soft", business: false),
    transaction("t7", "2026-11-08", "-1000.00", category: "xfer"),
    transaction("t8", "2026-11-10", "-12.34", category: nil),
    transaction("t9", "2026-11-11", "-5.00", category: nil),
    // The months before, and one outside the trend.
    transaction("t10", "2026-10-02", "3000.00", category: "inc"),
    transaction("t11", "2026-10-15", "-400.00", category: "soft"),
    transaction("t12", "2026-09-30", "-50.00", category: "meal"),
    transaction("t13", "2026-08-31", "-777.00", category: "sup"),
  ]

  func answer(_ params: [String: JSONValue]) throws -> JSONValue {
    try AgilityConnector.answer(
      "agility.spending", params: params, items: Self.items, points: [], options: ["timeZone": "America/New_York"],
      now: Self.now)
  }

  @Test func theMonthsBusinessExpensesByCategoryLargestFirst() throws {
    let result = try answer(["months": 3])
    #expect(result["month"] == "2026-11")
    #expect(result["expenses"] == "480.00")
    guard case .array(let categories)? = result["categories"] else {
      Issue.record("no categories in \(result)")
      return
    }
    #expect(categories.map { $0["name"]?.stringValue } == ["Software & other", "Supplies", "Meals"])
    #expect(categories.map { $0["amount"]?.stringValue } == ["250.00", "150.00", "80.00"])
    #expect(categories.map { $0["share"]?.stringValue } == ["52.1", "31.3", "16.7"])
    #expect(categories.map { $0["count"]?.int64Value } == [1, 2, 1])
    // Money out with no category is said apart, counted nowhere.
    #expect(result["uncategorised"]?["amount"] == "17.34")
    #expect(result["uncategorised"]?["count"] == .int(2))
    // Money filed as not business is said apart too (a fresh-eyes tester missed it).
    #expect(result["notBusiness"]?["amount"] == "99.00")
    #expect(result["notBusiness"]?["count"] == .int(1))
    // The trend: three months, oldest first, the asked one last.
    guard case .array(let trend)? = result["trend"] else {
      Issue.record("no trend in \(result)")
      return
    }
    #expect(trend.map { $0["month"]?.stringValue } == ["2026-09", "2026-10", "2026-11"])
    #expect(trend.map { $0["income"]?.stringValue } == ["0.00", "3000.00", "5000.00"])
    #expect(trend.map { $0["expenses"]?.stringValue } == ["50.00", "400.00", "480.00"])
    #expect(trend.map { $0["profit"]?.stringValue } == ["-50.00", "2600.00", "4520.00"])
  }

  @Test func sixMonthsByDefaultAndAnyMonthAsked() throws {
    let result = try answer(["month": "2026-08"])
    #expect(result["months"] == .int(6))
    guard case .array(let trend)? = result["trend"] else {
      Issue.record("no trend")
      return
    }
    #expect(trend.first?["month"] == "2026-03")
    #expect(trend.last?["month"] == "2026-08")
    if case .array(let categories)? = result["categories"] {
      #expect(categories.map { $0["name"]?.stringValue } == ["Supplies"])
    }
    #expect(result["expenses"] == "777.00")
    // Across a new year.
    let january = try answer(["month": "2027-01", "months": 3])
    if case .array(let months)? = january["trend"] {
      #expect(months.map { $0["month"]?.stringValue } == ["2026-11", "2026-12", "2027-01"])
    }
    #expect(throws: ActionRefusal.self) { try answer(["month": "2026-13"]) }
    // The declaration bounds the trend.
    let declaration = try #require(AgilityConnector.storeViews.first { $0.name == "agility.spending" })
    #expect(throws: ActionRefusal.self) { try declaration.validate(["months": 25]) }
    #expect(throws: ActionRefusal.self) { try declaration.validate(["language": "es"]) }
  }

  @Test func theChartIsAStandaloneSVGInTheReadersWords() throws {
    let result = try answer(["months": 3, "language": "de"])
    let svg = try #require(result["svg"]?.stringValue)
    let collector = SVGCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(collector.names.first == "svg")
    #expect(!svg.contains("href"))
    #expect(collector.title == "Geschäftsausgaben nach Kategorie, November 2026")
    // The largest category's bar is the full 360; the others in proportion (150/250 · 360).
    #expect(collector.elements["category-1"]?.attributes["width"] == "360.0")
    #expect(collector.elements["category-2"]?.attributes["width"] == "216.0")
    #expect(collector.elements["category-3"] != nil && collector.elements["category-4"] == nil)
    // Names escaped, money and shares as a German reader writes them.
    #expect(svg.contains("Software &amp; other"))
    #expect(svg.contains("250,00\u{00A0}$  52,1 %"))
    #expect(svg.contains(">September 2026<") && svg.contains(">Einnahmen<"))
    // The trend on one scale: November's income (5000) is the full 160.
    #expect(collector.elements["income-2026-11"]?.attributes["height"] == "160.0")
    #expect(collector.elements["expenses-2026-10"]?.attributes["height"] == "12.8")
    #expect(collector.elements["income-2026-09"]?.attributes["height"] == "0.0")
    // In Switzerland, the money is written the Swiss way.
    let swiss = try answer(["months": 3, "language": "de", "region": "ch"])
    #expect(swiss["svg"]?.stringValue?.contains("$ 250.00  52.1 %") == true)
    // A month without business expenses says so.
    let empty = try answer(["month": "2026-07", "months": 1, "language": "fr"])
    #expect(empty["svg"]?.stringValue?.contains("Aucune dépense professionnelle ce mois-ci") == true)
  }
}
