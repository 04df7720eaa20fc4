#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item as the store keeps it: the item, whose account it is, and its bookkeeping.
public struct StoredItem: Codable, Sendable, Equatable {
  /// The short id people type (`outpost show 12`); unique across accounts, never reused.
  public var number: Int64
  public var accountID: String
  public var item: Item
  public var firstSeenAt: Date
  public var updatedAt: Date
  /// Set once the service stopped listing the item.
  public var removedAt: Date?

  public init(number: Int64, accountID: String, item: Item, firstSeenAt: Date, updatedAt: Date, removedAt: Date?) {
    self.number = number
    self.accountID = accountID
    self.item = item
    self.firstSeenAt = firstSeenAt
    self.updatedAt = updatedAt
    self.removedAt = removedAt
  }
}

/// What one sync changed, as the calendar, reminder and snapshot work sees it.
public struct ItemChange: Codable, Sendable, Equatable {
  public enum Kind: String, Codable, Sendable {
    case new, changed, cancelled, removed
  }
  public var number: Int64
  public var kind: ItemKind
  public var upstreamID: String
  public var change: Kind
  /// For `changed`: which of `time`, `venue`, `status`, `title`, `details` changed.
  public var fields: [String]

  public init(number: Int64, kind: ItemKind, upstreamID: String, change: Kind, fields: [String] = []) {
    self.number = number
    self.kind = kind
    self.upstreamID = upstreamID
    self.change = change
    self.fields = fields
  }
}
