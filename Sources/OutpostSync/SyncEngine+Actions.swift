import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Replaying the action queue: part of every sync, before the fetch, so that the fetch sees the
/// actions' effects. In order per account, one at a time; each state change is committed
/// before the next step.
extension SyncEngine {
  /// After this many failed attempts that are not the network's fault, an action is set aside
  /// as a conflict for the user, instead of being retried for ever.
  public static let maxAttempts = 5

  enum ReplayStop: Error {
    case session(SessionError)
  }

  /// Performs the account's pending actions. Stops (leaving the rest pending) at the first one
  /// that fails for a reason that would fail the next ones too: no session, no network.
  ///
  /// Actions queued while the replay runs (a second value typed in a moment after the first) are
  /// taken in the same replay, each action at most once per replay: they used to wait for the
  /// next sync, minutes later, with the service online.
  ///
  /// The actions sent that had waited are announced together once the replay ends, stopped or
  /// not (`announceReplayed`): the user who queued them offline hears they went through.
  /// Returns the items the actions it did changed: what the fetch then finds changed about them
  /// is the user's own doing, no news (a withdrawn offer is not "taken").
  @discardableResult
  func replayActions(accountID: String, sink: any ActionSink) async throws(ReplayStop) -> Set<Int64> {
    var sent = ReplayedActions()
    var stop: ReplayStop?
    do {
      try await replayRounds(accountID: accountID, sink: sink, sent: &sent)
    } catch {
      stop = error
    }
    if !sent.actions.isEmpty { await announceReplayed(accountID, sent.actions) }
    if let stop { throw stop }
    return sent.actedOn
  }

  private func replayRounds(accountID: String, sink: any ActionSink, sent: inout ReplayedActions)
    async throws(ReplayStop)
  {
    var seen: Set<Int64> = []
    while true {
      let open: [QueuedAction]
      do {
        open = try await store.actions(accountID: accountID, states: [.pending, .running]).filter {
          !seen.contains($0.number)
        }
      } catch {
        logger.error("cannot read the action queue: \(error)")
        return
      }
      if open.isEmpty { return }
      seen.formUnion(open.map(\.number))
      try await replay(open, sink: sink, sent: &sent)
    }
  }

  private func replay(_ open: [QueuedAction], sink: any ActionSink, sent: inout ReplayedActions)
    async throws(ReplayStop)
  {
    for (index, action) in open.enumerated() {
      var item: Item?
      if let number = action.itemNumber { item = try? await store.item(number: number)?.item }
      await record(action, .running)
      let outcome: ActionOutcome
      do {
        outcome = try await sink.perform(
          ActionRequest(type: action.type, target: action.target, params: action.params, item: item))
      } catch {
        switch error {
        case .connector(let failure) where !failure.isTemporary && failure != .sessionExpired:
          let attempts = action.attempts + 1
          if case .refused = failure {
            await record(action, .failed, problem: failure.phrase)
          } else if case .conflict = failure {
            // The service holds something the action clashes with (a unique key, a row gone):
            // sending it again changes nothing, so the user decides now.
            await record(action, .conflict, problem: failure.phrase)
          } else if case .notFound = failure {
            await record(action, .conflict, problem: failure.phrase)
          } else if attempts >= Self.maxAttempts {
            await record(action, .conflict, problem: Phrase("queue.keptFailing", .phrase(failure.phrase)))
          } else {
            await record(action, .pending, problem: failure.phrase)
          }
          continue
        default:
          await record(action, .pending, problem: error.phrase)
          await markWaiting(open[(index + 1)...], reason: error.phrase)
          throw .session(error)
        }
      }
      switch outcome {
      case .done(let reply):
        // Kept with the action: what a creating action made (a booking's confirmation number).
        sent.add(await record(action, .done, serverState: reply), waited: action)
      case .alreadyDone:
        sent.add(await record(action, .done), waited: action)
      case .conflict(let reason, let serverState):
        // The connector's own words of what the service holds now.
        await record(action, .conflict, problem: reason, serverState: serverState)
      }
    }
  }

  @discardableResult
  func record(
    _ action: QueuedAction, _ state: ActionState, problem: Phrase? = nil, serverState: JSONValue? = nil
  ) async -> QueuedAction? {
    do {
      if let updated = try await store.setActionState(
        number: action.number, state: state, problem: problem, serverState: serverState)
      {
        if state != .running {
          logger.notice(
            "action #\(action.number) (\(action.type.rawValue)) is \(state.rawValue)\(problem.map { ": \($0.english)" } ?? "")"
          )
        }
        await announceAction(updated)
        return updated
      }
    } catch {
      logger.error("cannot record action #\(action.number) as \(state.rawValue): \(error)")
    }
    return nil
  }
}
