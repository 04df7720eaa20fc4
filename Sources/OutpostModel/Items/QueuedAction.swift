#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something the user asked to do upstream (take an exchange entry, offer an assignment, …),
/// recorded before it is performed, so that it survives a crash, a restart and a dead network,
/// and is performed once.
public struct QueuedAction: Codable, Sendable, Equatable {
  /// The short id people type (`outpost conflicts resolve 4`).
  public var number: Int64
  public var accountID: String
  public var type: ActionType
  /// The item the action is about (its number in the store), and its upstream id.
  public var itemNumber: Int64?
  public var target: String
  /// Action-specific values (a distance, a reason).
  public var params: JSONValue
  public var state: ActionState
  public var attempts: Int
  /// Why the last attempt failed, or what the conflict is.
  public var problem: String?
  /// `problem` as a phrase, which each client says in its own language.
  public var problemPhrase: Phrase?
  /// What the service holds now, for a conflict: the user decides with it in view. For a done
  /// action, the service's reply when it said something worth keeping (a new booking).
  public var serverState: JSONValue?
  public var createdAt: Date
  public var updatedAt: Date

  public init(
    number: Int64, accountID: String, type: ActionType, itemNumber: Int64?, target: String, params: JSONValue,
    state: ActionState, attempts: Int, problem: String?, problemPhrase: Phrase? = nil, serverState: JSONValue?,
    createdAt: Date, updatedAt: Date
  ) {
    self.problemPhrase = problemPhrase
    self.number = number
    self.accountID = accountID
    self.type = type
    self.itemNumber = itemNumber
    self.target = target
    self.params = params
    self.state = state
    self.attempts = attempts
    self.problem = problem
    self.serverState = serverState
    self.createdAt = createdAt
    self.updatedAt = updatedAt
  }
}

/// The name of an action, as connectors declare it (`ActionDeclaration`) and the queue stores it
/// (`exchange.take`, `tasks.complete`). Open: a new connector brings its own names.
public struct ActionType: RawRepresentable, Codable, Sendable, Hashable, CustomStringConvertible {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }

  public var description: String { rawValue }

  public init(from decoder: any Decoder) throws {
    rawValue = try decoder.singleValueContainer().decode(String.self)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }
}

public enum ActionState: String, Codable, Sendable, CaseIterable {
  /// Waiting to be performed (offline, or behind an earlier action).
  case pending
  /// Being performed. Found in this state after a crash, it is checked upstream before it is
  /// performed again: it may already have happened.
  case running
  case done
  /// The service's state no longer fits the action; kept for the user to retry or discard.
  case conflict
  /// Discarded by the user.
  case discarded
  /// The service refused it as sent and would refuse it again (a constraint, a policy, a
  /// validation): ended at once, never retried by itself, kept with the service's reason for
  /// the user to retry or discard, as a conflict is.
  case failed

  /// Waits for the user to retry or discard it.
  public var needsUser: Bool { self == .conflict || self == .failed }
}
