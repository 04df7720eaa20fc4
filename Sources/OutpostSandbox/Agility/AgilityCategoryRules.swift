/// The `categories` table's write rules (agility.md §2.2): custom categories only
/// (`is_system` true is refused by row-level security), names unique per user ignoring case
/// among live rows (409 `23505`), and the trigger that refuses a 21st non-archived custom
/// category with 400 `P0001` "custom category limit reached (20)".
enum AgilityCategoryRules {
  typealias Row = AgilityTables.Row
  static let table = AgilityTables.categories
  static let limit = 20

  static let input: Set = ["name", "kind", "schedule_c_line", "deductible_pct", "archived", "is_system"]
  static let kinds: Set = ["income", "expense", "transfer", "tax_payment", "personal"]

  static let uniques = [
    AgilityInsertRules.Unique(
      constraint: "categories_user_id_lower_name_key", columns: ["lower(name)"],
      key: { row in AgilityTables.isLive(row) ? AgilityTables.text(row["name"])?.lowercased() : nil })
  ]

  static func fields(_ object: [String: SandboxJSON]) throws(TasksRestError) -> Row {
    var fields = try AgilityWriteSupport.fields(object, table: table, input: input) { column in
      AgilityInsertRules.stamps.contains(column) ? nil : AgilityWriteSupport.unknownColumn(column, table.name)
    }
    for column in ["name", "kind"] where (fields[column] ?? .null) == .null {
      throw AgilityWriteSupport.notNull(column, table.name)
    }
    if let kind = AgilityTables.text(fields["kind"]), !kinds.contains(kind) {
      throw AgilityWriteSupport.invalidEnum("category_kind", kind)
    }
    guard fields["is_system"] != .bool(true) else { throw AgilityWriteSupport.rowSecurity(table.name) }
    let defaults: Row = [
      "deductible_pct": AgilityMoney.cell(10_000), "archived": .bool(false), "is_system": .bool(false),
      "schedule_c_line": .null,
    ]
    for (column, value) in defaults where (fields[column] ?? .null) == .null { fields[column] = value }
    let percent = AgilityMoney.value(fields["deductible_pct"])
    guard (0...10_000).contains(percent) else { throw AgilityWriteSupport.check("deductible_pct", table.name) }
    return fields
  }

  /// The limit trigger: live, non-archived custom categories, this request's included.
  static func prepare(_ row: Row, state: AgilityState, owner: String, pending: [Row]) -> TasksRestError? {
    guard row["archived"] != .bool(true) else { return nil }
    let counted = (state.rows(table.name, owner: owner) + pending).count {
      AgilityTables.isLive($0) && $0["is_system"] == .bool(false) && $0["archived"] != .bool(true)
    }
    return counted >= limit ? AgilityWriteSupport.raise("custom category limit reached (\(limit))") : nil
  }
}
