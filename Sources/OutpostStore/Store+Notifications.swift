import Foundation
import GRDB
import OutpostModel

/// What a notification is about; the user filters by it (`outpost notifications --category`) and
/// turns categories off in the configuration.
public struct NotificationCategory: RawRepresentable, Sendable, Codable, Hashable, CustomStringConvertible {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A reminder fired.
  public static let reminder = NotificationCategory(rawValue: "reminder")
  /// A queued action became a conflict or failed.
  public static let actionFailed = NotificationCategory(rawValue: "action-failed")
  /// Actions that had waited in the queue (offline) were sent, one notification per replay.
  public static let queueReplayed = NotificationCategory(rawValue: "queue-replayed")
  /// An account waits for a new login.
  public static let needsLogin = NotificationCategory(rawValue: "needs-login")
  /// An account's syncs keep failing (told once per run of failures).
  public static let syncFailing = NotificationCategory(rawValue: "sync-failing")
  /// A mailed sign-in link signed an account in (opened from the mail, with no terminal to say it).
  public static let signedIn = NotificationCategory(rawValue: "signed-in")
  /// A sync found an item moved (its time or place).
  public static let changed = NotificationCategory(rawValue: "changed")
  /// A sync found an item called off.
  public static let cancelled = NotificationCategory(rawValue: "cancelled")

  /// The categories Outpost itself gives, whatever the services; connectors declare theirs
  /// (`new-assignment`, `exchange-taken`) with their kinds of item.
  public static let core: [NotificationCategory] = [
    .reminder, .changed, .cancelled, .actionFailed, .queueReplayed, .needsLogin, .syncFailing, .signedIn,
  ]

  /// Whether `name` has a category's shape (what the store accepts): lower-case letters,
  /// digits and dashes, starting with a letter.
  public static func isWellFormed(_ name: String) -> Bool {
    guard let first = name.utf8.first, (97...122).contains(first), name.utf8.count <= 64 else { return false }
    return name.utf8.allSatisfy { (97...122).contains($0) || (48...57).contains($0) || $0 == UInt8(ascii: "-") }
  }

  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// Whether the desktop showed a notification.
public enum NotificationDelivery: String, Sendable, Codable, CaseIterable {
  /// Stored, not shown yet (the daemon shows it next, or stopped before it could).
  case pending
  /// The notification server took it (`desktop_id` is its id there).
  case shown
  /// No notification server was there: shown later, or summarised, once one is.
  case unavailable
  /// Not shown on purpose (quiet hours, or the category is off); only in the centre.
  case suppressed
}

/// A notification to record (`Store.addNotification`).
public struct NewNotification: Sendable, Equatable {
  public var category: NotificationCategory
  public var accountID: String?
  public var itemNumber: Int64?
  public var summary: String
  public var body: String
  public var link: String?
  public var delivery: NotificationDelivery
  /// Notifications with the same key are stored once (e.g. `changed:12:time:<digest>`).
  public var dedupeKey: String?

  public init(
    category: NotificationCategory, accountID: String? = nil, itemNumber: Int64? = nil, summary: String,
    body: String = "", link: String? = nil, delivery: NotificationDelivery = .pending, dedupeKey: String? = nil
  ) {
    self.category = category
    self.accountID = accountID
    self.itemNumber = itemNumber
    self.summary = summary
    self.body = body
    self.link = link
    self.delivery = delivery
    self.dedupeKey = dedupeKey
  }
}

/// A notification as the centre keeps it.
public struct StoredNotification: Sendable, Equatable, Codable {
  public var id: Int64
  public var category: NotificationCategory
  public var accountID: String?
  public var itemNumber: Int64?
  public var summary: String
  public var body: String
  public var link: String?
  public var createdAt: Date
  public var readAt: Date?
  public var delivery: NotificationDelivery
  /// The notification server's id while it shows it (for replaces_id, close, ActionInvoked).
  public var desktopID: UInt32?
  public var dedupeKey: String?

