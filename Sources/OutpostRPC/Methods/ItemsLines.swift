import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// An item as a one-line view shows it (an agenda's line): its number, title, time, place,
/// status and what its connector's declaration adds (`display`), and nothing else. Built from a
/// `ListedItem` by the one mapping here, so that a client shows the same line from either.
public struct ItemLine: Codable, Sendable, Equatable {
  /// The short id people type (`outpost show 12`).
  public var number: Int64
  public var title: String
  public var startsAt: Date?
  public var endsAt: Date?
  public var location: String?
  public var status: ItemStatus
  /// The second line (`NLA, 1st referee`), as `ItemDisplay.subtitle`.
  public var subtitle: String?
  /// A decimal as text, with `currency`, as `ItemDisplay`.
  public var amount: String?
  public var currency: String?
  /// True for an item that is a day rather than a moment; absent otherwise.
  public var allDay: Bool?

  public init(
    number: Int64, title: String, startsAt: Date? = nil, endsAt: Date? = nil, location: String? = nil,
    status: ItemStatus = .active, subtitle: String? = nil, amount: String? = nil, currency: String? = nil,
    allDay: Bool? = nil
  ) {
    self.number = number
    self.title = title
    self.startsAt = startsAt
    self.endsAt = endsAt
    self.location = location
    self.status = status
    self.subtitle = subtitle
    self.amount = amount
    self.currency = currency
    self.allDay = allDay
  }

  /// The line of an item with its number and display. A day is one either by its display or by
  /// its details' `allDay` (an item listed by a daemon older than `display.allDay`).
  public init(number: Int64, item: Item, display: ItemDisplay?) {
    let allDay = display?.allDay == true || item.details["allDay"] == .bool(true)
    self.init(
      number: number, title: item.title, startsAt: item.startsAt, endsAt: item.endsAt, location: item.location,
      status: item.status, subtitle: display?.subtitle, amount: display?.amount, currency: display?.currency,
      allDay: allDay ? true : nil)
  }

  public init(_ listed: ListedItem) {
    self.init(number: listed.number, item: listed.item, display: listed.display)
  }
}

/// `items.lines`: what `items.list` selects, with the same params, as one line each: for views
/// that show a line per item (the agenda), whose reply is then half the size of `items.list`'s
/// without details (issue 20: 168 against 345 KB for 30 days of a 10k feed).
public enum ItemsLines: RPCMethod {
  public static let name = "items.lines"

  /// `items.list`'s params; `details` is ignored (a line has none).
  public typealias Params = ItemsList.Params

  public struct Result: Codable, Sendable, Equatable {
    public var lines: [ItemLine]
    /// As in `items.list`: the accounts in the view that are not current.
    public var freshness: [AccountFreshness]?
    public init(lines: [ItemLine], freshness: [AccountFreshness]? = nil) {
      self.lines = lines
      self.freshness = freshness
    }
  }
}
