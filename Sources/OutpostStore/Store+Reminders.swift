import Foundation
import GRDB
import OutpostModel

/// Where a reminder stands. Only `pending` ones are ever due; the others are history.
public enum ReminderState: String, Sendable, Codable, CaseIterable {
  /// Waiting for its time (`dueAt`, or `snoozedUntil` when snoozed).
  case pending
  /// Shown (or at least recorded in the notification centre) once.
  case fired
  /// Came due while the machine slept or the daemon was down, and was too late to be useful.
  case missed
  /// No longer wanted: its item was cancelled or removed, or its rule turned off.
  case withdrawn
  /// The user dismissed it.
  case dismissed
}

/// A reminder the rules want: one per (item, rule).
public struct DesiredReminder: Sendable, Hashable, Codable {
  public var itemNumber: Int64
  /// `evening-before`, `before-start`, `deadline:<name>`, …: stable, since it is half the key.
  public var rule: String
  public var dueAt: Date

  public init(itemNumber: Int64, rule: String, dueAt: Date) {
    self.itemNumber = itemNumber
    self.rule = rule
    self.dueAt = dueAt
  }
}

/// A reminder as the store keeps it, with its item.
public struct StoredReminder: Sendable, Equatable, Codable {
  /// What people type (`outpost reminders snooze 4 15m`); never reused.
  public var number: Int64
  public var itemNumber: Int64
  public var rule: String
  public var dueAt: Date
  public var state: ReminderState
  public var snoozedUntil: Date?
  /// When it fired, or was found too late (`missed`).
  public var firedAt: Date?
  /// The notification that showed it (one notification may show several reminders).
  public var notificationID: Int64?
  public var item: StoredItem

  /// When it is due: the snooze time if snoozed, its own time otherwise.
  public var effectiveDueAt: Date { snoozedUntil ?? dueAt }

  public init(
    number: Int64, itemNumber: Int64, rule: String, dueAt: Date, state: ReminderState, snoozedUntil: Date?,
    firedAt: Date?, notificationID: Int64?, item: StoredItem
  ) {
    self.number = number
    self.itemNumber = itemNumber
    self.rule = rule
    self.dueAt = dueAt
    self.state = state
    self.snoozedUntil = snoozedUntil
    self.firedAt = firedAt
    self.notificationID = notificationID
    self.item = item
  }
}

/// A pending reminder that `reconcileReminders` withdrew, and why.
public struct WithdrawnReminder: Sendable, Equatable, Codable {
  public enum Reason: String, Sendable, Codable {
    /// The item was cancelled upstream: the user is told.
    case itemCancelled = "item-cancelled"
    /// The service no longer lists the item.
    case itemRemoved = "item-removed"
    /// The rule was turned off, or no longer applies (the item is over, closed, …).
    case notWanted = "not-wanted"
  }

  public var number: Int64
  public var itemNumber: Int64
  public var accountID: String
  public var itemTitle: String
  public var rule: String
  public var dueAt: Date
  public var reason: Reason
}

/// What `reconcileReminders` changed.
public struct ReminderReconciliation: Sendable, Equatable {
  /// New (item, rule) rows, pending.
  public var inserted = 0
  /// Pending reminders whose time moved (their snooze is cleared).
  public var moved = 0
  /// Reminders already fired, missed, dismissed or withdrawn that are pending again, because
  /// their time moved ahead (a moved game reminds again) or their rule is wanted again.
  public var rearmed = 0
  /// Of `rearmed`, those whose earlier firing a notification told of: the notification stays,
  /// but no longer speaks for them (so one reminder can be told of once per time it was due).
  public var rearmedAfterTelling = 0
  /// Of `inserted` and `moved`, those whose time had already come when they were planned (a game
  /// added or moved to tonight, after its evening-before time): catch-up then decides whether
  /// they are still worth showing, and one more than two hours late is recorded missed.
  public var alreadyDue = 0
  public var withdrawn: [WithdrawnReminder] = []

  public init() {}

  public var changed: Bool { inserted + moved + rearmed + withdrawn.count > 0 }
  /// The withdrawals to tell the user about: their item was cancelled.
  public var withdrawnForCancelledItems: [WithdrawnReminder] { withdrawn.filter { $0.reason == .itemCancelled } }
}

