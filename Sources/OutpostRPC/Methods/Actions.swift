import OutpostModel

/// `actions.add`: queues an action on an item (take an exchange entry, offer or withdraw an
/// assignment, edit a compensation). It is recorded first and performed as soon as the service
/// can be reached: offline, it waits. With `wait`, the reply comes after the first attempt.
public enum ActionsAdd: RPCMethod {
  public static let name = "actions.add"

  public struct Params: Codable, Sendable, Equatable {
    /// `exchange.take`, `exchange.offer`, `exchange.withdraw` or `compensation.edit`.
    public var type: String
    /// The item's number (`outpost agenda`, `outpost exchange list`).
    public var item: Int64
    /// For `compensation.edit`: `distanceKm` (number) and/or `reason` (text).
    public var params: JSONValue?
    public var wait: Bool?

    public init(type: String, item: Int64, params: JSONValue? = nil, wait: Bool? = nil) {
      self.type = type
      self.item = item
      self.params = params
      self.wait = wait
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var action: QueuedAction
    public init(action: QueuedAction) { self.action = action }
  }
}

/// `actions.list`: the queue, oldest first: by default what is not settled yet (pending,
/// running, conflict).
public enum ActionsList: RPCMethod {
  public static let name = "actions.list"

  public struct Params: Codable, Sendable, Equatable {
    public var states: [ActionState]?
    public var account: String?

    public init(states: [ActionState]? = nil, account: String? = nil) {
      self.states = states
      self.account = account
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var actions: [QueuedAction]
    public init(actions: [QueuedAction]) { self.actions = actions }
  }
}

/// `actions.resolve`: the user's decision on a conflict: `retry` (queue it again) or `discard`.
public enum ActionsResolve: RPCMethod {
  public static let name = "actions.resolve"

  public struct Params: Codable, Sendable, Equatable {
    public enum Resolution: String, Codable, Sendable {
      case retry, discard
    }
    public var number: Int64
    public var resolution: Resolution

    public init(number: Int64, resolution: Resolution) {
      self.number = number
      self.resolution = resolution
    }
  }

  public typealias Result = ActionsAdd.Result
}
