import Foundation
import GRDB
import OutpostModel

/// When each account last synced successfully, kept across restarts for status bars ("Last
/// updated 26 h ago"). The sync engine keeps the exact time in memory; the daemon records it
/// here at most hourly, so a sync that changes nothing still writes (almost) nothing.
extension Store {
  static let lastSyncPrefix = "last-sync:"

  /// Account id → the last successful sync recorded.
  public func lastSuccessfulSyncs() async throws(StoreError) -> [String: Date] {
    try await reading { db in
      var result: [String: Date] = [:]
      let rows = try Row.fetchCursor(
        db, sql: "SELECT key, value FROM meta WHERE key GLOB ?", arguments: [Self.lastSyncPrefix + "*"])
      while let row = try rows.next() {
        let key: String = row[0]
        if let date = UTCTimestamp.parse(row[1]) { result[String(key.dropFirst(Self.lastSyncPrefix.count))] = date }
      }
      return result
    }
  }

  /// Records a successful sync; forgets the times of accounts that are gone.
  public func recordSuccessfulSync(accountID: String, at time: Date) async throws(StoreError) {
    try await writing { db in
      try db.execute(
        sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        arguments: [Self.lastSyncPrefix + accountID, UTCTimestamp.format(time)])
      try db.execute(
        sql: "DELETE FROM meta WHERE key GLOB ? AND substr(key, ?) NOT IN (SELECT id FROM account)",
        arguments: [Self.lastSyncPrefix + "*", Self.lastSyncPrefix.count + 1])
    }
  }
}

extension Store {
  /// Sets one of the daemon's own settings in the meta table (the user's notification
  /// preferences, say).
  public func setMetaValue(_ key: String, _ value: String) async throws(StoreError) {
    try await writing { db in
      try db.execute(
        sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        arguments: [key, value])
    }
  }
}