/// What `fireReminders` really fired (those still pending and due), and the notification
/// recorded for them in the same transaction.
public struct FiredReminders: Sendable, Equatable {
  public var reminders: [StoredReminder]
  public var notification: StoredNotification?
}

/// Reminders: materialised once per (item, rule), so that each fires exactly once across
/// restarts and crashes. Every write is one transaction, and a firing is conditional on the row
/// still being pending, so two racing firings cannot both fire.
extension Store {
  /// A handled reminder (fired, missed, dismissed) whose time moved by more than this, to a
  /// time still ahead, is pending again. Smaller moves are the service's rounding.
  public static let reminderRearmThreshold: TimeInterval = 60

  /// Brings the stored reminders of `itemNumbers` (nil: of every item) in line with `desired`,
  /// in one write transaction, and none when nothing changes:
  /// - a desired (item, rule) without a row is inserted, pending (even when its time is past:
  ///   the catch-up rules decide whether it is still worth showing);
  /// - a pending row whose time moved takes the new time, and loses its snooze;
  /// - a fired, missed or dismissed row is left alone, unless its time moved by more than
  ///   `reminderRearmThreshold` to a time after `now`: then it is pending again (a game moved
  ///   to another day reminds again); a withdrawn row that is desired again with a time after
  ///   `now` is pending again too;
  /// - a pending row no longer desired is withdrawn (reported, with the reason).
  /// The scope is `itemNumbers` plus the items of `desired`. Duplicates keep the earliest time;
  /// desired reminders of items not in the store are ignored.
  @discardableResult
  public func reconcileReminders(_ desired: [DesiredReminder], for itemNumbers: Set<Int64>?, now: Date)
    async throws(StoreError) -> ReminderReconciliation
  {
    var wanted: [ReminderKey: Date] = [:]
    for reminder in desired {
      let key = ReminderKey(itemNumber: reminder.itemNumber, rule: reminder.rule)
      wanted[key] = min(wanted[key] ?? reminder.dueAt, reminder.dueAt)
    }
    let scope = itemNumbers.map { $0.union(desired.map(\.itemNumber)) }
    let wantedNow = wanted
    let preview = try await reading { db in try Self.reconciliationPlan(db, wanted: wantedNow, scope: scope, now: now) }
    guard !preview.writes.isEmpty else { return preview.result }
    return try await writing { db in
      let plan = try Self.reconciliationPlan(db, wanted: wantedNow, scope: scope, now: now)
      for write in plan.writes {
        switch write {
        case .insert(let key, let dueAt):
          try db.cachedStatement(
            sql: "INSERT INTO reminder (item_number, rule, due_at, state) VALUES (?, ?, ?, 'pending')"
          ).execute(arguments: [key.itemNumber, key.rule, UTCTimestamp.format(dueAt)])
        case .move(let number, let dueAt):
          try db.cachedStatement(sql: "UPDATE reminder SET due_at = ?, snoozed_until = NULL WHERE number = ?")
            .execute(arguments: [UTCTimestamp.format(dueAt), number])
        case .rearm(let number, let dueAt):
          // The notification of the earlier firing stays in the list, but no longer speaks for
          // this reminder: snoozing or dismissing it must not act on the new time, and a
          // pending reminder has not been told of.
          try db.cachedStatement(
            sql: """
              UPDATE reminder SET due_at = ?, state = 'pending', snoozed_until = NULL, fired_at = NULL,
                notification_id = NULL
              WHERE number = ?
              """
          ).execute(arguments: [UTCTimestamp.format(dueAt), number])
        case .withdraw(let number):
          try db.cachedStatement(sql: "UPDATE reminder SET state = 'withdrawn' WHERE number = ? AND state = 'pending'")
            .execute(arguments: [number])
        }
      }
      return plan.result
    }
  }

  /// The pending reminder due first (snooze time counted), or nil when none is pending.
  public func nextDueReminder() async throws(StoreError) -> (number: Int64, dueAt: Date)? {
    try await reading { db in
      guard
        let row = try Row.fetchOne(
          db,
          sql: """
            SELECT number, coalesce(snoozed_until, due_at) AS due FROM reminder WHERE state = 'pending'
            ORDER BY coalesce(snoozed_until, due_at), number LIMIT 1
            """)
      else { return nil }
      guard let due = UTCTimestamp.parse(row["due"]) else {
        throw StoreError.corrupt(path: "reminder", detail: "unreadable due time")
      }
      return (number: row["number"] as Int64, dueAt: due)
    }
  }

