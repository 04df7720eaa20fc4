/// A kind of item that mirrors a service's own notification centre (rpp.md §4.6): a
/// notification read on the phone is read on the desktop, and one read on the desktop is read
/// on the phone. Its items are the service's notifications, synced silently: Outpost tells the
/// news from its own items' changes, and pairs each of its notifications with the service's
/// about the same thing (the item) and of the same category.
public struct NotificationMirror: Codable, Sendable, Equatable {
  /// A detail of the service's notification that names what it is about: the upstream id of
  /// an item of `kind` (`orderId`: the order), or the same detail on another item (a message
  /// in the conversation a `conversationId` names).
  public struct Reference: Codable, Sendable, Equatable {
    public var detail: String
    public var kind: ItemKind

    public init(_ detail: String, _ kind: ItemKind) {
      self.detail = detail
      self.kind = kind
    }
  }

  public var references: [Reference]
  /// The detail that holds the service's type of notification (`booking_changed`).
  public var typeKey: String
  /// The categories Outpost tells each of the service's types as, by type (`booking_changed`:
  /// `booking-changed`; `appointment_reminder`: Outpost's own `reminder`).
  public var categories: [String: [String]]
  /// The detail that says whether the service has it read (`true` or `false`).
  public var readKey: String
  /// When the service made it (ISO 8601 in UTC), to know which of several is the newest.
  public var createdKey: String
  /// The action that marks one read at the service (done to the item).
  public var readAction: ActionType

  public init(
    references: [Reference], typeKey: String, categories: [String: [String]], readKey: String, createdKey: String,
    readAction: ActionType
  ) {
    self.references = references
    self.typeKey = typeKey
    self.categories = categories
    self.readKey = readKey
    self.createdKey = createdKey
    self.readAction = readAction
  }

  public func isRead(_ notice: Item) -> Bool { notice.details[readKey] == .bool(true) }

  /// Whether `notice` is the service's notification about `item` of the kind Outpost tells as
  /// `category`: its type is told as that category, and it names the item.
  public func pairs(_ notice: Item, with item: Item, category: String) -> Bool {
    guard let type = notice.details[typeKey]?.stringValue, categories[type]?.contains(category) == true else {
      return false
    }
    return references.contains { reference in
      guard case .string(let value)? = notice.details[reference.detail], !value.isEmpty else { return false }
      return (item.kind == reference.kind && item.upstreamID == value)
        || item.details[reference.detail] == .string(value)
    }
  }

  /// Whether the service has what Outpost told as `category` about `item` read: the newest of
  /// its notifications about it is. The newest decides, not any: a shoot moved twice has two,
  /// and reading the first on the phone says nothing about the second.
  public func readAtService(_ notices: [Item], item: Item, category: String) -> Bool {
    let twins = notices.filter { pairs($0, with: item, category: category) }
    // Two made in the same instant: the id breaks the tie, so the choice is always the same.
    guard let newest = twins.max(by: { (created($0), $0.upstreamID) < (created($1), $1.upstreamID) }) else {
      return false
    }
    return isRead(newest)
  }

  /// ISO 8601 in UTC compares as text; a notification without a time counts as the oldest.
  private func created(_ notice: Item) -> String { notice.details[createdKey]?.stringValue ?? "" }
}
