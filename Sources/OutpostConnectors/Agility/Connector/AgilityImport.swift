import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `outpost agility import FILE --account A` (agility.md §5): a bank's CSV export read with the
/// account's saved column mapping, checked against the transactions the store holds (the
/// bank's id, then the row's fingerprint, then a probable duplicate of a bank-feed or pending
/// row, which is listed for review and not uploaded unless the user keeps it). The new rows are
/// stored now and uploaded later as one queued action; their ids come from their fingerprints,
/// so planning the same file again after a crash makes the same rows.
extension AgilityConnector: ImportingConnector {
  public static let imports: [ImportDeclaration] = [
    ImportDeclaration(
      name: "agility.bank-csv", service: descriptor.kind,
      summary: "a bank or card CSV export (Chase, Bank of America, Amex and the like) into one account",
      maxBytes: BankCSVParser.byteLimit,
      parameters: [
        ActionParameter(
          "bankAccount", .string, required: true, summary: "the account's name, last 4 digits or id", maxLength: 200),
        ActionParameter("invertSign", .bool, summary: "the file lists purchases as positive amounts: flip every sign"),
        ActionParameter("keep", .string, summary: "flagged lines to import anyway, comma-separated", maxLength: 10_000),
        ActionParameter("keepFlagged", .bool, summary: "import every flagged row anyway"),
      ], contextKinds: [.bankAccount, .moneyTransaction])
  ]

  public static func importFiles(_ name: String, files: [ImportFile], context: ImportContext) throws(ActionRefusal)
    -> ImportPlan
  {
    guard name == "agility.bank-csv" else { throw .notAllowed("Agility imports no \(name)") }
    guard files.count == 1, let file = files.first else {
      throw .invalidParams("import one bank file at a time (each belongs to one account)")
    }
    let account = try AgilityImportAccount.find(context.params["bankAccount"]?.stringValue ?? "", in: context.items)
    let profile = AgilityImportAccount.profile(account)
    let invert: Bool? = context.params["invertSign"] == .bool(true) ? true : nil
    let parsed: BankCSVFile
    do {
      parsed = try BankCSVParser.parse(file.bytes, accountID: account.upstreamID, profile: profile, invertSign: invert)
    } catch {
      throw .invalidParams("\(file.name): not imported: \(error)")
    }
    let existing = context.items.compactMap(AgilityImportAccount.existing)
    let plan = BankCSVDeduplicator.plan(parsed, accountID: account.upstreamID, existing: existing)
    let keepAll = context.params["keepFlagged"] == .bool(true)
    let keepLines = Set(
      (context.params["keep"]?.stringValue ?? "").split(separator: ",").compactMap { Int($0.filter { $0 != " " }) })
    let kept = plan.needsReview.filter { keepAll || keepLines.contains($0.row.line) }.map(\.row)
    let flagged = plan.needsReview.filter { !(keepAll || keepLines.contains($0.row.line)) }
    let fresh = plan.new + kept

    let batch = UUID().uuidString.lowercased()
    let days = AgilityDays(option: context.options["timeZone"])
    let ids = fresh.map { AgilityImportRows.id($0, accountID: account.upstreamID) }
    let rows = zip(fresh, ids).map { AgilityImportRows.row($0, id: $1) }
    var summary: [String: JSONValue] = [
      "file": .string(file.name), "bank_account": .string(account.title), "encoding": .string(parsed.encoding),
      "inserted": .int(Int64(fresh.count)), "already_present": .int(Int64(plan.alreadyPresent.count)),
      "kept": .int(Int64(kept.count)), "skipped": .int(Int64(parsed.skipped)),
      "needs_review": .array(flagged.prefix(500).map(AgilityImportRows.review)),
      "needs_review_count": .int(Int64(flagged.count)),
      "rejected": .array(
        plan.rejected.prefix(100).map { ["line": .int(Int64($0.line)), "reason": .string($0.reason)] }),
      "rejected_count": .int(Int64(plan.rejected.count)),
      "balance_warnings": .array(
        plan.balanceWarnings.prefix(100).map { ["line": .int(Int64($0.line)), "message": .string($0.message)] }),
      "batch": fresh.isEmpty ? .null : .string(batch),
    ]
    if let assumption = parsed.dateOrderAssumption { summary["date_order_assumed"] = .string(assumption) }
    guard !fresh.isEmpty else { return ImportPlan(items: [], action: nil, summary: .object(summary)) }
    var params: [String: JSONValue] = [
      "batch": .string(batch), "accountId": .string(account.upstreamID),
      "columns": .array(AgilityImportRows.columns.map { .string($0) }), "rows": .array(rows),
      "shared": AgilityImportRows.shared(accountID: account.upstreamID, batch: batch),
    ]
    if let profileJSON = AgilityImportAccount.json(parsed.profile) { params["profile"] = profileJSON }
    if let balance = AgilityImportAccount.newerBalance(parsed.newestBalance, than: account, days: days) {
      params["balance"] = balance
    }
    // A file covers a few hundred days at most: each day's midnight is worked out once.
    var midnights: [Int: Date] = [:]
    let items = zip(fresh, ids).map { row, id -> Item in
      let day = row.date.dayNumber
      let start = midnights[day] ?? days.instant(CivilDate(dayNumber: day))
      midnights[day] = start
      return AgilityImportRows.item(
        row, id: id, accountID: account.upstreamID, accountName: account.title, batch: batch, startsAt: start)
    }
    return ImportPlan(
      items: items, action: (.agilityUploadImport, PreparedAction(target: batch, params: .object(params))),
      summary: .object(summary))
  }
}

