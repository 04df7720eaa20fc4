import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A connector that can perform the user's queued actions upstream. `perform` checks the
/// action's precondition against the service first, and must be safe to call again for an
/// action that may already have happened (the daemon crashed after sending it): it answers
/// `.alreadyDone` then, so nothing is ever performed twice.
public protocol ActingConnector: Connector {
  /// What it can do; every name unique across connectors (the registry's test checks it).
  static var actions: [ActionDeclaration] { get }

  /// The precondition at queue time, against the item as last synced: whether the action fits
  /// the item now (an open entry, an upcoming game, a task not yet done), and the upstream
  /// target and the parameters as `perform` will want them. `params` were already checked
  /// against the declaration. Pure: no network, so it answers offline too.
  static func prepare(_ type: ActionType, on item: Item, params: [String: JSONValue], now: Date) throws(ActionRefusal)
    -> PreparedAction

  /// The same for an action on the account itself (its declaration has no targets): a
  /// booking. The place to fix what makes a retry safe, an idempotency key, before anything is
  /// sent: the queue records it with the action. Pure as well.
  static func prepare(_ type: ActionType, params: [String: JSONValue], now: Date) throws(ActionRefusal)
    -> PreparedAction

  func perform(_ action: ActionRequest, session: Session) async throws(ConnectorError) -> ActionOutcome
}

extension ActingConnector {
  public static func prepare(_ type: ActionType, params: [String: JSONValue], now: Date) throws(ActionRefusal)
    -> PreparedAction
  {
    throw .notAllowed("\(type.rawValue) is done to an item, not to the account")
  }
}

/// An action ready for the queue: what `perform` will be handed.
public struct PreparedAction: Sendable, Equatable {
  public var target: String
  public var params: JSONValue

  public init(target: String, params: JSONValue = [:]) {
    self.target = target
    self.params = params
  }
}

extension ActingConnector {
  public static func declaration(_ type: ActionType) -> ActionDeclaration? { actions.first { $0.name == type } }
}

public struct ActionRequest: Sendable, Equatable {
  public var type: ActionType
  public var target: String
  public var params: JSONValue
  /// The item as last synced (its details say, e.g., which association it belongs to).
  public var item: Item?

  public init(type: ActionType, target: String, params: JSONValue, item: Item?) {
    self.type = type
    self.target = target
    self.params = params
    self.item = item
  }
}

public enum ActionOutcome: Sendable, Equatable {
  /// Performed now; the service's reply, if it says something worth keeping.
  case done(JSONValue?)
  /// The service already shows the action's effect (performed before a crash, or by hand).
  case alreadyDone
  /// The service's state no longer fits (the entry was taken, the game cancelled, …): why, in
  /// the connector's words (`Phrase.inline` for words it says in every language, `.verbatim`
  /// for the service's own), and the service's copy when there is one.
  case conflict(Phrase, serverState: JSONValue?)
}

/// An account whose connector performs actions, through its session keeper (re-login included).
public protocol ActionSink: Sendable {
  func perform(_ action: ActionRequest) async throws(SessionError) -> ActionOutcome
}

extension SessionKeeper: ActionSink where C: ActingConnector {
  public func perform(_ action: ActionRequest) async throws(SessionError) -> ActionOutcome {
    try await perform { connector, session throws(ConnectorError) in
      try await connector.perform(action, session: session)
    }
  }
}
