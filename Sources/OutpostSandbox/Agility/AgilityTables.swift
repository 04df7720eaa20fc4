/// The tables of agility.md §2, each with the common columns of supabase.md §7. `tags`
/// (text[]) and `csv_profile` (jsonb) are held as serialized JSON, so replies carry a JSON
/// array or object; money and quantities are `numeric`, JSON numbers in replies.
enum AgilityTables {
  typealias Row = [String: SupabaseValue]

  static let common = SupabaseCommonColumns.columns

  static let accounts = SupabaseTable(
    name: "accounts",
    columns: common + [
      ("name", .text), ("institution", .text), ("type", .text), ("mask", .text), ("current_balance", .number),
      ("balance_as_of", .time), ("connection", .text), ("connection_status", .text), ("last_synced_at", .time),
      ("csv_profile", .json),
    ])

  static let categories = SupabaseTable(
    name: "categories",
    columns: common + [
      ("name", .text), ("kind", .text), ("schedule_c_line", .text), ("deductible_pct", .number), ("is_system", .bool),
      ("archived", .bool),
    ])

  static let clients = SupabaseTable(
    name: "clients",
    columns: common + [
      ("name", .text), ("email", .text), ("company", .text), ("address", .text), ("payment_terms_days", .int),
      ("archived", .bool),
    ])

  static let invoices = SupabaseTable(
    name: "invoices",
    columns: common + [
      ("invoice_number", .text), ("client_id", .uuid), ("status", .text), ("issue_date", .date), ("due_date", .date),
      ("subtotal", .number), ("tax_rate", .number), ("tax_amount", .number), ("total", .number),
      ("amount_paid", .number), ("sent_at", .time), ("viewed_at", .time), ("paid_at", .time), ("template", .int),
      ("pdf_url", .text), ("notes", .text),
    ])

  static let lineItems = SupabaseTable(
    name: "invoice_line_items",
    columns: common + [
      ("invoice_id", .uuid), ("position", .int), ("description", .text), ("quantity", .number), ("rate", .number),
      ("taxable", .bool), ("amount", .number),
    ])

  static let transactions = SupabaseTable(
    name: "transactions",
    columns: common + [
      ("account_id", .uuid), ("date", .date), ("amount", .number), ("merchant", .text), ("description_raw", .text),
      ("category_id", .uuid), ("is_business_expense", .bool), ("tags", .json), ("notes", .text),
      ("receipt_id", .uuid), ("status", .text), ("source", .text), ("external_id", .text), ("import_hash", .text),
      ("import_batch_id", .uuid),
    ])

  static let all = [accounts, categories, clients, invoices, lineItems, transactions]

  static func named(_ name: String) -> SupabaseTable? { all.first { $0.name == name } }

  /// Scales of the `numeric` columns (money 2, quantity 3, tax rate 3 — a rate such as
  /// New York City's 8.875 %), used when a client's number is read.
  static let scales: [String: Int] = ["quantity": 3, "tax_rate": 3, "deductible_pct": 2]
  /// The precision of each `numeric(p, s)` column of agility.sql (12 unless named): a value
  /// that does not fit is 22003 "numeric field overflow", as PostgreSQL answers.
  static let precisions: [String: Int] = ["tax_rate": 6, "deductible_pct": 5, "current_balance": 14]

  /// A row with the common columns filled in.
  static func row(
    id: String, userID: String, updatedAt: Int64, createdAt: Int64? = nil, deletedAt: Int64? = nil, version: Int = 1,
    _ fields: Row
  ) -> Row {
    SupabaseCommonColumns.row(
      id: id, userID: userID, updatedAt: updatedAt, createdAt: createdAt, deletedAt: deletedAt, version: version, fields
    )
  }

  /// `["a","b"]` as the cell of a text[] column.
  static func tags(_ values: [String]) -> SupabaseValue {
    .json(SandboxJSON.array(values.map { .string($0) }).serialized)
  }

  static func text(_ value: SupabaseValue?) -> String? {
    switch value {
    case .text(let text)?, .date(let text)?: text
    default: nil
    }
  }

  static func isLive(_ row: Row) -> Bool { row["deleted_at"] == .null || row["deleted_at"] == nil }
}
