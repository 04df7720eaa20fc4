import GRDB
import Testing

@testable import OutpostStore

/// `Statement.run(_:)` and `run(texts:)`, the store's inserts without GRDB's arguments: each text
/// bound as it is (an empty one stays empty, not NULL), integers as integers, errors as GRDB
/// throws them, and the statement fit for its next run and for GRDB's own `execute` afterwards.
@Suite struct StatementRunTests {
  func database() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (n INTEGER PRIMARY KEY, a TEXT, b TEXT NOT NULL, c TEXT) STRICT")
    }
    return queue
  }

  static let insert = "INSERT INTO t (a, b, c) VALUES (?, ?, ?)"

  @Test func textsAreBoundAsTheyAreAndNilAsNull() throws {
    let queue = try database()
    let texts: [[String?]] = [
      ["x", "", nil], ["", "Zürich – VBC 🏐", "e\u{301}"], [nil, "a", "line\r\nnext"],
    ]
    let rows = try queue.write { db in
      let statement = try db.cachedStatement(sql: Self.insert)
      for row in texts { try statement.run(texts: row) }
      return try Row.fetchAll(db, sql: "SELECT a, b, c, typeof(a), typeof(b), typeof(c) FROM t ORDER BY n")
    }
    #expect(rows.map { [$0[0], $0[1], $0[2]] as [String?] } == texts)
    #expect(
      rows.map { [$0[3], $0[4], $0[5]] as [String] } == [
        ["text", "text", "null"], ["text", "text", "text"], ["null", "text", "text"],
      ])
  }

  /// Byte for byte what GRDB's `execute(arguments:)` stores, a text with a NUL included (GRDB
  /// binds a String up to its first NUL).
  @Test func theBytesStoredAreThoseGRDBStores() throws {
    let queue = try database()
    let texts: [[String?]] = [["a\u{0}b", "\u{0}", ""], ["ß", "x\u{0}", nil], ["\u{FEFF}bom", "\t \r", "\u{7F}"]]
    let stored = try queue.write { db in
      for row in texts {
        try db.cachedStatement(sql: Self.insert).run(texts: row)
        try db.cachedStatement(sql: Self.insert).execute(arguments: StatementArguments(row))
      }
      return try Row.fetchAll(db, sql: "SELECT hex(a), hex(b), hex(c), typeof(c) FROM t ORDER BY n").map {
        [$0[0], $0[1], $0[2], $0[3]] as [String]
      }
    }
    #expect(stored.count == 6)
    for pair in stride(from: 0, to: stored.count, by: 2) { #expect(stored[pair] == stored[pair + 1]) }
    #expect(stored[0] == ["61", "", "", "text"])
  }

  /// Integers, texts and NULLs mixed, stored as GRDB's `execute(arguments:)` stores them: the
  /// same values of the same types, the extremes included.
  @Test func integersAreStoredAsGRDBStoresThem() throws {
    let queue = try DatabaseQueue()
    let rows: [(Int64, String, Int64?)] = [(0, "a", 0), (-1, "", nil), (.max, "7", .min), (42, "x\u{0}y", 1 << 40)]
    let stored = try queue.write { db in
      try db.execute(sql: "CREATE TABLE u (n INTEGER PRIMARY KEY, i INTEGER, t TEXT, j INTEGER) STRICT")
      let insert = "INSERT INTO u (i, t, j) VALUES (?, ?, ?)"
      for (i, t, j) in rows {
        try db.cachedStatement(sql: insert).run([.integer(i), .text(t), j.map(BoundValue.integer) ?? .null])
        try db.cachedStatement(sql: insert).execute(arguments: [i, t, j])
      }
      return try Row.fetchAll(
        db, sql: "SELECT CAST(i AS TEXT), typeof(i), hex(t), CAST(j AS TEXT), typeof(j) FROM u ORDER BY n"
      ).map {
        [$0[0], $0[1], $0[2], $0[3], $0[4]] as [String?]
      }
    }
    #expect(stored.count == 8)
    for pair in stride(from: 0, to: stored.count, by: 2) { #expect(stored[pair] == stored[pair + 1]) }
    #expect(stored[4] == ["\(Int64.max)", "integer", "37", "\(Int64.min)", "integer"])
    #expect(stored[2] == ["-1", "integer", "", nil, "null"])
  }

  @Test func aFailedRunThrowsSQLitesErrorAndLeavesTheStatementReady() throws {
    let queue = try database()
    try queue.write { db in
      let statement = try db.cachedStatement(sql: Self.insert)
      #expect {
        try statement.run(texts: ["x", nil, "z"])
      } throws: { error in
        let error = error as? DatabaseError
        return error?.resultCode == .SQLITE_CONSTRAINT && error?.message?.contains("NOT NULL") == true
          && error?.sql == Self.insert
      }
      #expect(throws: DatabaseError.self) { try statement.run(texts: ["too", "few"]) }
      try statement.run(texts: ["after", "the", "errors"])
      // GRDB runs the same cached statement as before, then this again.
      try db.cachedStatement(sql: Self.insert).execute(arguments: ["grdb", "b", nil])
      try statement.run(texts: [nil, "last", nil])
      let rows = try Row.fetchAll(db, sql: "SELECT a, b, c FROM t ORDER BY n").map {
        [$0[0], $0[1], $0[2]] as [String?]
      }
      #expect(rows == [["after", "the", "errors"], ["grdb", "b", nil], [nil, "last", nil]])
    }
  }
}
