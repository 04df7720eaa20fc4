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

/// The columns of the `tasks` table, in the order `select=*` returns them.
enum TasksColumn: String, CaseIterable {
  case id
  case title
  case dueAt = "due_at"
  case done
  case updatedAt = "updated_at"

  init(named name: String) throws(TasksRestError) {
    guard let column = TasksColumn(rawValue: name) else { throw .unknownColumn(name) }
    self = column
  }

  func cell(of row: TasksRow) -> TasksCell {
    switch self {
    case .id: .int(Int64(row.id))
    case .title: .text(row.title)
    case .dueAt: row.dueAt.map { .time($0) } ?? .null
    case .done: .bool(row.done)
    case .updatedAt: .time(row.updatedAt)
    }
  }

  func json(of row: TasksRow) -> SandboxJSON {
    switch self {
    case .id: .int(row.id)
    case .title: .string(row.title)
    case .dueAt: row.dueAt.map { .string(TasksTimestamps.postgres($0)) } ?? .null
    case .done: .bool(row.done)
    case .updatedAt: .string(TasksTimestamps.postgres(row.updatedAt))
    }
  }

  /// A literal from a filter, read with the column's input syntax.
  func literal(_ text: String) throws(TasksRestError) -> TasksCell {
    switch self {
    case .id:
      guard let number = Int64(text.trimmingSpaces) else { throw .invalidInput("bigint", text) }
      return .int(number)
    case .title: return .text(text)
    case .done:
      guard let flag = Self.boolean(text) else { throw .invalidInput("boolean", text) }
      return .bool(flag)
    case .dueAt, .updatedAt:
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

  /// The table as the shared Supabase query code sees it (for `or`/`and` logic trees).
  static let table = SupabaseTable(
    name: "tasks", columns: [("id", .int), ("title", .text), ("due_at", .time), ("done", .bool), ("updated_at", .time)])

  static func values(of row: TasksRow) -> [String: SupabaseValue] {
    [
      "id": .int(Int64(row.id)), "title": .text(row.title), "due_at": row.dueAt.map { .time($0) } ?? .null,
      "done": .bool(row.done), "updated_at": .time(row.updatedAt),
    ]
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
