/// The SQL of a Data API request, shaped as PostgREST shapes it: the write in a CTE named
/// `pgrst_source`, and one outer SELECT that answers the rows as JSON text (`json_agg`, so
/// PostgreSQL writes `timestamptz`, `numeric` and arrays as PostgREST returns them) with their
/// count. Every statement answers exactly one row of (json text, count).
struct PostgRESTStatements {
  let schema: PostgRESTSchema
  /// Hosted Supabase's "max rows" (supabase.md §4.1).
  static let maxRows = 1000

  func columns(of table: String) throws(PostgRESTError) -> [String] {
    guard let columns = schema.columns[table] else {
      throw PostgRESTError(
        .notFound, "PGRST205", "Could not find the table 'public.\(table)' in the schema cache")
    }
    return columns
  }

  /// The select list of `items` over rows of `table` (an alias in scope as `table`).
  func projection(_ table: String, _ items: [PostgRESTSelect], request: PostgRESTRequest) throws(PostgRESTError)
    -> String
  {
    let known = Set(try columns(of: table))
    var terms: [String] = []
    for item in items {
      switch item {
      case .all: terms.append(SQLText.identifier(table) + ".*")
      case .column(let name, let alias, let cast):
        guard known.contains(name) else {
          throw PostgRESTError(.badRequest, "42703", "column \(table).\(name) does not exist")
        }
        var term = SQLText.identifier(table) + "." + SQLText.identifier(name)
        if let cast { term += "::" + cast }
        terms.append(term + " AS " + SQLText.identifier(alias ?? name))
      case .embed(let child, let alias, let childItems):
        guard let relation = schema.relation(parent: table, child: child) else {
          throw PostgRESTError(
            .badRequest, "PGRST200",
            "Could not find a relationship between '\(table)' and '\(child)' in the schema cache")
        }
        let inner = try projection(child, childItems, request: request)
        var conditions: [String]
        let many: Bool
        switch relation {
        case .many(let pairs):
          many = true
          conditions = pairs.map { Self.column(child, $0.child) + " = " + Self.column(table, $0.parent) }
        case .one(let pairs):
          many = false
          conditions = pairs.map { Self.column(child, $0.child) + " = " + Self.column(table, $0.parent) }
        }
        for filter in request.embeddedFilters[child] ?? [] { conditions.append(try filter.sql(child)) }
        let order = request.embeddedOrder[child].map { " ORDER BY " + $0.joined(separator: ", ") } ?? ""
        let rows =
          "SELECT \(inner) FROM public.\(SQLText.identifier(child)) WHERE \(conditions.joined(separator: " AND "))\(order)"
        let value =
          many
          ? "(SELECT coalesce(json_agg(pgrst_embed), '[]'::json) FROM (\(rows)) pgrst_embed)"
          : "(SELECT row_to_json(pgrst_embed) FROM (\(rows) LIMIT 1) pgrst_embed)"
        terms.append(value + " AS " + SQLText.identifier(alias ?? child))
      }
    }
    return terms.joined(separator: ", ")
  }

  static func column(_ table: String, _ name: String) -> String {
    SQLText.identifier(table) + "." + SQLText.identifier(name)
  }

  /// JSON text and count of `rows`, a query whose rows are already projected.
  static func answer(_ rows: String) -> String {
    "SELECT coalesce(json_agg(pgrst_row), '[]'::json)::text, count(*) FROM (\(rows)) pgrst_row"
  }

  func read(_ request: PostgRESTRequest) throws(PostgRESTError) -> (rows: String, count: String) {
    let table = SQLText.identifier(request.table)
    let filter = try request.whereClause()
    let order = request.order.isEmpty ? "" : " ORDER BY " + request.order.joined(separator: ", ")
    let limit = min(request.limit ?? Self.maxRows, Self.maxRows)
    let rows =
      "SELECT \(try projection(request.table, request.select, request: request)) FROM public.\(table) WHERE \(filter)"
      + "\(order) LIMIT \(limit) OFFSET \(request.offset)"
    return (Self.answer(rows), "SELECT ''::text, count(*) FROM public.\(table) WHERE \(filter)")
  }

  /// The answer over `pgrst_source`, the rows a write returned.
  func representation(_ write: String, _ request: PostgRESTRequest) throws(PostgRESTError) -> String {
    let table = SQLText.identifier(request.table)
    let projected = try projection(request.table, request.select, request: request)
    return "WITH pgrst_source AS (\(write)) " + Self.answer("SELECT \(projected) FROM pgrst_source \(table)")
  }

