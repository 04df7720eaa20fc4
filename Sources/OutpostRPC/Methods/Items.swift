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
  /// How it shows, as its connector declares its kind: any client can show any service's item.
  public var display: ItemDisplay?

  public init(
    number: Int64, account: String, service: String? = nil, item: Item, updatedAt: Date, removedAt: Date? = nil,
    display: ItemDisplay? = nil
  ) {
    self.display = display
    self.number = number
    self.account = account
    self.service = service
    self.item = item
    self.updatedAt = updatedAt
    self.removedAt = removedAt
  }
}

/// What a client shows of an item besides its title, time and place, from its connector's
/// declaration of the kind.
public struct ItemDisplay: Codable, Sendable, Equatable {
  /// One word for the kind (`assignment`, `exchange entry`, `task`).
  public var noun: String
  /// The second line (`NLA, 1st referee`).
  public var subtitle: String?
  /// A decimal as text (`120.00`), for kinds that carry money.
  public var amount: String?
  /// ISO 4217 (`CHF`), with `amount`.
  public var currency: String?
  /// True for an item that is a day rather than a moment (an invoice's due day, an all-day
  /// event): show its day, not its start time. Absent otherwise.
  public var allDay: Bool?
  /// The details its kind labels for a person (`outpost show`), in the reply's language.
  public var fields: [Field]?

  public struct Field: Codable, Sendable, Equatable {
    public var label: String
    public var value: String
    /// `day` (a calendar day, "2026-11-05") or `time` (RFC 3339): the client writes it in the
    /// reader's order and zone. Absent: the text as it is.
    public var format: String?

    public init(label: String, value: String, format: String? = nil) {
      self.label = label
      self.value = value
      self.format = format
    }
  }

  public init(
    noun: String, subtitle: String? = nil, amount: String? = nil, currency: String? = nil, allDay: Bool? = nil,
    fields: [Field]? = nil
  ) {
    self.fields = fields
    self.noun = noun
    self.subtitle = subtitle
    self.amount = amount
    self.currency = currency
    self.allDay = allDay
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
    /// False: every item's `details` is left out (an empty object), for one-line views such as
    /// the agenda, which need the title, time, place and `display`; the reply is a fraction of
    /// the size. Absent or true: all details.
    public var details: Bool?
    /// The language `display` is written in (`de`, `en`, `fr`, `it`); absent: English.
    public var language: String?

    public init(
      account: String? = nil, kinds: [String]? = nil, from: Date? = nil, to: Date? = nil, service: String? = nil,
      statuses: [ItemStatus]? = nil, text: String? = nil, appointments: Bool? = nil, details: Bool? = nil,
      language: String? = nil
    ) {
      self.language = language
      self.appointments = appointments
      self.details = details
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
    /// The accounts in the view that are not current (offline, failing, data over a day old);
    /// absent when every one is.
    public var freshness: [AccountFreshness]?
    public init(items: [ListedItem], freshness: [AccountFreshness]? = nil) {
      self.items = items
      self.freshness = freshness
    }
  }
}

/// `items.show`: one item by its number.
public enum ItemsShow: RPCMethod {
  public static let name = "items.show"

  public struct Params: Codable, Sendable, Equatable, SpokenParams {
    public var number: Int64
    /// The language `display` is written in; absent: English.
    public var language: String?
    public init(number: Int64, language: String? = nil) {
      self.number = number
      self.language = language
    }
  }

  public typealias Result = ListedItem
}

/// `items.resolve`: the item a link names (`outpost://item/42`, a service app's link such as
/// `volleykit://assignment/<id>`, or a service's web address holding an item's id), and the web
/// page to open for it. The link schemes are the ones the connectors declare.
public enum ItemsResolve: RPCMethod {
  public static let name = "items.resolve"

  public struct Params: Codable, Sendable, Equatable {
    public var link: String
    public init(link: String) { self.link = link }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// The item, if one is synced; a web address may name none.
    public var item: ListedItem?
    /// The page a browser should open: the web address given, the item's own page, or its
    /// service's page that lists the user's items.
    public var webPage: String?
    /// For a link that starts something instead of naming an item (`rpp://book?serviceId=…`):
    /// the `outpost` command that does it.
    public var command: String?
    /// For a mailed sign-in link coming back (`<scheme>://auth/callback?…`): the account it
    /// signed in, now signed in, and as whom.
    public var signedIn: SignedIn?

    public init(item: ListedItem?, webPage: String?, command: String? = nil, signedIn: SignedIn? = nil) {
      self.item = item
      self.webPage = webPage
      self.command = command
      self.signedIn = signedIn
    }
  }

  public struct SignedIn: Codable, Sendable, Equatable {
    public var account: Account
    public var identity: AccountIdentity?

    public init(account: Account, identity: AccountIdentity?) {
      self.account = account
      self.identity = identity
    }
  }
}

/// Params that say which language the reply's words are for (an item's `display`): a client
/// sets it to its user's, so two clients of one daemon each read theirs.
public protocol SpokenParams {
  var language: String? { get set }
}

extension ItemsList.Params: SpokenParams {}
