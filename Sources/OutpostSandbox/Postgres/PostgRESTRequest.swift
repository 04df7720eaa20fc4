import Foundation

/// One Data API request as PostgREST reads it (supabase.md §4): the table, the vertical and
/// horizontal filters, order, paging, `Prefer` and the singular `Accept`. Nothing here knows a
/// table: the database does.
struct PostgRESTRequest: Sendable {
  var table: String
  var select: [PostgRESTSelect]
  /// The top-level filters, ANDed.
  var filters: [PostgRESTFilter] = []
  /// Filters and orders of embedded tables, by the embedded table's name (`items.order=…`).
  var embeddedFilters: [String: [PostgRESTFilter]] = [:]
  var order: [String] = []
  var embeddedOrder: [String: [String]] = [:]
  var limit: Int?
  var offset = 0
  var onConflict: [String]?
  var preferences: Set<String>
  var singular: Bool

  static let reserved: Set = ["select", "order", "limit", "offset", "on_conflict", "columns", "or", "and"]

  init(_ request: SandboxRequest, table: String) throws(PostgRESTError) {
    self.table = table
    preferences = TasksRest.preferences(request)
    singular = request.headers.first(name: "accept")?.contains("vnd.pgrst.object") == true
    guard let fields = FormFields(urlEncoded: request.query ?? "") else { throw .parse("query", request.query ?? "") }
    var select: String?
    for (name, value) in fields.pairs {
      switch name {
      case "select": select = value
      case "order": order = try Self.order(value, table: table)
      case "limit":
        guard let number = Int(value), number >= 0 else { throw .parse("limit", value) }
        limit = number
      case "offset":
        guard let number = Int(value), number >= 0 else { throw .parse("offset", value) }
        offset = number
      case "on_conflict":
        let columns = value.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        guard !columns.isEmpty, columns.allSatisfy(SQLText.isIdentifier) else { throw .parse("on_conflict", value) }
        onConflict = columns
      case "columns": continue
      // The gateway's: Supabase's Kong takes the key from the query and hides it
      // (`hide_credentials`), so PostgREST never sees it.
      case "apikey": continue
      case "or", "and": filters.append(try PostgRESTFilter.tree(name, value))
      case "not.or", "not.and":
        let tree = try PostgRESTFilter.tree(String(name.dropFirst(4)), value)
        switch tree {
        case .any(let items, _): filters.append(.any(items, negated: true))
        case .all(let items, _): filters.append(.all(items, negated: true))
        case .condition: break
        }
      default:
        if let dot = name.firstIndex(of: ".") {
          // `child.order=…` or `child.col=op.value`: about an embedded table.
          let embedded = String(name[..<dot])
          let rest = String(name[name.index(after: dot)...])
          if rest == "order" {
            embeddedOrder[embedded] = try Self.order(value, table: embedded)
          } else {
            embeddedFilters[embedded, default: []].append(try PostgRESTFilter.column(rest, value))
          }
        } else {
          filters.append(try PostgRESTFilter.column(name, value))
        }
      }
    }
    self.select = try PostgRESTSelect.parse(select)
    // `Range: 0-499` (with `Range-Unit: items`) pages as offset and limit do.
    if let range = request.headers.first(name: "range"), let match = range.wholeMatch(of: /(\d+)-(\d*)/),
      let first = Int(match.1)
    {
      offset = first
      if let last = Int(match.2), last >= first { limit = last - first + 1 }
    }
  }

  /// `col.asc.nullslast,col2.desc` as SQL terms on `table`.
  static func order(_ text: String, table: String) throws(PostgRESTError) -> [String] {
    var terms: [String] = []
    for piece in text.split(separator: ",") {
      let parts = piece.split(separator: ".").map(String.init)
      guard let column = parts.first, SQLText.isIdentifier(column), parts.count <= 3 else {
        throw .parse("order", text)
      }
      var term = SQLText.identifier(table) + "." + SQLText.identifier(column)
      for modifier in parts.dropFirst() {
        switch modifier {
        case "asc": term += " ASC"
        case "desc": term += " DESC"
        case "nullsfirst": term += " NULLS FIRST"
        case "nullslast": term += " NULLS LAST"
        default: throw .parse("order", text)
        }
      }
      terms.append(term)
    }
    return terms
  }

  func whereClause() throws(PostgRESTError) -> String {
    guard !filters.isEmpty else { return "TRUE" }
    return try filters.map { filter throws(PostgRESTError) in try filter.sql(table) }.joined(separator: " AND ")
  }

  /// The value of `resolution=` in `Prefer`, if any.
  var resolution: String? {
    preferences.first { $0.hasPrefix("resolution=") }.map { String($0.dropFirst("resolution=".count)) }
  }

  var wantsRepresentation: Bool { preferences.contains("return=representation") }
  var wantsCount: Bool { preferences.contains { $0.hasPrefix("count=") } }
}
