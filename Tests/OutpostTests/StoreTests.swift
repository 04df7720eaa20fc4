import Foundation
import GRDB
import OutpostModel
import Testing

@testable import OutpostStore

@Suite struct StoreTests {
  @Test func createsAndMigratesAFreshDatabase() throws {
    let directory = TemporaryDirectory()
    let store = try Store.open(path: directory.file("outpost.sqlite"))
    #expect(try store.appliedMigrations() == StoreMigrations.knownIdentifiers)
    try store.close()
    // WAL mode, so readers never block the daemon's writes.
    let queue = try DatabaseQueue(path: directory.file("outpost.sqlite"))
    #expect(try queue.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
  }

  @Test func migratesADatabaseFromAnOlderSchema() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("outpost.sqlite")
    do {
      let old = try DatabaseQueue(path: path)
      try StoreMigrations.migrator.migrate(old, upTo: "1-meta")
      try await old.write { try $0.execute(sql: "INSERT INTO meta (key, value) VALUES ('created_by', '0.0.1')") }
    }
    let store = try Store.open(path: path)
    #expect(try store.appliedMigrations() == StoreMigrations.knownIdentifiers)
    #expect(try await store.metaValue("created_by") == "0.0.1")
    #expect(try await store.metaValue("last_opened_by") == ProductInfo.version)
    try await store.appendEvent(type: "daemon.didStart", data: [:], retain: 10)
  }

  @Test func accountsFromBeforeOptionsGainNoneAndNewOnesKeepTheirs() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("outpost.sqlite")
    let at = Date(timeIntervalSince1970: 1_780_000_000)
    do {
      let old = try DatabaseQueue(path: path)
      try StoreMigrations.migrator.migrate(old, upTo: "9-reminders-notifications")
      try await old.write {
        try $0.execute(
          sql: """
            INSERT INTO account (id, name, kind, username, base_url, state, state_changed_at, created_at)
            VALUES ('00000000-0000-4000-8000-0000000000a1', 'old', 'volleymanager', 'u', 'https://x', 'ok', '2026-01-01T00:00:00.000Z',
                    '2026-01-01T00:00:00.000Z')
            """)
      }
    }
    let store = try Store.open(path: path)
    #expect(try await store.account(named: "old")?.options == nil)
    let options = ["apiKey": "sb_publishable_x", "brand": "Agile Network"]
    try await store.addAccount(
      Account(
        id: "00000000-0000-4000-8000-0000000000a2", name: "new", kind: "tasks", username: "u", baseURL: "https://y",
        state: .ok, stateChangedAt: at,
        createdAt: at, options: options))
    #expect(try await store.account(named: "new")?.options == options)
    // SQLite itself refuses options that are not an object.
    #expect(throws: (any Error).self) {
      try store.writer.write { try $0.execute(sql: "UPDATE account SET options = '[1]' WHERE name = 'new'") }
    }
  }

  @Test func queuedActionsKeepTheirNumbersAcrossTheDeclaredTypesMigration() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("outpost.sqlite")
    let account = "00000000-0000-4000-8000-0000000000a1"
    do {
      let old = try DatabaseQueue(path: path)
      try StoreMigrations.migrator.migrate(old, upTo: "10-account-options")
      try await old.write { db in
        try db.execute(
          sql: """
            INSERT INTO account (id, name, kind, username, base_url, state, state_changed_at, created_at)
            VALUES (?, 'vm', 'volleymanager', 'u', 'https://x', 'ok', '2026-01-01T00:00:00.000Z',
                    '2026-01-01T00:00:00.000Z')
            """, arguments: [account])
        for number in 1...3 {
          try db.execute(
            sql: """
              INSERT INTO action (account_id, type, target, params, state, created_at, updated_at)
              VALUES (?, 'exchange.take', ?, '{}', 'pending', 'x', 'x')
              """, arguments: [account, "t\(number)"])
        }
        // The newest is gone: its number must still never come back.
        try db.execute(sql: "DELETE FROM action WHERE number = 3")
        #expect(throws: (any Error).self) {
          try db.execute(
            sql: """
              INSERT INTO action (account_id, type, target, params, state, created_at, updated_at)
              VALUES (?, 'tasks.complete', 't', '{}', 'pending', 'x', 'x')
              """, arguments: [account])
        }
      }
    }
    let store = try Store.open(path: path)
    #expect(try await store.actions(accountID: account, states: [.pending]).map(\.number) == [1, 2])
    let added = try await store.enqueueAction(
      accountID: account, type: ActionType("tasks.complete"), itemNumber: nil, target: "7", params: [:])
    #expect(added.number == 4)
    #expect(added.type.rawValue == "tasks.complete")
    await #expect(throws: (any Error).self) {
      _ = try await store.enqueueAction(
        accountID: account, type: ActionType("Not a name; DROP"), itemNumber: nil, target: "7", params: [:])
    }
  }

  @Test func notificationsKeepTheirIdsAndDedupeKeysAcrossTheDeclaredCategoriesMigration() async throws {
    let directory = TemporaryDirectory()
    let path = directory.file("outpost.sqlite")
    do {
      let old = try DatabaseQueue(path: path)
      try StoreMigrations.migrator.migrate(old, upTo: "11-declared-action-types")
      try await old.write { db in
        for summary in ["first", "second", "third"] {
          try db.execute(
            sql: """
              INSERT INTO notification (category, summary, body, created_at, delivery, dedupe_key)
              VALUES ('new-assignment', ?, '', '2026-01-01T00:00:00.000Z', 'shown', ?)
              """, arguments: [summary, "key-\(summary)"])
        }
        try db.execute(sql: "DELETE FROM notification WHERE id = 3")
        // Before: only the seven categories of the referee's day.
        #expect(throws: (any Error).self) {
          try db.execute(
            sql: """
              INSERT INTO notification (category, summary, body, created_at, delivery)
              VALUES ('new-task', 'x', '', '2026-01-01T00:00:00.000Z', 'shown')
              """)
        }
      }
    }
    let store = try Store.open(path: path)
    #expect(try await store.notifications().map(\.summary).sorted() == ["first", "second"])
    let added = try #require(
      try await store.addNotification(
        NewNotification(category: NotificationCategory(rawValue: "new-task"), summary: "Book the dentist"),
        at: Date(timeIntervalSince1970: 1_800_000_000)))
    #expect(added.id == 4, "a deleted notification's id came back")
    #expect(try await store.notifications(category: NotificationCategory(rawValue: "new-task")).count == 1)
    // The dedupe key still holds: the same news is stored once.
    #expect(
      try await store.addNotification(
        NewNotification(category: .changed, summary: "again", dedupeKey: "key-first"), at: Date()) == nil)
    // Only the shape of a name is checked now.
    await #expect(throws: (any Error).self) {
      _ = try await store.addNotification(
        NewNotification(category: NotificationCategory(rawValue: "Bad Name"), summary: "x"), at: Date())
    }
  }

  @Test func aCorruptFileIsReportedAndLeftUntouched() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("outpost.sqlite")
    let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    try garbage.write(to: URL(fileURLWithPath: path))
    #expect {
      try Store.open(path: path)
    } throws: { error in
      guard case .corrupt(let reported, _)? = error as? StoreError else { return false }
      return reported == path
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test func aDatabaseFromANewerOutpostIsRefused() throws {
    let directory = TemporaryDirectory()
    let path = directory.file("outpost.sqlite")
    try Store.open(path: path).close()
    let queue = try DatabaseQueue(path: path)
    try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('99-future')") }
    try queue.close()
    #expect(throws: StoreError.newerSchema(path: path, unknownMigrations: ["99-future"])) {
      try Store.open(path: path)
    }
  }

  @Test func aDatabaseThatCannotBeOpenedIsReported() throws {
    let directory = TemporaryDirectory()
    // A regular file where a directory should be: fails for root too, unlike permission bits.
    try Data("not a directory".utf8).write(to: URL(fileURLWithPath: directory.file("data")))
    let path = directory.file("data/outpost.sqlite")
    #expect {
      try Store.open(path: path)
    } throws: { error in
      switch error as? StoreError {
      case .unreadable(let reported, _)?, .cannotCreate(let reported, _)?: reported == path
      default: false
      }
    }
  }

  @Test func eventSequenceNumbersNeverRepeatAndOldEventsArePurged() async throws {
    let store = try Store.inMemory()
    for index in 1...12 {
      try await store.appendEvent(type: "test.didHappen", data: ["n": .int(Int64(index))], retain: 5)
    }
    let recent = try await store.recentEvents(limit: 100)
    #expect(recent.map(\.seq) == [8, 9, 10, 11, 12])
    #expect(recent.last?.data == ["n": 12])
    #expect(try await store.lastEventSeq() == 12)
    let log = try await store.eventLog(limit: 3)
    #expect(log.recent.map(\.seq) == [10, 11, 12] && log.recent.last?.data == ["n": 12] && log.lastSeq == 12)
  }

  /// Whether an account ever had items (a bar's "cached data"), asked without reading them.
  @Test func anAccountHasItemsOnceOneIsStoredEvenIfRemoved() async throws {
    let store = try Store.inMemory()
    let at = Date(timeIntervalSince1970: 1_795_000_000)
    for (id, name) in [
      ("00000000-0000-4000-8000-0000000000b1", "one"), ("00000000-0000-4000-8000-0000000000b2", "two"),
    ] {
      try await store.addAccount(
        Account(
          id: id, name: name, kind: "ical", username: nil, baseURL: "https://example.ch", state: .ok,
          stateChangedAt: at, createdAt: at))
    }
    let (one, two) = ("00000000-0000-4000-8000-0000000000b1", "00000000-0000-4000-8000-0000000000b2")
    #expect(try await !store.hasItems(accountID: one))
    let window = SyncWindow(from: at.addingTimeInterval(-86_400), to: at.addingTimeInterval(86_400))
    let event = Item(kind: .event, upstreamID: "e1", title: "Training", startsAt: at)
    _ = try await store.applySync(accountID: one, items: [event], complete: [.event], window: window, cursor: nil)
    #expect(try await store.hasItems(accountID: one))
    #expect(try await !store.hasItems(accountID: two))
    _ = try await store.applySync(accountID: one, items: [], complete: [.event], window: window, cursor: nil)
    #expect(try await store.items(accountID: one).isEmpty)
    #expect(try await store.hasItems(accountID: one))
  }

  /// Event data is written directly (`JSONValue.serialized`); a number JSON cannot hold is
  /// refused as the encoder refused it, and nothing is recorded.
  @Test func eventDataWithANonFiniteNumberIsRefused() async throws {
    let store = try Store.inMemory()
    let nested: JSONValue = ["ok": .double(1.5), "list": [.double(2), ["deep": .double(.infinity)]]]
    let finite: JSONValue = ["a": [1, "b", .double(-0.5)], "n": .null]
    #expect(!nested.numbersAreFinite)
    #expect(finite.numbersAreFinite)
    for data: JSONValue in [nested, ["x": .double(.nan)], .double(-.infinity)] {
      await #expect(throws: StoreError.self) {
        try await store.appendEvent(type: "test.didHappen", data: data, retain: 5)
      }
    }
    #expect(try await store.lastEventSeq() == 0)
    try await store.appendEvent(type: "test.didHappen", data: ["ok": .double(1.5), "s": "a/b\"c"], retain: 5)
    let row = try await store.writer.read { db in try String.fetchOne(db, sql: "SELECT data FROM event") }
    #expect(row == #"{"ok":1.5,"s":"a/b\"c"}"#)
  }

  @Test func strictTablesRefuseBadRows() async throws {
    let store = try Store.inMemory()
    await #expect(throws: StoreError.self) {
      try await store.appendEvent(type: "NotANounVerb", data: [:], retain: 5)
    }
    #expect(throws: DatabaseError.self) {
      try store.writer.write {
        try $0.execute(sql: "INSERT INTO event (type, time, data) VALUES ('a.b', 't', 'not json')")
      }
    }
    #expect(throws: DatabaseError.self) {
      try store.writer.write { try $0.execute(sql: "INSERT INTO meta (key, value) VALUES ('k', X'00')") }
    }
  }
}
