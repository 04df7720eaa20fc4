import Foundation
import GRDB
import OutpostModel

/// Accounts: what the user added, minus the secret. Every write is one transaction named after
/// what it means.
extension Store {
  public func accounts() async throws(StoreError) -> [Account] {
    try await reading { db in
      try Row.fetchAll(db, sql: "SELECT * FROM account ORDER BY name COLLATE NOCASE").map(Self.account)
    }
  }

  /// Every account, and the one called `name` (case-insensitively, as `account(named:)` finds
  /// it), in one read: `items.list` for one account needs both, and each read is a trip to a
  /// reader connection and back (0.3–0.4 ms of a 4.7 ms agenda).
  public func accounts(selecting name: String) async throws(StoreError) -> (all: [Account], selected: Account?) {
    try await reading { db in
      let all = try Row.fetchAll(db, sql: "SELECT * FROM account ORDER BY name COLLATE NOCASE").map(Self.account)
      let selected = try Row.fetchOne(db, sql: "SELECT * FROM account WHERE name = ?", arguments: [name]).map(
        Self.account)
      return (all, selected)
    }
  }

  /// The account called `name` (case-insensitively), or nil.
  public func account(named name: String) async throws(StoreError) -> Account? {
    try await reading { db in
      try Row.fetchOne(db, sql: "SELECT * FROM account WHERE name = ?", arguments: [name]).map(Self.account)
    }
  }

  /// Inserts a new account; `.conflict` when the name is taken.
  public func addAccount(_ account: Account) async throws(StoreError) {
    try await writing { db in
      if try Bool.fetchOne(db, sql: "SELECT 1 FROM account WHERE name = ?", arguments: [account.name]) == true {
        throw StoreError.conflict("an account named \"\(account.name)\" already exists")
      }
      try db.execute(
        sql: """
          INSERT INTO account (id, name, kind, username, base_url, state, state_reason, state_reason_phrase,
                               state_changed_at, created_at, last_login_at, options)
          VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
          """,
        arguments: [
          account.id, account.name, account.kind, account.username, account.baseURL, account.state.rawValue,
          account.stateReason, Self.phraseText(account.stateReasonPhrase), UTCTimestamp.format(account.stateChangedAt),
          UTCTimestamp.format(account.createdAt),
          account.lastLoginAt.map(UTCTimestamp.format), try Self.optionsText(account.options),
        ])
    }
  }

  /// Records a new state; returns the updated account, or nil when nothing changed (same state
  /// and reason) or the account is gone. Callers announce a change only when one happened.
  /// The reason is stored as its phrase and as its English text.
  public func setAccountState(
    id: String, state: AccountState, reason phrase: Phrase?, at time: Date, loggedInAt: Date? = nil
  ) async throws(StoreError) -> Account? {
    let reason = phrase?.english
    let phraseText = Self.phraseText(phrase)
    // Looked at first in a read: a short-session service logs in again on nearly every sync,
    // and a sync that changes nothing must not write. The login time is kept to the hour.
    let current = try await reading { db in
      try Row.fetchOne(db, sql: "SELECT * FROM account WHERE id = ?", arguments: [id]).map(Self.account)
    }
    guard let current else { return nil }
    let stateChanges = current.state != state || current.stateReason != reason || current.stateReasonPhrase != phrase
    let loginIsNews =
      loggedInAt.map { new in current.lastLoginAt.map { new.timeIntervalSince($0) >= 3600 } ?? true } ?? false
    guard stateChanges || loginIsNews else { return nil }
    return try await writing { db in
      if let loggedInAt, loginIsNews || stateChanges {
        try db.execute(
          sql: "UPDATE account SET last_login_at = ? WHERE id = ?", arguments: [UTCTimestamp.format(loggedInAt), id])
      }
      try db.execute(
        sql: """
          UPDATE account SET state = ?, state_reason = ?, state_reason_phrase = ?, state_changed_at = ?
          WHERE id = ? AND (state <> ? OR state_reason IS NOT ? OR state_reason_phrase IS NOT ?)
          """,
        arguments: [
          state.rawValue, reason, phraseText, UTCTimestamp.format(time), id, state.rawValue, reason, phraseText,
        ])
      guard db.changesCount > 0 else { return nil }
      return try Row.fetchOne(db, sql: "SELECT * FROM account WHERE id = ?", arguments: [id]).map(Self.account)
    }
  }

