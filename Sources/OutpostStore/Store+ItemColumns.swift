import Foundation
import GRDB
import GRDBSQLite
import OutpostModel

/// Where an item's columns (`Store.itemColumns`) are read from: a statement's current row, in
/// place, for the lists of hundreds (`items.list`: SQLite's bytes parsed where they lie, no
/// string made for a date or the details' skipped members), or a `Row` (a reminder's item).
protocol ItemColumns {
  func int64(_ index: Int) -> Int64
  /// The text of a column that is not NULL.
  func string(_ index: Int) -> String
  func optionalString(_ index: Int) -> String?
  /// The text's bytes; nil for NULL.
  func withUTF8<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) throws -> T
}

extension Row: ItemColumns {
  func int64(_ index: Int) -> Int64 { self[index] }
  func string(_ index: Int) -> String { self[index] }
  func optionalString(_ index: Int) -> String? { self[index] }
  func withUTF8<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) throws -> T {
    try withUnsafeData(atIndex: index) { data in
      guard let data else { return try body(nil) }
      return try data.withUnsafeBytes { try body($0.bindMemory(to: UInt8.self)) }
    }
  }
}

/// The current row of a statement being stepped (`Row.fetchCursor`'s), read with SQLite's own
/// functions. Valid until the cursor steps again.
struct StatementColumns: ItemColumns {
  let statement: SQLiteStatement

  func int64(_ index: Int) -> Int64 { sqlite3_column_int64(statement, CInt(index)) }

  func string(_ index: Int) -> String { optionalString(index) ?? "" }

  func optionalString(_ index: Int) -> String? {
    withUTF8(index) { bytes in bytes.map { String(decoding: $0, as: UTF8.self) } }
  }

  func withUTF8<T>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> T) rethrows -> T {
    guard sqlite3_column_type(statement, CInt(index)) != SQLITE_NULL else { return try body(nil) }
    // The text first, then its length: that is the order SQLite asks for. An empty text is
    // empty, not NULL, whatever pointer comes back for it.
    let text = sqlite3_column_text(statement, CInt(index))
    let count = Int(sqlite3_column_bytes(statement, CInt(index)))
    return try body(
      text.map { UnsafeBufferPointer(start: $0, count: count) } ?? UnsafeBufferPointer(start: nil, count: 0))
  }
}

extension Store {
  /// An item from the columns `itemColumns`, from column `first` on. `detailNames`: only these
  /// members of its details are built.
  static func storedItem(_ columns: some ItemColumns, from first: Int = 0, detailNames: JSONMemberNames? = nil)
    throws -> StoredItem
  {
    func date(_ index: Int) throws -> Date? {
      try columns.withUTF8(first + index) { bytes in bytes.flatMap(UTCTimestamp.parse(utf8:)) }
    }
    let details = try columns.withUTF8(first + 9) { bytes throws -> JSONValue in
      guard let bytes else { return .object([:]) }
      return try detailNames.map { names throws in try JSONParser.parseMembers(of: bytes, named: names) }
        ?? JSONParser.parse(bytes)
    }
    let item = Item(
      kind: ItemKind(rawValue: columns.string(first + 2)), upstreamID: columns.string(first + 3),
      title: columns.string(first + 4), startsAt: try date(5), endsAt: try date(6),
      location: columns.optionalString(first + 7),
      status: ItemStatus(rawValue: columns.string(first + 8)) ?? .active, details: details,
      link: columns.optionalString(first + 10))
    return StoredItem(
      number: columns.int64(first), accountID: columns.string(first + 1), item: item,
      firstSeenAt: try date(11) ?? Date(timeIntervalSince1970: 0),
      updatedAt: try date(12) ?? Date(timeIntervalSince1970: 0), removedAt: try date(13))
  }

  /// The items a statement selects (`itemColumns` first), each read in place as the cursor
  /// steps. The statement is prepared once per connection and kept (`cachedStatement`).
  static func fetchStoredItems(
    _ db: Database, sql: String, arguments: StatementArguments, detailNames: JSONMemberNames? = nil
  ) throws -> [StoredItem] {
    let statement = try db.cachedStatement(sql: sql)
    let rows = try Row.fetchCursor(statement, arguments: arguments)
    let columns = StatementColumns(statement: statement.sqliteStatement)
    var items: [StoredItem] = []
    while try rows.next() != nil { items.append(try storedItem(columns, detailNames: detailNames)) }
    return items
  }
}
