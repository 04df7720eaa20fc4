import Foundation
import GRDB
import OutpostModel

/// A sign-in link this machine asked for and has not seen come back.
public struct PendingSignInLink: Sendable, Equatable {
  /// SHA-256 of the request's `state`, hexadecimal: the keyring item of its secrets is named by it.
  public var stateHash: String
  public var accountID: String
  public var requestedAt: Date
  public var expiresAt: Date

  public init(stateHash: String, accountID: String, requestedAt: Date, expiresAt: Date) {
    self.stateHash = stateHash
    self.accountID = accountID
    self.requestedAt = requestedAt
    self.expiresAt = expiresAt
  }
}

/// The pending sign-in links (agile-network.md §3): at most `limit` per account, and only as
/// long after expiry as it takes to tell the user a link expired rather than was unknown.
extension Store {
  /// Records a request; returns the ones it pushed out (the oldest beyond `limit`) and those
  /// expired longer than `forgetAfter` ago, whose keyring secrets the caller deletes.
  public func addSignInLink(_ link: PendingSignInLink, limit: Int, forgetAfter: TimeInterval)
    async throws(StoreError) -> [PendingSignInLink]
  {
    try await writing { db in
      var dropped = try Self.signInLinks(
        db, where: "expires_at < ?", [UTCTimestamp.format(link.requestedAt.addingTimeInterval(-forgetAfter))])
      try db.execute(
        sql: "INSERT INTO sign_in_link (state_hash, account_id, requested_at, expires_at) VALUES (?, ?, ?, ?)",
        arguments: [
          link.stateHash, link.accountID, UTCTimestamp.format(link.requestedAt), UTCTimestamp.format(link.expiresAt),
        ])
      let live = try Self.signInLinks(
        db, where: "account_id = ? AND expires_at >= ?",
        [
          link.accountID, UTCTimestamp.format(link.requestedAt),
        ])
      dropped += live.sorted { $0.requestedAt > $1.requestedAt }.dropFirst(limit)
      for old in dropped {
        try db.execute(sql: "DELETE FROM sign_in_link WHERE state_hash = ?", arguments: [old.stateHash])
      }
      return dropped
    }
  }

  static let usedSignInLinkPrefix = "used-sign-in-link:"
  /// How long a used link is remembered, to say "already used" rather than "unknown".
  public static let usedSignInLinksRemembered: TimeInterval = 7 * 24 * 3600

  /// The link with this state hash, taken out (a link is used once, whatever happens next);
  /// its hash is remembered as used at `time` for a week (`signInLinkUsedAt`).
  public func takeSignInLink(stateHash: String, at time: Date = Date()) async throws(StoreError) -> PendingSignInLink? {
    try await writing { db in
      let found = try Self.signInLinks(db, where: "state_hash = ?", [stateHash]).first
      if found != nil {
        try db.execute(sql: "DELETE FROM sign_in_link WHERE state_hash = ?", arguments: [stateHash])
        try db.execute(
          sql: "INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
          arguments: [Self.usedSignInLinkPrefix + stateHash, UTCTimestamp.format(time)])
        // RFC 3339 in UTC sorts as text: the old ones go.
        let cutoff = UTCTimestamp.format(time.addingTimeInterval(-Self.usedSignInLinksRemembered))
        try db.execute(
          sql: "DELETE FROM meta WHERE key GLOB ? AND value < ?", arguments: [Self.usedSignInLinkPrefix + "*", cutoff])
      }
      return found
    }
  }

  /// When the link with this state hash was used, if it was within the last week.
  public func signInLinkUsedAt(stateHash: String) async throws(StoreError) -> Date? {
    try await reading { db in
      let value = try String.fetchOne(
        db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [Self.usedSignInLinkPrefix + stateHash])
      return value.flatMap(UTCTimestamp.parse)
    }
  }

  /// Every pending link of an account (its removal deletes their keyring secrets first).
  public func signInLinks(accountID: String) async throws(StoreError) -> [PendingSignInLink] {
    try await reading { db in try Self.signInLinks(db, where: "account_id = ?", [accountID]) }
  }

  private static func signInLinks(_ db: Database, where condition: String, _ arguments: StatementArguments) throws
    -> [PendingSignInLink]
  {
    try Row.fetchAll(
      db, sql: "SELECT state_hash, account_id, requested_at, expires_at FROM sign_in_link WHERE \(condition)",
      arguments: arguments
    ).compactMap { row in
      guard let requested = UTCTimestamp.parse(row[2]), let expires = UTCTimestamp.parse(row[3]) else { return nil }
      return PendingSignInLink(stateHash: row[0], accountID: row[1], requestedAt: requested, expiresAt: expires)
    }
  }
}
