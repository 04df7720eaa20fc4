import OutpostModel
import Testing

@testable import OutpostConnectors

/// One declared action of one connector, as the write contract checks it: how to make a valid
/// request from the sandbox's seeded data, how to see its effect upstream, how to make its
/// precondition fail, and what the service refuses for good.
struct WriteCase: Sendable, CustomTestStringConvertible {
  /// A check that applies, or why it does not (said in the test's output, never silently).
  enum Plan<Step: Sendable>: Sendable {
    case check(Step)
    case notApplicable(String)
  }

  /// A request the service will never accept as sent, and words of the service's own reason.
  struct Refusal: Sendable {
    var request: ActionRequest
    var reason: String
  }

  var connector: String
  var action: ActionType
  var world: @Sendable () async throws -> WriteWorld
  /// A request the service accepts now, prepared as the queue would hold it.
  var request: @Sendable (WriteWorld) async throws -> ActionRequest
  /// What the action touches, as the service holds it now: with its write stamp (version,
  /// `updated_at`) or a count, so that a second application shows.
  var observe: @Sendable (WriteWorld, ActionRequest) async throws -> JSONValue?
  /// Whether `observe`'s answer shows the action's effect (once).
  var applied: @Sendable (JSONValue?, ActionRequest) -> Bool
  /// Changes the service's copy so that the request's precondition no longer holds.
  var conflict: Plan<@Sendable (WriteWorld, ActionRequest) async throws -> Void>
  var refusal: Plan<@Sendable (WriteWorld) async throws -> Refusal>

  var testDescription: String { action.rawValue }
}

/// Every write case, by connector.
enum WriteCases {
  static var all: [WriteCase] {
    tasks + viiraa + agility + rpp + agileNetwork + volleyManager
  }
}
