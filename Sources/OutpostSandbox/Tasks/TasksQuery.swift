/// A filter `col=[not.]op.value` (supabase.md §4.1). Filters on several columns combine with AND.
struct TasksFilter {
  enum Operation {
    case compare(String, TasksCell)
    case `is`(TasksCell?)
    case within([TasksCell])
  }

  var column: TasksColumn
  var negated: Bool
  var operation: Operation

  static let comparisons = ["eq", "neq", "gt", "gte", "lt", "lte"]

  init(column name: String, text: String) throws(TasksRestError) {
    column = try TasksColumn(named: name)
    var rest = Substring(text)
    negated = rest.hasPrefix("not.")
    if negated { rest = rest.dropFirst(4) }
    guard let dot = rest.firstIndex(of: ".") else { throw .parse("filter", text) }
    let name = String(rest[..<dot])
    let value = String(rest[rest.index(after: dot)...])
    switch name {
    case _ where Self.comparisons.contains(name): operation = .compare(name, try column.literal(value))
    case "is":
      switch value.lowercased() {
      case "null": operation = .is(nil)
      case "true": operation = .is(.bool(true))
      case "false": operation = .is(.bool(false))
      default: throw .parse("filter", text)
      }
    case "in":
      guard value.hasPrefix("("), value.hasSuffix(")") else { throw .parse("filter", text) }
      var items: [TasksCell] = []
      for item in value.dropFirst().dropLast().split(separator: ",", omittingEmptySubsequences: false) {
        let unquoted =
          item.hasPrefix("\"") && item.hasSuffix("\"") && item.count >= 2 ? item.dropFirst().dropLast() : item
        items.append(try column.literal(String(unquoted)))
      }
      operation = .within(items)
    default: throw .parse("filter", text)
    }
  }

  /// SQL's three-valued logic: a comparison with NULL is unknown, and `not` of unknown is still
  /// unknown, so the row is left out either way.
  func matches(_ row: TasksRow) -> Bool {
    let cell = column.cell(of: row)
    let result: Bool?
    switch operation {
    case .compare(let name, let literal):
      result = cell.compare(literal).map { order in
        switch name {
        case "eq": order == 0
        case "neq": order != 0
        case "gt": order > 0
        case "gte": order >= 0
        case "lt": order < 0
        default: order <= 0
        }
      }
    case .is(nil): return (cell == .null) != negated
    case .is(let value?): return (cell == value) != negated
    case .within(let items):
      result = cell == .null ? nil : items.contains { cell.compare($0) == 0 }
    }
    return result.map { $0 != negated } ?? false
  }
}

/// The query string of a Data API request: columns, filters, order and paging.
struct TasksQuery {
  var columns = TasksColumn.allCases
  var filters: [TasksFilter] = []
  var trees: [SupabaseCondition] = []
  var order: [(column: TasksColumn, descending: Bool, nullsFirst: Bool)] = []
  var limit: Int?
  var offset = 0

  /// Parameters that are not filters. `apikey` belongs to the gateway.
  private static let reserved: Set = ["select", "order", "limit", "offset", "apikey", "columns", "on_conflict"]

  init(_ request: SandboxRequest) throws(TasksRestError) {
    for (name, value) in request.queryFields.pairs {
      switch name {
      case "select": columns = try Self.select(value)
      case "order": order = try Self.order(value)
      case "limit":
        guard let number = Int(value), number >= 0 else { throw .parse("limit", value) }
        limit = number
      case "offset":
        guard let number = Int(value), number >= 0 else { throw .parse("offset", value) }
        offset = number
      case "or", "and", "not.or", "not.and":
        // Logic trees (the keyset filter of supabase.md §7) use the shared Supabase parser.
        let tree = try SupabaseCondition.tree(table: TasksColumn.table, any: name.hasSuffix("or"), text: value)
        trees.append(name.hasPrefix("not.") ? .not(tree) : tree)
      case _ where Self.reserved.contains(name): continue
      default: filters.append(try TasksFilter(column: name, text: value))
      }
    }
  }

  private static func select(_ text: String) throws(TasksRestError) -> [TasksColumn] {
    var columns: [TasksColumn] = []
    for item in text.split(separator: ",") {
      if item == "*" {
        columns += TasksColumn.allCases
      } else if item.contains(where: { ":()!".contains($0) }) {
        throw TasksRestError(
          .badRequest, "PGRST100", "\"failed to parse select parameter (\(text))\"",
          details: "the sandbox supports only plain column lists")
      } else {
        columns.append(try TasksColumn(named: String(item)))
      }
    }
    return columns.isEmpty ? TasksColumn.allCases : columns
  }

  private static func order(_ text: String) throws(TasksRestError) -> [(TasksColumn, Bool, Bool)] {
    var terms: [(TasksColumn, Bool, Bool)] = []
    for term in text.split(separator: ",") {
      let parts = term.split(separator: ".").map(String.init)
      let column = try TasksColumn(named: parts[0])
      var descending = false
      var nullsFirst: Bool?
      for modifier in parts.dropFirst() {
        switch modifier {
        case "asc": descending = false
        case "desc": descending = true
        case "nullsfirst": nullsFirst = true
        case "nullslast": nullsFirst = false
        default: throw .parse("order", text)
        }
      }
      // PostgreSQL's default: NULLs sort as if larger than any value.
      terms.append((column, descending, nullsFirst ?? descending))
    }
    return terms
  }

  func matches(_ row: TasksRow) -> Bool {
    guard filters.allSatisfy({ $0.matches(row) }) else { return false }
    guard !trees.isEmpty else { return true }
    let values = TasksColumn.values(of: row)
    return trees.allSatisfy { $0.evaluate(values) == true }
  }

  /// Sorted by the `order` terms, then by id, so pages are stable.
  func sorted(_ rows: [TasksRow]) -> [TasksRow] {
    rows.sorted { a, b in
      for term in order {
        let left = term.column.cell(of: a)
        let right = term.column.cell(of: b)
        if left == .null || right == .null {
          if left == right { continue }
          return (left == .null) == term.nullsFirst
        }
        guard let comparison = left.compare(right), comparison != 0 else { continue }
        return (comparison < 0) != term.descending
      }
      return a.id < b.id
    }
  }
}
