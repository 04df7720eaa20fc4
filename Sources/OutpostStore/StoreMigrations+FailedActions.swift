import GRDB

extension StoreMigrations {
  /// Step 16: an action the service refused as sent ends as `failed` (issue 46), apart from a
  /// conflict, instead of being retried as if the network were at fault. SQLite cannot change a
  /// CHECK: the table is rebuilt with its rows, its numbers and its index, as step 11 did.
  static func addFailedActionState(_ db: Database) throws {
    try db.execute(
      sql: """
        CREATE TABLE action_new (
          number INTEGER PRIMARY KEY AUTOINCREMENT,
          account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
          type TEXT NOT NULL CHECK (length(type) BETWEEN 3 AND 128 AND type GLOB '[a-z]*.[a-z]*'
                                    AND type NOT GLOB '*[^a-z0-9.-]*'),
          item_number INTEGER,
          target TEXT NOT NULL CHECK (target <> ''),
          params TEXT NOT NULL CHECK (json_valid(params)),
          state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done', 'conflict', 'discarded', 'failed')),
          attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
          problem TEXT,
          server_state TEXT CHECK (server_state IS NULL OR json_valid(server_state)),
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        ) STRICT
        """)
    // Numbers are what people type: the sequence carries over, so none is ever handed out twice.
    let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'action'") ?? 0
    try db.execute(sql: "INSERT INTO action_new SELECT * FROM action")
    try db.execute(sql: "DROP TABLE action")
    try db.execute(sql: "ALTER TABLE action_new RENAME TO action")
    try db.execute(sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'action'", arguments: [sequence])
    if db.changesCount == 0 {
      try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('action', ?)", arguments: [sequence])
    }
    try db.execute(sql: "CREATE INDEX action_open ON action (account_id, number) WHERE state IN ('pending', 'running')")
  }
}
