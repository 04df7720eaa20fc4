import Foundation
import GRDB
import GRDBSQLite
import Testing

@testable import OutpostStore

/// After a burst the daemon gives back what SQLite cached (issue 47's million-operation fuzz saw
/// RSS grow with the database as each connection's page cache filled): the pages a read pulled
/// in are freed, and the connection stays open.
@Suite struct StoreMemoryReleaseTests {
  /// The bytes of page cache `db` holds (SQLITE_DBSTATUS_CACHE_USED).
  static func cacheUsed(_ db: Database) -> Int32 {
    var current: Int32 = 0
    var highwater: Int32 = 0
    sqlite3_db_status(db.sqliteConnection, SQLITE_DBSTATUS_CACHE_USED, &current, &highwater, 0)
    return current
  }

  @Test func releasingEmptiesEveryConnectionsPageCache() async throws {
    let directory = TemporaryDirectory()
    let store = try Store.open(path: directory.file("outpost.sqlite"))
    defer { try? store.close() }
    let pool = try #require(store.writer as? DatabasePool)
    try await pool.write { db in
      try db.execute(sql: "CREATE TABLE filler (id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
      for row in 0..<2_000 {
        try db.execute(
          sql: "INSERT INTO filler (body) VALUES (?)", arguments: [String(repeating: "x", count: 400) + "\(row)"])
      }
    }
    let (writerBefore, readerBefore) = try await (
      pool.write { db in
        _ = try Int.fetchOne(db, sql: "SELECT sum(length(body)) FROM filler")
        return Self.cacheUsed(db)
      },
      pool.read { db in
        _ = try Int.fetchOne(db, sql: "SELECT sum(length(body)) FROM filler")
        return Self.cacheUsed(db)
      }
    )
    // 2,000 rows of 400 bytes are about 200 pages of 4 KiB: well over 400 KiB cached by each.
    #expect(writerBefore > 400_000)
    #expect(readerBefore > 400_000)

    store.releaseMemory()

    let writerAfter = try await pool.write { db in Self.cacheUsed(db) }
    let readerAfter = try await pool.read { db in Self.cacheUsed(db) }
    #expect(writerAfter < writerBefore / 10)
    #expect(readerAfter < readerBefore / 10)
    // Still usable afterwards.
    #expect(try await pool.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM filler") } == 2_000)
  }
}
