import ArgumentParser
import OutpostModel
import OutpostRPC

/// How queued actions read in a terminal.
enum ActionOutput {
  /// "action 3  reschedule  item #12  waiting": actions are "action N", items "#N", so the
  /// two numbers are never mistaken for each other.
  static func line(_ action: QueuedAction) -> String {
    let target = action.itemNumber.map { localized(.actionOnItem, "\($0)") } ?? localized(.actionOnAccount)
    var text = localized(.actionLine, "\(action.number)", action.type.rawValue, target, state(action.state))
    if let problem = problem(action) { text += "\n      \(problem)" }
    return text
  }

  static func state(_ state: ActionState) -> String {
    switch state {
    case .pending: localized(.actionStatePending)
    case .running: localized(.actionStateRunning)
    case .done: localized(.actionStateDone)
    case .conflict: localized(.actionStateConflict)
    case .discarded: localized(.actionStateDiscarded)
    case .failed: localized(.actionStateFailed)
    }
  }

  /// Why it was not sent, in the user's language.
  static func problem(_ action: QueuedAction) -> String? {
    action.problem.map { Terminal.say(action.problemPhrase, or: $0) }
  }

  /// What happened to an action just queued, in words.
  static func queued(_ action: QueuedAction) -> String {
    switch action.state {
    case .done: return localized(.actionDone, "\(action.number)", action.type.rawValue)
    case .conflict:
      return localized(.actionConflict, "\(action.number)", action.type.rawValue, problem(action) ?? "?")
    case .failed:
      return localized(.actionFailed, "\(action.number)", action.type.rawValue, problem(action) ?? "?")
    default:
      return localized(.actionQueued, "\(action.number)", problem(action).map { " (\($0))" } ?? "")
    }
  }
}

/// Queues an action and reports it; shared by the exchange and compensation commands.
func queueAction(
  _ global: GlobalOptions, type: ActionType, item: Int64, params: JSONValue? = nil
) throws {
  let result = try global.connect().call(
    ActionsPerform.self, .init(action: type.rawValue, item: item, params: params, wait: true))
  if global.json { Terminal.printJSON(result) } else { print(ActionOutput.queued(result.action)) }
  // A conflict or a refusal needs the user: say so in the exit status too.
  if result.action.state.needsUser { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
}
