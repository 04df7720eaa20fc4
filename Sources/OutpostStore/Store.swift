import Foundation
import GRDB
import OutpostModel
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The single source of truth for everything the user sees: SQLite through GRDB, in WAL mode.
/// Opening it runs the migrations; writes are named after what they mean, one transaction each.
public struct Store: Sendable {
  let writer: any DatabaseWriter
  let writeCounter = WriteCounter()
  /// The database file, or `:memory:`.
  public let path: String

  /// Opens (creating if needed) the database at `path` and migrates it.
  /// A damaged file or one from a newer Outpost is reported and never overwritten.
  public static func open(path: String) throws(StoreError) -> Store {
    if access(path, F_OK) == 0 && access(path, R_OK | W_OK) != 0 {
      throw .unreadable(path: path, detail: String(cString: strerror(errno)))
    }
    var configuration = Configuration()
    configuration.foreignKeysEnabled = true
    configuration.label = "outpost"
    // A second process holding a write lock (e.g. sqlite3 in another terminal) makes us wait a
    // little instead of failing at once.
    configuration.busyMode = .timeout(5)
    // Readers stay open when the daemon releases memory after a burst (`releaseMemory`): their
    // caches are emptied, not the connections closed, so the next request opens nothing.
    configuration.persistentReadOnlyConnections = true
    let pool: DatabasePool
    do {
      pool = try DatabasePool(path: path, configuration: configuration)
    } catch let error as DatabaseError {
      throw classify(error, path: path)
    } catch {
      throw .cannotCreate(path: path, detail: "\(error)")
    }
    return try migrated(Store(writer: pool, path: path))
  }

  /// A private in-memory database, for tests and benchmarks.
  public static func inMemory() throws(StoreError) -> Store {
    let queue: DatabaseQueue
    do {
      queue = try DatabaseQueue()
    } catch {
      throw .cannotCreate(path: ":memory:", detail: "\(error)")
    }
    return try migrated(Store(writer: queue, path: ":memory:"))
  }

  private static func migrated(_ store: Store) throws(StoreError) -> Store {
    let migrator = StoreMigrations.migrator
    func recordOpening(_ db: Database) throws {
      try db.execute(
        sql: "INSERT INTO meta (key, value) VALUES ('created_by', ?) ON CONFLICT (key) DO NOTHING",
        arguments: [ProductInfo.version])
      try db.execute(
        sql:
          "INSERT INTO meta (key, value) VALUES ('last_opened_by', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        arguments: [ProductInfo.version])
    }
    do {
      // One transaction on the writer when the schema is current, as it is at almost every
      // start: a reader connection opened only to list the migrations, then the migrator's own
      // look and a third transaction, were a millisecond of a socket-activated start.
      let current = try store.writer.write { db -> Bool in
        let applied = try migrator.appliedIdentifiers(db)
        let unknown = applied.subtracting(StoreMigrations.knownIdentifiers).sorted()
        guard unknown.isEmpty else { throw StoreError.newerSchema(path: store.path, unknownMigrations: unknown) }
        guard applied.isSuperset(of: StoreMigrations.knownIdentifiers) else { return false }
        try recordOpening(db)
        return true
      }
      if !current {
        try migrator.migrate(store.writer)
        try store.writer.write { db in try recordOpening(db) }
      }
    } catch let error as StoreError {
      throw error
    } catch let error as DatabaseError {
      throw classify(error, path: store.path)
    } catch {
      throw .corrupt(path: store.path, detail: "\(error)")
    }
    return store
  }

  static func classify(_ error: DatabaseError, path: String) -> StoreError {
    switch error.resultCode {
    case .SQLITE_NOTADB, .SQLITE_CORRUPT:
      .corrupt(path: path, detail: error.message ?? "not a database")
    case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_READONLY, .SQLITE_AUTH:
      .unreadable(path: path, detail: error.message ?? "cannot open")
    case .SQLITE_FULL:
      // SQLite says "database or disk is full"; the user can only act on the disk.
      .writeFailed(detail: "the disk holding \(path) is full; free some space and Outpost carries on")
    case .SQLITE_IOERR:
      .writeFailed(detail: error.message ?? "I/O error")
    default:
      .corrupt(path: path, detail: error.message ?? "\(error.resultCode)")
    }
  }

  /// The schema steps applied to this database, in order.
  public func appliedMigrations() throws -> [String] {
    try writer.read { db in try StoreMigrations.migrator.appliedIdentifiers(db) }
      .sorted {
        StoreMigrations.knownIdentifiers.firstIndex(of: $0)! < StoreMigrations.knownIdentifiers.firstIndex(of: $1)!
      }
  }

  public func metaValue(_ key: String) async throws -> String? {
    try await writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key])
    }
  }

  /// How many write transactions this store has run (the named writes), for the benchmark and
  /// the tests that check a sync which changes nothing writes nothing.
  public var writeTransactions: Int { writeCounter.value.load(ordering: .relaxed) }

  /// How many of those have ended (committed or not), leaving out those that changed nothing
  /// but a sync cursor (some services hand out a new one at every poll). A reader that notes
  /// it before reading knows that items, series points and accounts are still what it read
  /// while this has not moved: what the status bar's kept summaries rely on.
  public var contentWrites: Int { writeCounter.content.load(ordering: .acquiring) }

  /// Answers when SQLite answers: the health probe of `daemon.status`.
  public func ping() async throws {
    _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }
  }

  /// Hands back what SQLite holds between bursts of work: every connection's cached pages and
  /// prepared statements (up to 2 MB of pages per connection, six connections), waiting for each
  /// connection to be idle. The pages are the database file's, read again from the system's page
  /// cache when needed. Without it the daemon's RSS grew with its database for a million socket
  /// operations (issue 47's fuzz), the caches filling as the events and items tables grew.
  public func releaseMemory() {
    (writer as? DatabasePool)?.releaseMemory()
  }

  /// Checkpoints the WAL and closes the database; the store is unusable afterwards.
  public func close() throws {
    if let pool = writer as? DatabasePool {
      try? pool.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
      try pool.close()
    }
  }
}

final class WriteCounter: Sendable {
  let value = Atomic<Int>(0)
  let content = Atomic<Int>(0)
  func increment() { value.add(1, ordering: .relaxed) }
  func contentChanged() { content.add(1, ordering: .releasing) }
}
