/// A question a connector answers live from the service, never from the store: what a booking
/// flow needs (a partner's catalogue, the free slots of a day). Declared like actions, with
/// typed parameters, so the RPC layer and the CLI need nothing per service. Online only by
/// nature: a slot listed yesterday says nothing about today.
public struct QueryDeclaration: Codable, Sendable, Equatable {
  /// Unique across every connector (`rpp.services`, `rpp.availability`).
  public var name: String
  /// The connector kind that answers it (`rpp`).
  public var service: String
  /// One line, for lists and `--help`.
  public var summary: String
  public var parameters: [ActionParameter]
  /// Set for a question answered from the store, offline (a dashboard over synced readings):
  /// which items it is computed from. Nil for one asked of the service.
  public var fromStore: StoreSource?

  public init(
    name: String, service: String, summary: String, parameters: [ActionParameter] = [], fromStore: StoreSource? = nil
  ) {
    self.name = name
    self.service = service
    self.summary = summary
    self.parameters = parameters
    self.fromStore = fromStore
  }

  /// The parameters in canonical form, or a refusal that says what would be right.
  public func validate(_ params: JSONValue?) throws(ActionRefusal) -> [String: JSONValue] {
    try parameters.validate(params, for: name)
  }
}

/// The items a question answered from the store is computed from: the account's items of
/// `kinds` that start within the last `pastDays` (and up to `futureDays` ahead), and all its
/// items of `undatedKinds` (a profile).
public struct StoreSource: Codable, Sendable, Equatable {
  public var kinds: [ItemKind]
  public var pastDays: Int
  public var futureDays: Int
  public var undatedKinds: [ItemKind]

  public init(kinds: [ItemKind], pastDays: Int, futureDays: Int = 0, undatedKinds: [ItemKind] = []) {
    self.kinds = kinds
    self.pastDays = pastDays
    self.futureDays = futureDays
    self.undatedKinds = undatedKinds
  }
}
