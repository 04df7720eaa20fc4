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

  public init(name: String, service: String, summary: String, parameters: [ActionParameter] = []) {
    self.name = name
    self.service = service
    self.summary = summary
    self.parameters = parameters
  }

  /// The parameters in canonical form, or a refusal that says what would be right.
  public func validate(_ params: JSONValue?) throws(ActionRefusal) -> [String: JSONValue] {
    try parameters.validate(params, for: name)
  }
}
