import Foundation
import GRDB
import OutpostModel

/// Items and sync cursors. A sync is one transaction; one that changes nothing writes nothing.
extension Store {
  public struct SyncOutcome: Sendable, Equatable {
    public var changes: [ItemChange]
    public var suspectedWipes: [ItemKind]
    /// What the sync did to series points, per kind (points are counted, not listed).
    public var seriesChanges: [ItemKind: SeriesCounts] = [:]
    /// The action recorded with the items (`queueing`), with its number.
    public var queued: QueuedAction?

    public init(
      changes: [ItemChange], suspectedWipes: [ItemKind], seriesChanges: [ItemKind: SeriesCounts] = [:],
      queued: QueuedAction? = nil
    ) {
      self.changes = changes
      self.suspectedWipes = suspectedWipes
      self.seriesChanges = seriesChanges
      self.queued = queued
    }

    /// Nothing stored, changed or removed.
    public var isEmpty: Bool { changes.isEmpty && seriesChanges.isEmpty }
  }

  /// Records what the service lists now for `accountID` (see `ItemDiff` for the rules), with
  /// its series points (see `SeriesWrite`): a kind's items and points are never both held, so
  /// `complete` and `removed` apply to whichever the store has. An item the store does not hold
  /// and `retention` would purge at `time` is not stored: what a full listing brings back of
  /// what the purge removed stays removed. `queueing`: an action recorded in the same
  /// transaction (an import's upload of the items it stores: apart, a crash between the two
  /// left items that the next import of the file took as already there, and nothing to send
  /// them — the soak lost a file's rows so).
  public func applySync(
    accountID: String, items: [Item], points: [SeriesPoint] = [], complete: Set<ItemKind>, window: SyncWindow,
    cursor: JSONValue?, removed: [ItemKey] = [], retention: RetentionPolicy = .keepEverything,
    queueing action: ActionDraft? = nil, at time: Date = Date()
  ) async throws(StoreError) -> SyncOutcome {
    let stamp = UTCTimestamp.format(time)
    let cursorText = cursor.map { String(decoding: $0.serialized, as: UTF8.self) }
    // Each item's details serialised once, for its fingerprint and for its row, on all cores: a
    // fifth of `applySync`'s time in a 10,000-event first sync was these two (issue 20).
    let detailTexts = ParallelChunks.array(items.count, .machine) {
      String(decoding: items[$0].details.serialized, as: UTF8.self)
    }
    let fingerprints = ParallelChunks.array(items.count, .machine) {
      Fingerprint.of(items[$0], details: detailTexts[$0])
    }
    let pointKinds = Set(points.map(\.kind))
    let itemKinds = Set(items.map(\.kind))
    // Looked at first in a read: a sync that changes nothing must not even open a write.
    let (preview, pointsChange, storedCursor) = try await reading { db in
      (
        try Self.diff(
          db, accountID: accountID, items: items, fingerprints: fingerprints, complete: complete, window: window,
          removed: removed, alsoListed: pointKinds, keeps: { retention.keeps($0, now: time) }),
        try SeriesWrite.preview(
          db, accountID: accountID, points: points, complete: complete, window: window, removed: removed,
          itemKinds: itemKinds),
        try String.fetchOne(db, sql: "SELECT cursor FROM sync_cursor WHERE account_id = ?", arguments: [accountID])
      )
    }
    if preview.writes.isEmpty && !pointsChange.changes && (cursorText == nil || cursorText == storedCursor)
      && action == nil
    {
      return SyncOutcome(
        changes: [],
        suspectedWipes: preview.suspectedWipes
          + pointsChange.suspectedWipes.filter { !preview.suspectedWipes.contains($0) })
    }
    // A write that finds nothing to change but the cursor leaves `contentWrites` alone.
    let write: @Sendable (Database) throws -> (SyncOutcome, Bool) = { db in
      var diff = try Self.diff(
        db, accountID: accountID, items: items, fingerprints: fingerprints, complete: complete, window: window,
        removed: removed, alsoListed: pointKinds, keeps: { retention.keeps($0, now: time) })
      let series = try SeriesWrite.apply(
        db, accountID: accountID, points: points, complete: complete, window: window, removed: removed,
        itemKinds: itemKinds)
      var inserted: [Int64] = []
      for write in diff.writes {
        switch write {
        case .insert(let item, let fingerprint, let position):
          try db.cachedStatement(
            sql: """
              INSERT INTO item (account_id, kind, upstream_id, title, starts_at, ends_at, location, status, details,
                                link, fingerprint, first_seen_at, updated_at)
              VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
              """
          ).run(
            texts: Self.itemTexts(item, accountID: accountID, details: detailTexts[position]) + [
              fingerprint, stamp, stamp,
            ])
          inserted.append(db.lastInsertedRowID)
        case .update(let number, let item, let fingerprint, let position, let revive):
          try db.execute(
            sql: """
              UPDATE item SET title = ?, starts_at = ?, ends_at = ?, location = ?, status = ?, details = ?, link = ?,
                fingerprint = ?, updated_at = ?\(revive ? ", removed_at = NULL" : "")
              WHERE number = ?
              """,
            arguments: StatementArguments(
              Array(Self.itemTexts(item, accountID: accountID, details: detailTexts[position]).dropFirst(3))
                + [fingerprint, stamp]) + [number])
        case .markRemoved(let number):
          try db.execute(sql: "UPDATE item SET removed_at = ? WHERE number = ?", arguments: [stamp, number])
        }
      }
      var next = inserted.makeIterator()
      for index in diff.changes.indices where diff.changes[index].number == 0 {
        diff.changes[index].number = next.next() ?? 0
      }
      if let text = cursorText {
        try db.execute(
          sql: """
            INSERT INTO sync_cursor (account_id, cursor) VALUES (?, ?)
            ON CONFLICT (account_id) DO UPDATE SET cursor = excluded.cursor WHERE cursor <> excluded.cursor
            """, arguments: [accountID, text])
      }
      let wipes = diff.suspectedWipes + series.suspectedWipes.filter { !diff.suspectedWipes.contains($0) }
      let seriesChanges = series.counts.filter { $0.value.stored > 0 || $0.value.removed > 0 }
      let queued = try action.map { try Self.insertAction(db, $0, accountID: accountID, at: time) }
      return (
        SyncOutcome(changes: diff.changes, suspectedWipes: wipes, seriesChanges: seriesChanges, queued: queued),
        !diff.writes.isEmpty || !seriesChanges.isEmpty
      )
    }
    return try await writing(changedContent: { $0.1 }, write).0
  }

