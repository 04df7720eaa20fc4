#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// One thing the user sees, from any service: a referee assignment, a compensation record, an
/// exchange-board entry, a calendar event. The fields every consumer needs (calendar,
/// reminders, snapshots) are typed; what only one kind has lives in `details`.
public struct Item: Codable, Sendable, Equatable {
  public var kind: ItemKind
  /// The service's id, unique per account and kind (VolleyManager: the convocation or exchange
  /// UUID; iCal: the UID, plus the RECURRENCE-ID for a moved occurrence).
  public var upstreamID: String
  public var title: String
  public var startsAt: Date?
  public var endsAt: Date?
  /// One line, as a person would type it into a map search.
  public var location: String?
  public var status: ItemStatus
  /// Kind-specific fields, as plain JSON (teams, league, position, co-referees, amounts, …).
  public var details: JSONValue
  /// Where the service's own app shows the item, e.g. `volleykit://assignment/<id>`.
  public var link: String?

  public init(
    kind: ItemKind, upstreamID: String, title: String, startsAt: Date? = nil, endsAt: Date? = nil,
    location: String? = nil, status: ItemStatus = .active, details: JSONValue = [:], link: String? = nil
  ) {
    self.kind = kind
    self.upstreamID = upstreamID
    self.title = title
    self.startsAt = startsAt
    self.endsAt = endsAt
    self.location = location
    self.status = status
    self.details = details
    self.link = link
  }
}

/// The kinds of item, across services. The raw value is what the store and the wire carry.
public struct ItemKind: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// A referee's convocation to a game (VolleyManager).
  public static let assignment = ItemKind(rawValue: "assignment")
  /// The money side of an assignment: game fee, travel, payment state (VolleyManager).
  public static let compensation = ItemKind(rawValue: "compensation")
  /// An entry on the exchange board, offered by someone (maybe the user) for others to take.
  public static let exchange = ItemKind(rawValue: "exchange")
  /// A calendar event from a feed (iCal).
  public static let event = ItemKind(rawValue: "event")

  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

/// Where an item stands upstream.
public enum ItemStatus: String, Codable, Sendable, CaseIterable {
  /// Current: an assignment to referee, an event that takes place, an open exchange entry.
  case active
  /// Called off upstream (a cancelled convocation or game, a cancelled event).
  case cancelled
  /// An exchange entry someone applied for (awaiting the association's decision).
  case applied
  /// Over: an archived convocation, a closed exchange entry, a paid compensation.
  case closed
}

/// An item named by its kind and the service's id, as a service names what it deleted.
public struct ItemKey: Codable, Sendable, Hashable {
  public var kind: ItemKind
  public var upstreamID: String

  public init(_ kind: ItemKind, _ upstreamID: String) {
    self.kind = kind
    self.upstreamID = upstreamID
  }
}
