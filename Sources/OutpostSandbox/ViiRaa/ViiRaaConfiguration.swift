import Foundation

/// How the "viiraa" project (a fake Supabase project under `/viiraa`, viiraa.md §7) behaves at
/// start. Its users are the demo users of `ViiRaaDemo`.
public struct SandboxViiRaaConfiguration: Sendable {
  /// The project's public `apikey` (Supabase's anon key).
  public var apiKey: String
  /// Seconds an access token lives; ViiRaa's project uses 3600. At least 5.
  public var accessTokenLifetimeSeconds: Int
  /// How long a revoked refresh token may still be presented (GoTrue's default is 10 s).
  public var reuseIntervalSeconds: Double
  /// Days of generated history before the sandbox's start.
  public var historyDays: Int
  /// The demo users' time zone (an IANA name) instead of their own (America/Chicago,
  /// Europe/Zurich); nil keeps theirs.
  public var timeZone: String?
  /// The Data API on a real PostgreSQL with contrib/supabase/viiraa.sql, started on first use
  /// (the default: constraints, RLS and triggers are PostgreSQL's); false serves the in-memory
  /// model's tables, for a machine without PostgreSQL.
  public var postgres = true

  public init(
    apiKey: String = Self.defaultAPIKey, accessTokenLifetimeSeconds: Int = 3600, reuseIntervalSeconds: Double = 10,
    historyDays: Int = 35, timeZone: String? = nil
  ) {
    self.apiKey = apiKey
    self.accessTokenLifetimeSeconds = accessTokenLifetimeSeconds
    self.reuseIntervalSeconds = reuseIntervalSeconds
    self.historyDays = historyDays
    self.timeZone = timeZone
  }

  public static let defaultAPIKey = "sandbox-viiraa-anon-key"
}