  /// Deletes the account and (through foreign keys) everything cached for it.
  @discardableResult
  public func removeAccount(id: String) async throws(StoreError) -> Bool {
    try await writing { db in
      try db.execute(sql: "DELETE FROM account WHERE id = ?", arguments: [id])
      return db.changesCount > 0
    }
  }

  static func account(_ row: Row) throws -> Account {
    let stateText: String = row["state"]
    guard let state = AccountState(rawValue: stateText) else {
      throw StoreError.corrupt(path: "account", detail: "unknown account state \(stateText)")
    }
    func date(_ column: String) -> Date? { (row[column] as String?).flatMap(UTCTimestamp.parse) }
    return Account(
      id: row["id"], name: row["name"], kind: row["kind"], username: row["username"], baseURL: row["base_url"],
      state: state, stateReason: row["state_reason"], stateReasonPhrase: phrase(row["state_reason_phrase"]),
      stateChangedAt: date("state_changed_at") ?? Date(timeIntervalSince1970: 0),
      createdAt: date("created_at") ?? Date(timeIntervalSince1970: 0), lastLoginAt: date("last_login_at"),
      options: try options(row["options"]))
  }

  /// A phrase is texts, keys and times: it always encodes.
  static func phraseText(_ phrase: Phrase?) -> String? {
    phrase.flatMap { try? JSONCoding.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
  }

  /// A stored phrase; one this build cannot read (a newer build's) is left out, and the English
  /// reason beside it shows.
  static func phrase(_ text: String?) -> Phrase? {
    text.flatMap { try? JSONCoding.decode(Phrase.self, from: Array($0.utf8)) }
  }

  static func optionsText(_ options: [String: String]?) throws -> String {
    String(decoding: try JSONCoding.encode(options ?? [:]), as: UTF8.self)
  }

  static func options(_ text: String?) throws -> [String: String]? {
    guard let text, text != "{}" else { return nil }
    guard let decoded = try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) else {
      throw StoreError.corrupt(path: "account", detail: "account options are not an object of strings")
    }
    return decoded.isEmpty ? nil : decoded
  }

  func reading<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
    do {
      return try await writer.read(body)
    } catch {
      throw Self.storeError(error, path: path)
    }
  }

  func writing<T: Sendable>(_ body: @escaping @Sendable (Database) throws -> T) async throws(StoreError) -> T {
    try await writing(changedContent: { _ in true }, body)
  }

  /// A write that may leave what views read as it was (a sync that only moved its cursor):
  /// `changedContent` says, of the body's result, whether it changed anything else; when it
  /// did not, `contentWrites` stays where it was. A failed write counts as a change.
  func writing<T: Sendable>(
    changedContent: (T) -> Bool, _ body: @escaping @Sendable (Database) throws -> T
  ) async throws(StoreError) -> T {
    writeCounter.increment()
    var changed = true
    defer { if changed { writeCounter.contentChanged() } }
    do {
      let result = try await writer.write(body)
      changed = changedContent(result)
      return result
    } catch {
      throw Self.storeError(error, path: path)
    }
  }

  static func storeError(_ error: any Error, path: String) -> StoreError {
    switch error {
    case let error as StoreError: error
    case let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT:
      .conflict(error.message ?? "constraint failed")
    case let error as DatabaseError: classify(error, path: path)
    default: .writeFailed(detail: "\(error)")
    }
  }
}
