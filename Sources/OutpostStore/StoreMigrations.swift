import GRDB

/// The schema, as an append-only list of steps. A step, once released, is never edited: a new
/// need is a new step. Tables are STRICT with real constraints, so SQLite itself refuses bad rows.
enum StoreMigrations {
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("1-meta") { db in
      try db.execute(
        sql: """
          CREATE TABLE meta (
            key TEXT PRIMARY KEY NOT NULL CHECK (key <> ''),
            value TEXT NOT NULL
          ) STRICT
          """)
    }
    migrator.registerMigration("2-event-log") { db in
      // AUTOINCREMENT: a sequence number is never reused, even after old events are purged, so
      // a client's `since` cursor stays meaningful across restarts.
      try db.execute(
        sql: """
          CREATE TABLE event (
            seq INTEGER PRIMARY KEY AUTOINCREMENT,
            type TEXT NOT NULL CHECK (type GLOB '[a-z]*.[a-z]*'),
            time TEXT NOT NULL CHECK (time <> ''),
            data TEXT NOT NULL CHECK (json_valid(data))
          ) STRICT
          """)
    }
    return migrator
  }

  /// Names of every step this build knows, in order.
  static var knownIdentifiers: [String] { migrator.migrations }
}
