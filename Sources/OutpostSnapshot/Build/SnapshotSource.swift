import Foundation
import OutpostModel
import OutpostStore

/// Reads what a snapshot needs from the store: accounts, their open actions and the coming
/// items. What the store does not keep is passed in: the last successful sync of each account
/// (the sync engine holds it in memory) and the unread notification count.
public struct SnapshotSource: Sendable {
  public let store: Store
  /// How far ahead items are read; a sync reaches a season ahead, so this is everything.
  public var horizon: TimeInterval

  public init(store: Store, horizon: TimeInterval = 400 * 86_400) {
    self.store = store
    self.horizon = horizon
  }

  /// The members of a coming item's details that a snapshot reads (`TimeLabels`: an all-day
  /// item's day): the store builds only these. A snapshot is rebuilt after every sync, even one
  /// that changed nothing, and parsing every coming item's details whole was most of its
  /// reading (the profile of repeated syncs of a 1,000-event feed, issue 20).
  public static let detailKeys: Set<String> = ["allDay"]

  /// How many coming items a snapshot reads, the soonest: far more than the `maxItems` it shows.
  public static func itemLimit(showing maxItems: Int) -> Int { max(500, maxItems * 20) }

  /// The snapshot at `now`, read and built in one go; its `validUntil` is when to build again
  /// if nothing else changes first.
  public func snapshot(
    at now: Date, options: SnapshotOptions, lastSuccessfulSync: [String: Date] = [:], unreadNotifications: Int = 0,
    services: [String: Snapshot.ServiceSummary] = [:]
  ) async throws(StoreError) -> Snapshot {
    var input = try await input(
      now: now, lastSuccessfulSync: lastSuccessfulSync, unreadNotifications: unreadNotifications, kinds: options.kinds,
      unreadCounters: options.unreadCounters, itemLimit: Self.itemLimit(showing: options.maxItems))
    for index in input.accounts.indices { input.accounts[index].service = services[input.accounts[index].id] }
    return SnapshotBuilder(input: input, options: options).snapshot(at: now)
  }

  /// - Parameters:
  ///   - lastSuccessfulSync: account id → end of its last successful sync, as far as known.
  ///   - kinds: the item kinds read (use the same as `SnapshotOptions.kinds`).
  ///   - itemLimit: how many coming items are read at most, the soonest (`itemLimit(showing:)`).
  public func input(
    now: Date, lastSuccessfulSync: [String: Date] = [:], unreadNotifications: Int = 0,
    kinds: [ItemKind] = SnapshotOptions().kinds, unreadCounters: [ItemKind: String] = [:],
    itemLimit: Int = SnapshotSource.itemLimit(showing: SnapshotOptions().maxItems)
  ) async throws(StoreError) -> SnapshotInput {
    let accounts = try await store.accounts()
    var unread: [String: Int] = [:]
    // Account by account: (account_id, kind) is a prefix of the item table's unique key, where
    // the counted kinds alone are in no index and had SQLite read every item (42 ms at each
    // rebuild with a 100,000-event feed in the store).
    for account in accounts where !unreadCounters.isEmpty {
      let counted = try await store.items(
        accountID: account.id, kinds: Array(unreadCounters.keys), detailKeys: Set(unreadCounters.values))
      for stored in counted {
        guard let key = unreadCounters[stored.item.kind], let count = stored.item.details[key]?.int64Value, count > 0
        else { continue }
        unread[stored.accountID, default: 0] += Int(clamping: count)
      }
    }
    // The soonest only: a bar shows a few, and reading all of a 100,000-event feed's coming
    // items (with a rebuild after every burst of events) took a core for about a second each
    // time. Closed ones (which the bar leaves out) are not read, and far more than `maxItems`
    // are, so that the items that start before a transition still leave enough to show.
    let items = try await store.items(
      kinds: kinds, startingIn: now...now.addingTimeInterval(horizon), detailKeys: Self.detailKeys,
      excludingClosed: true, limit: itemLimit)
    let open = try await store.actions(states: [.pending, .running, .conflict, .failed])
    var inputs: [SnapshotInput.Account] = []
    for account in accounts {
      let actions = open.filter { $0.accountID == account.id }
      inputs.append(
        SnapshotInput.Account(
          id: account.id, name: account.name, kind: account.kind, state: account.state,
          stateReason: account.stateReason, stateReasonPhrase: account.stateReasonPhrase,
          lastSuccessfulSync: lastSuccessfulSync[account.id],
          hasCachedData: try await hasCachedData(account.id, upcoming: items),
          pendingActions: actions.count { !$0.state.needsUser }, conflicts: actions.count { $0.state.needsUser },
          unread: unread[account.id] ?? 0))
    }
    return SnapshotInput(
      accounts: inputs, items: items, unreadNotifications: unreadNotifications,
      itemsThrough: items.count == itemLimit ? items.last?.item.startsAt : nil)
  }

  /// Whether anything was ever synced for the account: a coming item, a sync cursor, or any item
  /// at all (looked up last, since it reads the account's whole history).
  private func hasCachedData(_ accountID: String, upcoming: [StoredItem]) async throws(StoreError) -> Bool {
    if upcoming.contains(where: { $0.accountID == accountID }) { return true }
    if try await store.syncCursor(accountID: accountID) != nil { return true }
    return try await store.hasItems(accountID: accountID)
  }
}
