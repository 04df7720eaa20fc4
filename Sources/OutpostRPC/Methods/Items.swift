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
  /// The account's connector kind (`volleymanager`).
  public var service: String?
  public var item: Item
  public var updatedAt: Date
  /// Set when the service no longer lists the item.
  public var removedAt: Date?

  public init(
    number: Int64, account: String, service: String? = nil, item: Item, updatedAt: Date, removedAt: Date? = nil
  ) {
    self.number = number
    self.account = account
    self.service = service
    self.item = item
    self.updatedAt = updatedAt
    self.removedAt = removedAt
  }
}

/// `items.list`: the synced items of every service, ordered by start, optionally of one account or
/// service, some kinds and statuses, a time range, or holding a text.
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
    /// A connector kind: the items of every account of it (`volleymanager`).
    public var service: String?
    /// e.g. `["active"]`.
    public var statuses: [ItemStatus]?
    /// Items whose title or location holds this text (case-insensitive).
    public var text: String?
    /// Only the kinds the connectors declare as appointments (games, events, tasks due): what an
    /// agenda shows.
    public var appointments: Bool?

    public init(
      account: String? = nil, kinds: [String]? = nil, from: Date? = nil, to: Date? = nil, service: String? = nil,
      statuses: [ItemStatus]? = nil, text: String? = nil, appointments: Bool? = nil
    ) {
      self.appointments = appointments
      self.account = account
      self.kinds = kinds
      self.from = from
      self.to = to
      self.service = service
      self.statuses = statuses
      self.text = text
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
