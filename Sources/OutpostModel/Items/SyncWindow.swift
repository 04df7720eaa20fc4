#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The span of time a sync covers: by default the last 30 days and everything upcoming in the
/// service's season.
public struct SyncWindow: Sendable, Equatable, Codable {
  public var from: Date
  public var to: Date

  public init(from: Date, to: Date) {
    self.from = from
    self.to = to
  }

  /// `pastDays` before `now` to `futureDays` after it.
  public static func around(_ now: Date, pastDays: Int = 30, futureDays: Int = 366) -> SyncWindow {
    SyncWindow(
      from: now.addingTimeInterval(-Double(pastDays) * 86_400), to: now.addingTimeInterval(Double(futureDays) * 86_400))
  }

  public func contains(_ date: Date) -> Bool { date >= from && date <= to }
}
