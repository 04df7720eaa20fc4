/// What PostgREST's schema cache holds, read from the database's catalogue once: the tables of
/// `public` with their columns, primary keys and foreign keys (for embedding), and the functions
/// `rpc/` may call.
struct PostgRESTSchema: Sendable {
  struct ForeignKey: Sendable {
    var table: String
    var columns: [String]
    var referenced: String
    var referencedColumns: [String]
  }

  struct Function: Sendable {
    var returnsSet: Bool
    /// Returns a row type (a table's, or a composite), not a scalar.
    var returnsRow: Bool
  }

  var columns: [String: [String]] = [:]
  var primaryKeys: [String: [String]] = [:]
  var foreignKeys: [ForeignKey] = []
  var functions: [String: Function] = [:]

  /// The catalogue queries, each answering text columns; lists are comma-joined.
  static let columnsQuery = """
    SELECT c.relname::text, string_agg(a.attname::text, ',' ORDER BY a.attnum)
    FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'v', 'p') GROUP BY c.relname
    """
  static let primaryKeysQuery = """
    SELECT c.relname::text, string_agg(a.attname::text, ',' ORDER BY array_position(i.indkey::int2[], a.attnum))
    FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
    JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum = ANY (i.indkey)
    WHERE i.indisprimary AND n.nspname = 'public' GROUP BY c.relname
    """
  static let foreignKeysQuery = """
    SELECT child.relname::text,
      (SELECT string_agg(a.attname::text, ',' ORDER BY k.o) FROM unnest(con.conkey) WITH ORDINALITY k(n, o)
        JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.n),
      parent.relname::text,
      (SELECT string_agg(a.attname::text, ',' ORDER BY k.o) FROM unnest(con.confkey) WITH ORDINALITY k(n, o)
        JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.n)
    FROM pg_constraint con JOIN pg_class child ON child.oid = con.conrelid
    JOIN pg_class parent ON parent.oid = con.confrelid JOIN pg_namespace n ON n.oid = child.relnamespace
    JOIN pg_namespace pn ON pn.oid = parent.relnamespace
    WHERE con.contype = 'f' AND n.nspname = 'public' AND pn.nspname = 'public'
    ORDER BY con.conname
    """
  static let functionsQuery = """
    SELECT p.proname::text, p.proretset::text, (t.typtype = 'c' OR t.typrelid <> 0)::text
    FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace JOIN pg_type t ON t.oid = p.prorettype
    WHERE n.nspname = 'public'
    """

  /// How `child` is embedded in rows of `parent`: many rows whose key points at the parent, or
  /// the one row the parent points at.
  enum Relation {
    case many(on: [(child: String, parent: String)])
    case one(on: [(child: String, parent: String)])
  }

  func relation(parent: String, child: String) -> Relation? {
    if let key = foreignKeys.first(where: { $0.table == child && $0.referenced == parent }) {
      return .many(on: Array(zip(key.columns, key.referencedColumns)))
    }
    if let key = foreignKeys.first(where: { $0.table == parent && $0.referenced == child }) {
      return .one(on: Array(zip(key.referencedColumns, key.columns)))
    }
    return nil
  }
}
