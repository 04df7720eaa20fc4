import OutpostConnectors
import OutpostSandbox
import Testing

/// The sandbox's bank exports (agility.md §7) through the parser and the deduplicator: each
/// must give the summary the generator fixed when it wrote the file.
@Suite struct BankCSVGeneratedFilesTests {
  private let account = "acct-checking"

  private func plaidExisting(_ rows: [AgilityBankFiles.ExistingPlaidRow]) -> [BankCSVExisting] {
    rows.map { row in
      BankCSVExisting(
        id: row.id, accountID: account, date: BankDate(iso: row.date)!, amountCents: row.amountCents,
        description: row.description, source: .plaid, status: row.pending ? .pending : .posted)
    }
  }

  /// What the server holds after an import: the uploaded rows as `csv` rows with their hashes.
  private func uploaded(_ plan: BankCSVPlan) -> [BankCSVExisting] {
    plan.new.enumerated().map { index, row in
      BankCSVExisting(
        id: "csv-\(index)-\(row.line)", accountID: account, date: row.date, amountCents: row.amountCents,
        description: row.description, source: .csv, status: .posted, externalID: row.externalID,
        importHash: row.fingerprint)
    }
  }

  private func summary(_ expected: AgilityBankFile.Expected) -> BankCSVSummary {
    BankCSVSummary(
      inserted: expected.inserted, alreadyPresent: expected.alreadyPresent, needsReview: expected.needsReview,
      rejected: expected.rejected, balanceWarnings: expected.balanceWarnings)
  }

  private func importFile(_ file: AgilityBankFile, existing: [BankCSVExisting]) throws -> (BankCSVFile, BankCSVPlan) {
    let parsed = try BankCSVParser.parse(file.bytes, accountID: account, profile: nil, invertSign: file.invertSign)
    return (parsed, BankCSVDeduplicator.plan(parsed, accountID: account, existing: existing))
  }

  static let seeds: [UInt64] = [1, 42, 20_260_105]

  @Test(arguments: AgilityBankFile.Shape.allCases, seeds)
  func everyFileGivesItsExpectedSummary(shape: AgilityBankFile.Shape, seed: UInt64) throws {
    let plaid = AgilityBankFiles.samplePlaidRows(seed: seed)
    let file = AgilityBankFiles.file(shape, seed: seed, existingPlaid: plaid)
    let (parsed, plan) = try importFile(file, existing: plaidExisting(plaid))
    #expect(plan.summary == summary(file.expected), "\(file.name): \(plan.rejected) \(plan.balanceWarnings)")
    #expect(parsed.skipped == file.expectedSkipped, "\(file.name)")
    #expect(plan.summary.inserted > 0)

    // Importing the same file again, after its rows were uploaded, adds nothing.
    let again = try importFile(file, existing: plaidExisting(plaid) + uploaded(plan)).1
    #expect(again.summary.inserted == 0, "\(file.name)")
    #expect(again.summary.alreadyPresent == plan.summary.inserted)
    #expect(again.summary.needsReview == plan.summary.needsReview)
    #expect(again.summary.rejected == plan.summary.rejected)
  }

  @Test func theSetCoversEveryShapeOnce() {
    let plaid = AgilityBankFiles.samplePlaidRows(seed: 7)
    let files = AgilityBankFiles.all(seed: 7, existingPlaid: plaid)
    #expect(files.map(\.shape) == AgilityBankFile.Shape.allCases)
    #expect(Set(files.map(\.name)).count == files.count)
    // Deterministic: the same seed writes the same bytes, another seed other bytes.
    #expect(AgilityBankFiles.all(seed: 7, existingPlaid: plaid) == files)
    #expect(AgilityBankFiles.all(seed: 8, existingPlaid: plaid).map(\.bytes) != files.map(\.bytes))
  }