  /// Pending reminders due at or before `time` (snooze time counted), earliest first.
  public func dueReminders(asOf time: Date) async throws(StoreError) -> [StoredReminder] {
    try await reading { db in
      try Row.fetchAll(
        db,
        sql: """
          \(Self.reminderSelect)
          WHERE r.state = 'pending' AND coalesce(r.snoozed_until, r.due_at) <= ?
          ORDER BY coalesce(r.snoozed_until, r.due_at), r.number
          """, arguments: [UTCTimestamp.format(time)]
      ).map(Self.storedReminder)
    }
  }

  /// Reminders for listing, by their effective time (snooze counted) within `from`…`to`,
  /// earliest first. `states` nil: every state.
  public func reminders(states: Set<ReminderState>? = [.pending], from: Date? = nil, to: Date? = nil)
    async throws(StoreError) -> [StoredReminder]
  {
    try await reading { db in
      var clauses: [String] = []
      var arguments: [any DatabaseValueConvertible] = []
      if let states {
        guard !states.isEmpty else { return [] }
        clauses.append("r.state IN (\(states.map { _ in "?" }.joined(separator: ",")))")
        arguments += states.map(\.rawValue).sorted()
      }
      if let from {
        clauses.append("coalesce(r.snoozed_until, r.due_at) >= ?")
        arguments.append(UTCTimestamp.format(from))
      }
      if let to {
        clauses.append("coalesce(r.snoozed_until, r.due_at) <= ?")
        arguments.append(UTCTimestamp.format(to))
      }
      let condition = clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
      return try Row.fetchAll(
        db,
        sql: "\(Self.reminderSelect) \(condition) ORDER BY coalesce(r.snoozed_until, r.due_at), r.number",
        arguments: StatementArguments(arguments)
      ).map(Self.storedReminder)
    }
  }

  public func reminder(number: Int64) async throws(StoreError) -> StoredReminder? {
    try await reading { db in try Self.fetchReminder(db, number: number) }
  }

  /// Moves pending reminders to `state` in one transaction and returns the numbers it really
  /// changed: a row is changed only while pending (and, for `fired` and `missed`, only once
  /// due at `time`), so of two racing callers one wins. `notificationID`, when given, links
  /// the notification that showed them.
  @discardableResult
  public func markReminders(
    _ numbers: [Int64], state: ReminderState, at time: Date, notificationID: Int64? = nil
  ) async throws(StoreError) -> [Int64] {
    guard state != .pending else {
      throw .conflict("a reminder becomes pending again only by snoozing it")
    }
    guard !numbers.isEmpty else { return [] }
    return try await writing { db in
      try Self.mark(db, numbers, state: state, at: time, notificationID: notificationID)
    }
  }

  /// Fires the reminders among `numbers` still pending and due at `time`, and records the
  /// notification `compose` makes of those (nil: none), linked to them: one transaction, so a
  /// crash leaves either both or neither, and a reminder another caller fired first is not
  /// given to `compose`. `compose` runs inside the transaction (keep it pure and quick) and is
  /// not called when nothing was fired.
  public func fireReminders(
    _ numbers: [Int64], at time: Date,
    notification compose: @escaping @Sendable ([StoredReminder]) -> NewNotification?
  ) async throws(StoreError) -> FiredReminders {
    guard !numbers.isEmpty else { return FiredReminders(reminders: [], notification: nil) }
    return try await writing { db in
      let fired = try Self.mark(db, numbers, state: .fired, at: time, notificationID: nil)
      guard !fired.isEmpty else { return FiredReminders(reminders: [], notification: nil) }
      var reminders = try fired.compactMap { try Self.fetchReminder(db, number: $0) }
      guard let draft = compose(reminders), let notification = try Self.insertNotification(db, draft, at: time)
      else { return FiredReminders(reminders: reminders, notification: nil) }
      try db.execute(
        sql: "UPDATE reminder SET notification_id = ? WHERE number IN (SELECT value FROM json_each(?))",
        arguments: [notification.id, Self.jsonListOfNumbers(fired)])
      for index in reminders.indices { reminders[index].notificationID = notification.id }
      return FiredReminders(reminders: reminders, notification: notification)
    }
  }

