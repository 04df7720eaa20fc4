import OutpostModel

/// `queries.kinds`: every live query the compiled-in connectors declare, with typed parameters.
public enum QueriesKinds: RPCMethod {
  public static let name = "queries.kinds"

  public struct Params: Codable, Sendable, Equatable {
    /// Only this connector kind's queries (`rpp`).
    public var service: String?
    public init(service: String? = nil) { self.service = service }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var queries: [QueryDeclaration]
    public init(queries: [QueryDeclaration]) { self.queries = queries }
  }
}

/// `queries.run`: asks the service a declared question now (a catalogue, a day's free slots),
/// through the account's session. Never answered from the store, so it needs the network: an
/// unreachable service is an error, not a stale answer.
public enum QueriesRun: RPCMethod {
  public static let name = "queries.run"

  public struct Params: Codable, Sendable, Equatable {
    /// A declared query's name (`queries.kinds`), e.g. `rpp.availability`.
    public var query: String
    /// The account to ask; may be left out when the service has exactly one.
    public var account: String?
    /// The query's parameters by name; text values are converted to the declared types.
    public var params: JSONValue?

    public init(query: String, account: String? = nil, params: JSONValue? = nil) {
      self.query = query
      self.account = account
      self.params = params
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// The account that answered.
    public var account: String
    /// The service's answer, in the connector's own shape (its CLI group shows it).
    public var result: JSONValue
    /// For a question answered from the store (`fromStore`): the account when it is not
    /// current (offline, signed out, failing, or data over a day old), as item views say it.
    public var freshness: [AccountFreshness]?

    public init(account: String, result: JSONValue, freshness: [AccountFreshness]? = nil) {
      self.account = account
      self.result = result
      self.freshness = freshness
    }
  }
}
