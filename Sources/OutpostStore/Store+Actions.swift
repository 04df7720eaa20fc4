import Foundation
import GRDB
import OutpostModel

/// The action queue's rows. Each state change is its own transaction, committed before the
/// next step: a crash leaves every action in a state that says what to do next.
extension Store {
  /// Records an action as pending; returns it with its number.
  public func enqueueAction(
    accountID: String, type: ActionType, itemNumber: Int64?, target: String, params: JSONValue, at time: Date = Date()
  ) async throws(StoreError) -> QueuedAction {
    let draft = ActionDraft(type: type, itemNumber: itemNumber, target: target, params: params)
    return try await writing { db in try Self.insertAction(db, draft, accountID: accountID, at: time) }
  }

  /// An action not yet recorded, for a write that records it with other rows in one transaction
  /// (`applySync(…queueing:)`).
  public struct ActionDraft: Sendable, Equatable {
    public var type: ActionType
    public var itemNumber: Int64?
    public var target: String
    public var params: JSONValue

    public init(type: ActionType, itemNumber: Int64? = nil, target: String, params: JSONValue) {
      self.type = type
      self.itemNumber = itemNumber
      self.target = target
      self.params = params
    }
  }

  static func insertAction(_ db: Database, _ draft: ActionDraft, accountID: String, at time: Date) throws
    -> QueuedAction
  {
    let stamp = UTCTimestamp.format(time)
    let paramsText = String(decoding: draft.params.serialized, as: UTF8.self)
    try db.execute(
      sql: """
        INSERT INTO action (account_id, type, item_number, target, params, state, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, 'pending', ?, ?)
        """, arguments: [accountID, draft.type.rawValue, draft.itemNumber, draft.target, paramsText, stamp, stamp])
    let number = db.lastInsertedRowID
    return try Row.fetchOne(db, sql: "SELECT * FROM action WHERE number = ?", arguments: [number]).map(Self.action)!
  }

  /// Actions in `states` (all when nil), oldest first, optionally of one account.
  public func actions(accountID: String? = nil, states: [ActionState]? = nil) async throws(StoreError)
    -> [QueuedAction]
  {
    try await reading { db in
      var clauses: [String] = []
      var arguments: [any DatabaseValueConvertible] = []
      if let accountID {
        clauses.append("account_id = ?")
        arguments.append(accountID)
      }
      if let states {
        clauses.append("state IN (\(states.map { _ in "?" }.joined(separator: ",")))")
        arguments += states.map(\.rawValue)
      }
      let condition = clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
      return try Row.fetchAll(
        db, sql: "SELECT * FROM action \(condition) ORDER BY number", arguments: StatementArguments(arguments)
      ).map(Self.action)
    }
  }

  public func action(number: Int64) async throws(StoreError) -> QueuedAction? {
    try await reading { db in
      try Row.fetchOne(db, sql: "SELECT * FROM action WHERE number = ?", arguments: [number]).map(Self.action)
    }
  }

  /// Moves an action to `state`, counting an attempt when it starts running. The problem is
  /// stored as its phrase and its English text.
  @discardableResult
  public func setActionState(
    number: Int64, state: ActionState, problem phrase: Phrase? = nil, serverState: JSONValue? = nil,
    at time: Date = Date()
  ) async throws(StoreError) -> QueuedAction? {
    let problem = phrase?.english
    let phraseText = Self.phraseText(phrase)
    let stamp = UTCTimestamp.format(time)
    let serverText = serverState.map { String(decoding: $0.serialized, as: UTF8.self) }
    return try await writing { db in
      try db.execute(
        sql: """
          UPDATE action SET state = ?, problem = ?, problem_phrase = ?, server_state = ?, updated_at = ?,
            attempts = attempts + (CASE WHEN ? = 'running' THEN 1 ELSE 0 END)
          WHERE number = ?
          """, arguments: [state.rawValue, problem, phraseText, serverText, stamp, state.rawValue, number])
      return try Row.fetchOne(db, sql: "SELECT * FROM action WHERE number = ?", arguments: [number]).map(Self.action)
    }
  }

  /// Replaces an action's parameters (a retry rebased over the service's copy).
  public func setActionParams(number: Int64, params: JSONValue, at time: Date = Date()) async throws(StoreError) {
    let text = String(decoding: params.serialized, as: UTF8.self)
    let stamp = UTCTimestamp.format(time)
    try await writing { db in
      try db.execute(
        sql: "UPDATE action SET params = ?, updated_at = ? WHERE number = ?", arguments: [text, stamp, number])
    }
  }

  /// Discards an action only while it is still pending, in one statement: a replay that took it
  /// meanwhile (it is running, or done) wins, and nil says so. Online-only actions are set aside
  /// this way when their one attempt could not be made (`OnlineOnlyActions`).
  public func discardActionIfPending(number: Int64, problem: Phrase, at time: Date = Date()) async throws(StoreError)
    -> QueuedAction?
  {
    let stamp = UTCTimestamp.format(time)
    return try await writing { db in
      try db.execute(
        sql: """
          UPDATE action SET state = 'discarded', problem = ?, problem_phrase = ?, updated_at = ?
          WHERE number = ? AND state = 'pending'
          """,
        arguments: [problem.english, Self.phraseText(problem), stamp, number])
      guard db.changesCount > 0 else { return nil }
      return try Row.fetchOne(db, sql: "SELECT * FROM action WHERE number = ?", arguments: [number]).map(Self.action)
    }
  }

  /// How many actions of the account are not yet settled (pending, running, in conflict or
  /// failed and waiting for the user).
  public func unsettledActionCount(accountID: String) async throws(StoreError) -> Int {
    try await reading { db in
      try Int.fetchOne(
        db,
        sql:
          "SELECT count(*) FROM action WHERE account_id = ? AND state IN ('pending', 'running', 'conflict', 'failed')",
        arguments: [accountID]) ?? 0
    }
  }

  static func action(_ row: Row) throws -> QueuedAction {
    func date(_ column: String) -> Date {
      (row[column] as String?).flatMap(UTCTimestamp.parse) ?? Date(timeIntervalSince1970: 0)
    }
    let typeText: String = row["type"]
    let stateText: String = row["state"]
    let paramsText: String = row["params"]
    let serverText: String? = row["server_state"]
    return QueuedAction(
      number: row["number"], accountID: row["account_id"], type: ActionType(rawValue: typeText),
      itemNumber: row["item_number"], target: row["target"], params: try JSONParser.parse(Array(paramsText.utf8)),
      state: ActionState(rawValue: stateText) ?? .pending, attempts: row["attempts"], problem: row["problem"],
      problemPhrase: phrase(row["problem_phrase"]),
      serverState: try serverText.map { try JSONParser.parse(Array($0.utf8)) }, createdAt: date("created_at"),
      updatedAt: date("updated_at"))
  }
}
