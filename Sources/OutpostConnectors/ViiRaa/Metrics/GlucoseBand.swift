/// The five consensus bands of upstreams/viiraa.md §5.2, with the [O] edges for decimal values:
/// very low `v < 54`; low `54 ≤ v < 70`; in range `70 ≤ v ≤ 180`; high `180 < v ≤ 250`;
/// very high `v > 250` (mg/dL). The standard bands always use 70/180, whatever the personal range.
public enum GlucoseBand: String, Sendable, CaseIterable {
  case veryLow = "very_low"
  case low
  case inRange = "in_range"
  case high
  case veryHigh = "very_high"

  public init(mgdl value: Double) {
    if value < 54 {
      self = .veryLow
    } else if value < 70 {
      self = .low
    } else if value <= 180 {
      self = .inRange
    } else if value <= 250 {
      self = .high
    } else {
      self = .veryHigh
    }
  }

  /// The key in the snapshot's `pct` object (§5.4).
  public var jsonKey: String { rawValue }

  /// Below 70 mg/dL (time below range, both levels).
  public var isBelowRange: Bool { self == .veryLow || self == .low }
  /// Above 180 mg/dL (time above range, both levels).
  public var isAboveRange: Bool { self == .high || self == .veryHigh }
}
