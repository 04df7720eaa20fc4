import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `sync.run`: syncs one account (or all) now. Without `wait` it returns at once with
/// `started`; with `wait` it returns what each sync did.
public enum SyncRun: RPCMethod {
  public static let name = "sync.run"

  public struct Params: Codable, Sendable, Equatable {
    /// An account name; all accounts when absent.
    public var account: String?
    public var wait: Bool?
    /// A full listing, ignoring where the last sync stopped (after the service lost its state).
    public var full: Bool?

    public init(account: String? = nil, wait: Bool? = nil, full: Bool? = nil) {
      self.account = account
      self.wait = wait
      self.full = full
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var accounts: [AccountSync]
    public init(accounts: [AccountSync]) { self.accounts = accounts }
  }

  public struct AccountSync: Codable, Sendable, Equatable {
    public enum Outcome: String, Codable, Sendable {
      /// Running in the background (without `wait`).
      case started
      case synced
      /// The service said nothing changed since the last sync.
      case notModified = "not-modified"
      case failed
      /// The account's service has nothing to sync.
      case unsupported
    }
    public var account: String
    public var outcome: Outcome
    public var error: String?
    /// `error` for a person: each client says it in its own language.
    public var errorPhrase: Phrase?
    /// When the daemon retries by itself after a failure; absent when it waits for the user.
    public var retryAt: Date?
    /// Counts of new, changed, cancelled and removed items.
    public var changes: ChangeCounts?
    /// Series points (a sensor's readings) stored or removed, over every kind; absent when none.
    public var points: PointCounts?
    /// True when the failures are ones waiting does not cure and the account is now tried only
    /// every few hours: `retryAt` is then far off, and the user has something to do.
    public var parked: Bool?

    public init(
      account: String, outcome: Outcome, error: String? = nil, errorPhrase: Phrase? = nil, retryAt: Date? = nil,
      changes: ChangeCounts? = nil,
      points: PointCounts? = nil, parked: Bool? = nil
    ) {
      self.parked = parked
      self.points = points
      self.account = account
      self.outcome = outcome
      self.error = error
      self.errorPhrase = errorPhrase
      self.retryAt = retryAt
      self.changes = changes
    }
  }

  public struct PointCounts: Codable, Sendable, Equatable {
    /// New or different from the stored ones.
    public var stored: Int
    public var removed: Int

    public init(stored: Int, removed: Int) {
      self.stored = stored
      self.removed = removed
    }
  }

  public struct ChangeCounts: Codable, Sendable, Equatable {
    public var new: Int
    public var changed: Int
    public var cancelled: Int
    public var removed: Int

    public init(new: Int, changed: Int, cancelled: Int, removed: Int) {
      self.new = new
      self.changed = changed
      self.cancelled = cancelled
      self.removed = removed
    }

    public init(_ changes: [ItemChange]) {
      new = changes.count { $0.change == .new }
      changed = changes.count { $0.change == .changed }
      cancelled = changes.count { $0.change == .cancelled }
      removed = changes.count { $0.change == .removed }
    }
  }
}

/// `sync.status`: how syncing goes for each account.
public enum SyncStatusMethod: RPCMethod {
  public static let name = "sync.status"
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    public var accounts: [AccountStatus]
    public init(accounts: [AccountStatus]) { self.accounts = accounts }
  }

  public struct AccountStatus: Codable, Sendable, Equatable {
    public var account: String
    public var lastAttemptAt: Date?
    public var lastSuccessAt: Date?
    public var nextRunAt: Date?
    public var lastError: String?
    /// `lastError` for a person: each client says it in its own language.
    public var lastErrorPhrase: Phrase?
    public var offline: Bool
    public var running: Bool
    /// Failures in a row, from `failingSince`; absent while syncing works.
    public var failures: Int?
    public var failingSince: Date?
    /// Failing in a way waiting does not cure: tried only every few hours until a sync works.
    public var parked: Bool?
    /// How far the sync running now has got.
    public var progress: Progress?

    public struct Progress: Codable, Sendable, Equatable {
      public var pages: Int
      public var rows: Int
      public init(pages: Int, rows: Int) {
        self.pages = pages
        self.rows = rows
      }
    }

    public init(
      account: String, lastAttemptAt: Date?, lastSuccessAt: Date?, nextRunAt: Date?, lastError: String?,
      offline: Bool, running: Bool, failures: Int? = nil, failingSince: Date? = nil, parked: Bool? = nil,
      progress: Progress? = nil, lastErrorPhrase: Phrase? = nil
    ) {
      self.lastErrorPhrase = lastErrorPhrase
      self.failures = failures
      self.failingSince = failingSince
      self.parked = parked
      self.progress = progress
      self.account = account
      self.lastAttemptAt = lastAttemptAt
      self.lastSuccessAt = lastSuccessAt
      self.nextRunAt = nextRunAt
      self.lastError = lastError
      self.offline = offline
      self.running = running
    }
  }
}