  public var isRead: Bool { readAt != nil }

  public init(
    id: Int64, category: NotificationCategory, accountID: String?, itemNumber: Int64?, summary: String,
    body: String, link: String?, createdAt: Date, readAt: Date?, delivery: NotificationDelivery, desktopID: UInt32?,
    dedupeKey: String?
  ) {
    self.id = id
    self.category = category
    self.accountID = accountID
    self.itemNumber = itemNumber
    self.summary = summary
    self.body = body
    self.link = link
    self.createdAt = createdAt
    self.readAt = readAt
    self.delivery = delivery
    self.desktopID = desktopID
    self.dedupeKey = dedupeKey
  }
}

/// The notification centre: every notification stored with read/unread and its delivery.
extension Store {
  /// Records a notification; nil when one with the same `dedupeKey` exists (nothing written).
  public func addNotification(_ notification: NewNotification, at time: Date) async throws(StoreError)
    -> StoredNotification?
  {
    try await writing { db in try Self.insertNotification(db, notification, at: time) }
  }

  /// Records how the desktop took the notification. A desktop id belongs to one notification
  /// at a time: an older one holding it (servers reuse ids after a restart) lets go of it.
  @discardableResult
  public func setNotificationDelivery(id: Int64, _ delivery: NotificationDelivery, desktopID: UInt32?)
    async throws(StoreError) -> Bool
  {
    let desktopID = desktopID == 0 ? nil : desktopID  // 0 is "no notification" to the servers
    return try await writing { db in
      if let desktopID {
        try db.execute(
          sql: "UPDATE notification SET desktop_id = NULL WHERE desktop_id = ? AND id <> ?",
          arguments: [Int64(desktopID), id])
      }
      try db.execute(
        sql: "UPDATE notification SET delivery = ?, desktop_id = ? WHERE id = ?",
        arguments: [delivery.rawValue, desktopID.map { Int64($0) }, id])
      return db.changesCount > 0
    }
  }

  /// Newest first.
  public func notifications(unreadOnly: Bool = false, category: NotificationCategory? = nil, limit: Int = 100)
    async throws(StoreError) -> [StoredNotification]
  {
    try await reading { db in
      var clauses: [String] = []
      var arguments: [any DatabaseValueConvertible] = []
      if unreadOnly { clauses.append("read_at IS NULL") }
      if let category {
        clauses.append("category = ?")
        arguments.append(category.rawValue)
      }
      let condition = clauses.isEmpty ? "" : "WHERE " + clauses.joined(separator: " AND ")
      arguments.append(max(limit, 0))
      return try Row.fetchAll(
        db, sql: "SELECT * FROM notification \(condition) ORDER BY id DESC LIMIT ?",
        arguments: StatementArguments(arguments)
      ).map(Self.storedNotification)
    }
  }

  public func notification(id: Int64) async throws(StoreError) -> StoredNotification? {
    try await reading { db in
      try Row.fetchOne(db, sql: "SELECT * FROM notification WHERE id = ?", arguments: [id])
        .map(Self.storedNotification)
    }
  }

  /// The notification the desktop shows under `desktopID` (to map `ActionInvoked` back).
  public func notification(desktopID: UInt32) async throws(StoreError) -> StoredNotification? {
    try await reading { db in
      try Row.fetchOne(
        db, sql: "SELECT * FROM notification WHERE desktop_id = ? ORDER BY id DESC LIMIT 1",
        arguments: [Int64(desktopID)]
      ).map(Self.storedNotification)
    }
  }

