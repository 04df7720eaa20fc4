/// PostgREST's horizontal filters (supabase.md §4.1), read from the query string and written as
/// SQL for PostgreSQL to judge: `col=[not.]op.value` and `or=(…)`/`and=(…)` trees. Values become
/// untyped string literals, so PostgreSQL reads them with the column's own input syntax and a
/// bad one fails as it fails there (22P02 for a uuid, 22007 for a timestamp), as PostgREST's
/// do.
indirect enum PostgRESTFilter: Sendable, Equatable {
  case condition(column: String, negated: Bool, op: String, value: String)
  case all([PostgRESTFilter], negated: Bool)
  case any([PostgRESTFilter], negated: Bool)

  static let operators: [String: String] = [
    "eq": "=", "neq": "<>", "gt": ">", "gte": ">=", "lt": "<", "lte": "<=", "like": "LIKE", "ilike": "ILIKE",
  ]

  /// `value` of a `col=` pair: `[not.]op.operand`.
  static func column(_ column: String, _ value: String) throws(PostgRESTError) -> PostgRESTFilter {
    guard SQLText.isIdentifier(column) else { throw .parse("filter", "\(column)=\(value)") }
    var rest = Substring(value)
    let negated = rest.hasPrefix("not.")
    if negated { rest = rest.dropFirst(4) }
    guard let dot = rest.firstIndex(of: ".") else { throw .parse("filter", "\(column)=\(value)") }
    let op = String(rest[..<dot])
    guard operators[op] != nil || op == "in" || op == "is" else { throw .parse("filter", "\(column)=\(value)") }
    return .condition(column: column, negated: negated, op: op, value: String(rest[rest.index(after: dot)...]))
  }

  /// The value of `or=` or `and=`: `(item,item,…)`.
  static func tree(_ key: String, _ value: String) throws(PostgRESTError) -> PostgRESTFilter {
    var reader = TreeReader(text: Array(value), source: "\(key)=\(value)")
    let items = try reader.list()
    guard reader.atEnd else { throw .parse("logic tree", "\(key)=\(value)") }
    return key == "or" ? .any(items, negated: false) : .all(items, negated: false)
  }

  func sql(_ table: String) throws(PostgRESTError) -> String {
    switch self {
    case .all(let items, let negated):
      let joined = try items.map { item throws(PostgRESTError) in try item.sql(table) }.joined(separator: " AND ")
      return (negated ? "NOT " : "") + "(" + (joined.isEmpty ? "TRUE" : joined) + ")"
    case .any(let items, let negated):
      let joined = try items.map { item throws(PostgRESTError) in try item.sql(table) }.joined(separator: " OR ")
      return (negated ? "NOT " : "") + "(" + (joined.isEmpty ? "FALSE" : joined) + ")"
    case .condition(let column, let negated, let op, let value):
      let target = SQLText.identifier(table) + "." + SQLText.identifier(column)
      let test: String
      switch op {
      case "is":
        let word: String? =
          switch value.lowercased() {
          case "null": "NULL"
          case "not_null": "NOT NULL"
          case "true": "TRUE"
          case "false": "FALSE"
          case "unknown": "UNKNOWN"
          default: nil
          }
        guard let word else { throw .parse("filter", "\(column)=is.\(value)") }
        test = "\(target) IS \(word)"
      case "in":
        guard value.hasPrefix("("), value.hasSuffix(")") else { throw .parse("filter", "\(column)=in.\(value)") }
        var reader = TreeReader(text: Array(value.dropFirst().dropLast()), source: value)
        var members: [String] = []
        while !reader.atEnd {
          members.append(try reader.value())
          if !reader.atEnd { try reader.expect(",") }
        }
        test =
          members.isEmpty
          ? "FALSE" : "\(target) IN (" + (try members.map(SQLText.literal).joined(separator: ", ")) + ")"
      case "like", "ilike":
        test = "\(target) \(Self.operators[op]!) \(try SQLText.literal(value.replacingOccurrences(of: "*", with: "%")))"
      default:
        test = "\(target) \(Self.operators[op]!) \(try SQLText.literal(value))"
      }
      return negated ? "NOT (\(test))" : test
    }
  }
}

/// Reads the inside of a logic tree: items separated by commas, values quoted with `"` (with
/// backslash escapes) when they hold `, . : ( )`.
private struct TreeReader {
  let text: [Character]
  let source: String
  var position = 0

  var atEnd: Bool { position >= text.count }

  mutating func expect(_ character: Character) throws(PostgRESTError) {
    guard position < text.count, text[position] == character else { throw .parse("logic tree", source) }
    position += 1
  }

  /// `(item,item,…)`
  mutating func list() throws(PostgRESTError) -> [PostgRESTFilter] {
    try expect("(")
    var items: [PostgRESTFilter] = []
    while true {
      items.append(try item())
      if position < text.count, text[position] == "," {
        position += 1
        continue
      }
      try expect(")")
      return items
    }
  }

  mutating func word() -> String {
    let start = position
    while position < text.count, !",.()".contains(text[position]) { position += 1 }
    return String(text[start..<position])
  }

  mutating func item() throws(PostgRESTError) -> PostgRESTFilter {
    var first = word()
    var negated = false
    if first == "not", position < text.count, text[position] == "." {
      position += 1
      negated = true
      first = word()
    }
    if first == "and" || first == "or", position < text.count, text[position] == "(" {
      let items = try list()
      return first == "or" ? .any(items, negated: negated) : .all(items, negated: negated)
    }
    // `col.[not.]op.value`: `first` is the column.
    guard !negated, SQLText.isIdentifier(first) else { throw .parse("logic tree", source) }
    try expect(".")
    var op = word()
    var negatedCondition = false
    if op == "not" {
      try expect(".")
      negatedCondition = true
      op = word()
    }
    guard PostgRESTFilter.operators[op] != nil || op == "in" || op == "is" else {
      throw .parse("logic tree", source)
    }
    try expect(".")
    let operand: String
    if op == "in" {
      let start = position
      try expect("(")
      var depth = 1
      var quoted = false
      while position < text.count, depth > 0 {
        let character = text[position]
        if character == "\\" && quoted {
          position += 2
          continue
        }
        if character == "\"" { quoted.toggle() }
        if !quoted && character == "(" { depth += 1 }
        if !quoted && character == ")" { depth -= 1 }
        position += 1
      }
      guard depth == 0 else { throw .parse("logic tree", source) }
      operand = String(text[start..<position])
    } else {
      operand = try value()
    }
    return .condition(column: first, negated: negatedCondition, op: op, value: operand)
  }

  /// A bare value up to the next `,` or `)`, or a double-quoted one.
  mutating func value() throws(PostgRESTError) -> String {
    guard position < text.count, text[position] == "\"" else {
      let start = position
      while position < text.count, text[position] != ",", text[position] != ")" { position += 1 }
      return String(text[start..<position])
    }
    position += 1
    var result = ""
    while position < text.count {
      let character = text[position]
      if character == "\\", position + 1 < text.count {
        result.append(text[position + 1])
        position += 2
        continue
      }
      position += 1
      if character == "\"" { return result }
      result.append(character)
    }
    throw .parse("logic tree", source)
  }
}
