import Foundation

/// How the "agility" project (a fake Supabase project under `/agility`, agility.md §7) behaves
/// at start. Its users are the demo users of `AgilityDemo`.
public struct SandboxAgilityConfiguration: Sendable {
  /// The project's public `apikey` (Supabase's anon key).
  public var apiKey: String
  /// Seconds an access token lives: 900, Agility's "session timeout after 15 minutes"
  /// (supabase.md §3.4). At least 5.
  public var accessTokenLifetimeSeconds: Int
  /// How long a revoked refresh token may still be presented (GoTrue's default is 10 s).
  public var reuseIntervalSeconds: Double
  /// Days of generated history before the sandbox's start (about 14 months by default).
  public var historyDays: Int
  /// Whether the nightly overdue job runs from the start (off by default, so a test sees a
  /// derived `overdue` first; the admin op `overdue-job` switches it).
  public var overdueJobEnabled: Bool
  /// The Data API on a real PostgreSQL with contrib/supabase/agility.sql, started on first use
  /// (the default: constraints, RLS, invoice numbers and totals are PostgreSQL's); false serves
  /// the in-memory model's tables, for a machine without PostgreSQL.
  public var postgres = true

  public init(
    apiKey: String = Self.defaultAPIKey, accessTokenLifetimeSeconds: Int = 900, reuseIntervalSeconds: Double = 10,
    historyDays: Int = 425, overdueJobEnabled: Bool = false
  ) {
    self.apiKey = apiKey
    self.accessTokenLifetimeSeconds = accessTokenLifetimeSeconds
    self.reuseIntervalSeconds = reuseIntervalSeconds
    self.historyDays = historyDays
    self.overdueJobEnabled = overdueJobEnabled
  }

  public static let defaultAPIKey = "sandbox-agility-anon-key"
}