  static func diff(
    _ db: Database, accountID: String, items: [Item], fingerprints: [String], complete: Set<ItemKind>,
    window: SyncWindow, removed: [ItemKey] = [], alsoListed: Set<ItemKind> = [], keeps: (Item) -> Bool = { _ in true }
  ) throws -> ItemDiff {
    let kinds = Set(items.map(\.kind)).union(complete).union(removed.map(\.kind))
    var existing: [ItemDiff.Existing] = []
    for kind in kinds {
      let rows = try Row.fetchCursor(
        db,
        sql:
          "SELECT number, upstream_id, starts_at, fingerprint, removed_at FROM item WHERE account_id = ? AND kind = ?",
        arguments: [accountID, kind.rawValue])
      while let row = try rows.next() {
        existing.append(
          ItemDiff.Existing(
            number: row[0], kind: kind, upstreamID: row[1], startsAt: (row[2] as String?).flatMap(UTCTimestamp.parse),
            fingerprint: row[3], removed: row[4] as String? != nil))
      }
    }
    return try ItemDiff.compute(
      existing: existing, incoming: items, fingerprints: fingerprints, complete: complete, window: window,
      removed: removed, alsoListed: alsoListed, keeps: keeps
    ) { number in
      try fetchStoredItems(db, sql: "\(Self.itemSelect) WHERE number = ?", arguments: [number]).first?.item
    }
  }

  public func syncCursor(accountID: String) async throws(StoreError) -> JSONValue? {
    try await reading { db in
      guard
        let text = try String.fetchOne(
          db, sql: "SELECT cursor FROM sync_cursor WHERE account_id = ?", arguments: [accountID])
      else { return nil }
      return try JSONParser.parse(Array(text.utf8))
    }
  }

  /// Items not removed, optionally of one account and kinds, starting in `range` (items without
  /// a start are included only when no range is given), ordered by start.
  /// `detailKeys`: only these members of each item's details are read (what a one-line view shows
  /// of them); nil reads them all.
  /// `limit`: at most that many, the first in the order below (the soonest in a range);
  /// `excludingClosed`: without closed items, so that a limit counts only the others.
  public func items(
    accountID: String? = nil, kinds: [ItemKind]? = nil, startingIn range: ClosedRange<Date>? = nil,
    includeRemoved: Bool = false, detailKeys: Set<String>? = nil, excludingClosed: Bool = false, limit: Int? = nil
  ) async throws(StoreError) -> [StoredItem] {
    try await reading { db in
      let query = Self.itemsQuery(
        accountID: accountID, kinds: kinds, startingIn: range, includeRemoved: includeRemoved,
        excludingClosed: excludingClosed, limit: limit)
      // Read in place as the cursor steps; `fetchAll` would copy every column of every row first.
      return try Self.fetchStoredItems(
        db, sql: query.sql, arguments: query.arguments, detailNames: detailKeys.map(JSONMemberNames.init))
    }
  }

