import NIOHTTP1

/// What every agility write shares: reading a JSON value into a column's cell, and the
/// PostgreSQL errors the project's constraints and triggers raise, as PostgREST renders them.
enum AgilityWriteSupport {
  typealias Row = AgilityTables.Row

  static func isUUID(_ text: String) -> Bool {
    text.wholeMatch(of: /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/) != nil
  }

  /// A JSON value as the cell of `column` (numbers at the column's scale, `tags` a text[] of
  /// strings, jsonb kept serialized).
  /// PostgreSQL's answer to a value past `numeric(precision, scale)`.
  static func overflow(precision: Int, scale: Int) -> TasksRestError {
    TasksRestError(
      .badRequest, "22003", "numeric field overflow",
      details:
        "A field with precision \(precision), scale \(scale) must round to an absolute value less than 10^\(precision - scale)."
    )
  }

  static func cell(_ value: SandboxJSON, column: String, table: SupabaseTable) throws(TasksRestError) -> SupabaseValue {
    if value.isNull { return .null }
    switch table.type(of: column) {
    case .number?:
      let scale = AgilityTables.scales[column] ?? 2
      guard let scaled = AgilityMoney.scaled(value, scale: scale) else {
        // A number too large for any column is PostgreSQL's overflow, not bad syntax.
        if let number = value.doubleValue ?? value.stringValue.flatMap(Double.init), number.isFinite {
          throw overflow(precision: AgilityTables.precisions[column] ?? 12, scale: scale)
        }
        throw .invalidInput("numeric", value.serialized)
      }
      let precision = AgilityTables.precisions[column] ?? 12
      guard abs(scaled) < AgilityMoney.pow10(precision) else { throw overflow(precision: precision, scale: scale) }
      return AgilityMoney.cell(scaled, scale: scale)
    case .json? where column == "tags":
      guard case .array(let items) = value, items.allSatisfy({ $0.stringValue != nil }) else {
        throw TasksRestError(.badRequest, "22P02", "malformed array literal: \"\(value.serialized)\"")
      }
      return .json(value.serialized)
    case .json?: return .json(value.serialized)
    case .uuid?:
      let text = value.stringValue ?? value.serialized
      guard isUUID(text) else { throw .invalidInput("uuid", text) }
      return .text(text.lowercased())
    case .bool?:
      if let flag = value.boolValue { return .bool(flag) }
      return try table.literal(value.stringValue ?? value.serialized, column: column)
    default: return try table.literal(value.stringValue ?? value.serialized, column: column)
    }
  }

  /// The client's id (a UUID) or a fresh one.
  static func id(_ object: [String: SandboxJSON]) throws(TasksRestError) -> String {
    guard let value = object["id"], !value.isNull else {
      var generator = SystemRandomNumberGenerator()
      return SandboxIdentifiers.uuid(using: &generator)
    }
    let text = value.stringValue ?? value.serialized
    guard isUUID(text) else { throw .invalidInput("uuid", text) }
    return text.lowercased()
  }

  static func unknownColumn(_ column: String, _ table: String) -> TasksRestError {
    TasksRestError(.badRequest, "PGRST204", "Could not find the '\(column)' column of '\(table)' in the schema cache")
  }

  static func rowSecurity(_ table: String, anonymous: Bool = false) -> TasksRestError {
    TasksRestError(
      anonymous ? .unauthorized : .forbidden, "42501",
      "new row violates row-level security policy for table \"\(table)\"")
  }

  static func notNull(_ column: String, _ table: String) -> TasksRestError {
    TasksRestError(
      .badRequest, "23502", "null value in column \"\(column)\" of relation \"\(table)\" violates not-null constraint")
  }

  static func check(_ name: String, _ table: String) -> TasksRestError {
    TasksRestError(
      .badRequest, "23514", "new row for relation \"\(table)\" violates check constraint \"\(table)_\(name)_check\"")
  }

  static func invalidEnum(_ type: String, _ value: String) -> TasksRestError {
    TasksRestError(.badRequest, "22P02", "invalid input value for enum \(type): \"\(value)\"")
  }

  /// 409 `23505`, as a unique index reports it.
  /// `details` is what PostgreSQL would name (`Key (id)=(…) already exists.`) but leaves out
  /// when row-level security applies to the caller, as it does for every user's token: the
  /// reply has no details, as PostgreSQL's has none.
  static func duplicate(_ constraint: String, _ details: String) -> TasksRestError {
    TasksRestError(.conflict, "23505", "duplicate key value violates unique constraint \"\(constraint)\"")
  }

  /// 409 `23503`: a reference to a row that does not exist (or is soft-deleted, which the
  /// project's triggers treat the same way).
  static func foreignKey(table: String, column: String, value: String, target: String) -> TasksRestError {
    TasksRestError(
      .conflict, "23503",
      "insert or update on table \"\(table)\" violates foreign key constraint \"\(table)_\(column)_fkey\"",
      details: "Key (\(column))=(\(value)) is not present in table \"\(target)\".")
  }

  /// 400 `P0001`: a `RAISE EXCEPTION` in one of the project's triggers or functions.
  static func raise(_ message: String) -> TasksRestError { TasksRestError(.badRequest, "P0001", message) }

  /// The cells of an object for the given input columns; unknown columns are PGRST204, the
  /// server-maintained ones `refused` answers for (nil ignores them, as a trigger overwrites).
  static func fields(
    _ object: [String: SandboxJSON], table: SupabaseTable, input: Set<String>,
    refused: (String) -> TasksRestError?
  ) throws(TasksRestError) -> Row {
    var fields: Row = [:]
    for key in object.keys.sorted() where key != "id" && key != "user_id" {
      guard table.type(of: key) != nil else { throw unknownColumn(key, table.name) }
      guard input.contains(key) else {
        if let error = refused(key) { throw error }
        continue
      }
      fields[key] = try cell(object[key] ?? .null, column: key, table: table)
    }
    return fields
  }
}
