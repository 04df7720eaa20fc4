import Foundation
import GRDB
import OutpostModel

/// Series points (`SeriesPoint`): written in the same transaction as a sync's items and cursor,
/// replaced by key, removed by key or by a complete listing of their kind, read by time range.
extension Store {
  /// What one sync or import did to one kind of points.
  public struct SeriesCounts: Sendable, Equatable {
    /// Points new or different from the stored ones.
    public var stored = 0
    public var removed = 0

    public init(stored: Int = 0, removed: Int = 0) {
      self.stored = stored
      self.removed = removed
    }
  }

  /// The points of `kinds` whose instant is in `range`, oldest first.
  public func seriesPoints(accountID: String, kinds: [ItemKind], in range: ClosedRange<Date>) async throws(StoreError)
    -> [SeriesPoint]
  {
    try await reading { db in
      var points: [SeriesPoint] = []
      // A run of points shares its details: each text is parsed once.
      var parsed: [Int64: JSONValue] = [:]
      for kind in kinds {
        guard let series = try SeriesWrite.seriesID(db, accountID: accountID, kind: kind) else { continue }
        let rows = try Row.fetchCursor(
          db.cachedStatement(
            sql: """
              SELECT p.key, p.at, p.value, p.tag, p.details, d.text FROM series_point p
              LEFT JOIN series_details d ON d.id = p.details
              WHERE p.series = ? AND p.at BETWEEN ? AND ? ORDER BY p.at, p.key
              """),
          arguments: [series, range.lowerBound.timeIntervalSince1970, range.upperBound.timeIntervalSince1970])
        while let row = try rows.next() {
          var details = JSONValue.null
          if let number: Int64 = row[4] {
            if let known = parsed[number] {
              details = known
            } else if let text: String = row[5] {
              details = try JSONParser.parse(Array(text.utf8))
              parsed[number] = details
            }
          }
          points.append(
            SeriesPoint(
              kind: kind, key: row[0], at: Date(timeIntervalSince1970: row[1]), value: row[2], tag: row[3],
              details: details))
        }
      }
      if kinds.count > 1 { points.sort { ($0.at, $0.key) < ($1.at, $1.key) } }
      return points
    }
  }

  /// The keys of an account's points of one kind: what an import checks its rows against.
  public func seriesKeys(accountID: String, kind: ItemKind) async throws(StoreError) -> Set<String> {
    try await reading { db in
      Set(
        try String.fetchAll(
          db,
          sql: """
            SELECT p.key FROM series_point p JOIN series s ON s.id = p.series WHERE s.account_id = ? AND s.kind = ?
            """, arguments: [accountID, kind.rawValue]))
    }
  }
}

/// The series part of a sync: decided and written inside `applySync`'s transaction.
struct SeriesWrite {
  var counts: [ItemKind: Store.SeriesCounts] = [:]
  var suspectedWipes: [ItemKind] = []

  /// Rows per INSERT: 6 values each, well under SQLite's 32,766 variables.
  static let chunk = 64