  /// The statement `items(…)` runs; on its own so that the tests can ask SQLite for its plan.
  static func itemsQuery(
    accountID: String?, kinds: [ItemKind]?, startingIn range: ClosedRange<Date>?, includeRemoved: Bool,
    excludingClosed: Bool = false, limit: Int? = nil
  ) -> (sql: String, arguments: StatementArguments) {
    var clauses: [String] = []
    var arguments: [any DatabaseValueConvertible] = []
    if !includeRemoved { clauses.append("removed_at IS NULL") }
    if excludingClosed { clauses.append("status <> 'closed'") }
    if let accountID {
      clauses.append("account_id = ?")
      arguments.append(accountID)
    }
    if let kinds {
      clauses.append("kind IN (\(kinds.map { _ in "?" }.joined(separator: ",")))")
      arguments += kinds.map(\.rawValue)
    }
    if let range {
      clauses.append("starts_at BETWEEN ? AND ?")
      arguments += [UTCTimestamp.format(range.lowerBound), UTCTimestamp.format(range.upperBound)]
    }
    let condition = clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
    // Items without a start go last. In a range every item has one, and "starts_at, number"
    // is the order `item_by_start` and `item_by_account_and_start` already hold (their entries
    // end in the rowid, `number`): SQLite then reads only the rows in range, in order, instead
    // of copying them into a sorter.
    let order = range == nil ? "starts_at IS NULL, starts_at, number" : "starts_at, number"
    var sql = "\(itemSelect) \(condition) ORDER BY \(order)"
    if let limit {
      sql += " LIMIT ?"
      arguments.append(max(0, limit))
    }
    return (sql, StatementArguments(arguments))
  }

  /// Whether the account holds any item, removed ones included, without reading one.
  public func hasItems(accountID: String) async throws(StoreError) -> Bool {
    try await reading { db in
      try Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM item WHERE account_id = ?)", arguments: [accountID])
        ?? false
    }
  }

  public func item(number: Int64) async throws(StoreError) -> StoredItem? {
    try await reading { db in
      try Self.fetchStoredItems(db, sql: "\(Self.itemSelect) WHERE number = ?", arguments: [number]).first
    }
  }

  /// Deletes what `policy` lets go at `now`, and returns how many items: items the service
  /// removed longer ago than the default retention, and items over for longer than their kind
  /// keeps them, unless their status keeps them (an open invoice) or an action not yet settled
  /// names them (its replay or the user's review reads them). Series points are history and stay.
  @discardableResult
  public func purgeItems(_ policy: RetentionPolicy, now: Date) async throws(StoreError) -> Int {
    let unsettled = """
      number NOT IN (SELECT item_number FROM action
                     WHERE item_number IS NOT NULL AND state IN ('pending', 'running', 'conflict', 'failed'))
      """
    return try await writing { db in
      try db.execute(
        sql: "DELETE FROM item WHERE removed_at < ? AND \(unsettled)",
        arguments: [UTCTimestamp.format(policy.removedCutoff(now: now))])
      var purged = db.changesCount
      for kind in try String.fetchAll(db, sql: "SELECT DISTINCT kind FROM item").map(ItemKind.init(rawValue:)) {
        guard let cutoff = policy.cutoff(for: kind, now: now) else { continue }
        let kept = policy.keptStatuses(for: kind).map(\.rawValue).sorted()
        let keptClause = kept.isEmpty ? "" : " AND status NOT IN (\(kept.map { _ in "?" }.joined(separator: ",")))"
        try db.execute(
          sql: """
            DELETE FROM item WHERE kind = ? AND removed_at IS NULL AND COALESCE(ends_at, starts_at) < ?\(keptClause)
              AND \(unsettled)
            """,
          arguments: StatementArguments([kind.rawValue, UTCTimestamp.format(cutoff)] + kept))
        purged += db.changesCount
      }
      // Details no point names any more go.
      try db.execute(
        sql: """
          DELETE FROM series_details WHERE id NOT IN (SELECT details FROM series_point WHERE details IS NOT NULL)
          """)
      return purged
    }
  }

  /// An item's columns as texts, in the order of the INSERT's first ten. `details`: the item's
  /// details serialised (`JSONValue.serialized`).
  static func itemTexts(_ item: Item, accountID: String, details: String) -> [String?] {
    [
      accountID, item.kind.rawValue, item.upstreamID, item.title, item.startsAt.map(UTCTimestamp.format),
      item.endsAt.map(UTCTimestamp.format), item.location, item.status.rawValue, details, item.link,
    ]
  }

  /// The columns `storedItem` reads, in its order. Read by position: by name, GRDB lowercases
  /// and compares every column name for every value (5 % of the daemon's time in an agenda's
  /// `items.list`, issue 20).
  static let itemColumns = [
    "number", "account_id", "kind", "upstream_id", "title", "starts_at", "ends_at", "location", "status", "details",
    "link", "first_seen_at", "updated_at", "removed_at",
  ]
  static let itemSelect = "SELECT \(itemColumns.joined(separator: ", ")) FROM item"
}

extension Store {
  /// The upstream ids of an account's items of one kind that are not removed: what an import
  /// checks its rows against, without decoding a single item.
  public func upstreamIDs(accountID: String, kind: ItemKind) async throws(StoreError) -> Set<String> {
    try await reading { db in
      Set(
        try String.fetchAll(
          db, sql: "SELECT upstream_id FROM item WHERE account_id = ? AND kind = ? AND removed_at IS NULL",
          arguments: [accountID, kind.rawValue]))
    }
  }
}
