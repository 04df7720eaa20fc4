import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostRPC
import OutpostStore
import OutpostSync

/// Actions declared `offline: false` (a booking against a live slot): performed while the
/// caller waits, or refused; never left in the queue to go out later. A booking made an hour
/// after the user pressed "book", against a slot that may be gone, is not what they agreed to.
///
/// The one place that enforces the flag, for every connector: the action is still recorded
/// first (its idempotency key must survive a timeout), then the account's sync performs it at
/// once; whatever that attempt leaves pending is discarded before the next replay can take it,
/// and the caller hears why.
enum OnlineOnlyActions {
  /// Syncs to wait for at most: one that was already past its replay when the action was
  /// recorded (it joined that one), then its own.
  static let syncs = 3

  /// Performs `action` at once or throws: `UpstreamUnavailable` (`data.reason` "online-only")
  /// when the service cannot be reached, `ActionNotAllowed` when the account cannot act now (it
  /// needs a login). Either way nothing is left in the queue.
  static func perform(_ action: QueuedAction, account: Account, services: DaemonServices) async throws -> QueuedAction {
    let store = services.store
    var current = action
    for _ in 0..<syncs {
      let report = await services.sync.syncQueued(accountID: account.id)
      current = try await store.action(number: action.number) ?? current
      switch current.state {
      case .pending:
        // Tried and failed for a reason that passes (no network), or never reached because
        // the sync could not act at all: refused now. Only a sync that went well and simply
        // started before the action was recorded gets another go.
        if current.attempts == 0, let report, Self.succeeded(report) { continue }
        return try await refuse(current, account: account, services: services)
      case .running:
        continue  // a sync of the schedule is sending it: wait for that one
      default:
        return current
      }
    }
    if current.state == .pending { return try await refuse(current, account: account, services: services) }
    return current
  }

  private static func succeeded(_ report: SyncReport) -> Bool {
    switch report.outcome {
    case .synced, .notModified: true
    case .failed, .unsupported, .stopped: false
    }
  }

  private static func refuse(_ action: QueuedAction, account: Account, services: DaemonServices) async throws
    -> QueuedAction
  {
    let status = await services.sync.status(accountID: account.id)
    let because =
      action.problemPhrase ?? action.problem.map(Phrase.verbatim) ?? status?.lastErrorPhrase
      ?? Phrase("queue.cannotActNow", .text(account.name))
    let reason = because.english
    guard
      try await services.store.discardActionIfPending(
        number: action.number, problem: Phrase("queue.notSentOnlineOnly", .phrase(because))) != nil
    else {
      // A replay took it between the check and the discard: it is being sent after all.
      return try await services.store.action(number: action.number) ?? action
    }
    services.logger.notice(
      "action #\(action.number) (\(action.type.rawValue)) refused: it is online only and \(reason)")
    if status?.offline == true {
      throw RPCError.onlineOnlyOffline(action: action.type.rawValue, account: account.name, detail: reason)
    }
    throw RPCError.actionNotAllowed("\(action.type.rawValue) is online only and could not be sent now: \(reason)")
  }

  /// At start, before any sync: online-only actions a previous run recorded but never sent
  /// (it stopped in between) are not sent late. One that was being sent (`running`) is left
  /// to the replay: it may have arrived, and sent again with its idempotency key the service
  /// answers with the first reply, so the user gets the confirmation of what was made.
  static func setAsideLeftovers(store: Store, logger: Logger) async throws(StoreError) {
    let onlineOnly = Set(ConnectorRegistry.actions.filter { !$0.offline }.map(\.name))
    for action in try await store.actions(states: [.pending]) where onlineOnly.contains(action.type) {
      let problem = Phrase("queue.notSentOnlineOnly", .phrase(Phrase("queue.stoppedBeforeSent")))
      try await store.setActionState(number: action.number, state: .discarded, problem: problem)
      logger.notice("action #\(action.number) (\(action.type.rawValue)) set aside at start: \(problem.english)")
    }
  }
}
