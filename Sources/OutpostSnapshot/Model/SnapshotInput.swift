import Foundation
import OutpostModel

/// Everything a snapshot is built from, read once (from the store by `SnapshotSource`, or made
/// by hand in tests). Building is a pure function of this value and the time, so the same input
/// at two instants between transitions gives byte-identical files.
public struct SnapshotInput: Sendable, Equatable {
  public struct Account: Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: String
    public var state: AccountState
    public var stateReason: String?
    /// `stateReason` as the daemon's phrase: the snapshot says it in its own language.
    public var stateReasonPhrase: Phrase? = nil
    /// The end of the last successful sync, when known. The sync engine keeps it in memory only,
    /// so after a restart it is nil until the next sync succeeds.
    public var lastSuccessfulSync: Date?
    /// The store holds items for this account, so it was synced at some time even when
    /// `lastSuccessfulSync` is unknown (after a restart): such an account is not "never synced".
    public var hasCachedData: Bool
    /// Actions pending or running.
    public var pendingActions: Int
    /// Actions in conflict, waiting for the user's decision.
    public var conflicts: Int
    /// Unread things its items count (messages), per `SnapshotOptions.unreadCounters`.
    public var unread: Int = 0
    /// Its service's own part of the bar, when its connector gives one.
    public var service: Snapshot.ServiceSummary? = nil

    public init(
      id: String, name: String, kind: String, state: AccountState, stateReason: String? = nil,
      stateReasonPhrase: Phrase? = nil, lastSuccessfulSync: Date? = nil, hasCachedData: Bool = false,
      pendingActions: Int = 0, conflicts: Int = 0,
      unread: Int = 0
    ) {
      self.unread = unread
      self.id = id
      self.name = name
      self.kind = kind
      self.state = state
      self.stateReason = stateReason
      self.stateReasonPhrase = stateReasonPhrase
      self.lastSuccessfulSync = lastSuccessfulSync
      self.hasCachedData = hasCachedData
      self.pendingActions = pendingActions
      self.conflicts = conflicts
    }

    /// Synced at least once, as far as anything tells.
    var everSynced: Bool { lastSuccessfulSync != nil || hasCachedData }
  }

  public var accounts: [Account]
  /// Candidate items; the builder keeps those of the shown kinds that start after "now" and are
  /// not closed, so a list read a little earlier stays correct.
  public var items: [StoredItem]
  /// Passed in by the caller (notifications are kept elsewhere).
  public var unreadNotifications: Int
  /// When `items` are only the soonest ones (more start later), the start of the last: what
  /// the snapshot says may depend on the rest from then on, so it is built again by then.
  public var itemsThrough: Date?

  public init(accounts: [Account], items: [StoredItem], unreadNotifications: Int = 0, itemsThrough: Date? = nil) {
    self.accounts = accounts
    self.items = items
    self.unreadNotifications = unreadNotifications
    self.itemsThrough = itemsThrough
  }
}
