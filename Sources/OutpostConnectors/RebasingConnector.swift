import OutpostModel

/// A connector whose actions carry the version of the row they were prepared against (an
/// optimistic precondition on the row's version): after a conflict, "retry" means the user has seen
/// the service's copy and wants the change made over it, so the action is sent again against
/// that copy's version, not the stale one it was queued with (which would only conflict again).
public protocol RebasingConnector: ActingConnector {
  /// The parameters to send again over `serverState` (the service's copy the conflict kept);
  /// nil when the action cannot be rebased (it stays as it was).
  static func rebase(_ type: ActionType, params: JSONValue, over serverState: JSONValue) -> JSONValue?
}

extension RebasingConnector {
  /// The common case: the row's `version` replaces the queued one.
  public static func rebase(_ type: ActionType, params: JSONValue, over serverState: JSONValue) -> JSONValue? {
    guard case .object(var members) = params, members["version"] != nil,
      let version = serverState["version"]?.int64Value
    else { return nil }
    members["version"] = .int(version)
    return .object(members)
  }
}

extension ConnectorKind {
  /// The parameters of a conflicting action to send again over the service's copy, for a
  /// connector that rebases (`RebasingConnector`); nil otherwise.
  public func rebase(_ type: ActionType, params: JSONValue, over serverState: JSONValue) -> JSONValue? {
    (connectorType as? any RebasingConnector.Type)?.rebase(type, params: params, over: serverState)
  }
}
