import Foundation
import OutpostModel
import OutpostSandbox
import Testing

@testable import OutpostConnectors

/// `outpost agility import` as the daemon runs it (`AgilityConnector.importFiles`): every bank
/// file the sandbox writes gives its expected summary against the store's transactions, the
/// rows it stores at once make a second import add nothing, flagged rows are kept only when
/// asked, and the queued upload carries exactly the new rows.
@Suite struct AgilityImportPlanTests {
  static let accountID = "acct-checking"

  static func account(profile: JSONValue? = nil) -> Item {
    var details: [String: JSONValue] = ["type": "checking", "mask": "1234", "balance": "100.00"]
    if let profile { details["csvProfile"] = profile }
    return Item(kind: .bankAccount, upstreamID: accountID, title: "Business Checking", details: .object(details))
  }

  static func plaidItems(_ rows: [AgilityBankFiles.ExistingPlaidRow]) -> [Item] {
    rows.map { row in
      Item(
        kind: .moneyTransaction, upstreamID: row.id, title: row.description,
        details: [
          "date": .string(row.date), "amount": .string(AgilityMoney.decimal(row.amountCents)),
          "accountId": .string(accountID), "source": "plaid", "status": .string(row.pending ? "pending" : "posted"),
          "descriptionRaw": .string(row.description), "version": 1,
        ])
    }
  }

  static func plan(
    _ file: AgilityBankFile, items: [Item], params: [String: JSONValue] = [:]
  ) throws -> ImportPlan {
    try plan(name: file.name, bytes: file.bytes, invertSign: file.invertSign, items: items, params: params)
  }

  static func plan(
    name: String, bytes: [UInt8], invertSign: Bool, items: [Item], params: [String: JSONValue] = [:]
  ) throws -> ImportPlan {
    var all: [String: JSONValue] = ["bankAccount": "Business Checking"]
    if invertSign { all["invertSign"] = true }
    all.merge(params) { $1 }
    let context = ImportContext(
      existing: [:], items: items, options: ["timeZone": "America/New_York"], params: all, now: Date())
    return try AgilityConnector.importFiles(
      "agility.bank-csv", files: [ImportFile(name: name, bytes: bytes)], context: context)
  }

  @Test(arguments: AgilityBankFile.Shape.allCases)
  func everyGeneratedFileImportsWithItsSummaryAndASecondImportAddsNothing(shape: AgilityBankFile.Shape) throws {
    let plaid = AgilityBankFiles.samplePlaidRows(seed: 42)
    let file = AgilityBankFiles.file(shape, seed: 42, existingPlaid: plaid)
    let items = [Self.account()] + Self.plaidItems(plaid)
    let first = try Self.plan(file, items: items)
    let summary = first.summary
    #expect(summary["inserted"]?.int64Value == Int64(file.expected.inserted), "\(file.name): \(summary)")
    #expect(summary["already_present"]?.int64Value == Int64(file.expected.alreadyPresent), "\(file.name)")
    #expect(summary["needs_review_count"]?.int64Value == Int64(file.expected.needsReview), "\(file.name)")
    #expect(summary["rejected_count"]?.int64Value == Int64(file.expected.rejected), "\(file.name)")
    if case .array(let warnings)? = summary["balance_warnings"] {
      #expect(warnings.count == file.expected.balanceWarnings, "\(file.name)")
    }
    // Stored now, one item a new row, not yet at Agility (no version: nothing acts on them).
    #expect(first.items.count == file.expected.inserted)
    #expect(first.items.allSatisfy { $0.kind == .moneyTransaction && $0.details["version"] == nil })
    #expect(first.items.allSatisfy { $0.details["source"] == "csv" && $0.details["importHash"] != nil })
    let (type, upload) = try #require(first.action)
    #expect(type == .agilityUploadImport)
    let rows = try #require(AgilityUpload.rows(upload.params))
    #expect(rows.count == file.expected.inserted)
    #expect(Set(rows.compactMap { $0["id"]?.stringValue }) == Set(first.items.map(\.upstreamID)))
    #expect(rows.allSatisfy { $0["status"] == "posted" && $0["import_batch_id"]?.stringValue == upload.target })

    // The same file again, with what the first import stored: nothing new, no upload.
    let again = try Self.plan(file, items: items + first.items)
    #expect(again.summary["inserted"]?.int64Value == 0, "\(file.name)")
    #expect(again.action == nil)
    #expect(again.items.isEmpty)
    // Planned again from scratch (a crash before the items were stored): the same ids.
    let replanned = try Self.plan(file, items: items)
    #expect(Set(replanned.items.map(\.upstreamID)) == Set(first.items.map(\.upstreamID)))
  }