  /// Marks `ids` (nil: every unread notification) read; returns how many were unread. The
  /// first reading time is kept.
  @discardableResult
  public func markNotificationsRead(ids: [Int64]?, at time: Date) async throws(StoreError) -> Int {
    let stamp = UTCTimestamp.format(time)
    if let ids, ids.isEmpty { return 0 }
    return try await writing { db in
      if let ids {
        try db.execute(
          sql: """
            UPDATE notification SET read_at = ?
            WHERE read_at IS NULL AND id IN (SELECT value FROM json_each(?))
            """, arguments: [stamp, Self.jsonListOfNumbers(ids)])
      } else {
        try db.execute(sql: "UPDATE notification SET read_at = ? WHERE read_at IS NULL", arguments: [stamp])
      }
      return db.changesCount
    }
  }

  public func unreadNotificationCount(category: NotificationCategory? = nil) async throws(StoreError) -> Int {
    try await reading { db in
      if let category {
        return try Int.fetchOne(
          db, sql: "SELECT count(*) FROM notification WHERE read_at IS NULL AND category = ?",
          arguments: [category.rawValue]) ?? 0
      }
      return try Int.fetchOne(db, sql: "SELECT count(*) FROM notification WHERE read_at IS NULL") ?? 0
    }
  }

  /// Stored but not shown, oldest first: `pending` (the daemon stopped before showing them) and
  /// `unavailable` (no notification server then), to show or summarise once one is there.
  public func pendingDeliveries() async throws(StoreError) -> [StoredNotification] {
    try await reading { db in
      try Row.fetchAll(
        db, sql: "SELECT * FROM notification WHERE delivery IN ('pending', 'unavailable') ORDER BY id"
      ).map(Self.storedNotification)
    }
  }

  /// Deletes read notifications created before `cutoff`; returns how many.
  @discardableResult
  public func purgeNotifications(readAndCreatedBefore cutoff: Date) async throws(StoreError) -> Int {
    let stamp = UTCTimestamp.format(cutoff)
    return try await writing { db in
      try db.execute(
        sql: "DELETE FROM notification WHERE read_at IS NOT NULL AND created_at < ?", arguments: [stamp])
      return db.changesCount
    }
  }

  static func insertNotification(_ db: Database, _ notification: NewNotification, at time: Date) throws
    -> StoredNotification?
  {
    try db.execute(
      sql: """
        INSERT INTO notification (category, account_id, item_number, summary, body, link, created_at, delivery,
                                  dedupe_key)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        ON CONFLICT (dedupe_key) DO NOTHING
        """,
      arguments: [
        notification.category.rawValue, notification.accountID, notification.itemNumber, notification.summary,
        notification.body, notification.link, UTCTimestamp.format(time), notification.delivery.rawValue,
        notification.dedupeKey,
      ])
    guard db.changesCount > 0 else { return nil }
    return try Row.fetchOne(db, sql: "SELECT * FROM notification WHERE id = ?", arguments: [db.lastInsertedRowID])
      .map(storedNotification)
  }

  static func storedNotification(_ row: Row) throws -> StoredNotification {
    let categoryText: String = row["category"]
    let deliveryText: String = row["delivery"]
    let category = NotificationCategory(rawValue: categoryText)
    guard let delivery = NotificationDelivery(rawValue: deliveryText)
    else {
      throw StoreError.corrupt(path: "notification", detail: "unknown delivery \(deliveryText)")
    }
    func date(_ column: String) -> Date? { (row[column] as String?).flatMap(UTCTimestamp.parse) }
    return StoredNotification(
      id: row["id"], category: category, accountID: row["account_id"], itemNumber: row["item_number"],
      summary: row["summary"], body: row["body"], link: row["link"],
      createdAt: date("created_at") ?? Date(timeIntervalSince1970: 0), readAt: date("read_at"), delivery: delivery,
      desktopID: (row["desktop_id"] as Int64?).flatMap(UInt32.init(exactly:)), dedupeKey: row["dedupe_key"])
  }

  /// `[1,2,3]`, for `IN (SELECT value FROM json_each(?))`: one argument for any number of ids.
  static func jsonListOfNumbers(_ numbers: some Sequence<Int64>) -> String {
    "[" + numbers.map(String.init).joined(separator: ",") + "]"
  }
}
