import Logging
import OutpostModel
import OutpostStore

/// Turns what a sync changed into one `items.didChange` event.
enum ItemEvents {
  /// At most this many changes travel in one event; the counts are always complete.
  static let maxChangesPerEvent = 100

  static func announce(_ changes: [ItemChange], accountID: String, store: Store, events: EventHub, logger: Logger)
    async
  {
    let name = (try? await store.accounts().first { $0.id == accountID }?.name) ?? accountID
    func count(_ kind: ItemChange.Kind) -> JSONValue { .int(Int64(changes.count { $0.change == kind })) }
    let listed = changes.prefix(maxChangesPerEvent).compactMap { change in
      try? JSONTreeEncoder.encode(change)
    }
    do {
      _ = try await events.publish(
        OutpostEventType.itemsDidChange,
        [
          "account": .string(accountID), "name": .string(name), "new": count(.new), "changed": count(.changed),
          "cancelled": count(.cancelled), "removed": count(.removed), "changes": .array(listed),
        ])
    } catch {
      logger.error("cannot record the items.didChange event: \(error)")
    }
  }

  static func announce(_ action: QueuedAction, events: EventHub, logger: Logger) async {
    guard let data = try? JSONTreeEncoder.encode(action) else { return }
    do {
      _ = try await events.publish(OutpostEventType.actionDidChange, data)
    } catch {
      logger.error("cannot record the action.didChange event: \(error)")
    }
  }
}
