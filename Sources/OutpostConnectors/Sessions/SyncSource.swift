import OutpostModel

/// An account whose connector can list items, seen through its session keeper: the sync
/// engine fetches without knowing the connector, and expiry and re-login happen underneath.
public protocol SyncSource: Sendable {
  func fetch(window: SyncWindow, cursor: SyncCursor?) async throws(SessionError) -> FetchResult
}

extension SessionKeeper: SyncSource where C: SyncingConnector {
  public func fetch(window: SyncWindow, cursor: SyncCursor?) async throws(SessionError) -> FetchResult {
    try await perform { connector, session throws(ConnectorError) in
      try await connector.fetch(session, window: window, cursor: cursor)
    }
  }
}