  @Test func flaggedRowsAreUploadedOnlyWhenKept() throws {
    let plaid = AgilityBankFiles.samplePlaidRows(seed: 42)
    let file = AgilityBankFiles.file(.plaidMatches, seed: 42, existingPlaid: plaid)
    let items = [Self.account()] + Self.plaidItems(plaid)
    let first = try Self.plan(file, items: items)
    guard case .array(let flagged)? = first.summary["needs_review"] else {
      Issue.record("nothing flagged")
      return
    }
    #expect(flagged.count == plaid.count)
    #expect(flagged.allSatisfy { $0["match"]?["source"] == "plaid" })
    let line = try #require(flagged.first?["line"]?.int64Value)
    let keepOne = try Self.plan(file, items: items, params: ["keep": .string("\(line)")])
    #expect(keepOne.summary["kept"] == 1)
    #expect(keepOne.items.count == first.items.count + 1)
    let keepAll = try Self.plan(file, items: items, params: ["keepFlagged": true])
    #expect(keepAll.items.count == first.items.count + plaid.count)
  }

  @Test func theAccountIsFoundByNameOrDigitsAndAnUnknownOneIsRefusedWithTheChoices() throws {
    let plaid = AgilityBankFiles.samplePlaidRows(seed: 1)
    let file = AgilityBankFiles.file(.chaseChecking, seed: 1, existingPlaid: plaid)
    let items = [Self.account()] + Self.plaidItems(plaid)
    #expect(throws: Never.self) { try Self.plan(file, items: items, params: ["bankAccount": "1234"]) }
    #expect(throws: Never.self) { try Self.plan(file, items: items, params: ["bankAccount": "business checking"]) }
    do {
      _ = try Self.plan(file, items: items, params: ["bankAccount": "Savings"])
      Issue.record("an unknown account was taken")
    } catch {
      #expect("\(error)".contains("Business Checking (…1234)"))
    }
    // Not a bank export: refused as a whole, with what was expected.
    do {
      _ = try Self.plan(
        name: "notes.txt", bytes: Array("just some text\nnothing here\n".utf8), invertSign: false, items: items)
      Issue.record("a text file was imported")
    } catch {
      #expect("\(error)".contains("notes.txt: not imported"))
    }
  }

  @Test func theSavedMappingIsSentWithTheUploadAndReused() throws {
    let plaid = AgilityBankFiles.samplePlaidRows(seed: 3)
    let file = AgilityBankFiles.file(.amexCard, seed: 3, existingPlaid: plaid)
    let first = try Self.plan(file, items: [Self.account()] + Self.plaidItems(plaid))
    let profile = try #require(first.action?.1.params["profile"])
    #expect(profile["invert_sign"] == .bool(true))
    // With the mapping saved on the account, the next file needs no --invert-sign.
    var plain = file
    plain.invertSign = false
    let second = try Self.plan(plain, items: [Self.account(profile: profile)] + Self.plaidItems(plaid))
    #expect(second.summary["inserted"] == first.summary["inserted"])
    #expect(Set(second.items.map(\.upstreamID)) == Set(first.items.map(\.upstreamID)))
  }
}
