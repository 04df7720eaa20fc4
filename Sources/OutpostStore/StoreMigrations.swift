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
    migrator.registerMigration("3-accounts") { db in
      // The secret is never here: it is in the keyring under (kind, id). Names are unique
      // regardless of case, since users type them.
      try db.execute(
        sql: """
          CREATE TABLE account (
            id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (name <> '' AND length(name) <= 64),
            kind TEXT NOT NULL CHECK (kind GLOB '[a-z]*'),
            username TEXT CHECK (username IS NULL OR (username <> '' AND length(username) <= 254)),
            base_url TEXT NOT NULL CHECK (base_url GLOB 'http://?*' OR base_url GLOB 'https://?*'),
            state TEXT NOT NULL CHECK (state IN ('ok', 'needs-login', 'keyring-locked', 'offline', 'error')),
            state_reason TEXT,
            state_changed_at TEXT NOT NULL,
            created_at TEXT NOT NULL,
            last_login_at TEXT
          ) STRICT
          """)
    }
    return migrator
  }

  /// Names of every step this build knows, in order.
  static var knownIdentifiers: [String] { migrator.migrations }
}
