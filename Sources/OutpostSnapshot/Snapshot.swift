import Foundation
import OutpostModel

/// What status bars show: built from the store, written as files the bars read.
public enum SnapshotFormatVersion {
  public static let current = 1
}

/// One snapshot: everything every output format is rendered from. It holds no wall-clock
/// "generated at" time on purpose: the files are rewritten only when their bytes change, and a
/// timestamp would change them on every write. A file's mtime says when it was last written;
/// `validUntil` says when its content changes next.
public struct Snapshot: Sendable, Equatable {
  public var version: Int
  /// The most pressing state; decides the bar's colour (`SnapshotStatus` orders them).
  public var status: SnapshotStatus
  /// Every state that applies, most pressing first, then `upcoming` or `none`, then
  /// `conflicts` when any: the CSS classes of the waybar module.
  public var classes: [String]
  public var next: [Entry]
  public var accounts: [AccountEntry]
  public var pendingActions: Int
  public var conflicts: Int
  public var unreadNotifications: Int
  /// Unread things the services count (messages), over every account.
  public var unread: Int = 0
  /// The bar's texts, already localized (plain text: each renderer escapes what it must).
  public var display: Display
  /// When the content next changes by itself (an item starts, a day word turns, a sync becomes
  /// stale), or nil when only new data changes it. The daemon arms one timer for it.
  public var validUntil: Date?

  public struct Entry: Sendable, Equatable {
    /// The item's number in the store (`outpost show <id>`).
    public var id: Int64
    /// The service's own deep link, when it has one.
    public var link: String?
    public var kind: ItemKind
    public var title: String
    public var start: Date
    public var end: Date?
    /// The start as the bar shows it: "today 19:30", "Sat 19:30", "Sat 12 Dec 19:30".
    public var startLabel: String
    public var venue: String?
    public var accountID: String
    public var account: String
    public var status: ItemStatus
  }

  public struct AccountEntry: Sendable, Equatable {
    public var id: String
    public var name: String
    public var kind: String
    public var state: AccountState
    public var reason: String?
    public var lastSync: Date?
    public var everSynced: Bool
    public var stale: Bool
    public var pendingActions: Int
    public var conflicts: Int
    /// Unread things its items count (messages).
    public var unread: Int = 0
    /// What its service puts in the bar (a glucose reading and time in range), when it does.
    public var service: ServiceSummary? = nil
  }

  /// A service's own part of the bar, computed by its connector from the store (`barView`):
  /// a few words for the line and its block for scripts (`service` in `snapshot.json`).
  public struct ServiceSummary: Sendable, Equatable {
    public var text: String
    public var block: JSONValue
    /// When the block changes by itself (a reading turns stale), if it does.
    public var validUntil: Date?

    public init(text: String, block: JSONValue, validUntil: Date? = nil) {
      self.text = text
      self.block = block
      self.validUntil = validUntil
    }
  }

  public struct Display: Sendable, Equatable {
    /// One line: the next item and what needs the user's attention.
    public var text: String
    /// A shorter form for narrow bars.
    public var shortText: String
    /// One entry per tooltip line.
    public var tooltip: [String]
    /// waybar's `alt`: the first class.
    public var alt: String
    /// 100 when the next item is today, 50 tomorrow, 0 later or never. A step, not a countdown,
    /// so that it changes only at the instants `validUntil` names.
    public var percentage: Int
  }
}

/// The overall state, most pressing first. Account states come from the store; `stale`,
/// `neverSynced` and `ok` are worked out here.
public enum SnapshotStatus: String, Sendable, CaseIterable, Comparable {
  case needsLogin = "needs-login"
  case keyringLocked = "keyring-locked"
  case error
  case offline
  /// No account at all, or none synced yet. Behind the states above, which say why.
  case neverSynced = "never-synced"
  case stale
  case ok

  public static func < (lhs: SnapshotStatus, rhs: SnapshotStatus) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }

  init(_ state: AccountState) {
    switch state {
    case .ok: self = .ok
    case .needsLogin: self = .needsLogin
    case .keyringLocked: self = .keyringLocked
    case .offline: self = .offline
    case .error: self = .error
    }
  }
}
