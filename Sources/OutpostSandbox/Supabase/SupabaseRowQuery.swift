import NIOHTTP1

/// Generic PostgREST tables for sandbox projects whose rows are column → value maps (the
/// `viiraa` project; `tasks` keeps its typed single table). Covers what supabase.md §4.1 and
/// §7 need: `select`, `col=[not.]op.value` with `eq neq gt gte lt lte in is`, `or`/`and` logic
/// trees (the keyset filter), `order` over several columns and `limit`/`offset`.

/// The type of a column, which decides how a filter literal is read.
enum SupabaseColumnType: Sendable {
  case uuid, text, int, number, bool, time, date, json
}

/// One cell, compared as PostgreSQL compares its column type.
enum SupabaseValue: Sendable, Equatable {
  case null
  case int(Int64)
  case number(Double)
  case text(String)
  case bool(Bool)
  /// Unix microseconds of a `timestamptz`.
  case time(Int64)
  /// `YYYY-MM-DD`, which sorts as text.
  case date(String)
  /// A `jsonb` value, kept serialized.
  case json(String)

  /// nil when either side is NULL (SQL's "unknown") or the types differ.
  func compare(_ other: SupabaseValue) -> Int? {
    func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
    switch (self, other) {
    case (.int(let a), .int(let b)): return order(a, b)
    case (.number(let a), .number(let b)): return order(a, b)
    case (.int(let a), .number(let b)): return order(Double(a), b)
    case (.number(let a), .int(let b)): return order(a, Double(b))
    case (.time(let a), .time(let b)): return order(a, b)
    case (.text(let a), .text(let b)), (.date(let a), .date(let b)), (.json(let a), .json(let b)):
      return a == b ? 0 : (a.utf8.lexicographicallyPrecedes(b.utf8) ? -1 : 1)
    case (.bool(let a), .bool(let b)): return a == b ? 0 : (a ? 1 : -1)
    default: return nil
    }
  }

  var json: SandboxJSON {
    switch self {
    case .null: .null
    case .int(let number): .int(Int(number))
    case .number(let number): .double(number)
    case .text(let text), .date(let text): .string(text)
    case .bool(let flag): .bool(flag)
    case .time(let micros): .string(TasksTimestamps.postgres(micros))
    case .json(let text): SandboxJSON.parse(Array(text.utf8)) ?? .null
    }
  }
}

/// A table's name and columns, in the order `select=*` returns them.
struct SupabaseTable: Sendable {
  let name: String
  let columns: [(name: String, type: SupabaseColumnType)]

  func type(of column: String) -> SupabaseColumnType? { columns.first { $0.name == column }?.type }

  func column(_ name: String) throws(TasksRestError) -> String {
    guard type(of: name) != nil else {
      throw TasksRestError(.badRequest, "42703", "column \(self.name).\(name) does not exist")
    }
    return name
  }

  /// A filter literal read with the column's input syntax.
  func literal(_ text: String, column: String) throws(TasksRestError) -> SupabaseValue {
    switch type(of: column) ?? .text {
    case .uuid, .text, .json: return .text(text)
    case .int:
      guard let number = Int64(text) else { throw .invalidInput("integer", text) }
      return .int(number)
    case .number:
      guard let number = Double(text), number.isFinite else { throw .invalidInput("numeric", text) }
      return .number(number)
    case .bool:
      guard let flag = TasksColumn.boolean(text) else { throw .invalidInput("boolean", text) }
      return .bool(flag)
    case .time:
      guard let micros = TasksTimestamps.parse(text) else { throw .invalidInput("timestamp with time zone", text) }
      return .time(micros)
    case .date:
      guard text.wholeMatch(of: /\d{4}-\d\d-\d\d/) != nil else { throw .invalidInput("date", text) }
      return .date(text)
    }
  }

  func object(_ row: [String: SupabaseValue], columns selected: [String]) -> SandboxJSON {
    .object(selected.map { ($0, (row[$0] ?? .null).json) })
  }
}

