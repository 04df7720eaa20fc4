import Foundation
import OutpostModel

/// Builds snapshots from one input. `snapshot(at:)` is a pure function of the input and the
/// time, constant between the instants `nextTransition(after:)` finds, so the daemon needs one
/// timer and rewrites nothing in between.
public struct SnapshotBuilder: Sendable {
  public var input: SnapshotInput
  public var options: SnapshotOptions

  public init(input: SnapshotInput, options: SnapshotOptions = SnapshotOptions()) {
    self.input = input
    self.options = options
  }

  /// The snapshot at `now`, with `validUntil` set.
  public func snapshot(at now: Date) -> Snapshot {
    var snapshot = content(at: now)
    // A service's block changes by itself too (a reading turns stale): rebuilt then as well.
    let services = input.accounts.compactMap { $0.service?.validUntil }.filter { $0 > now }
    // Items read only this far: built again there, with the ones after.
    let readThrough = [input.itemsThrough].compactMap { $0 }.filter { $0 > now }
    snapshot.validUntil = ([nextTransition(after: now)].compactMap { $0 } + services + readThrough).min()
    return snapshot
  }

  /// Everything but `validUntil`.
  func content(at now: Date) -> Snapshot {
    let labels = TimeLabels(timeZone: options.timeZone, language: options.language)
    let upcoming = upcomingItems(at: now)
    let headline = upcoming.first { $0.item.status != .cancelled }
    let names = Dictionary(input.accounts.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
    let entries = upcoming.prefix(options.maxItems).map { stored in
      Snapshot.Entry(
        id: stored.number, link: stored.item.link, kind: stored.item.kind, title: stored.item.title,
        start: stored.item.startsAt!, end: stored.item.endsAt,
        startLabel: labels.start(of: stored.item, now: now) ?? "",
        venue: stored.item.location,
        accountID: stored.accountID, account: names[stored.accountID] ?? stored.accountID, status: stored.item.status)
    }
    let accounts = input.accounts.map { account in
      Snapshot.AccountEntry(
        id: account.id, name: account.name, kind: account.kind, state: account.state,
        reason: account.stateReasonPhrase?.text(options.language, time: labels.absolute) ?? account.stateReason,
        lastSync: account.lastSuccessfulSync, everSynced: account.everSynced,
        stale: account.lastSuccessfulSync.map { elapsed(since: $0, at: now) >= options.staleAfter } ?? false,
        pendingActions: account.pendingActions, conflicts: account.conflicts, unread: account.unread,
        service: account.service)
    }
    let statuses = Self.statuses(accounts)
    let conflicts = accounts.reduce(0) { $0 + $1.conflicts }
    let classes =
      (statuses.isEmpty ? ["ok"] : statuses.map(\.rawValue)) + [headline == nil ? "none" : "upcoming"]
      + (conflicts > 0 ? ["conflicts"] : [])
    var snapshot = Snapshot(
      version: SnapshotFormatVersion.current, status: statuses.first ?? .ok, classes: classes, next: entries,
      accounts: accounts, pendingActions: accounts.reduce(0) { $0 + $1.pendingActions }, conflicts: conflicts,
      unreadNotifications: input.unreadNotifications, unread: accounts.reduce(0) { $0 + $1.unread },
      display: Snapshot.Display(text: "", shortText: "", tooltip: [], alt: classes[0], percentage: 0),
      validUntil: nil)
    snapshot.display = DisplayText(options: options, labels: labels, now: now).display(
      snapshot, headline: headline, staleSince: stalestSync(accounts))
    return snapshot
  }

  /// Items of the shown kinds that start after `now` and are not closed, soonest first.
  func upcomingItems(at now: Date) -> [StoredItem] {
    input.items.filter { stored in
      guard let start = stored.item.startsAt, start > now, stored.removedAt == nil else { return false }
      return options.kinds.contains(stored.item.kind) && stored.item.status != .closed
    }.sorted { ($0.item.startsAt!, $0.number) < ($1.item.startsAt!, $1.number) }
  }

  /// The states that apply, most pressing first (empty: all is well).
  static func statuses(_ accounts: [Snapshot.AccountEntry]) -> [SnapshotStatus] {
    var found = Set<SnapshotStatus>()
    if !accounts.contains(where: \.everSynced) { found.insert(.neverSynced) }
    for account in accounts {
      if account.state != .ok { found.insert(SnapshotStatus(account.state)) }
      if account.stale { found.insert(.stale) }
    }
    return found.sorted()
  }

  /// The oldest last sync among stale accounts: what "Last updated 26 h ago" is about.
  func stalestSync(_ accounts: [Snapshot.AccountEntry]) -> Date? {
    accounts.filter(\.stale).compactMap(\.lastSync).min()
  }

  /// Seconds since `date`, a millisecond generous: a transition computed as `date + n × 3600`
  /// must not land a rounding error short of the n-th hour.
  func elapsed(since date: Date, at now: Date) -> TimeInterval {
    now.timeIntervalSince(date) + 0.001
  }
}
