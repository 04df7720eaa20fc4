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
  /// What the store keeps: a sync does not store again what the purge would remove.
  public var retention: RetentionPolicy = .keepEverything

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
  /// The service could not be reached at the last attempt.
  public var offline: Bool
  public var consecutiveFailures: Int
  public var running: Bool

  public init() {
    offline = false
    consecutiveFailures = 0
    running = false
  }
}

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