/// A condition of the WHERE clause: a leaf `col.op.value` or an `and`/`or` tree, any of them
/// negated with `not.`.
indirect enum SupabaseCondition: Sendable {
  case compare(column: String, operation: String, value: SupabaseValue)
  case isValue(column: String, value: SupabaseValue)
  case within(column: String, values: [SupabaseValue])
  case all([SupabaseCondition])
  case any([SupabaseCondition])
  case not(SupabaseCondition)

  static let comparisons: Set = ["eq", "neq", "gt", "gte", "lt", "lte"]

  /// SQL's three-valued logic: nil is "unknown" and leaves the row out.
  func evaluate(_ row: [String: SupabaseValue]) -> Bool? {
    switch self {
    case .compare(let column, let operation, let value):
      return (row[column] ?? .null).compare(value).map { order in
        switch operation {
        case "eq": order == 0
        case "neq": order != 0
        case "gt": order > 0
        case "gte": order >= 0
        case "lt": order < 0
        default: order <= 0
        }
      }
    case .isValue(let column, let value): return (row[column] ?? .null) == value
    case .within(let column, let values):
      let cell = row[column] ?? .null
      return cell == .null ? nil : values.contains { cell.compare($0) == 0 }
    case .all(let items):
      var unknown = false
      for item in items {
        switch item.evaluate(row) {
        case false?: return false
        case nil: unknown = true
        default: break
        }
      }
      return unknown ? nil : true
    case .any(let items):
      var unknown = false
      for item in items {
        switch item.evaluate(row) {
        case true?: return true
        case nil: unknown = true
        default: break
        }
      }
      return unknown ? nil : false
    case .not(let inner): return inner.evaluate(row).map { !$0 }
    }
  }

  /// `op.value` (after `col=` or `col.`), optionally `not.`-prefixed.
  static func leaf(table: SupabaseTable, column: String, text: String) throws(TasksRestError) -> SupabaseCondition {
    let column = try table.column(column)
    var rest = Substring(text)
    let negated = rest.hasPrefix("not.")
    if negated { rest = rest.dropFirst(4) }
    guard let dot = rest.firstIndex(of: ".") else { throw .parse("filter", text) }
    let operation = String(rest[..<dot])
    let value = unquoted(String(rest[rest.index(after: dot)...]))
    let condition: SupabaseCondition
    switch operation {
    case _ where comparisons.contains(operation):
      condition = .compare(column: column, operation: operation, value: try table.literal(value, column: column))
    case "is":
      switch value.lowercased() {
      case "null": condition = .isValue(column: column, value: .null)
      case "true": condition = .isValue(column: column, value: .bool(true))
      case "false": condition = .isValue(column: column, value: .bool(false))
      default: throw .parse("filter", text)
      }
    case "in":
      guard value.hasPrefix("("), value.hasSuffix(")") else { throw .parse("filter", text) }
      var values: [SupabaseValue] = []
      for item in try split(String(value.dropFirst().dropLast()), whole: text) {
        values.append(try table.literal(unquoted(item), column: column))
      }
      condition = .within(column: column, values: values)
    default: throw .parse("filter", text)
    }
    return negated ? .not(condition) : condition
  }

  /// `(item,item,…)` of an `or=`/`and=` parameter; items are `col.op.value` or nested trees.
  static func tree(table: SupabaseTable, any: Bool, text: String) throws(TasksRestError) -> SupabaseCondition {
    guard text.hasPrefix("("), text.hasSuffix(")"), text.count >= 2 else { throw logicTree(text) }
    var items: [SupabaseCondition] = []
    for item in try split(String(text.dropFirst().dropLast()), whole: text) {
      var rest = Substring(item)
      let negated = rest.hasPrefix("not.")
      if negated { rest = rest.dropFirst(4) }
      let condition: SupabaseCondition
      if rest.hasPrefix("and(") || rest.hasPrefix("or(") {
        let isOr = rest.hasPrefix("or(")
        condition = try tree(table: table, any: isOr, text: String(rest.dropFirst(isOr ? 2 : 3)))
      } else {
        guard let dot = rest.firstIndex(of: ".") else { throw logicTree(text) }
        condition = try leaf(table: table, column: String(rest[..<dot]), text: String(rest[rest.index(after: dot)...]))
      }
      items.append(negated ? .not(condition) : condition)
    }
    guard !items.isEmpty else { throw logicTree(text) }
    return any ? .any(items) : .all(items)
  }

  private static func logicTree(_ text: String) -> TasksRestError {
    TasksRestError(.badRequest, "PGRST100", "\"failed to parse logic tree (\(text))\"")
  }

  /// Splits at commas outside parentheses and double quotes.
  private static func split(_ text: String, whole: String) throws(TasksRestError) -> [String] {
    var items: [String] = []
    var current = ""
    var depth = 0
    var quoted = false
    for character in text {
      switch character {
      case "\"": quoted.toggle()
      case "(" where !quoted: depth += 1
      case ")" where !quoted:
        depth -= 1
        if depth < 0 { throw logicTree(whole) }
      case "," where !quoted && depth == 0:
        items.append(current)
        current = ""
        continue
      default: break
      }
      current.append(character)
    }
    guard depth == 0, !quoted else { throw logicTree(whole) }
    items.append(current)
    return items
  }

  private static func unquoted(_ text: String) -> String {
    text.count >= 2 && text.hasPrefix("\"") && text.hasSuffix("\"") ? String(text.dropFirst().dropLast()) : text
  }
}

