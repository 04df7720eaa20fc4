import Foundation
import OutpostConnectors
import OutpostModel
import OutpostStore

extension ChangeNotifier {
  /// Actions that had waited in the queue and went through in one replay: one notification
  /// for all of them (category `queue-replayed`, muted like any other), "3 queued actions sent:
  /// took #24 …, …", each action on its own line in the body. A failure says so on its own
  /// (`action-failed`); an action done while the user waited for the answer is not news, nor
  /// one Outpost queued by itself.
  func announceReplayed(_ actions: [QueuedAction], accountID: String) async {
    // A read receipt Outpost queued by itself is no news (`ActionDeclaration.quiet`).
    let actions = actions.filter { ConnectorRegistry.action($0.type)?.declaration.quiet != true }
    guard let first = actions.first else { return }
    var lines: [String] = []
    var link: String?
    for action in actions {
      let line = await sentLine(action)
      lines.append(line.text)
      link = line.link
    }
    let summary =
      actions.count == 1
      ? NotificationText.queueReplayedOne(language, lines[0])
      : NotificationText.queueReplayedMany(language, "\(actions.count)", lines[0] + ", …")
    let key = "queue-replayed:" + actions.map { "\($0.number)" }.joined(separator: ",")
    await notifications.post(
      NewNotification(
        category: .queueReplayed, accountID: accountID, itemNumber: actions.count == 1 ? first.itemNumber : nil,
        summary: summary, body: actions.count == 1 ? "" : lines.prefix(8).joined(separator: "\n"),
        link: actions.count == 1 ? link : nil, dedupeKey: String(key.prefix(500))))
  }

  /// "took #24 VC Lac D1 – SC Berg D2", in the declaration's words when it has them.
  private func sentLine(_ action: QueuedAction) async -> (text: String, link: String?) {
    var label = action.target
    var link: String?
    let declaration = ConnectorRegistry.action(action.type)?.declaration
    let made = declaration?.sentLabel.reduce(Optional(action.params)) { value, key in value?[key] }
    if let number = action.itemNumber, let stored = try? await store.item(number: number) {
      label = "#\(number) \(stored.item.title)"
      link = stored.item.link
    } else if let name = made?.stringValue, !name.isEmpty {
      // What it made, by its name ("added the category Coworking").
      label = name
    } else if let account = try? await store.accounts().first(where: { $0.id == action.accountID }) {
      // Done to the account itself (a value typed in): its name says more than an upstream id.
      label = account.name
    }
    let words = declaration?.sent
    return (
      words.map { $0(language, label) } ?? NotificationText.queueReplayedAction(language, action.type.rawValue, label),
      link
    )
  }
}
