import Foundation
import OutpostConnectors
import OutpostModel
import Testing

/// A question about a named period reads that whole period from the store, however long ago
/// (a fresh-eyes tester four years on: `agility tax --year 2026` said "$0.00 covered" for every
/// quarter and `agility transactions --month 2026-03` "No transactions", with all 329
/// transactions still stored).
@Suite struct StoreSourcePeriodTests {
  static func at(_ text: String) -> Date { UTCTimestamp.parse(text)! }

  @Test func aYearFourYearsAgoIsReadWhole() throws {
    let tax = try #require(ConnectorRegistry.kind("agility")?.queries.first { $0.name == "agility.tax" }?.fromStore)
    let now = Self.at("2030-12-01T12:00:00Z")
    let range = tax.range(now: now, params: ["year": 2026])
    #expect(range.contains(Self.at("2026-01-01T00:00:00Z")))
    #expect(range.contains(Self.at("2026-12-31T23:59:59Z")))
    // The Q4 installment paid in January counts for the year (the window's futureDays after it).
    #expect(range.contains(Self.at("2027-01-15T12:00:00Z")))
    // The window around today is still read.
    #expect(range.contains(now))
    // Without a year, only the window: 2026 is out of reach four years on.
    #expect(!tax.range(now: now, params: [:]).contains(Self.at("2026-03-01T00:00:00Z")))
  }

  @Test func aMonthIsReadWhole() throws {
    let transactions = try #require(
      ConnectorRegistry.kind("agility")?.queries.first { $0.name == "agility.transactions" }?.fromStore)
    let range = transactions.range(now: Self.at("2030-12-01T12:00:00Z"), params: ["month": "2026-03"])
    #expect(range.contains(Self.at("2026-03-01T00:00:00Z")))
    #expect(range.contains(Self.at("2026-03-31T23:59:59Z")))
    #expect(!range.contains(Self.at("2026-01-15T00:00:00Z")))
  }

  @Test(arguments: ["2026-13", "20x6", "2026-03-01", "", "1800"])
  func whatIsNotAPeriodLeavesTheWindow(_ text: String) {
    let source = StoreSource(kinds: [], pastDays: 10, periodParameter: "month")
    let now = Self.at("2030-12-01T12:00:00Z")
    #expect(source.range(now: now, params: ["month": .string(text)]) == source.range(now: now, params: [:]))
  }
}