  /// `INSERT` of the body's objects (all with the keys `keys`), bound as `$1` (a JSON array).
  func insert(_ request: PostgRESTRequest, keys: [String]) throws(PostgRESTError) -> String {
    let table = SQLText.identifier(request.table)
    let known = try columns(of: request.table)
    if let unknown = keys.first(where: { !known.contains($0) }) {
      throw PostgRESTError(
        .badRequest, "PGRST204", "Could not find the '\(unknown)' column of '\(request.table)' in the schema cache")
    }
    let list = keys.map(SQLText.identifier).joined(separator: ", ")
    var sql =
      keys.isEmpty
      ? "INSERT INTO public.\(table) SELECT FROM json_array_elements($1::json)"
      : "INSERT INTO public.\(table) (\(list)) SELECT \(list) FROM json_populate_recordset(NULL::public.\(table), $1::json)"
    if let resolution = request.resolution {
      let target = request.onConflict ?? schema.primaryKeys[request.table] ?? ["id"]
      let conflict = " ON CONFLICT (" + target.map(SQLText.identifier).joined(separator: ", ") + ")"
      switch resolution {
      case "ignore-duplicates": sql += conflict + " DO NOTHING"
      case "merge-duplicates":
        let updates = keys.map { SQLText.identifier($0) + " = EXCLUDED." + SQLText.identifier($0) }
        sql += conflict + (updates.isEmpty ? " DO NOTHING" : " DO UPDATE SET " + updates.joined(separator: ", "))
      default: break
      }
    }
    return sql + " RETURNING \(table).*"
  }

  /// `UPDATE` with the body's object bound as `$1`; the filters pick the rows.
  func update(_ request: PostgRESTRequest, keys: [String]) throws(PostgRESTError) -> String {
    let table = SQLText.identifier(request.table)
    let known = try columns(of: request.table)
    if let unknown = keys.first(where: { !known.contains($0) }) {
      throw PostgRESTError(
        .badRequest, "PGRST204", "Could not find the '\(unknown)' column of '\(request.table)' in the schema cache")
    }
    let filter = try request.whereClause()
    // An empty patch changes nothing: no trigger fires, the matched rows are answered as they are.
    guard !keys.isEmpty else { return "SELECT * FROM public.\(table) WHERE \(filter)" }
    let assignments = keys.map { SQLText.identifier($0) + " = pgrst_body." + SQLText.identifier($0) }
    return
      "UPDATE public.\(table) SET \(assignments.joined(separator: ", ")) "
      + "FROM (SELECT * FROM json_populate_record(NULL::public.\(table), $1::json)) pgrst_body "
      + "WHERE \(filter) RETURNING \(table).*"
  }

  func delete(_ request: PostgRESTRequest) throws(PostgRESTError) -> String {
    let table = SQLText.identifier(request.table)
    return "DELETE FROM public.\(table) WHERE \(try request.whereClause()) RETURNING \(table).*"
  }

  /// `rpc/<function>` with named arguments from a JSON object: a set or a row answers rows; a
  /// scalar, its value.
  func call(_ function: String, arguments: [(String, SandboxJSON)]) throws(PostgRESTError) -> (
    sql: String, rows: Bool, set: Bool
  ) {
    guard SQLText.isIdentifier(function), let shape = schema.functions[function] else {
      throw PostgRESTError(
        .notFound, "PGRST202", "Could not find the function public.\(function) without parameters in the schema cache")
    }
    var named: [String] = []
    for (name, value) in arguments {
      guard SQLText.isIdentifier(name) else { throw .invalidBody() }
      let literal: String
      switch value {
      case .null: literal = "NULL"
      case .string(let text): literal = try SQLText.literal(text)
      default: literal = try SQLText.literal(value.serialized)
      }
      named.append(SQLText.identifier(name) + " => " + literal)
    }
    let call = "public.\(SQLText.identifier(function))(\(named.joined(separator: ", ")))"
    if shape.returnsSet || shape.returnsRow {
      return (Self.answer("SELECT * FROM \(call) pgrst_call"), true, shape.returnsSet)
    }
    return ("SELECT to_json(\(call))::text, 1::bigint", false, false)
  }
}
