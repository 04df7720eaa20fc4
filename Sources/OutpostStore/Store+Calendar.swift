import Foundation
import GRDB
import OutpostModel

/// The SEQUENCE of each item's calendar event.
extension Store {
  /// Gives every item its SEQUENCE for `digests` (item number → what its event says now):
  /// unchanged digests keep their number, changed ones get the next, new ones start at 0.
  /// Writes only when something changed.
  public func calendarSequences(for digests: [Int64: String]) async throws(StoreError) -> [Int64: Int] {
    guard let lowest = digests.keys.min(), let highest = digests.keys.max() else { return [:] }
    let stored = try await reading { db in
      var known: [Int64: (String, Int)] = [:]
      let rows = try Row.fetchCursor(db, sql: Self.calendarEntriesBetween, arguments: [lowest, highest])
      while let row = try rows.next() { known[row[0]] = (row[1], row[2]) }
      return known.mapValues { CalendarRecord(digest: $0.0, sequence: $0.1) }
    }
    var sequences: [Int64: Int] = [:]
    var changed: [(Int64, String, Int)] = []
    for (number, digest) in digests {
      switch stored[number] {
      case let record? where record.digest == digest: sequences[number] = record.sequence
      case let record?:
        sequences[number] = record.sequence + 1
        changed.append((number, digest, record.sequence + 1))
      case nil:
        sequences[number] = 0
        changed.append((number, digest, 0))
      }
    }
    if !changed.isEmpty {
      let updates = changed
      try await writing { db in
        let statement = try db.cachedStatement(
          sql: """
            INSERT INTO calendar_entry (item_number, digest, sequence) VALUES (?, ?, ?)
            ON CONFLICT (item_number) DO UPDATE SET digest = excluded.digest, sequence = excluded.sequence
            """)
        // Bound straight to SQLite, as `applySync`'s inserts: a first sync makes one upsert per
        // event, 4 % of a 10,000-event one's samples through GRDB's arguments (issue 20).
        for (number, digest, sequence) in updates {
          try statement.run([.integer(number), .text(digest), .integer(Int64(sequence))])
        }
      }
    }
    return sequences
  }
}

extension Store {
  /// The entries whose item numbers lie between two: only those can be asked for. An account's
  /// items are numbered close together, so its calendar reads its own stretch of the table,
  /// not every account's (with 100,000 items of another account, all of them at every
  /// regeneration of a 10,000-event calendar).
  static let calendarEntriesBetween =
    "SELECT item_number, digest, sequence FROM calendar_entry WHERE item_number BETWEEN ? AND ?"
}

struct CalendarRecord: Sendable {
  var digest: String
  var sequence: Int
}

extension Store {
  /// What the calendar events of the items of `kinds` are made from, as one line per item (not
  /// removed) in number order: number, account, the fingerprint of its content and when it last
  /// changed (its DTSTAMP). Every change to an item changes its line, and an item that comes or
  /// goes adds or drops one, so the calendar files can tell from a digest of these bytes that
  /// they were written from this very state (`CalendarGeneration`).
  public func calendarSourceLines(kinds: Set<ItemKind>) async throws(StoreError) -> [UInt8] {
    let kindList = kinds.map(\.rawValue).sorted()
    return try await reading { db in
      var bytes: [UInt8] = []
      let rows = try Row.fetchCursor(
        db,
        sql: """
          SELECT number, account_id, fingerprint, updated_at FROM item
          WHERE removed_at IS NULL AND kind IN (\(kindList.map { _ in "?" }.joined(separator: ","))) ORDER BY number
          """, arguments: StatementArguments(kindList))
      while let row = try rows.next() {
        bytes += String(row[0] as Int64).utf8
        for column in 1...3 {
          bytes.append(0x1F)
          bytes += (row[column] as String).utf8
        }
        bytes.append(0x0A)
      }
      return bytes
    }
  }
}