  /// The figures the checklist names, as fixed numbers.
  @Test func namedFigures() throws {
    let plaid = AgilityBankFiles.samplePlaidRows(seed: 42)
    func file(_ shape: AgilityBankFile.Shape) -> AgilityBankFile {
      AgilityBankFiles.file(shape, seed: 42, existingPlaid: plaid)
    }
    #expect(file(.brokenBalance).expected.balanceWarnings == 2)
    #expect(file(.badRows).expected.rejected == 5)
    #expect(file(.splitDebitCredit).expected.rejected == 1)
    #expect(file(.splitDebitCredit).expectedSkipped == 2)
    #expect(file(.bofaChecking).expectedSkipped == 1)
    #expect(file(.plaidMatches).expected.needsReview == plaid.count)
    #expect(file(.amexCard).invertSign)
    let windows = file(.windows1252).bytes
    #expect(windows.contains(0xC9))
    #expect(String(validating: windows, as: UTF8.self) == nil)
    #expect(file(.bomCRLF).bytes.starts(with: [0xEF, 0xBB, 0xBF]))

    let (parsed, _) = try importFile(file(.windows1252), existing: [])
    #expect(parsed.encoding == "Windows-1252")
    #expect(parsed.rows.contains { $0.description == "CAFÉ DU MONDE NEW ORLEANS LA" })
    let sameDay = try importFile(file(.sameDayIdentical), existing: []).0
    #expect(sameDay.rows.filter { $0.description == "CITY OF AUSTIN PARKING" }.map(\.occurrence) == [1, 2, 3])
    let quoted = try importFile(file(.quotedNewlines), existing: []).0
    #expect(quoted.rows.contains { $0.description == "NORTHWIND \"RUSH\", LLC\r\nREF 88812" })
    #expect(try importFile(file(.chaseChecking), existing: []).0.newestFirst)
    #expect(try importFile(file(.semicolonDecimalComma), existing: []).0.profile.dateOrder == .dmy)
  }

  /// Without the sign inverted, the Amex file's purchases would come in as money in.
  @Test func amexNeedsTheInversion() throws {
    let file = AgilityBankFiles.file(.amexCard, seed: 3, existingPlaid: [])
    let straight = try BankCSVParser.parse(file.bytes, accountID: account, profile: nil, invertSign: false)
    let inverted = try BankCSVParser.parse(file.bytes, accountID: account, profile: nil, invertSign: true)
    #expect(straight.rows.filter { $0.amountCents < 0 }.count == 1)
    #expect(inverted.rows.filter { $0.amountCents > 0 }.count == 1)
  }

  static let overlapShapes: [AgilityBankFile.Shape] = [
    .chaseChecking, .bofaChecking, .bomCRLF, .brokenBalance, .sameDayIdentical, .plaidMatches, .badRows,
    .splitDebitCredit,
  ]

  @Test(arguments: overlapShapes)
  func overlappingSecondExport(shape: AgilityBankFile.Shape) throws {
    let plaid = AgilityBankFiles.samplePlaidRows(seed: 42)
    let first = AgilityBankFiles.file(shape, seed: 42, existingPlaid: plaid)
    let firstPlan = try importFile(first, existing: plaidExisting(plaid)).1
    let second = AgilityBankFiles.overlappingExport(of: first, seed: 42, existingPlaid: plaid)
    #expect(second.expected.alreadyPresent > 0)
    #expect(second.expected.inserted == 10)
    let plan = try importFile(second, existing: plaidExisting(plaid) + uploaded(firstPlan)).1
    #expect(plan.summary == summary(second.expected), "\(second.name): \(plan.balanceWarnings)")
  }

  @Test func largeFileFigures() throws {
    let large = AgilityBankFiles.large(rows: 3000, duplicateShare: 0.1, seed: 9)
    #expect(large.expected.alreadyPresent == 150)
    #expect(large.expected.needsReview == 150)
    #expect(large.expected.inserted == 2700)
    let previous = try BankCSVParser.parse(large.previousExport, accountID: account, profile: nil, invertSign: nil)
    let previousPlan = BankCSVDeduplicator.plan(previous, accountID: account, existing: [])
    let parsed = try BankCSVParser.parse(large.bytes, accountID: account, profile: nil, invertSign: nil)
    let plan = BankCSVDeduplicator.plan(
      parsed, accountID: account, existing: plaidExisting(large.plaid) + uploaded(previousPlan))
    #expect(plan.summary == summary(large.expected))
  }
}
