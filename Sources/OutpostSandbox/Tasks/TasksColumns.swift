import Foundation
import NIOHTTP1

/// A refused Data API request, already shaped as PostgREST answers it.
struct TasksRestError: Error {
  var response: SandboxResponse

  init(_ status: HTTPResponseStatus, _ code: String, _ message: String, details: String? = nil) {
    response = TasksReplies.postgrest(status, code, message, details: details)
  }

  static func unknownColumn(_ name: String) -> TasksRestError {
    TasksRestError(.badRequest, "42703", "column tasks.\(name) does not exist")
  }

  static func parse(_ what: String, _ text: String) -> TasksRestError {
    TasksRestError(.badRequest, "PGRST100", "\"failed to parse \(what) (\(text))\"")
  }

  static func invalidInput(_ type: String, _ text: String) -> TasksRestError {
    TasksRestError(
      .badRequest, type == "timestamp with time zone" ? "22007" : "22P02",
      "invalid input syntax for type \(type): \"\(text)\"")
  }
}

/// A value of one cell, compared as PostgreSQL compares its column type.
enum TasksCell: Equatable {
  case null
  case int(Int64)
  case text(String)
  case bool(Bool)
  case time(Int64)

  /// nil when either side is NULL (SQL's "unknown") or the types differ.
  func compare(_ other: TasksCell) -> Int? {
    func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
    switch (self, other) {
    case (.int(let a), .int(let b)): return order(a, b)
    case (.time(let a), .time(let b)): return order(a, b)
    // Byte order: the sandbox's "C" collation.
    case (.text(let a), .text(let b)): return a == b ? 0 : (a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1)
    case (.bool(let a), .bool(let b)): return a == b ? 0 : (a ? 1 : -1)
    default: return nil
    }
  }
}

/// The columns of the `tasks` table (contrib/supabase/tasks.sql), in the order `select=*`
/// returns them.
enum TasksColumn: String, CaseIterable {
  case id
  case userID = "user_id"
  case title
  case dueAt = "due_at"
  case done
  case createdAt = "created_at"
  case updatedAt = "updated_at"
  case deletedAt = "deleted_at"
  case version

  init(named name: String) throws(TasksRestError) {
    guard let column = TasksColumn(rawValue: name) else { throw .unknownColumn(name) }
    self = column
  }

  func cell(of row: TasksRow) -> TasksCell {
    switch self {
    case .id: .int(Int64(row.id))
    case .userID: .text(row.userID)
    case .title: .text(row.title)
    case .dueAt: row.dueAt.map { .time($0) } ?? .null
    case .done: .bool(row.done)
    case .createdAt: .time(row.createdAt)
    case .updatedAt: .time(row.updatedAt)
    case .deletedAt: row.deletedAt.map { .time($0) } ?? .null
    case .version: .int(Int64(row.version))
    }
  }

  func json(of row: TasksRow) -> SandboxJSON {
    switch cell(of: row) {
    case .null: .null
    case .int(let number): .int(Int(number))
    case .text(let text): .string(text)
    case .bool(let flag): .bool(flag)
    case .time(let micros): .string(TasksTimestamps.postgres(micros))
    }
  }

  /// A literal from a filter, read with the column's input syntax.
  func literal(_ text: String) throws(TasksRestError) -> TasksCell {
    switch self {
    case .id, .version:
      let type = self == .id ? "bigint" : "integer"
      guard let number = Int64(text.trimmingSpaces), self == .id || Int32(exactly: number) != nil else {
        throw .invalidInput(type, text)
      }
      return .int(number)
    case .userID:
      guard let uuid = UUID(uuidString: text.trimmingSpaces) else { throw .invalidInput("uuid", text) }
      return .text(uuid.uuidString.lowercased())
    case .title: return .text(text)
    case .done:
      guard let flag = Self.boolean(text) else { throw .invalidInput("boolean", text) }
      return .bool(flag)
    case .dueAt, .createdAt, .updatedAt, .deletedAt:
      guard let micros = TasksTimestamps.parse(text) else { throw .invalidInput("timestamp with time zone", text) }
      return .time(micros)
    }
  }

  /// PostgreSQL's boolean input: true/false, yes/no, on/off, 1/0 and unique prefixes of them.
  static func boolean(_ text: String) -> Bool? {
    switch text.trimmingSpaces.lowercased() {
    case "t", "tr", "tru", "true", "y", "ye", "yes", "on", "1": true
    case "f", "fa", "fal", "fals", "false", "n", "no", "of", "off", "0": false
    default: nil
    }
  }

  /// The table as the shared Supabase code sees it (`or`/`and` logic trees, the PostgreSQL copy).
  static let table = SupabaseTable(
    name: "tasks",
    columns: [
      ("id", .int), ("user_id", .uuid), ("title", .text), ("due_at", .time), ("done", .bool), ("created_at", .time),
      ("updated_at", .time), ("deleted_at", .time), ("version", .int),
    ])

  static func values(of row: TasksRow) -> [String: SupabaseValue] {
    var values: [String: SupabaseValue] = [:]
    for column in allCases {
      values[column.rawValue] =
        switch column.cell(of: row) {
        case .null: .null
        case .int(let number): .int(number)
        case .text(let text): .text(text)
        case .bool(let flag): .bool(flag)
        case .time(let micros): .time(micros)
        }
    }
    return values
  }

  /// A row as PostgreSQL answered it (the project's copy), for the admin's hooks; nil when a
  /// column the table cannot lack is missing.
  static func row(fromJSON members: [String: SandboxJSON], owner: String) -> TasksRow? {
    row(fromValues: table.row(fromJSON: members), owner: owner)
  }

  static func row(fromValues cells: [String: SupabaseValue], owner: String) -> TasksRow? {
    guard case .int(let id)? = cells["id"], case .text(let title)? = cells["title"],
      case .bool(let done)? = cells["done"], case .time(let updatedAt)? = cells["updated_at"]
    else { return nil }
    func time(_ name: String) -> Int64? {
      if case .time(let micros)? = cells[name] { return micros }
      return nil
    }
    var row = TasksRow(
      id: Int(id), owner: owner.lowercased(), title: title, dueAt: time("due_at"), done: done, updatedAt: updatedAt,
      createdAt: time("created_at"))
    row.deletedAt = time("deleted_at")
    if case .int(let version)? = cells["version"] { row.version = Int(version) }
    return row
  }

  static func row(_ row: TasksRow, columns: [TasksColumn]) -> SandboxJSON {
    .object(columns.map { ($0.rawValue, $0.json(of: row)) })
  }
}

extension String {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
