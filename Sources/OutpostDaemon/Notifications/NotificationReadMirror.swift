import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore

/// Read on one device is read on the other, for services that keep a notification centre of
/// their own (a kind that declares `NotificationMirror`: RPP's `/notifications`). Outpost tells
/// its own news from the items' changes; each of its notifications about an item pairs with the
/// service's about the same item and of the same category. After a sync, a notification here
/// whose newest twin the service has read is read here too; a notification read here has its
/// unread twins marked read at the service (an action the queue carries, offline too).
struct NotificationReadMirror: Sendable {
  let store: Store
  let logger: Logger
  /// The kinds that mirror a service's centre, as the connectors declare them.
  var mirrors: [ItemKind: NotificationMirror] = Self.declared(ConnectorRegistry.itemKinds)

  static func declared(_ kinds: [ItemKindDeclaration]) -> [ItemKind: NotificationMirror] {
    var mirrors: [ItemKind: NotificationMirror] = [:]
    for declaration in kinds { if let mirror = declaration.mirrorsNotifications { mirrors[declaration.kind] = mirror } }
    return mirrors
  }

  /// After a sync of the account: marks read here what the service has read; returns the
  /// notifications so marked.
  @discardableResult
  func followService(accountID: String, at time: Date) async -> [Int64] {
    guard !mirrors.isEmpty else { return [] }
    let notices = await self.notices(accountID: accountID)
    guard !notices.isEmpty else { return [] }
    let unread = ((try? await store.notifications(unreadOnly: true, limit: 1000)) ?? [])
      .filter { $0.accountID == accountID && $0.itemNumber != nil }
    var read: [Int64] = []
    for notification in unread where await readAtService(notification, notices: notices) {
      read.append(notification.id)
    }
    guard !read.isEmpty else { return [] }
    do {
      try await store.markNotificationsRead(ids: read, at: time)
    } catch {
      logger.warning("notifications: cannot mark \(read.count) read at the service as read here: \(error)")
      return []
    }
    logger.info("notifications: \(read.count) read at the service, read here too")
    return read
  }

  /// Whether the service has `notification`'s news read already (read on the phone before
  /// this desktop heard of it): then it is not shown, only kept, read, in the centre.
  func readAtService(_ notification: StoredNotification) async -> Bool {
    guard !mirrors.isEmpty, let accountID = notification.accountID, notification.itemNumber != nil else {
      return false
    }
    return await readAtService(notification, notices: notices(accountID: accountID))
  }

  private func readAtService(_ notification: StoredNotification, notices: [StoredItem]) async -> Bool {
    guard !notices.isEmpty, let item = await item(of: notification) else { return false }
    return mirrors.contains { kind, mirror in
      mirror.readAtService(
        notices.filter { $0.item.kind == kind }.map(\.item), item: item, category: notification.category.rawValue)
    }
  }

  /// What to mark read at the service now that `read` were read here: the service's unread
  /// notifications about the same items, of the same categories, each with the action that
  /// marks it read. A notice whose receipt already waits in the queue is not asked twice.
  func serviceTwins(of read: [StoredNotification]) async -> [(notice: StoredItem, action: ActionType)] {
    guard !mirrors.isEmpty else { return [] }
    var twins: [(notice: StoredItem, action: ActionType)] = []
    var seen: Set<Int64> = []
    var noticesByAccount: [String: [StoredItem]] = [:]
    let waiting = Set(
      ((try? await store.actions(states: [.pending, .running])) ?? []).compactMap { action in
        mirrors.values.contains { $0.readAction == action.type } ? action.itemNumber : nil
      })
    for notification in read {
      guard let accountID = notification.accountID, let item = await item(of: notification) else { continue }
      if noticesByAccount[accountID] == nil { noticesByAccount[accountID] = await notices(accountID: accountID) }
      for notice in noticesByAccount[accountID] ?? [] {
        guard let mirror = mirrors[notice.item.kind], !mirror.isRead(notice.item),
          !seen.contains(notice.number), !waiting.contains(notice.number),
          mirror.pairs(notice.item, with: item, category: notification.category.rawValue)
        else { continue }
        seen.insert(notice.number)
        twins.append((notice, mirror.readAction))
      }
    }
    return twins
  }

  private func notices(accountID: String) async -> [StoredItem] {
    (try? await store.items(accountID: accountID, kinds: Array(mirrors.keys))) ?? []
  }

  private func item(of notification: StoredNotification) async -> Item? {
    guard let number = notification.itemNumber else { return nil }
    return try? await store.item(number: number)?.item
  }
}
