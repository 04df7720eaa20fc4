#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One measurement of a long series: a glucose reading every five minutes is 105,000 a year,
/// too many to be items (an item is a thing the user acts on, with a title, a status and news).
/// A point is kept in a compact table, keyed like an item by its kind and upstream id, read by
/// time range, and never announced one by one: what changed is counted per kind.
public struct SeriesPoint: Sendable, Equatable {
  public var kind: ItemKind
  /// Unique per account and kind (a dedup key): a point stored again replaces the old one.
  public var key: String
  public var at: Date
  public var value: Double
  /// A short class the views filter on without decoding `details` (a reading's "cgm").
  public var tag: String
  /// The rest, as an object; empty for most points.
  public var details: JSONValue

  public init(kind: ItemKind, key: String, at: Date, value: Double, tag: String = "", details: JSONValue = .null) {
    self.kind = kind
    self.key = key
    self.at = at
    self.value = value
    self.tag = tag
    self.details = details
  }
}