/// The query string of a read, PATCH or POST on a generic table.
struct SupabaseRowQuery {
  var columns: [String]
  var conditions: [SupabaseCondition] = []
  var order: [(column: String, descending: Bool, nullsFirst: Bool)] = []
  var limit: Int?
  var offset = 0
  var onConflict: [String]?
  /// Child tables embedded through a foreign key (`select=*,child(*)`), in select order, each
  /// with its own select list; only names the caller allowed (`embeddable`) are accepted.
  var embeds: [(name: String, select: String)] = []
  /// `child.param=value` pairs meant for an embedded child (`child.order=position`), by child.
  var embedParameters: [String: [(name: String, value: String)]] = [:]

  private static let reserved: Set = ["select", "order", "limit", "offset", "apikey", "columns", "on_conflict"]

  init(_ request: SandboxRequest, table: SupabaseTable, embeddable: Set<String> = []) throws(TasksRestError) {
    try self.init(pairs: request.queryFields.pairs, table: table, embeddable: embeddable)
  }

  /// The same from name/value pairs (an embedded child's query is built from its `child.` pairs).
  init(pairs: [(name: String, value: String)], table: SupabaseTable, embeddable: Set<String> = [])
    throws(TasksRestError)
  {
    columns = table.columns.map(\.name)
    for (name, value) in pairs {
      if let dot = name.firstIndex(of: "."), embeddable.contains(String(name[..<dot])) {
        embedParameters[String(name[..<dot]), default: []].append((String(name[name.index(after: dot)...]), value))
        continue
      }
      switch name {
      case "select":
        var selected: [String] = []
        for item in Self.selectItems(value) {
          if item == "*" {
            selected += table.columns.map(\.name)
          } else if let open = item.firstIndex(of: "("), item.hasSuffix(")"),
            embeddable.contains(String(item[..<open]))
          {
            embeds.append((String(item[..<open]), String(item[item.index(after: open)...].dropLast())))
          } else if item.contains(where: { ":()!".contains($0) }) {
            throw TasksRestError(
              .badRequest, "PGRST100", "\"failed to parse select parameter (\(value))\"",
              details: "the sandbox supports only plain column lists")
          } else {
            selected.append(try table.column(String(item)))
          }
        }
        if !selected.isEmpty { columns = selected }
      case "order":
        for term in value.split(separator: ",") {
          let parts = term.split(separator: ".").map(String.init)
          let column = try table.column(parts[0])
          var descending = false
          var nullsFirst: Bool?
          for modifier in parts.dropFirst() {
            switch modifier {
            case "asc": descending = false
            case "desc": descending = true
            case "nullsfirst": nullsFirst = true
            case "nullslast": nullsFirst = false
            default: throw .parse("order", value)
            }
          }
          order.append((column, descending, nullsFirst ?? descending))
        }
      case "limit":
        guard let number = Int(value), number >= 0 else { throw .parse("limit", value) }
        limit = number
      case "offset":
        guard let number = Int(value), number >= 0 else { throw .parse("offset", value) }
        offset = number
      case "on_conflict":
        var names: [String] = []
        for item in value.split(separator: ",") { names.append(try table.column(String(item))) }
        onConflict = names
      case "or", "and", "not.or", "not.and":
        let tree = try SupabaseCondition.tree(table: table, any: name.hasSuffix("or"), text: value)
        conditions.append(name.hasPrefix("not.") ? .not(tree) : tree)
      case _ where Self.reserved.contains(name): continue
      default: conditions.append(try SupabaseCondition.leaf(table: table, column: name, text: value))
      }
    }
  }

  /// The items of a select list: commas inside an embedding's parentheses do not split.
  private static func selectItems(_ text: String) -> [Substring] {
    var items: [Substring] = []
    var depth = 0
    var start = text.startIndex
    for index in text.indices {
      switch text[index] {
      case "(": depth += 1
      case ")": depth -= 1
      case "," where depth == 0:
        items.append(text[start..<index])
        start = text.index(after: index)
      default: break
      }
    }
    items.append(text[start...])
    return items.filter { !$0.isEmpty }
  }

  func matches(_ row: [String: SupabaseValue]) -> Bool {
    conditions.allSatisfy { $0.evaluate(row) == true }
  }

  /// Sorted by the `order` terms; ties keep their stored order.
  func sorted(_ rows: [[String: SupabaseValue]]) -> [[String: SupabaseValue]] {
    guard !order.isEmpty else { return rows }
    return rows.enumerated().sorted { a, b in
      for term in order {
        let left = a.element[term.column] ?? .null
        let right = b.element[term.column] ?? .null
        if left == .null || right == .null {
          if left == right { continue }
          return (left == .null) == term.nullsFirst
        }
        guard let comparison = left.compare(right), comparison != 0 else { continue }
        return (comparison < 0) != term.descending
      }
      return a.offset < b.offset
    }.map(\.element)
  }
}
