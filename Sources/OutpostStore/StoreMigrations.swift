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
    migrator.registerMigration("4-items") { db in
      // `number` is the short id people type (`outpost exchange take 3`); it is never reused.
      // Removed items stay (removed_at set) until retention purges them, so that a wrongly
      // empty reply can be undone by the next sync without losing anything.
      try db.execute(
        sql: """
          CREATE TABLE item (
            number INTEGER PRIMARY KEY AUTOINCREMENT,
            account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind GLOB '[a-z]*'),
            upstream_id TEXT NOT NULL CHECK (upstream_id <> ''),
            title TEXT NOT NULL,
            starts_at TEXT,
            ends_at TEXT,
            location TEXT,
            status TEXT NOT NULL CHECK (status IN ('active', 'cancelled', 'applied', 'closed')),
            details TEXT NOT NULL CHECK (json_valid(details)),
            link TEXT,
            fingerprint TEXT NOT NULL,
            first_seen_at TEXT NOT NULL,
            updated_at TEXT NOT NULL,
            removed_at TEXT,
            UNIQUE (account_id, kind, upstream_id)
          ) STRICT
          """)
      try db.execute(sql: "CREATE INDEX item_by_start ON item (starts_at) WHERE removed_at IS NULL")
      // Only what must survive a restart: the connector's cursor. Attempt times and errors
      // live in memory, so that a sync that changes nothing writes nothing.
      try db.execute(
        sql: """
          CREATE TABLE sync_cursor (
            account_id TEXT PRIMARY KEY NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            cursor TEXT NOT NULL CHECK (json_valid(cursor))
          ) STRICT
          """)
    }
    migrator.registerMigration("5-actions") { db in
      // Recorded first, performed after: the row exists before any request leaves.
      try db.execute(
        sql: """
          CREATE TABLE action (
            number INTEGER PRIMARY KEY AUTOINCREMENT,
            account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            type TEXT NOT NULL CHECK (type IN ('exchange.take', 'exchange.offer', 'exchange.withdraw', 'compensation.edit')),
            item_number INTEGER,
            target TEXT NOT NULL CHECK (target <> ''),
            params TEXT NOT NULL CHECK (json_valid(params)),
            state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done', 'conflict', 'discarded')),
            attempts INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
            problem TEXT,
            server_state TEXT CHECK (server_state IS NULL OR json_valid(server_state)),
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
          ) STRICT
          """)
      try db.execute(
        sql: "CREATE INDEX action_open ON action (account_id, number) WHERE state IN ('pending', 'running')")
    }
    migrator.registerMigration("6-account-file-feeds") { db in
      // Feed accounts (kind ical) may follow a local file; the base URL shown is then
      // `file:///…/name.ics`. SQLite cannot change a CHECK, so the table is rebuilt (GRDB runs
      // this with foreign keys deferred and checks them afterwards).
      try db.execute(
        sql: """
          CREATE TABLE account_new (
            id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            name TEXT NOT NULL COLLATE NOCASE UNIQUE CHECK (name <> '' AND length(name) <= 64),
            kind TEXT NOT NULL CHECK (kind GLOB '[a-z]*'),
            username TEXT CHECK (username IS NULL OR (username <> '' AND length(username) <= 254)),
            base_url TEXT NOT NULL
              CHECK (base_url GLOB 'http://?*' OR base_url GLOB 'https://?*' OR base_url GLOB 'file:///*'),
            state TEXT NOT NULL CHECK (state IN ('ok', 'needs-login', 'keyring-locked', 'offline', 'error')),
            state_reason TEXT,
            state_changed_at TEXT NOT NULL,
            created_at TEXT NOT NULL,
            last_login_at TEXT
          ) STRICT
          """)
      try db.execute(sql: "INSERT INTO account_new SELECT * FROM account")
      try db.execute(sql: "DROP TABLE account")
      try db.execute(sql: "ALTER TABLE account_new RENAME TO account")
    }
    migrator.registerMigration("7-calendar-entries") { db in
      // What each item's calendar event last said (a digest) and its SEQUENCE, which calendar
      // clients use to tell a real change from a re-send: it only grows when the digest changes.
      try db.execute(
        sql: """
          CREATE TABLE calendar_entry (
            item_number INTEGER PRIMARY KEY NOT NULL REFERENCES item(number) ON DELETE CASCADE,
            digest TEXT NOT NULL CHECK (digest <> ''),
            sequence INTEGER NOT NULL CHECK (sequence >= 0)
          ) STRICT
          """)
    }
    migrator.registerMigration("8-caldav-targets") { db in
      // The CalDAV calendars Outpost pushes into. The password is in the keyring under
      // ("caldav", id), never here. `state` is what Outpost wrote there (CalDAVState as JSON):
      // it tells Outpost's events from everyone else's, so it is saved after every push.
      try db.execute(
        sql: """
          CREATE TABLE caldav_target (
            id TEXT PRIMARY KEY NOT NULL CHECK (length(id) = 36),
            url TEXT NOT NULL UNIQUE CHECK (url GLOB 'http://?*' OR url GLOB 'https://?*'),
            username TEXT NOT NULL CHECK (username <> '' AND length(username) <= 254),
            account_id TEXT REFERENCES account(id) ON DELETE CASCADE,
            display_name TEXT,
            status TEXT NOT NULL CHECK (status IN ('ok', 'retrying', 'needs-login', 'error')),
            status_reason TEXT,
            state TEXT NOT NULL CHECK (json_valid(state)),
            created_at TEXT NOT NULL,
            last_push_at TEXT
          ) STRICT
          """)
    }
    migrator.registerMigration("9-reminders-notifications") { db in
      // The notification centre: every notification Outpost gave, read or not, and whether the
      // desktop showed it. `dedupe_key` makes announcing the same change twice store it once;
      // `desktop_id` is the notification server's id (for replaces_id, close, ActionInvoked).
      try db.execute(
        sql: """
          CREATE TABLE notification (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            category TEXT NOT NULL CHECK (category IN ('reminder', 'new-assignment', 'changed', 'cancelled',
                                                       'exchange-taken', 'action-failed', 'needs-login')),
            account_id TEXT REFERENCES account(id) ON DELETE CASCADE,
            item_number INTEGER REFERENCES item(number) ON DELETE SET NULL,
            summary TEXT NOT NULL CHECK (summary <> ''),
            body TEXT NOT NULL,
            link TEXT,
            created_at TEXT NOT NULL CHECK (created_at <> ''),
            read_at TEXT,
            delivery TEXT NOT NULL CHECK (delivery IN ('pending', 'shown', 'unavailable', 'suppressed')),
            desktop_id INTEGER CHECK (desktop_id IS NULL OR desktop_id BETWEEN 1 AND 4294967295),
            dedupe_key TEXT UNIQUE CHECK (dedupe_key IS NULL OR dedupe_key <> '')
          ) STRICT
          """)
      try db.execute(sql: "CREATE INDEX notification_unread ON notification (category) WHERE read_at IS NULL")
      try db.execute(
        sql: "CREATE INDEX notification_by_desktop_id ON notification (desktop_id) WHERE desktop_id IS NOT NULL")
      try db.execute(
        sql: "CREATE INDEX notification_undelivered ON notification (id) WHERE delivery IN ('pending', 'unavailable')")
      // One row per (item, rule), made once and kept: its state is what makes it fire exactly
      // once across restarts. `number` is what people type (`outpost reminders snooze 4`), so
      // it is never reused. The index serves the one question the scheduler asks: the next due.
      try db.execute(
        sql: """
          CREATE TABLE reminder (
            number INTEGER PRIMARY KEY AUTOINCREMENT,
            item_number INTEGER NOT NULL REFERENCES item(number) ON DELETE CASCADE,
            rule TEXT NOT NULL CHECK (rule GLOB '[a-z]*' AND length(rule) <= 128),
            due_at TEXT NOT NULL CHECK (due_at <> ''),
            state TEXT NOT NULL CHECK (state IN ('pending', 'fired', 'missed', 'withdrawn', 'dismissed')),
            snoozed_until TEXT CHECK (snoozed_until IS NULL OR snoozed_until <> ''),
            fired_at TEXT CHECK (state <> 'fired' OR fired_at IS NOT NULL),
            notification_id INTEGER REFERENCES notification(id) ON DELETE SET NULL,
            UNIQUE (item_number, rule)
          ) STRICT
          """)
      try db.execute(
        sql: "CREATE INDEX reminder_next_due ON reminder (coalesce(snoozed_until, due_at)) WHERE state = 'pending'")
      try db.execute(sql: "CREATE INDEX reminder_by_notification ON reminder (notification_id)")
    }
    // Service options per account (an API key, a brand, a project URL): never secrets, which
    // stay in the keyring. A JSON object of strings.
    migrator.registerMigration("10-account-options") { db in
      try db.execute(
        sql: """
          ALTER TABLE account ADD COLUMN options TEXT NOT NULL DEFAULT '{}'
            CHECK (json_valid(options) AND json_type(options) = 'object')
          """)
    }
    // Actions are declared by connectors now: any dotted lower-case name (`tasks.complete`),
    // no longer the four VolleyManager ones. SQLite cannot change a CHECK: the table is rebuilt
    // with its rows and numbers (GRDB runs this with foreign keys deferred).
    migrator.registerMigration("11-declared-action-types") { db in
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
            state TEXT NOT NULL CHECK (state IN ('pending', 'running', 'done', 'conflict', 'discarded')),
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
      try db.execute(
        sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'action'", arguments: [sequence])
      if db.changesCount == 0 {
        try db.execute(sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('action', ?)", arguments: [sequence])
      }
      try db.execute(
        sql: "CREATE INDEX action_open ON action (account_id, number) WHERE state IN ('pending', 'running')")
    }
    // Notification categories are declared by connectors now (`new-assignment` is
    // VolleyManager's; RPP's and the brands' come with them), no longer a fixed list: the table
    // is rebuilt with a CHECK on the name's shape only, keeping rows, ids and the sequence.
    migrator.registerMigration("12-declared-notification-categories") { db in
      try db.execute(
        sql: """
          CREATE TABLE notification_new (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            category TEXT NOT NULL CHECK (length(category) BETWEEN 1 AND 64 AND category GLOB '[a-z]*'
                                          AND category NOT GLOB '*[^a-z0-9-]*'),
            account_id TEXT REFERENCES account(id) ON DELETE CASCADE,
            item_number INTEGER REFERENCES item(number) ON DELETE SET NULL,
            summary TEXT NOT NULL CHECK (summary <> ''),
            body TEXT NOT NULL,
            link TEXT,
            created_at TEXT NOT NULL CHECK (created_at <> ''),
            read_at TEXT,
            delivery TEXT NOT NULL CHECK (delivery IN ('pending', 'shown', 'unavailable', 'suppressed')),
            desktop_id INTEGER CHECK (desktop_id IS NULL OR desktop_id BETWEEN 1 AND 4294967295),
            dedupe_key TEXT UNIQUE CHECK (dedupe_key IS NULL OR dedupe_key <> '')
          ) STRICT
          """)
      let sequence = try Int64.fetchOne(db, sql: "SELECT seq FROM sqlite_sequence WHERE name = 'notification'") ?? 0
      try db.execute(sql: "INSERT INTO notification_new SELECT * FROM notification")
      try db.execute(sql: "DROP TABLE notification")
      try db.execute(sql: "ALTER TABLE notification_new RENAME TO notification")
      try db.execute(
        sql: "UPDATE sqlite_sequence SET seq = max(seq, ?) WHERE name = 'notification'", arguments: [sequence])
      if db.changesCount == 0 {
        try db.execute(
          sql: "INSERT INTO sqlite_sequence (name, seq) VALUES ('notification', ?)", arguments: [sequence])
      }
      try db.execute(sql: "CREATE INDEX notification_unread ON notification (category) WHERE read_at IS NULL")
      try db.execute(
        sql: "CREATE INDEX notification_by_desktop_id ON notification (desktop_id) WHERE desktop_id IS NOT NULL")
      try db.execute(
        sql: "CREATE INDEX notification_undelivered ON notification (id) WHERE delivery IN ('pending', 'unavailable')")
    }
    // Long series (a glucose reading every five minutes) kept compactly: no number, no
    // fingerprint, no news; read by time range. A point names its series (account and kind)
    // and its details by number, since a year of one sensor's readings shares both: rows of
    // 60 bytes, not 250. `at` is seconds since 1970 (UTC). Details no point names any more
    // are deleted by the purge.
    migrator.registerMigration("13-series-points") { db in
      try db.execute(
        sql: """
          CREATE TABLE series (
            id INTEGER PRIMARY KEY,
            account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            kind TEXT NOT NULL CHECK (kind GLOB '[a-z]*'),
            UNIQUE (account_id, kind)
          ) STRICT
          """)
      try db.execute(
        sql:
          "CREATE TABLE series_details (id INTEGER PRIMARY KEY, text TEXT NOT NULL UNIQUE CHECK (json_valid(text))) STRICT"
      )
      try db.execute(
        sql: """
          CREATE TABLE series_point (
            series INTEGER NOT NULL REFERENCES series(id) ON DELETE CASCADE,
            key TEXT NOT NULL CHECK (key <> ''),
            at REAL NOT NULL,
            value REAL NOT NULL,
            tag TEXT NOT NULL,
            details INTEGER,
            PRIMARY KEY (series, key)
          ) STRICT, WITHOUT ROWID
          """)
      try db.execute(sql: "CREATE INDEX series_point_by_time ON series_point (series, at)")
    }
    // Sign-in links mailed and not yet back (agile-network.md §3): only a hash of the request's
    // `state` and when the link stops working. The verifier and nonce live in the keyring
    // under the same hash; a link whose hash is not here was not asked for on this machine.
    migrator.registerMigration("14-sign-in-links") { db in
      try db.execute(
        sql: """
          CREATE TABLE sign_in_link (
            state_hash TEXT PRIMARY KEY CHECK (length(state_hash) = 64),
            account_id TEXT NOT NULL REFERENCES account(id) ON DELETE CASCADE,
            requested_at TEXT NOT NULL,
            expires_at TEXT NOT NULL
          ) STRICT
          """)
      try db.execute(sql: "CREATE INDEX sign_in_link_by_account ON sign_in_link (account_id, requested_at)")
    }
    // One account's items in a time range (the agenda of one account, a service's calendar
    // view) in start order. Without it SQLite took `UNIQUE (account_id, kind, upstream_id)`
    // for the account and kind, read every item of the account and sorted the ones in range:
    // the 30 days of a 10,000-event account read all 10,000 rows. `item_by_start` stays for
    // the ranges of every account.
    migrator.registerMigration("15-items-by-account-and-start") { db in
      try db.execute(
        sql: "CREATE INDEX item_by_account_and_start ON item (account_id, starts_at) WHERE removed_at IS NULL")
    }
    migrator.registerMigration("16-failed-actions", migrate: addFailedActionState)
    // Why an account is not ok and why an action was not sent, as phrases each client says in
    // its own language (JSON); the English `state_reason` and `problem` stay for logs and
    // older clients.
    migrator.registerMigration("17-reason-phrases") { db in
      try db.execute(sql: "ALTER TABLE account ADD COLUMN state_reason_phrase TEXT")
      try db.execute(sql: "ALTER TABLE action ADD COLUMN problem_phrase TEXT")
    }
    return migrator
  }

  /// Names of every step this build knows, in order.
  static var knownIdentifiers: [String] { migrator.migrations }
}
