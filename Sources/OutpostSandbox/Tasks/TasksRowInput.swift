/// Reads the JSON body of a PATCH or POST into checked column values, refusing it the way
/// PostgREST and PostgreSQL do: an unknown key before anything else (`PGRST204`), then each
/// column's input syntax and constraints.
enum TasksRowInput {
  /// Columns a client may write. `id` is an identity column and `updated_at` is stamped by a
  /// trigger (a value sent for it is checked, then overwritten).
  static let writable = ["title", "due_at", "done"]

  static func change(_ members: [String: SandboxJSON]) throws(TasksRestError) -> TasksRowChange {
    try checkColumns(members, inserting: false)
    var change = TasksRowChange()
    if let value = members["title"] { change.title = try title(value) }
    if let value = members["due_at"] { change.dueAt = .some(try due(value)) }
    if let value = members["done"] { change.done = try done(value) }
    return change
  }

  static func insert(_ members: [String: SandboxJSON]) throws(TasksRestError) -> (
    title: String, dueAt: Int64?, done: Bool
  ) {
    try checkColumns(members, inserting: true)
    var dueAt: Int64?
    if let value = members["due_at"] { dueAt = try due(value) }
    // `done` defaults to false, `title` has no default.
    return (try title(members["title"] ?? .null), dueAt, try done(members["done"] ?? false))
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
    if let stamp = members["updated_at"] {
      guard let text = stamp.stringValue else { throw notNull("updated_at") }
      guard TasksTimestamps.parse(text) != nil else { throw .invalidInput("timestamp with time zone", text) }
    }
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

  private static func due(_ value: SandboxJSON) throws(TasksRestError) -> Int64? {
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