  /// Makes the reminder pending again until `until` (from pending, fired, missed or dismissed),
  /// and marks its notification read. Nil when there is no such reminder; `.conflict` when it
  /// was withdrawn (its item was cancelled or is gone).
  @discardableResult
  public func snoozeReminder(number: Int64, until: Date, at time: Date = Date()) async throws(StoreError)
    -> StoredReminder?
  {
    try await writing { db in
      guard let current = try Self.fetchReminder(db, number: number) else { return nil }
      guard current.state != .withdrawn else {
        throw StoreError.conflict("reminder \(number) was withdrawn (its item was cancelled or removed)")
      }
      try db.execute(
        sql: "UPDATE reminder SET state = 'pending', snoozed_until = ? WHERE number = ?",
        arguments: [UTCTimestamp.format(until), number])
      try Self.readNotification(db, current.notificationID, at: time)
      return try Self.fetchReminder(db, number: number)
    }
  }

  /// Dismisses a pending, fired or missed reminder, and marks its notification read. Returns
  /// the reminder as it now stands (a withdrawn one stays withdrawn), nil when there is none.
  @discardableResult
  public func dismissReminder(number: Int64, at time: Date = Date()) async throws(StoreError) -> StoredReminder? {
    try await writing { db in
      guard let current = try Self.fetchReminder(db, number: number) else { return nil }
      guard [.pending, .fired, .missed].contains(current.state) else { return current }
      try db.execute(sql: "UPDATE reminder SET state = 'dismissed' WHERE number = ?", arguments: [number])
      try Self.readNotification(db, current.notificationID, at: time)
      return try Self.fetchReminder(db, number: number)
    }
  }

  // MARK: - Internals

  struct ReminderKey: Hashable, Sendable {
    var itemNumber: Int64
    var rule: String
  }

  enum ReminderWrite: Sendable {
    case insert(ReminderKey, Date)
    case move(Int64, Date)
    case rearm(Int64, Date)
    case withdraw(Int64)
  }

  struct ReconciliationPlan: Sendable {
    var writes: [ReminderWrite] = []
    var result = ReminderReconciliation()
  }

  static func reconciliationPlan(_ db: Database, wanted: [ReminderKey: Date], scope: Set<Int64>?, now: Date) throws
    -> ReconciliationPlan
  {
    var plan = ReconciliationPlan()
    let scopeList = scope.map { jsonListOfNumbers($0.sorted()) }
    let rows = try Row.fetchAll(
      db,
      sql: """
        SELECT r.number, r.item_number, r.rule, r.due_at, r.state, r.notification_id IS NOT NULL AS told, i.status, i.removed_at IS NOT NULL AS removed,
               i.account_id, i.title
        FROM reminder r JOIN item i ON i.number = r.item_number
        \(scopeList == nil ? "" : "WHERE r.item_number IN (SELECT value FROM json_each(?))")
        """, arguments: StatementArguments(scopeList.map { [$0] } ?? []))
    let wantedItems = Set(wanted.keys.map(\.itemNumber))
    let knownItems = Set(
      try Int64.fetchAll(
        db, sql: "SELECT number FROM item WHERE number IN (SELECT value FROM json_each(?))",
        arguments: [jsonListOfNumbers(wantedItems.sorted())]))
    var seen = Set<ReminderKey>()
    for row in rows {
      let key = ReminderKey(itemNumber: row["item_number"], rule: row["rule"])
      seen.insert(key)
      let number: Int64 = row["number"]
      let stateText: String = row["state"]
      let storedText: String = row["due_at"]
      guard let state = ReminderState(rawValue: stateText), let stored = UTCTimestamp.parse(storedText) else {
        throw StoreError.corrupt(path: "reminder", detail: "unreadable reminder \(number)")
      }
      if let dueAt = wanted[key] {
        let moved = UTCTimestamp.format(dueAt) != storedText
        switch state {
        case .pending where moved:
          plan.writes.append(.move(number, dueAt))
          plan.result.moved += 1
          if dueAt <= now { plan.result.alreadyDue += 1 }
        case .fired, .missed, .dismissed:
          if abs(dueAt.timeIntervalSince(stored)) > reminderRearmThreshold && dueAt > now {
            plan.writes.append(.rearm(number, dueAt))
            plan.result.rearmed += 1
            if row["told"] as Bool { plan.result.rearmedAfterTelling += 1 }
          }
        case .withdrawn where dueAt > now:
          plan.writes.append(.rearm(number, dueAt))
          plan.result.rearmed += 1
        default:
          break
        }
      } else if state == .pending {
        let reason: WithdrawnReminder.Reason =
          row["removed"] as Bool
          ? .itemRemoved : (row["status"] as String == ItemStatus.cancelled.rawValue ? .itemCancelled : .notWanted)
        plan.writes.append(.withdraw(number))
        plan.result.withdrawn.append(
          WithdrawnReminder(
            number: number, itemNumber: key.itemNumber, accountID: row["account_id"], itemTitle: row["title"],
            rule: key.rule, dueAt: stored, reason: reason))
      }
    }
    let missing = wanted.filter { !seen.contains($0.key) && knownItems.contains($0.key.itemNumber) }
    for (key, dueAt) in missing.sorted(by: { ($0.key.itemNumber, $0.key.rule) < ($1.key.itemNumber, $1.key.rule) }) {
      plan.writes.append(.insert(key, dueAt))
      plan.result.inserted += 1
      if dueAt <= now { plan.result.alreadyDue += 1 }
    }
    return plan
  }

