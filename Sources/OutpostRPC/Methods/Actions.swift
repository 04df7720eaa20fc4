import OutpostModel

/// `actions.kinds`: every action the compiled-in connectors declare, with typed parameters.
public enum ActionsKinds: RPCMethod {
  public static let name = "actions.kinds"

  public struct Params: Codable, Sendable, Equatable {
    /// Only this connector kind's actions (`volleymanager`).
    public var service: String?
    public init(service: String? = nil) { self.service = service }
  }

  public struct Result: Codable, Sendable, Equatable {
    public var actions: [ActionDeclaration]
    public init(actions: [ActionDeclaration]) { self.actions = actions }
  }
}

/// `actions.perform`: any declared action on an item. Its parameters are checked against the
/// declaration and its precondition against the item as last synced; then it is recorded and
/// performed as soon as the service can be reached (offline, it waits when the declaration
/// allows that). With `wait`, the reply comes after the first attempt.
public enum ActionsPerform: RPCMethod {
  public static let name = "actions.perform"

  public struct Params: Codable, Sendable, Equatable {
    /// A declared action's name (`actions.kinds`), e.g. `exchange.take`.
    public var action: String
    /// The item's number (`outpost items`), for an action on an item.
    public var item: Int64?
    /// The account's name, for an action on the account itself (one without targets: a booking).
    public var account: String?
    /// The action's parameters by name; text values are converted to the declared types.
    public var params: JSONValue?
    public var wait: Bool?

    public init(action: String, item: Int64, params: JSONValue? = nil, wait: Bool? = nil) {
      self.action = action
      self.item = item
      self.params = params
      self.wait = wait
    }

    public init(action: String, account: String, params: JSONValue? = nil, wait: Bool? = nil) {
      self.action = action
      self.account = account
      self.params = params
      self.wait = wait
    }
  }

  public typealias Result = ActionsAdd.Result
}

/// `actions.add`: the first name of `actions.perform`, kept for the clients that use it; the
/// same checks and the same queue.
public enum ActionsAdd: RPCMethod {
  public static let name = "actions.add"

  public struct Params: Codable, Sendable, Equatable {
    /// A declared action's name (`actions.kinds`), e.g. `exchange.take`.
    public var type: String
    /// The item's number (`outpost agenda`, `outpost exchange list`).
    public var item: Int64?
    /// The account's name, for an action on the account itself.
    public var account: String?
    /// The action's parameters (`actions.kinds` lists them).
    public var params: JSONValue?
    public var wait: Bool?

    public init(type: String, item: Int64? = nil, account: String? = nil, params: JSONValue? = nil, wait: Bool? = nil) {
      self.type = type
      self.item = item
      self.account = account
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
