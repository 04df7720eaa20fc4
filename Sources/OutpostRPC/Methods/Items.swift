import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item as clients see it: the item, its short number and whose it is.
public struct ListedItem: Codable, Sendable, Equatable {
  /// The short id people type (`outpost show 12`).
  public var number: Int64
  /// The account's name.
  public var account: String
  public var item: Item
  public var updatedAt: Date
  /// Set when the service no longer lists the item.
  public var removedAt: Date?

  public init(number: Int64, account: String, item: Item, updatedAt: Date, removedAt: Date? = nil) {
    self.number = number
    self.account = account
    self.item = item
    self.updatedAt = updatedAt
    self.removedAt = removedAt
  }
}

/// `items.list`: the synced items, ordered by start, optionally of one account, some kinds and
/// a time range.
public enum ItemsList: RPCMethod {
  public static let name = "items.list"

  public struct Params: Codable, Sendable, Equatable {
    /// An account name.
    public var account: String?
    /// e.g. `["assignment"]`.
    public var kinds: [String]?
    /// Items starting at or after this instant.
    public var from: Date?
    /// Items starting at or before this instant.
    public var to: Date?

    public init(account: String? = nil, kinds: [String]? = nil, from: Date? = nil, to: Date? = nil) {
      self.account = account
      self.kinds = kinds
      self.from = from
      self.to = to
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var items: [ListedItem]
    public init(items: [ListedItem]) { self.items = items }
  }
}

/// `items.show`: one item by its number.
public enum ItemsShow: RPCMethod {
  public static let name = "items.show"

  public struct Params: Codable, Sendable, Equatable {
    public var number: Int64
    public init(number: Int64) { self.number = number }
  }

  public typealias Result = ListedItem
}
