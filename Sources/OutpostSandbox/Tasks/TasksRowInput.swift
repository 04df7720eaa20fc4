import Foundation

/// Reads the JSON body of a PATCH or POST into checked column values, refusing it the way
/// PostgREST and PostgreSQL do: an unknown key before anything else (`PGRST204`), then each
/// column's input syntax and constraints.
enum TasksRowInput {
  /// Columns a client may write. `id` is an identity column; `created_at`, `updated_at` and
  /// `version` are stamped by the trigger (a value sent for them is checked, then overwritten);
  /// `user_id` must be the caller's own (row-level security).
  static let writable = ["user_id", "title", "due_at", "done", "deleted_at"]

  static func change(_ members: [String: SandboxJSON]) throws(TasksRestError) -> TasksRowChange {
    try checkColumns(members, inserting: false)
    var change = TasksRowChange()
    if let value = members["user_id"] {
      guard let user = try userID(value) else { throw notNull("user_id") }
      change.userID = user
    }
    if let value = members["title"] { change.title = try title(value) }
    if let value = members["due_at"] { change.dueAt = .some(try time(value)) }
    if let value = members["done"] { change.done = try done(value) }
    if let value = members["deleted_at"] { change.deletedAt = .some(try time(value)) }
    change.stampedOver = members["created_at"] != nil || members["version"] != nil
    return change
  }

  /// A new row's values and the `user_id` it names (no default: nil when the client sent none,
  /// which row-level security then refuses, as PostgreSQL does).
  static func insert(_ members: [String: SandboxJSON]) throws(TasksRestError) -> (
    userID: String?, title: String, dueAt: Int64?, done: Bool
  ) {
    try checkColumns(members, inserting: true)
    var dueAt: Int64?
    if let value = members["due_at"] { dueAt = try time(value) }
    let user = try members["user_id"].map { value throws(TasksRestError) in try userID(value) }
    // `done` defaults to false, `title` has no default.
    return (user ?? nil, try title(members["title"] ?? .null), dueAt, try done(members["done"] ?? false))
  }

  private static func checkColumns(_ members: [String: SandboxJSON], inserting: Bool) throws(TasksRestError) {
    let known = Set(TasksColumn.allCases.map(\.rawValue))
    if let unknown = members.keys.sorted().first(where: { !known.contains($0) }) {
      throw TasksRestError(
        .badRequest, "PGRST204", "Could not find the '\(unknown)' column of 'tasks' in the schema cache")
    }
    if members["id"] != nil {
      throw TasksRestError(
        .badRequest, "428C9",
        inserting
          ? "cannot insert a non-DEFAULT value into column \"id\"" : "column \"id\" can only be updated to DEFAULT",
        details: "Column \"id\" is an identity column defined as GENERATED ALWAYS.")
    }
    for column in ["created_at", "updated_at"] {
      guard let stamp = members[column] else { continue }
      guard let text = stamp.stringValue else { throw notNull(column) }
      guard TasksTimestamps.parse(text) != nil else { throw .invalidInput("timestamp with time zone", text) }
    }
    if let version = members["version"] {
      guard !version.isNull else { throw notNull("version") }
      let text = version.stringValue ?? version.serialized
      guard Int32(text) != nil else { throw .invalidInput("integer", text) }
    }
  }

  /// A `user_id` in uuid syntax (lower-cased), or nil for JSON null.
  private static func userID(_ value: SandboxJSON) throws(TasksRestError) -> String? {
    if value.isNull { return nil }
    let text = value.stringValue ?? value.serialized
    guard let uuid = UUID(uuidString: text) else { throw .invalidInput("uuid", text) }
    return uuid.uuidString.lowercased()
  }

  /// Text takes any JSON scalar in its text form (as `json_populate_record` does); NULL breaks
  /// the NOT NULL constraint and the length check guards 1…200 characters.
  private static func title(_ value: SandboxJSON) throws(TasksRestError) -> String {
    guard !value.isNull else { throw notNull("title") }
    let text = value.stringValue ?? value.serialized
    guard TasksRowChange.titleLengths.contains(text.count) else {
      throw TasksRestError(
        .badRequest, "23514", "new row for relation \"tasks\" violates check constraint \"tasks_title_check\"")
    }
    return text
  }

  private static func time(_ value: SandboxJSON) throws(TasksRestError) -> Int64? {
    if value.isNull { return nil }
    let text = value.stringValue ?? value.serialized
    guard let micros = TasksTimestamps.parse(text) else { throw .invalidInput("timestamp with time zone", text) }
    return micros
  }

  private static func done(_ value: SandboxJSON) throws(TasksRestError) -> Bool {
    if let flag = value.boolValue { return flag }
    guard !value.isNull else { throw notNull("done") }
    let text = value.stringValue ?? value.serialized
    guard let flag = TasksColumn.boolean(text) else { throw .invalidInput("boolean", text) }
    return flag
  }

  private static func notNull(_ column: String) -> TasksRestError {
    TasksRestError(
      .badRequest, "23502", "null value in column \"\(column)\" of relation \"tasks\" violates not-null constraint")
  }
}