/// The account a file is imported into, its saved mapping, and the store's transactions as the
/// duplicate rules see them.
enum AgilityImportAccount {
  static func find(_ reference: String, in items: [Item]) throws(ActionRefusal) -> Item {
    let accounts = items.filter { $0.kind == .bankAccount }
    let wanted = reference.lowercased().filter { $0 != " " }
    if let found = accounts.first(where: {
      $0.upstreamID == reference || $0.title.lowercased().filter { $0 != " " } == wanted
        || ($0.details["mask"]?.stringValue.map { !wanted.isEmpty && $0 == wanted } ?? false)
    }) {
      return found
    }
    let names = accounts.map { account in
      account.title + (account.details["mask"]?.stringValue.map { " (…\($0))" } ?? "")
    }
    throw .invalidParams(
      "no account \"\(reference)\"; yours are: \(names.isEmpty ? "none synced yet (run `outpost sync`)" : names.sorted().joined(separator: ", "))"
    )
  }

  static func profile(_ account: Item) -> BankCSVProfile? {
    guard let value = account.details["csvProfile"], value != .null,
      let bytes = try? JSONCoding.encode(value)
    else { return nil }
    return try? JSONDecoder().decode(BankCSVProfile.self, from: Data(bytes))
  }

  static func json(_ profile: BankCSVProfile) -> JSONValue? {
    guard let data = try? JSONEncoder().encode(profile) else { return nil }
    return try? JSONParser.parse(Array(data))
  }

  /// The file's newest running balance when it is newer than the account's: it becomes the
  /// account's balance as of the end of that day.
  static func newerBalance(_ balance: BankCSVBalance?, than account: Item, days: AgilityDays) -> JSONValue? {
    guard let balance, let day = CivilDate(year: balance.date.year, month: balance.date.month, day: balance.date.day)
    else { return nil }
    let asOf = days.instant(day.adding(days: 1)).addingTimeInterval(-1)
    if let current = account.details["balanceAsOf"]?.stringValue.flatMap(UTCTimestamp.parse), current >= asOf {
      return nil
    }
    return [
      "current_balance": .string(AgilityMoney.decimal(balance.cents)),
      "balance_as_of": .string(UTCTimestamp.format(asOf)),
    ]
  }

  static func existing(_ item: Item) -> BankCSVExisting? {
    guard item.kind == .moneyTransaction, let date = item.details["date"]?.stringValue.flatMap(BankDate.init(iso:)),
      let cents = AgilityMoney.cents(item.details["amount"])
    else { return nil }
    return BankCSVExisting(
      id: item.upstreamID, accountID: item.details["accountId"]?.stringValue, date: date, amountCents: cents,
      description: item.details["descriptionRaw"]?.stringValue ?? item.title,
      source: item.details["source"]?.stringValue.flatMap(BankCSVExisting.Source.init(rawValue:)) ?? .manual,
      status: item.details["status"]?.stringValue == "pending" ? .pending : .posted,
      externalID: item.details["externalId"]?.stringValue, importHash: item.details["importHash"]?.stringValue)
  }
}

/// The upload's rows (agility.md §5.5): client id, `source=csv`, `status=posted`, the batch,
/// no category (Agility's rules file them), the fingerprint as `import_hash`. What every row of
/// one import shares is stored once (`shared`); a row keeps only its own values, and `merchant`
/// is its description: the queued action of 45,000 rows stays a few MiB.
enum AgilityImportRows {
  static let columns = ["id", "date", "amount", "description_raw", "external_id", "import_hash"]

  static func shared(accountID: String, batch: String) -> JSONValue {
    [
      "account_id": .string(accountID), "status": "posted", "source": "csv", "import_batch_id": .string(batch),
      "is_business_expense": false,
    ]
  }

  static func id(_ row: BankCSVRow, accountID: String) -> String {
    StableUUID.from("agility-csv:\(accountID):\(row.fingerprint)")
  }

  /// A row of the upload; `id` is `id(row, accountID:)`, made once for the row and its item.
  static func row(_ row: BankCSVRow, id: String) -> JSONValue {
    .array([
      .string(id), .string(row.date.iso), .string(AgilityMoney.decimal(row.amountCents)),
      .string(row.description), row.externalID.map { .string($0) } ?? .null, .string(row.fingerprint),
    ])
  }

  /// The row as stored now, before Agility has it: no version (nothing acts on it yet).
  static func item(
    _ row: BankCSVRow, id: String, accountID: String, accountName: String, batch: String, startsAt: Date
  ) -> Item {
    var details: [String: JSONValue] = [
      "id": .string(id), "amount": .string(AgilityMoney.decimal(row.amountCents)), "date": .string(row.date.iso),
      "accountId": .string(accountID), "account": .string(accountName), "descriptionRaw": .string(row.description),
      "business": false, "status": "posted", "source": "csv", "importHash": .string(row.fingerprint),
      "importBatch": .string(batch),
    ]
    if let external = row.externalID { details["externalId"] = .string(external) }
    return Item(
      kind: .moneyTransaction, upstreamID: id, title: row.description, startsAt: startsAt, details: .object(details))
  }

  static func review(_ review: BankCSVReview) -> JSONValue {
    [
      "line": .int(Int64(review.row.line)), "date": .string(review.row.date.iso),
      "amount": .string(AgilityMoney.decimal(review.row.amountCents)), "description": .string(review.row.description),
      "match": [
        "id": .string(review.match.id), "date": .string(review.match.date.iso),
        "amount": .string(AgilityMoney.decimal(review.match.amountCents)),
        "merchant": .string(review.match.description), "source": .string(review.match.source.rawValue),
        "status": .string(review.match.status.rawValue),
      ],
    ]
  }
}
