import OutpostModel

/// What a replay tells beyond each action's own state: which actions had waited in the queue
/// before it sent them. A success the user was not there to see (they pressed "take" on a
/// train, were told "queued", and closed the laptop) is news; one done while they waited for
/// the answer is not.
///
/// An action has waited when it carries a reason from an earlier attempt: its own failure, or
/// the one that stopped a replay before its turn (`markWaiting`), which is also what
/// `outpost queue` shows beside it. The reason is in the store, so a restart keeps the news.
struct ReplayedActions {
  private(set) var actions: [QueuedAction] = []
  /// The items of every action done, waited or not.
  private(set) var actedOn: Set<Int64> = []

  /// `updated` is the action as now recorded (done); `before` as the replay found it. The same
  /// action twice (two takes of one entry, the second already done) is told once.
  mutating func add(_ updated: QueuedAction?, waited before: QueuedAction) {
    if let number = before.itemNumber { actedOn.insert(number) }
    guard let updated, before.problem != nil,
      !actions.contains(where: { $0.type == updated.type && $0.target == updated.target })
    else { return }
    actions.append(updated)
  }
}

extension SyncEngine {
  /// The actions a stopped replay did not reach wait for the same reason as the one it stopped
  /// at: recorded with each, once (not again at every retry while the reason stays).
  func markWaiting(_ left: ArraySlice<QueuedAction>, reason: Phrase) async {
    for action in left where action.problemPhrase != reason && action.state == .pending {
      await record(action, .pending, problem: reason)
    }
  }
}
