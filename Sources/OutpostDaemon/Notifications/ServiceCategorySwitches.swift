import OutpostConnectors
import OutpostModel
import OutpostStore

/// Notification categories that an account's own settings at its service switch (item kinds
/// declaring `categorySwitches`, as an Agile Network brand's toggles). Read from the synced
/// settings item, and changed there through the kind's `switchAction`: so one setting reads
/// and acts the same in `notifications prefs`, in the service's own command and at the service.
struct ServiceCategorySwitch: Sendable {
  let account: Account
  /// The detail of the settings item that holds it (`promotions`), also the action's parameter.
  let detail: String
  let action: ActionType?
  /// As the last sync saw it (a detail the service left out counts as on), or as a change
  /// still waiting in the queue will make it.
  let on: Bool
  /// A change of it waits in the queue (the service could not be reached): `on` is what the
  /// user asked, not yet what the service holds.
  let waiting: Bool

  /// Category → its switches, of every account or of `accountID` alone.
  static func read(_ store: Store, accountID: String?) async throws(StoreError) -> [String: [ServiceCategorySwitch]] {
    let declarations = ConnectorRegistry.itemKinds.filter { !$0.categorySwitches.isEmpty }
    guard !declarations.isEmpty else { return [:] }
    var switches: [String: [ServiceCategorySwitch]] = [:]
    let actions = Set(declarations.compactMap(\.switchAction))
    let unsettled = try await store.actions(states: [.pending, .running]).filter { actions.contains($0.type) }
    for account in try await store.accounts() where accountID == nil || account.id == accountID {
      let items = try await store.items(accountID: account.id, kinds: declarations.map(\.kind))
      for declaration in declarations {
        guard let settings = items.first(where: { $0.item.kind == declaration.kind })?.item else { continue }
        let queued = unsettled.filter { $0.accountID == account.id && $0.type == declaration.switchAction }
        for (detail, category) in declaration.categorySwitches.sorted(by: { $0.key < $1.key }) {
          // The newest change still in the queue is what the user asked for last.
          let asked = queued.last { Self.requested(detail, in: $0) != nil }.flatMap { Self.requested(detail, in: $0) }
          switches[category, default: []].append(
            ServiceCategorySwitch(
              account: account, detail: detail, action: declaration.switchAction,
              on: asked ?? (settings.details[detail] != .bool(false)), waiting: asked != nil))
        }
      }
    }
    return switches
  }

  /// The value a queued switch action sets `detail` to: its parameters are named as the
  /// details, as the user gave them or as the connector prepared them (`input`).
  static func requested(_ detail: String, in action: QueuedAction) -> Bool? {
    if case .bool(let on)? = action.params[detail] { return on }
    if case .bool(let on)? = action.params["input"]?[detail] { return on }
    return nil
  }
}
