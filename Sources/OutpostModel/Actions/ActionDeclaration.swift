/// An action a connector declares: what it is called, which items it applies to, what it takes,
/// and whether it may wait in the queue while offline. The queue, the RPC schema (`actions.kinds`)
/// and the CLI (`outpost do`) work from this alone, for any service.
public struct ActionDeclaration: Codable, Sendable, Equatable {
  /// Unique across every connector (`exchange.take`, `tasks.complete`).
  public var name: ActionType
  /// The connector kind that performs it (`volleymanager`).
  public var service: String
  /// One line, for lists and `--help`.
  public var summary: String
  /// The kinds of item it can be done to; none for an action on the account itself, which
  /// creates something new (a booking): queued with the account's name instead of an item.
  public var targets: [ItemKind]
  public var parameters: [ActionParameter]
  /// Whether it may be queued while the service is out of reach (performed when it is back).
  /// When false, it is refused offline instead of waiting.
  public var offline: Bool
  /// The action done, in a few words for the notification that says a queued one was sent
  /// ("took {0}"; `{0}` is the item, "#24 VC Lac – SC Berg"). Without it the notification
  /// names the action. Words for this daemon's notifications, not part of `actions.kinds`.
  public var sent: LocalizedText?
  /// Sent without telling: a read receipt Outpost queued by itself (a notification read here,
  /// told to the service) is no news when the queue replays it.
  public var quiet: Bool = false
  /// For an action done to the account: where in its queued parameters the name of what it
  /// made is (`category`, `name`), for `sent`'s `{0}` ("added the category Coworking", not
  /// the account's name).
  public var sentLabel: [String] = []

  enum CodingKeys: String, CodingKey {
    case name, service, summary, targets, parameters, offline
  }

  public init(
    name: ActionType, service: String, summary: String, targets: [ItemKind], parameters: [ActionParameter] = [],
    offline: Bool = true, sent: LocalizedText? = nil, quiet: Bool = false, sentLabel: [String] = []
  ) {
    self.quiet = quiet
    self.sentLabel = sentLabel
    self.name = name
    self.service = service
    self.summary = summary
    self.targets = targets
    self.parameters = parameters
    self.offline = offline
    self.sent = sent
  }

  /// Done to the account (a booking, a new draft), not to an item it already has.
  public var onAccount: Bool { targets.isEmpty }
}

/// One typed parameter of an action.
public struct ActionParameter: Codable, Sendable, Equatable {
  public enum ValueType: String, Codable, Sendable, CaseIterable {
    case string, int, decimal, date
    case dateTime = "date-time"
    case `enum`, bool
  }

  public var name: String
  public var type: ValueType
  public var required: Bool
  public var summary: String
  /// For `enum`: the values allowed.
  public var choices: [String]?
  /// For `int` and `decimal`: the bounds, inclusive.
  public var minimum: Double?
  public var maximum: Double?
  /// For `string`: the most characters allowed.
  public var maxLength: Int?

  public init(
    _ name: String, _ type: ValueType, required: Bool = false, summary: String, choices: [String]? = nil,
    minimum: Double? = nil, maximum: Double? = nil, maxLength: Int? = nil
  ) {
    self.name = name
    self.type = type
    self.required = required
    self.summary = summary
    self.choices = choices
    self.minimum = minimum
    self.maximum = maximum
    self.maxLength = maxLength
  }
}
