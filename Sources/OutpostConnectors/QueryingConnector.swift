import OutpostModel

/// A connector that answers declared live questions (`QueryDeclaration`) from the service: the
/// catalogue and free slots a booking needs. Nothing is stored; the answer is the service's,
/// in the connector's own JSON shape, which its CLI group knows how to show.
public protocol QueryingConnector: Connector {
  static var queries: [QueryDeclaration] { get }

  /// `params` were already checked against the declaration.
  func query(_ name: String, params: [String: JSONValue], session: Session) async throws(ConnectorError) -> JSONValue
}

/// An account whose connector answers queries, through its session keeper (re-login included).
public protocol QuerySink: Sendable {
  func query(_ name: String, params: [String: JSONValue]) async throws(SessionError) -> JSONValue
}

extension SessionKeeper: QuerySink where C: QueryingConnector {
  public func query(_ name: String, params: [String: JSONValue]) async throws(SessionError) -> JSONValue {
    try await perform { connector, session throws(ConnectorError) in
      try await connector.query(name, params: params, session: session)
    }
  }
}
