import Foundation
import GRDB
import OutpostModel

/// The SEQUENCE of each item's calendar event.
extension Store {
  /// Gives every item its SEQUENCE for `digests` (item number → what its event says now):
  /// unchanged digests keep their number, changed ones get the next, new ones start at 0.
  /// Writes only when something changed.
  public func calendarSequences(for digests: [Int64: String]) async throws(StoreError) -> [Int64: Int] {
    let stored = try await reading { db in
      var known: [Int64: (String, Int)] = [:]
      let rows = try Row.fetchCursor(db, sql: "SELECT item_number, digest, sequence FROM calendar_entry")
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
        for (number, digest, sequence) in updates { try statement.execute(arguments: [number, digest, sequence]) }
      }
    }
    return sequences
  }
}

struct CalendarRecord: Sendable {
  var digest: String
  var sequence: Int
}
