extension SupabaseTable {
  /// A row as PostgREST answered it, read back into cells by the columns' types (the in-memory
  /// model the admin's ground truth is written in). Members that are no column are left out.
  func row(fromJSON members: [String: SandboxJSON]) -> [String: SupabaseValue] {
    var row: [String: SupabaseValue] = [:]
    for (name, type) in columns {
      guard let value = members[name] else { continue }
      switch (value, type) {
      case (.null, _): row[name] = .null
      case (.bool(let flag), _): row[name] = .bool(flag)
      case (.int(let number), .number): row[name] = .number(Double(number))
      case (.int(let number), _): row[name] = .int(Int64(number))
      case (.double(let number), .int): row[name] = .int(Int64(number))
      case (.double(let number), _): row[name] = .number(number)
      case (.string(let text), .json): row[name] = .json(SandboxJSON.string(text).serialized)
      case (.string(let text), _): row[name] = (try? literal(text, column: name)) ?? .text(text)
      default: row[name] = .json(value.serialized)
      }
    }
    return row
  }
}
