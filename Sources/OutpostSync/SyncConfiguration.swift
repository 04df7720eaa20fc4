import OutpostConnectors
import OutpostModel

/// How often and how patiently the engine syncs; loaded from `[sync]` in config.toml.
public struct SyncConfiguration: Sendable, Equatable {
  /// Between two successful syncs of an account.
  public var interval: Duration = .seconds(15 * 60)
  /// Each wait is stretched or shrunk at random by up to this fraction, so that many desktops
  /// do not poll a service in step.
  public var jitter: Double = 0.1
  /// First wait after a temporary failure; doubled after each further one, up to `backoffCap`.
  public var backoffBase: Duration = .seconds(30)
  public var backoffCap: Duration = .seconds(30 * 60)
  /// How far back a sync reaches; everything upcoming is always included.
  public var pastDays: Int = 30
  public var futureDays: Int = 366
  /// After this many failures in a row that waiting does not cure (a reply Outpost does not
  /// understand, a refusal), the account is parked: tried only every `parkedInterval`, and
  /// shown as needing attention, until the user syncs it or a sync succeeds.
  public var parkAfter = 8
  public var parkedInterval: Duration = .seconds(6 * 3600)
  /// What the store keeps: a sync does not store again what the purge would remove.
  public var retention: RetentionPolicy = .keepEverything
  /// The daemon's language: the titles connectors make of words (`ItemKindDeclaration.titles`)
  /// are stored in it, so calendars, bars, reminders and notifications all say them so.
  public var language: Language = .en

  public init() {}
}

/// How one account's syncing is going; kept in memory (a sync that changes nothing writes
/// nothing, not even a timestamp).
public struct SyncStatus: Sendable, Equatable, Codable {
  public var lastAttemptAt: Date?
  public var lastSuccessAt: Date?
  /// Successful syncs since the daemon started (1 during the announcement of the first).
  public var successes = 0
  public var nextRunAt: Date?
  public var lastError: String?
  /// The same for a person, in each client's language.
  public var lastErrorPhrase: Phrase?
  /// The service could not be reached at the last attempt.
  public var offline: Bool
  public var consecutiveFailures: Int
  /// The last failure was the network's (the service could not be reached at all), not the
  /// service's own (a 5xx, a reply Outpost cannot read).
  public var unreachable = false
  /// The first failure of the failures in a row (nil after a success).
  public var failingSince: Date?
  /// Failing in a way waiting does not cure, `parkAfter` times in a row: tried only every
  /// `parkedInterval` until the user syncs it or a sync succeeds.
  public var parked: Bool
  public var running: Bool
  /// How far the fetch running now has got (nil when none runs).
  public var progress: SyncProgress.Counts?

  public init() {
    offline = false
    consecutiveFailures = 0
    parked = false
    running = false
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