  static func seriesID(_ db: Database, accountID: String, kind: ItemKind) throws -> Int64? {
    try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT id FROM series WHERE account_id = ? AND kind = ?"),
      arguments: [accountID, kind.rawValue])
  }

  static func detailsText(_ details: JSONValue) -> String? {
    details == .null ? nil : String(decoding: details.serialized, as: UTF8.self)
  }

  /// Whether a write would change something: a point new or different, a key to remove that
  /// is held, or a complete listing that leaves points out (with the kinds whose empty listing
  /// is not believed). Stops at the first difference (an import is all new), so an unchanged
  /// sync costs one look-up per point and writes nothing.
  static func preview(
    _ db: Database, accountID: String, points: [SeriesPoint], complete: Set<ItemKind>, window: SyncWindow,
    removed: [ItemKey], itemKinds: Set<ItemKind>
  ) throws -> (changes: Bool, suspectedWipes: [ItemKind]) {
    var seriesIDs: [ItemKind: Int64] = [:]
    for kind in Set(points.map(\.kind)).union(complete).union(removed.map(\.kind)) {
      seriesIDs[kind] = try seriesID(db, accountID: accountID, kind: kind)
    }
    let lookup = try db.cachedStatement(
      sql: """
        SELECT p.at, p.value, p.tag, d.text FROM series_point p LEFT JOIN series_details d ON d.id = p.details
        WHERE p.series = ? AND p.key = ?
        """)
    for point in points {
      guard let series = seriesIDs[point.kind],
        let row = try Row.fetchOne(lookup, arguments: [series, point.key])
      else { return (true, []) }
      if (row[0] as Double) != point.at.timeIntervalSince1970 || (row[1] as Double) != point.value
        || (row[2] as String) != point.tag || (row[3] as String?) != detailsText(point.details)
      {
        return (true, [])
      }
    }
    let listed = Set(points.map { ItemDiff.key($0.kind, $0.key) })
    let exists = try db.cachedStatement(sql: "SELECT 1 FROM series_point WHERE series = ? AND key = ?")
    for gone in removed where !listed.contains(ItemDiff.key(gone.kind, gone.upstreamID)) {
      guard let series = seriesIDs[gone.kind] else { continue }
      if try Bool.fetchOne(exists, arguments: [series, gone.upstreamID]) != nil { return (true, []) }
    }
    let pointKinds = Set(points.map(\.kind))
    var wipes: [ItemKind] = []
    for kind in complete.sorted(by: { $0.rawValue < $1.rawValue }) {
      guard let series = seriesIDs[kind] else { continue }
      let held = try heldKeys(db, series: series, window: window)
      let gone = held.filter { !listed.contains(ItemDiff.key(kind, $0)) }
      if gone.isEmpty { continue }
      if isSuspectedWipe(kind, held: held.count, pointKinds: pointKinds, itemKinds: itemKinds) {
        wipes.append(kind)
      } else {
        return (true, [])
      }
    }
    return (false, wipes)
  }

  /// Writes the points (replacing a stored one only when it differs), removes the named keys
  /// and what a complete listing left out. An empty listing of a kind with two or more points
  /// in the window is taken for a failed reply, as for items: nothing is removed.
  static func apply(
    _ db: Database, accountID: String, points: [SeriesPoint], complete: Set<ItemKind>, window: SyncWindow,
    removed: [ItemKey], itemKinds: Set<ItemKind>
  ) throws -> SeriesWrite {
    var write = SeriesWrite()
    let pointKinds = Set(points.map(\.kind))
    for kind in pointKinds.sorted(by: { $0.rawValue < $1.rawValue }) {
      try db.execute(
        sql: "INSERT INTO series (account_id, kind) VALUES (?, ?) ON CONFLICT (account_id, kind) DO NOTHING",
        arguments: [accountID, kind.rawValue])
      let series = try seriesID(db, accountID: accountID, kind: kind) ?? 0
      try insert(db, points.filter { $0.kind == kind }, series: series, kind: kind, into: &write)
    }
    let listed = Set(points.map { ItemDiff.key($0.kind, $0.key) })
    let delete = try db.cachedStatement(sql: "DELETE FROM series_point WHERE series = ? AND key = ?")
    for gone in removed where !listed.contains(ItemDiff.key(gone.kind, gone.upstreamID)) {
      guard let series = try seriesID(db, accountID: accountID, kind: gone.kind) else { continue }
      try delete.execute(arguments: [series, gone.upstreamID])
      if db.changesCount > 0 { write.counts[gone.kind, default: Store.SeriesCounts()].removed += 1 }
    }
    for kind in complete.sorted(by: { $0.rawValue < $1.rawValue }) {
      guard let series = try seriesID(db, accountID: accountID, kind: kind) else { continue }
      let held = try heldKeys(db, series: series, window: window)
      let gone = held.filter { !listed.contains(ItemDiff.key(kind, $0)) }
      if gone.isEmpty { continue }
      if isSuspectedWipe(kind, held: held.count, pointKinds: pointKinds, itemKinds: itemKinds) {
        write.suspectedWipes.append(kind)
        continue
      }
      for key in gone { try delete.execute(arguments: [series, key]) }
      write.counts[kind, default: Store.SeriesCounts()].removed += gone.count
    }
    return write
  }

  /// Rows go in by `chunk` per statement (an import is 100,000 of them); a run of points with
  /// the same details (one file's device and batch) serializes and looks them up once.
  private static func insert(
    _ db: Database, _ points: [SeriesPoint], series: Int64, kind: ItemKind, into write: inout SeriesWrite
  ) throws {
    func upsert(rows: Int) throws -> Statement {
      let values = Array(repeating: "(?, ?, ?, ?, ?, ?)", count: rows).joined(separator: ", ")
      return try db.cachedStatement(
        sql: """
          INSERT INTO series_point (series, key, at, value, tag, details) VALUES \(values)
          ON CONFLICT (series, key) DO UPDATE
            SET at = excluded.at, value = excluded.value, tag = excluded.tag, details = excluded.details
            WHERE at IS NOT excluded.at OR value IS NOT excluded.value OR tag IS NOT excluded.tag
              OR details IS NOT excluded.details
          """)
    }
    var previous: (details: JSONValue, number: Int64?) = (.null, nil)
    var start = 0
    while start < points.count {
      let slice = points[start..<min(start + chunk, points.count)]
      var arguments: [(any DatabaseValueConvertible)?] = []
      arguments.reserveCapacity(slice.count * 6)
      for point in slice {
        if point.details != previous.details {
          previous = (point.details, try detailsNumber(db, detailsText(point.details)))
        }
        arguments += [series, point.key, point.at.timeIntervalSince1970, point.value, point.tag, previous.number]
      }
      try upsert(rows: slice.count).execute(arguments: StatementArguments(arguments))
      write.counts[kind, default: Store.SeriesCounts()].stored += db.changesCount
      start += chunk
    }
  }

  private static func detailsNumber(_ db: Database, _ text: String?) throws -> Int64? {
    guard let text else { return nil }
    try db.cachedStatement(sql: "INSERT INTO series_details (text) VALUES (?) ON CONFLICT (text) DO NOTHING")
      .execute(arguments: [text])
    return try Int64.fetchOne(
      db.cachedStatement(sql: "SELECT id FROM series_details WHERE text = ?"), arguments: [text])
  }

  private static func heldKeys(_ db: Database, series: Int64, window: SyncWindow) throws -> [String] {
    try String.fetchAll(
      db.cachedStatement(sql: "SELECT key FROM series_point WHERE series = ? AND at BETWEEN ? AND ?"),
      arguments: [series, window.from.timeIntervalSince1970, window.to.timeIntervalSince1970])
  }

  private static func isSuspectedWipe(
    _ kind: ItemKind, held: Int, pointKinds: Set<ItemKind>, itemKinds: Set<ItemKind>
  ) -> Bool {
    !pointKinds.contains(kind) && !itemKinds.contains(kind) && held >= 2
  }
}
