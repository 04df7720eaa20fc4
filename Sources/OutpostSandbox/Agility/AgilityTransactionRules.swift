/// The `transactions` table's write rules (agility.md §2.6): what an insert takes and
/// defaults, the unique indexes on `import_hash` and `(account_id, external_id)`, and the
/// foreign keys to live accounts and categories (409 `23503` otherwise, a soft-deleted
/// category included: that is how a queued recategorisation to a deleted category fails).
enum AgilityTransactionRules {
  typealias Row = AgilityTables.Row
  static let table = AgilityTables.transactions

  static let input: Set = [
    "account_id", "date", "amount", "merchant", "description_raw", "category_id", "is_business_expense", "tags",
    "notes", "receipt_id", "status", "source", "external_id", "import_hash", "import_batch_id",
  ]
  /// What a client may change on an existing row (recategorisation, notes, tags, the name).
  static let patchable: Set = ["category_id", "is_business_expense", "notes", "tags", "merchant"]
  static let statuses: Set = ["pending", "posted"]
  static let sources: Set = ["plaid", "csv", "manual", "receipt"]

  static let uniques = [
    AgilityInsertRules.Unique(
      constraint: "transactions_user_id_import_hash_key", columns: ["import_hash"],
      key: { AgilityTables.text($0["import_hash"]) }),
    AgilityInsertRules.Unique(
      constraint: "transactions_user_id_account_id_external_id_key", columns: ["account_id", "external_id"],
      key: { row in
        guard let account = AgilityTables.text(row["account_id"]), let external = AgilityTables.text(row["external_id"])
        else { return nil }
        return "\(account), \(external)"
      }),
  ]

  static func fields(_ object: [String: SandboxJSON]) throws(TasksRestError) -> Row {
    var fields = try AgilityWriteSupport.fields(object, table: table, input: input) { column in
      AgilityInsertRules.stamps.contains(column) ? nil : AgilityWriteSupport.unknownColumn(column, table.name)
    }
    for column in ["date", "amount", "merchant"] where (fields[column] ?? .null) == .null {
      throw AgilityWriteSupport.notNull(column, table.name)
    }
    let defaults: Row = [
      "status": .text("posted"), "source": .text("manual"), "is_business_expense": .bool(false),
      "tags": AgilityTables.tags([]),
    ]
    for (column, value) in defaults where (fields[column] ?? .null) == .null { fields[column] = value }
    for column in input where fields[column] == nil { fields[column] = .null }
    if let status = AgilityTables.text(fields["status"]), !statuses.contains(status) {
      throw AgilityWriteSupport.invalidEnum("transaction_status", status)
    }
    if let source = AgilityTables.text(fields["source"]), !sources.contains(source) {
      throw AgilityWriteSupport.invalidEnum("transaction_source", source)
    }
    return fields
  }

  static func prepare(_ row: inout Row, state: AgilityState, owner: String) -> TasksRestError? {
    references(row, state: state, owner: owner)
  }

  /// The foreign keys: `account_id` → a live account, `category_id` → a live category.
  static func references(_ row: Row, state: AgilityState, owner: String) -> TasksRestError? {
    for (column, target) in [("account_id", "accounts"), ("category_id", "categories")] {
      guard let id = AgilityTables.text(row[column]) else { continue }
      if state.liveRow(target, owner: owner, id: id) == nil {
        return AgilityWriteSupport.foreignKey(table: table.name, column: column, value: id, target: target)
      }
    }
    return nil
  }
}
