/// Per table: which columns an insert takes, the unique indexes, and what the BEFORE/AFTER
/// INSERT triggers do. The rules themselves live with each table's other writes.
struct AgilityInsertRules {
  typealias Row = AgilityTables.Row

  /// A unique index besides the primary key: its name, its columns after `user_id`, and a
  /// row's key in it (nil when the row is not covered, as a partial index `where … is not
  /// null` leaves NULLs out).
  struct Unique {
    let constraint: String
    let columns: [String]
    let key: @Sendable (Row) -> String?
  }

  let table: SupabaseTable

  /// Columns the server maintains (the BEFORE UPDATE trigger): values a client sends for them
  /// are overwritten, as the trigger would.
  static let stamps: Set = ["created_at", "updated_at", "deleted_at", "version"]

  func fields(_ object: [String: SandboxJSON]) throws(TasksRestError) -> Row {
    switch table.name {
    case "transactions": try AgilityTransactionRules.fields(object)
    case "categories": try AgilityCategoryRules.fields(object)
    case "invoices": try AgilityInvoiceRules.fields(object)
    default: try AgilityLineItems.fields(object)
    }
  }

  var uniques: [Unique] {
    switch table.name {
    case "transactions": AgilityTransactionRules.uniques
    case "categories": AgilityCategoryRules.uniques
    default: []
    }
  }

  /// The BEFORE INSERT checks and defaults that need the stored rows; `pending` are the rows
  /// of the same request already accepted.
  func prepare(_ row: inout Row, state: inout AgilityState, owner: String, pending: [Row]) -> TasksRestError? {
    switch table.name {
    case "transactions": AgilityTransactionRules.prepare(&row, state: state, owner: owner)
    case "categories": AgilityCategoryRules.prepare(row, state: state, owner: owner, pending: pending)
    case "invoices": AgilityInvoiceRules.prepare(&row, state: &state, owner: owner)
    default: AgilityLineItems.prepare(row, state: state, owner: owner)
    }
  }

  func afterInsert(_ rows: [Row], state: inout AgilityState, owner: String, now: Int64) {
    guard table.name == "invoice_line_items" else { return }
    AgilityLineItems.recompute(rows, state: &state, owner: owner, now: now)
  }
}
