import Foundation

/// The dashboard's three windows (upstreams/viiraa.md §5 "Windows"): *today* runs from local
/// midnight in the given zone to now (23 or 25 hours long on a DST day, by the elapsed time);
/// *week* is the last 7×24 h; *month* the last 30×24 h.
public enum GlucoseWindow: String, Sendable, CaseIterable {
  case today, week, month

  /// `[start, now]`.
  public func interval(now: Date, timeZone: TimeZone) -> DateInterval {
    switch self {
    case .today:
      return DateInterval(start: Self.localMidnight(of: now, in: timeZone), end: now)
    case .week:
      return DateInterval(start: now.addingTimeInterval(-7 * 86_400), end: now)
    case .month:
      return DateInterval(start: now.addingTimeInterval(-30 * 86_400), end: now)
    }
  }

  /// The start of the local day containing `instant` (clamped to `instant` if the zone's
  /// calendar has nothing sensible).
  public static func localMidnight(of instant: Date, in timeZone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return min(calendar.startOfDay(for: instant), instant)
  }

  /// The next local midnight after `midnight`'s day began (24 h later except on DST days).
  public static func nextMidnight(after midnight: Date, in timeZone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let later = midnight.addingTimeInterval(36 * 3600)
    return calendar.startOfDay(for: later)
  }
}
