import OutpostConnectors
import Testing

/// agility.md §5.4: external id, then import hash, then probable duplicates for review.
@Suite struct BankCSVDedupTests {
  private let account = "acct-1"

  private func file(_ body: String) throws -> BankCSVFile {
    try BankCSVParser.parse(
      Array(("Date,Description,Amount,Reference\n" + body).utf8), accountID: account, profile: nil, invertSign: nil)
  }

  private func existing(
    _ id: String, _ iso: String, _ cents: Int64, _ description: String, source: BankCSVExisting.Source = .plaid,
    status: BankCSVExisting.Status = .posted, account: String? = "acct-1", externalID: String? = nil,
    importHash: String? = nil
  ) -> BankCSVExisting {
    BankCSVExisting(
      id: id, accountID: account, date: BankDate(iso: iso)!, amountCents: cents, description: description,
      source: source, status: status, externalID: externalID, importHash: importHash)
  }

  @Test func externalIDOnTheSameAccountIsAlreadyPresent() throws {
    let parsed = try file("01/15/2026,COFFEE,-4.50,FIT-1\n01/15/2026,TEA,-3.00,FIT-2\n")
    let plan = BankCSVDeduplicator.plan(
      parsed, accountID: account,
      existing: [
        // Different text and a changed hash: the id alone decides (§5.4.1).
        existing("e1", "2026-01-10", -999, "SOMETHING ELSE", source: .csv, externalID: "FIT-1"),
        existing("e2", "2026-01-15", -300, "TEA", source: .csv, account: "acct-2", externalID: "FIT-2"),
      ])
    #expect(plan.alreadyPresent.map(\.description) == ["COFFEE"])
    #expect(plan.new.map(\.description) == ["TEA"])
    #expect(
      plan.summary == BankCSVSummary(inserted: 1, alreadyPresent: 1, needsReview: 0, rejected: 0, balanceWarnings: 0))
  }

  @Test func importHashIsAlreadyPresent() throws {
    let parsed = try file("01/15/2026,COFFEE,-4.50,\n01/15/2026,COFFEE,-4.50,\n")
    let first = parsed.rows[0]
    let plan = BankCSVDeduplicator.plan(
      parsed, accountID: account,
      existing: [existing("e1", "2026-01-15", -450, "COFFEE", source: .csv, importHash: first.fingerprint)])
    // The second identical coffee has occurrence 2, another hash: it is new.
    #expect(plan.alreadyPresent.map(\.occurrence) == [1])
    #expect(plan.new.map(\.occurrence) == [2])
    #expect(plan.needsReview.isEmpty)
  }

  @Test func probableDuplicateOfAnotherSource() throws {
    let parsed = try file(
      """
      01/15/2026,UBER *TRIP HELP.UBER.COM,-23.40,
      01/15/2026,AMAZON MKTPLACE PMTS,-19.99,
      01/15/2026,SHELL OIL 57444,-40.00,
      01/15/2026,DELTA AIR LINES,-420.00,
      01/15/2026,TRIP UBER HELP,-11.00,
      01/15/2026,RECEIPT STORE,-8.00,

      """)
    let plan = BankCSVDeduplicator.plan(
      parsed, accountID: account,
      existing: [
        existing("p1", "2026-01-12", -2340, "Uber"),  // contained, 3 days: review
        existing("p2", "2026-01-11", -1999, "Amazon"),  // 4 days apart: new
        existing("p3", "2026-01-15", -4001, "Shell"),  // another amount: new
        existing("p4", "2026-01-15", -42_000, "United Airlines"),  // not similar: new
        existing("p5", "2026-01-16", -1100, "UBER TRIP", source: .manual),  // Jaccard 2/3
        existing("p6", "2026-01-18", -800, "Receipt Store", source: .receipt),
      ])
    #expect(plan.needsReview.map(\.row.description) == ["UBER *TRIP HELP.UBER.COM", "TRIP UBER HELP", "RECEIPT STORE"])
    #expect(plan.needsReview.map(\.match.id) == ["p1", "p5", "p6"])
    #expect(plan.needsReview.map(\.dayDistance) == [3, 1, 3])
    #expect(plan.new.map(\.description) == ["AMAZON MKTPLACE PMTS", "SHELL OIL 57444", "DELTA AIR LINES"])
  }

  @Test func csvRowsAreCandidatesOnlyWhenPending() throws {
    let parsed = try file("01/15/2026,COFFEE SHOP,-4.50,\n01/15/2026,BOOK SHOP,-9.00,\n")
    let plan = BankCSVDeduplicator.plan(
      parsed, accountID: account,
      existing: [
        existing("c1", "2026-01-15", -450, "COFFEE SHOP", source: .csv),
        existing("c2", "2026-01-14", -900, "BOOK SHOP", source: .csv, status: .pending),
        // Another account never matches.
        existing("o1", "2026-01-15", -450, "COFFEE SHOP", account: "acct-2"),
      ])
    #expect(plan.new.map(\.description) == ["COFFEE SHOP"])
    #expect(plan.needsReview.map(\.match.id) == ["c2"])
  }

  @Test func eachExistingRowMatchesOnceAndTheClosestDateWins() throws {
    let parsed = try file(
      "01/10/2026,STARBUCKS STORE 123,-4.50,\n01/12/2026,STARBUCKS STORE 456,-4.50,\n"
        + "01/13/2026,STARBUCKS STORE 789,-4.50,\n")
    let plan = BankCSVDeduplicator.plan(
      parsed, accountID: account,
      existing: [
        existing("p1", "2026-01-12", -450, "Starbucks"),
        existing("p2", "2026-01-09", -450, "Starbucks"),
      ])
    // p1 goes to the row on its own day; p2 to the row a day after it; the third row is new.
    #expect(plan.needsReview.map(\.row.line) == [2, 3])
    #expect(plan.needsReview.map(\.match.id) == ["p2", "p1"])
    #expect(plan.new.map(\.line) == [4])
    #expect(plan.summary.needsReview == 2)
  }

  @Test func similarity() {
    #expect(BankCSVDeduplicator.similar("UBER TRIP", "TRIP UBER HELP"))
    #expect(BankCSVDeduplicator.similar("AMAZON", "AMAZON MKTPLACE PMTS"))
    #expect(!BankCSVDeduplicator.similar("AMAZON MKTPLACE", "AMAZON PMTS"))
    #expect(!BankCSVDeduplicator.similar("A B C D", "A B X"))  // 2/5
    #expect(BankCSVDeduplicator.similar("A B C", "A B D"))  // 2/4
    #expect(!BankCSVDeduplicator.similar("", "ANYTHING"))
  }

  @Test func rejectedAndWarningsCarryThrough() throws {
    let parsed = try BankCSVParser.parse(
      Array("Date,Description,Amount,Balance\n01/01/2026,A,-1.00,9.00\n01/02/2026,B,x,8.00\n".utf8),
      accountID: account, profile: nil, invertSign: nil)
    let plan = BankCSVDeduplicator.plan(parsed, accountID: account, existing: [])
    #expect(
      plan.summary == BankCSVSummary(inserted: 1, alreadyPresent: 0, needsReview: 0, rejected: 1, balanceWarnings: 0))
    #expect(plan.rejected.first?.line == 3)
  }
}
