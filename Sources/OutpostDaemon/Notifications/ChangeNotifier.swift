import Foundation
import Logging
import OutpostModel
import OutpostSnapshot
import OutpostStore

/// Turns what happened into notifications: what a sync changed (a new assignment, a game moved
/// or cancelled, an exchange offer taken), an action the service refused, an account that needs
/// a login. Each has a dedupe key, so the same news is never told twice. An account's first
/// sync tells nothing: every assignment would be "new".
struct ChangeNotifier: Sendable {
  let store: Store
  let notifications: NotificationService
  let language: Language
  let timeZone: TimeZone
  let logger: Logger
  /// More changes of one kind than this in one sync become one grouped notification.
  static let groupAbove = 3

  /// After a sync recorded `changes`; `firstSync` when the account had never synced before.
  func announce(_ changes: [ItemChange], accountID: String, firstSync: Bool) async {
    guard !firstSync else {
      if !changes.isEmpty {
        logger.info("notifications: first sync of the account, \(changes.count) items not announced")
      }
      return
    }
    var news: [NotificationCategory: [(StoredItem, NewNotification)]] = [:]
    let labels = TimeLabels(timeZone: timeZone, language: language)
    var changed: [(ItemChange, StoredItem)] = []
    for change in changes {
      if let stored = try? await store.item(number: change.number) { changed.append((change, stored)) }
    }
    // A cancelled game also takes its exchange offer off the board: that is no "taken".
    let cancelledGames = Set(
      changed.filter { $0.0.change == .cancelled }.compactMap { $0.1.item.details["gameNumber"]?.int64Value })
    for (change, stored) in changed {
      if stored.item.kind == .exchange, let game = stored.item.details["gameNumber"]?.int64Value,
        cancelledGames.contains(game)
      {
        continue
      }
      guard let (category, new) = notification(for: change, stored, labels: labels) else { continue }
      news[category, default: []].append((stored, new))
    }
    for category in NotificationCategory.allCases {
      guard let entries = news[category], !entries.isEmpty else { continue }
      if entries.count > Self.groupAbove, let summary = groupSummary(category, count: entries.count) {
        let key = "\(category.rawValue):" + entries.map { $0.1.dedupeKey ?? "" }.joined(separator: ",")
        await notifications.post(
          NewNotification(
            category: category, accountID: accountID, summary: summary,
            body: entries.prefix(8).map { $0.1.summary + ($0.1.body.isEmpty ? "" : " · " + $0.1.body) }.joined(
              separator: "\n"), dedupeKey: String(key.prefix(500))))
      } else {
        for (_, new) in entries { await notifications.post(new) }
      }
    }
  }

  private func notification(for change: ItemChange, _ stored: StoredItem, labels: TimeLabels) -> (
    NotificationCategory, NewNotification
  )? {
    let item = stored.item
    let when = [item.startsAt.map { labels.upcoming($0, now: Date()) }, item.location].compactMap { $0 }.joined(
      separator: " · ")
    // News about the past is no news.
    if let end = item.endsAt ?? item.startsAt, end < Date() { return nil }
    func make(_ category: NotificationCategory, _ summary: String, key: String) -> (
      NotificationCategory, NewNotification
    ) {
      (
        category,
        NewNotification(
          category: category, accountID: stored.accountID, itemNumber: stored.number, summary: summary, body: when,
          link: item.link, dedupeKey: key)
      )
    }
    switch (item.kind, change.change) {
    case (.assignment, .new):
      return make(.newAssignment, NotificationText.newAssignment(language, item.title), key: "new:\(stored.number)")
    case (.assignment, .cancelled):
      return make(.cancelled, NotificationText.cancelled(language, item.title), key: "cancelled:\(stored.number)")
    case (.assignment, .changed) where change.fields.contains("time"):
      let start = item.startsAt.map(UTCTimestamp.format) ?? "-"
      return make(.changed, NotificationText.timeChanged(language, item.title), key: "time:\(stored.number):\(start)")
    case (.assignment, .changed) where change.fields.contains("venue"):
      return make(
        .changed, NotificationText.venueChanged(language, item.title),
        key: "venue:\(stored.number):\(item.location ?? "-")")
    case (.exchange, .removed), (.exchange, .changed):
      // Only the user's own offers: other referees' entries come and go all day.
      guard item.details["mine"] == .bool(true), change.change == .removed || item.status != .active else { return nil }
      return make(.exchangeTaken, NotificationText.exchangeTaken(language, item.title), key: "taken:\(stored.number)")
    default:
      return nil
    }
  }

  private func groupSummary(_ category: NotificationCategory, count: Int) -> String? {
    switch category {
    case .newAssignment: NotificationText.newAssignments(language, "\(count)")
    case .changed: NotificationText.changedMany(language, "\(count)")
    case .cancelled: NotificationText.cancelledMany(language, "\(count)")
    default: nil
    }
  }

  /// An action the service refused (a conflict for the user to decide).
  func announce(_ action: QueuedAction) async {
    guard action.state == .conflict else { return }
    var title = action.target
    if let number = action.itemNumber, let item = try? await store.item(number: number) { title = item.item.title }
    await notifications.post(
      NewNotification(
        category: .actionFailed, accountID: action.accountID, itemNumber: action.itemNumber,
        summary: NotificationText.actionNeedsYou(language, title),
        body: NotificationText.actionNeedsYouBody(language, action.problem ?? action.type.rawValue),
        dedupeKey: "action:\(action.number):\(UTCTimestamp.format(action.updatedAt))"))
  }

  /// An account's state changed (from an `account.didChangeState` event).
  func accountStateChanged(_ event: OutpostEvent) async {
    guard case .string(let state)? = event.data["state"], state == AccountState.needsLogin.rawValue,
      case .string(let accountID)? = event.data["account"]
    else { return }
    let name = (try? await store.accounts().first { $0.id == accountID }?.name) ?? accountID
    await notifications.post(
      NewNotification(
        category: .needsLogin, accountID: accountID, summary: NotificationText.needsLogin(language, name),
        body: NotificationText.needsLoginBody(language, name), dedupeKey: "needs-login:\(event.seq)"))
  }
}
