import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostSnapshot
import OutpostStore

/// Turns what happened into notifications: what a sync changed, as each connector's kinds of
/// item declare their news (a new assignment, a game moved or cancelled, an exchange offer
/// taken), an action the service refused, an account that needs a login. Each has a dedupe
/// key, so the same news is never told twice. An account's first sync tells nothing: every
/// item would be "new".
struct ChangeNotifier: Sendable {
  let store: Store
  let notifications: NotificationService
  let language: Language
  let timeZone: TimeZone
  let logger: Logger
  /// The kinds of item and their news, as the connectors declare them.
  var itemKinds: [ItemKindDeclaration] = ConnectorRegistry.itemKinds
  /// The time now (a test's fixed one).
  var now: @Sendable () -> Date = { Date() }
  /// More changes of one kind than this in one sync become one grouped notification.
  static let groupAbove = 3

  /// After a sync recorded `changes`; `firstSync` when the account had never synced before.
  /// `actedOn`: the items the user's own actions changed in that sync. What they did is no
  /// news, nor is what it did to an item tied to them (`followsCancellationOf`: withdrawing the
  /// assignment takes its exchange entry off the board; that entry was not "taken").
  func announce(_ changes: [ItemChange], accountID: String, firstSync: Bool, actedOn: Set<Int64> = []) async {
    guard !firstSync else {
      if !changes.isEmpty {
        logger.info("notifications: first sync of the account, \(changes.count) items not announced")
      }
      return
    }
    let labels = TimeLabels(timeZone: timeZone, language: language)
    var changed: [(ItemChange, StoredItem)] = []
    for change in changes {
      if let stored = try? await store.item(number: change.number) { changed.append((change, stored)) }
    }
    let declarations = Dictionary(itemKinds.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
    var acted: [Item] = []
    for number in actedOn { if let stored = try? await store.item(number: number) { acted.append(stored.item) } }
    func usersOwn(_ stored: StoredItem, _ declaration: ItemKindDeclaration?) -> Bool {
      if actedOn.contains(stored.number) { return true }
      guard let key = declaration?.followsCancellationOf, let value = stored.item.details[key] else { return false }
      return acted.contains { $0.kind != stored.item.kind && $0.details[key] == value }
    }
    changed.removeAll { usersOwn($0.1, declarations[$0.1.item.kind]) }
    // Items whose related item (same game) was cancelled in this sync are part of that news.
    let cancelled = changed.filter { $0.0.change == .cancelled }.map(\.1.item)
    func followsCancellation(_ item: Item, _ declaration: ItemKindDeclaration) -> Bool {
      guard let key = declaration.followsCancellationOf, let value = item.details[key] else { return false }
      return cancelled.contains { $0.kind != item.kind && $0.details[key] == value }
    }
    // In declaration order, so that a sync's notifications come in a stable order.
    var news: [(announcement: ChangeAnnouncement, entries: [NewNotification])] = []
    for (change, stored) in changed {
      guard let declaration = declarations[stored.item.kind], !followsCancellation(stored.item, declaration),
        let announcement = declaration.announcements.first(where: { $0.matches(change, stored.item) }),
        let new = notification(announcement, change, stored, declaration: declaration, labels: labels)
      else { continue }
      if let index = news.firstIndex(where: { $0.announcement.category == announcement.category }) {
        news[index].entries.append(new)
      } else {
        news.append((announcement, [new]))
      }
    }
    for (announcement, entries) in news {
      if entries.count > Self.groupAbove, let grouped = announcement.grouped {
        let key = "\(announcement.category):" + entries.map { $0.dedupeKey ?? "" }.joined(separator: ",")
        await notifications.post(
          NewNotification(
            category: NotificationCategory(rawValue: announcement.category), accountID: accountID,
            summary: grouped(language, "\(entries.count)"),
            body: entries.prefix(8).map { $0.summary + ($0.body.isEmpty ? "" : " · " + $0.body) }.joined(
              separator: "\n"), dedupeKey: String(key.prefix(500))))
      } else {
        for new in entries { await notifications.post(new) }
      }
    }
  }

  /// The notification `announcement` gives for `change`; nil for news about an appointment
  /// that is over, unless the announcement is news after the end by nature (photos delivered
  /// after the shoot); an insight or a message is news whenever it was written. The
  /// dedupe key names the item and, for a change, the new value, so a game moved twice is told
  /// twice and a sync repeated is told once.
  private func notification(
    _ announcement: ChangeAnnouncement, _ change: ItemChange, _ stored: StoredItem,
    declaration: ItemKindDeclaration, labels: TimeLabels
  ) -> NewNotification? {
    let item = stored.item
    let now = now()
    if declaration.appointment, !announcement.evenAfterEnd, let end = item.endsAt ?? item.startsAt, end < now {
      return nil
    }
    // An appointment's body says when and where; other news says what its second line says.
    let when =
      declaration.appointment
      ? [labels.start(of: item, now: now), item.location].compactMap { $0 }.joined(
        separator: " · ")
      : declaration.subtitle(of: item, in: language) ?? ""
    var key = "\(announcement.category):\(stored.number)"
    if change.change == .changed {
      for field in change.fields.sorted() {
        switch field {
        case "time": key += ":" + (item.startsAt.map(UTCTimestamp.format) ?? "-")
        case "venue": key += ":" + (item.location ?? "-")
        case "status": key += ":" + item.status.rawValue
        case let detail where detail.hasPrefix("details.") && announcement.watches(detail):
          // One news per step of a detail it follows (a shoot's stage: assigned, en route, arrived).
          let value = item.details[String(detail.dropFirst("details.".count))]
          key += ":" + (value.map { String(decoding: $0.serialized, as: UTF8.self) } ?? "-")
        default: continue
        }
      }
    }
    var summary = announcement.summary(language, item.title)
    var body = when
    if let detail = announcement.headline, let head = item.details[detail]?.stringValue, !head.isEmpty {
      (summary, body) = (head, summary)
    }
    return NewNotification(
      category: NotificationCategory(rawValue: announcement.category), accountID: stored.accountID,
      itemNumber: stored.number, summary: summary, body: body, link: item.link, dedupeKey: key)
  }

  /// An action the service refused (a conflict, or a refusal as sent, for the user to decide).
  func announce(_ action: QueuedAction) async {
    guard action.state.needsUser else { return }
    // The item's title; for an action on the account itself (a value typed in, a booking) its
    // type, not the upstream id the action made (a UUID says nothing to a person).
    var title = action.type.rawValue
    if let number = action.itemNumber, let item = try? await store.item(number: number) { title = item.item.title }
    await notifications.post(
      NewNotification(
        category: .actionFailed, accountID: action.accountID, itemNumber: action.itemNumber,
        summary: NotificationText.actionNeedsYou(language, title),
        body: NotificationText.actionNeedsYouBody(
          language, action.problemPhrase?.text(language) ?? action.problem ?? action.type.rawValue),
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

  /// A mailed sign-in link, opened from the mail, signed the account in.
  func signedInWithLink(accountID: String, name: String) async {
    await notifications.post(
      NewNotification(
        category: .signedIn, accountID: accountID, summary: NotificationText.signedIn(language, name),
        body: NotificationText.signedInBody(language, name),
        dedupeKey: "signed-in:\(accountID):\(UTCTimestamp.format(Date()))"))
  }

  /// An account's syncs keep failing: told once per run of failures (`SyncHealth`).
  func syncFailing(accountID: String, name: String, reason: String) async {
    await notifications.post(
      NewNotification(
        category: .syncFailing, accountID: accountID, summary: NotificationText.syncFailing(language, name),
        body: NotificationText.syncFailingBody(language, name, reason),
        dedupeKey: "sync-failing:\(accountID):\(UTCTimestamp.format(Date()))"))
  }
}
