import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The incremental pull of upstreams/supabase.md §7: rows changed since a cursor, ordered on
/// (`updated_at`, `id`) and paged by that pair (never by offset, which skips rows updated
/// during the pass), starting 60 s before the cursor because a transaction that began earlier
/// can commit rows stamped before ones already read.
public struct KeysetPull: Sendable {
  let data: PostgREST
  public static let overlap: TimeInterval = 60
  public static let pageSize = 500

  public init(data: PostgREST) { self.data = data }

  /// One table's rows changed since `since` (nil: every row), and the cursor to store with
  /// them: the largest `updated_at` seen, or `since` when nothing came. `filter` narrows the
  /// pull (a first sync's window: `measured_at=gte.…`); it must be URL-ready, as must `select`
  /// (`*,invoice_line_items(*)&invoice_line_items.order=position` embeds a child table).
  public func changes(
    _ table: String, since: String?, filter: String? = nil, select: String = "*", session: SupabaseSession
  ) async throws(ConnectorError) -> (rows: [JSONValue], cursor: String?) {
    var base = "select=\(select)&order=updated_at.asc,id.asc&limit=\(Self.pageSize)"
    if let filter { base += "&" + filter }
    var lower = ""
    if let since, let instant = UTCTimestamp.parse(since) {
      let start = UTCTimestamp.format(instant.addingTimeInterval(-Self.overlap))
      lower = "&updated_at=gte.\(FormEncoding.percentEncode(start))"
    }
    var rows: [JSONValue] = []
    var newest = since
    var newestInstant = since.flatMap(UTCTimestamp.parse)
    var last: (at: String, id: String)?
    var pages = 0
    while true {
      var query = base + lower
      if let last {
        // Past the last row read: later stamps, or the same stamp and a later id (a bulk
        // write puts more than a page of rows on one `now()`).
        let stamp = FormEncoding.percentEncode("\"\(last.at)\"")
        query += "&or=(updated_at.gt.\(stamp),and(updated_at.eq.\(stamp),id.gt.\(last.id)))"
      }
      let page = try await data.page(table, query: query, session: session)
      if page.isEmpty { break }
      for row in page {
        guard let at = row["updated_at"]?.stringValue, let instant = UTCTimestamp.parse(at),
          let id = row["id"]?.stringValue
        else { throw .unexpectedReply("reading \(table): a row without id or updated_at") }
        if newestInstant.map({ instant > $0 }) ?? true {
          newest = at
          newestInstant = instant
        }
        last = (at, id)
      }
      rows += page
      pages += 1
      SyncProgress.page(rows: page.count)
      // Only an empty page ends it: a server capping its answers shortens pages too.
      if pages > 10_000 { throw .unexpectedReply("reading \(table): the pages do not end") }
    }
    return (rows, newest)
  }
}

extension PostgREST {
  /// One GET of `table` with `query`, as it came.
  public func page(_ table: String, query: String, session: SupabaseSession) async throws(ConnectorError)
    -> [JSONValue]
  {
    try await array("GET", "/rest/v1/\(table)?\(query)", session: session, json: nil, activity: "reading \(table)")
  }
}