  static func mark(_ db: Database, _ numbers: [Int64], state: ReminderState, at time: Date, notificationID: Int64?)
    throws -> [Int64]
  {
    let stamp = UTCTimestamp.format(time)
    let statement: Statement
    let arguments: (Int64) -> StatementArguments
    switch state {
    case .fired, .missed:
      statement = try db.cachedStatement(
        sql: """
          UPDATE reminder SET state = ?, fired_at = ?, notification_id = coalesce(?, notification_id)
          WHERE number = ? AND state = 'pending' AND coalesce(snoozed_until, due_at) <= ?
          """)
      arguments = { [state.rawValue, stamp, notificationID, $0, stamp] }
    default:
      statement = try db.cachedStatement(
        sql: """
          UPDATE reminder SET state = ?, notification_id = coalesce(?, notification_id)
          WHERE number = ? AND state = 'pending'
          """)
      arguments = { [state.rawValue, notificationID, $0] }
    }
    var changed: [Int64] = []
    for number in numbers {
      try statement.execute(arguments: arguments(number))
      if db.changesCount > 0 { changed.append(number) }
    }
    return changed
  }

  static func readNotification(_ db: Database, _ id: Int64?, at time: Date) throws {
    guard let id else { return }
    try db.execute(
      sql: "UPDATE notification SET read_at = ? WHERE id = ? AND read_at IS NULL",
      arguments: [UTCTimestamp.format(time), id])
  }

  static let reminderSelect = """
    SELECT r.number AS reminder_number, r.item_number, r.rule, r.due_at, r.state AS reminder_state,
           r.snoozed_until, r.fired_at, r.notification_id, \(itemColumns.map { "i." + $0 }.joined(separator: ", "))
    FROM reminder r JOIN item i ON i.number = r.item_number
    """

  static func fetchReminder(_ db: Database, number: Int64) throws -> StoredReminder? {
    try Row.fetchOne(db, sql: "\(reminderSelect) WHERE r.number = ?", arguments: [number]).map(storedReminder)
  }

  static func storedReminder(_ row: Row) throws -> StoredReminder {
    let number: Int64 = row["reminder_number"]
    let stateText: String = row["reminder_state"]
    guard let state = ReminderState(rawValue: stateText), let dueAt = UTCTimestamp.parse(row["due_at"]) else {
      throw StoreError.corrupt(path: "reminder", detail: "unreadable reminder \(number)")
    }
    func date(_ column: String) -> Date? { (row[column] as String?).flatMap(UTCTimestamp.parse) }
    return StoredReminder(
      number: number, itemNumber: row["item_number"], rule: row["rule"], dueAt: dueAt, state: state,
      snoozedUntil: date("snoozed_until"), firedAt: date("fired_at"), notificationID: row["notification_id"],
      item: try storedItem(row, from: 8))
  }
}
