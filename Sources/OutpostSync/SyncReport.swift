import OutpostModel
import OutpostStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// What one sync of one account did.
public struct SyncReport: Sendable, Equatable {
  public enum Outcome: Sendable, Equatable {
    /// Fetched and recorded (possibly nothing new).
    case synced
    /// The service said nothing changed since the last fetch (HTTP 304).
    case notModified
    /// Failed; `retryAt` is when the engine tries again by itself (nil: not until the user acts).
    case failed(Phrase, retryAt: Date?)
    /// The connector cannot list items.
    case unsupported
    /// Stopped with the daemon (`SyncEngine.stop`): not a failure of the account, nothing
    /// counted or recorded; the next start syncs it again.
    case stopped
  }

  public var accountID: String
  public var outcome: Outcome
  public var changes: [ItemChange]
  /// Kinds whose empty reply was not believed (nothing was removed).
  public var suspectedWipes: [ItemKind]
  /// Series points stored or removed, per kind.
  public var seriesChanges: [ItemKind: Store.SeriesCounts]

  public init(
    accountID: String, outcome: Outcome, changes: [ItemChange] = [], suspectedWipes: [ItemKind] = [],
    seriesChanges: [ItemKind: Store.SeriesCounts] = [:]
  ) {
    self.accountID = accountID
    self.outcome = outcome
    self.changes = changes
    self.suspectedWipes = suspectedWipes
    self.seriesChanges = seriesChanges
  }
}
