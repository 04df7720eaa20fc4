import GRDB
import GRDBSQLite

/// A value bound to a statement's parameter by `Statement.run(_:)`: what GRDB binds a String,
/// an integer and nil as.
enum BoundValue {
  case text(String)
  case integer(Int64)
  case null
}

extension Statement {
  /// `run(_:)` with texts, or NULL for nil (mapped as they are bound: no array per row).
  func run(texts: [String?]) throws { try run(texts.lazy.map { $0.map(BoundValue.text) ?? .null }) }

  /// Runs this statement once (an INSERT or UPDATE) with `values` bound to its parameters in
  /// order, each straight from the string (SQLite copies it) or the integer: the bytes that
  /// GRDB's `execute(arguments:)` would store. That one makes an array of existentials, then a
  /// `DatabaseValue` of each, and checks them against the statement: for a first sync's 10,000
  /// inserts of 13 values each, a seventh of `applySync` (profiled, issue 20). Errors are
  /// GRDB's `DatabaseError`, with SQLite's message and this statement's SQL, as `execute`
  /// throws them.
  func run(_ values: some Collection<BoundValue>) throws {
    let handle = sqliteStatement
    // A statement GRDB stepped last may still hold its row and bindings.
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    guard Int(sqlite3_bind_parameter_count(handle)) == values.count else {
      throw DatabaseError(
        resultCode: .SQLITE_MISUSE,
        message: "\(values.count) values for \(sqlite3_bind_parameter_count(handle)) parameters",
        sql: sql)
    }
    for (offset, value) in values.enumerated() {
      let index = CInt(offset + 1)
      let code: CInt
      switch value {
      case .text(let text):
        // NUL-terminated, as GRDB binds a String: a text holding a NUL is stored up to it,
        // whichever of the two wrote the row.
        code = text.withCString { sqlite3_bind_text(handle, index, $0, -1, Self.transient) }
      case .integer(let integer): code = sqlite3_bind_int64(handle, index, integer)
      case .null: code = sqlite3_bind_null(handle, index)
      }
      guard code == SQLITE_OK else { throw failure(code) }
    }
    let code = sqlite3_step(handle)
    let error = code == SQLITE_DONE ? nil : failure(code)
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    if let error { throw error }
  }

  /// SQLite's `SQLITE_TRANSIENT`: it copies the bytes before the call returns (the Swift
  /// module does not import the macro).
  private static let transient = unsafeBitCast(OpaquePointer(bitPattern: -1), to: sqlite3_destructor_type.self)

  private func failure(_ code: CInt) -> DatabaseError {
    let message = sqlite3_db_handle(sqliteStatement).flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
    return DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: sql)
  }
}
