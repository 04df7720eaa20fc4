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
  /// As the last sync saw it (a detail the service left out counts as on).
  let on: Bool

  /// Category → its switches, of every account or of `accountID` alone.
  static func read(_ store: Store, accountID: String?) async throws(StoreError) -> [String: [ServiceCategorySwitch]] {
    let declarations = ConnectorRegistry.itemKinds.filter { !$0.categorySwitches.isEmpty }
    guard !declarations.isEmpty else { return [:] }
    var switches: [String: [ServiceCategorySwitch]] = [:]
    for account in try await store.accounts() where accountID == nil || account.id == accountID {
      let items = try await store.items(accountID: account.id, kinds: declarations.map(\.kind))
      for declaration in declarations {
        guard let settings = items.first(where: { $0.item.kind == declaration.kind })?.item else { continue }
        for (detail, category) in declaration.categorySwitches.sorted(by: { $0.key < $1.key }) {
          switches[category, default: []].append(
            ServiceCategorySwitch(
              account: account, detail: detail, action: declaration.switchAction,
              on: settings.details[detail] != .bool(false)))
        }
      }
    }
    return switches
  }
}
