import Foundation
import GRDB
import OutpostModel

/// A CalDAV calendar Outpost pushes into (`outpost calendar caldav add`).
public struct CalDAVTarget: Sendable, Equatable {
  public enum Status: String, Sendable, Codable, CaseIterable {
    /// The last push went through (or none was tried yet).
    case ok
    /// The server could not be reached or failed for a while: pushes are retried with backoff.
    case retrying
    /// The server rejected the credentials: nothing is pushed until they are given again.
    case needsLogin = "needs-login"
    /// The address is no calendar (any more), or the server answers what Outpost cannot use:
    /// retried on the next change, since the user may fix the server meanwhile.
    case error
  }

  public var id: String
  /// The calendar collection's URL, as the server names it (ends with `/`).
  public var url: String
  public var username: String
  /// The one account whose events go there; nil for every account's.
  public var accountID: String?
  public var displayName: String?
  public var status: Status
  public var statusReason: String?
  /// What Outpost wrote there, as JSON (the connectors' `CalDAVState`); opaque to the store.
  public var state: String
  public var createdAt: Date
  public var lastPushAt: Date?

  public init(
    id: String, url: String, username: String, accountID: String?, displayName: String?, status: Status = .ok,
    statusReason: String? = nil, state: String = "{}", createdAt: Date, lastPushAt: Date? = nil
  ) {
    self.id = id
    self.url = url
    self.username = username
    self.accountID = accountID
    self.displayName = displayName
    self.status = status
    self.statusReason = statusReason
    self.state = state
    self.createdAt = createdAt
    self.lastPushAt = lastPushAt
  }
}

extension Store {
  public func caldavTargets() async throws(StoreError) -> [CalDAVTarget] {
    try await reading { db in
      try Row.fetchAll(db, sql: "SELECT * FROM caldav_target ORDER BY created_at, url").map(Self.caldavTarget)
    }
  }

  /// Adds a target, or replaces the one with the same URL (new credentials or account scope),
  /// keeping what Outpost wrote there so that its events are still known as its own.
  public func saveCalDAVTarget(_ target: CalDAVTarget) async throws(StoreError) -> CalDAVTarget {
    try await writing { db in
      if let existing = try Row.fetchOne(db, sql: "SELECT * FROM caldav_target WHERE url = ?", arguments: [target.url])
      {
        var kept = try Self.caldavTarget(existing)
        kept.username = target.username
        kept.accountID = target.accountID
        kept.displayName = target.displayName
        kept.status = target.status
        kept.statusReason = target.statusReason
        try db.execute(
          sql: """
            UPDATE caldav_target SET username = ?, account_id = ?, display_name = ?, status = ?, status_reason = ?
            WHERE id = ?
            """,
          arguments: [
            kept.username, kept.accountID, kept.displayName, kept.status.rawValue, kept.statusReason, kept.id,
          ])
        return kept
      }
      try db.execute(
        sql: """
          INSERT INTO caldav_target
            (id, url, username, account_id, display_name, status, status_reason, state, created_at, last_push_at)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          target.id, target.url, target.username, target.accountID, target.displayName, target.status.rawValue,
          target.statusReason, target.state, UTCTimestamp.format(target.createdAt),
          target.lastPushAt.map(UTCTimestamp.format),
        ])
      return target
    }
  }

  /// Records a push: what Outpost wrote (always, even after a failure part way), the status,
  /// and the time of the last push that went through.
  public func recordCalDAVPush(
    id: String, state: String, status: CalDAVTarget.Status, reason: String?, succeededAt time: Date?
  ) async throws(StoreError) {
    try await writing { db in
      try db.execute(
        sql: """
          UPDATE caldav_target SET state = ?, status = ?, status_reason = ?, last_push_at = coalesce(?, last_push_at)
          WHERE id = ?
          """,
        arguments: [state, status.rawValue, reason, time.map(UTCTimestamp.format), id])
    }
  }

  /// False when there was no such target.
  @discardableResult
  public func removeCalDAVTarget(id: String) async throws(StoreError) -> Bool {
    try await writing { db in
      try db.execute(sql: "DELETE FROM caldav_target WHERE id = ?", arguments: [id])
      return db.changesCount > 0
    }
  }

  static func caldavTarget(_ row: Row) throws -> CalDAVTarget {
    let statusText: String = row["status"]
    guard let status = CalDAVTarget.Status(rawValue: statusText) else {
      throw StoreError.corrupt(path: "caldav_target", detail: "unknown status \(statusText)")
    }
    func date(_ column: String) -> Date? { (row[column] as String?).flatMap(UTCTimestamp.parse) }
    return CalDAVTarget(
      id: row["id"], url: row["url"], username: row["username"], accountID: row["account_id"],
      displayName: row["display_name"], status: status, statusReason: row["status_reason"], state: row["state"],
      createdAt: date("created_at") ?? Date(timeIntervalSince1970: 0), lastPushAt: date("last_push_at"))
  }
}
