import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore
import OutpostSync
import Synchronization
import Testing

/// The action queue through the engine, on an in-memory service: performed once, in order,
/// stopped by a missing session, conflicts kept, a crash mid-action not repeated.
struct ActionQueueTests {
  /// An in-memory service that records what it performed and answers as the test says.
  final class MemorySink: ActionSink {
    struct State {
      var performed: [String] = []
      /// What the service shows as already done (performed before a crash).
      var alreadyDone: Set<String> = []
      var conflicts: Set<String> = []
      var failure: SessionError?
    }
    let state = Mutex(State())
    /// Runs as an action is sent, before the service answers (a user queueing another).
    let beforePerform = Mutex<(@Sendable (String) async -> Void)?>(nil)

    func perform(_ action: ActionRequest) async throws(SessionError) -> ActionOutcome {
      if let hook = beforePerform.withLock({ $0 }) { await hook(action.target) }
      return try state.withLock { state throws(SessionError) -> ActionOutcome in
        if let failure = state.failure { throw failure }
        if state.alreadyDone.contains(action.target) { return .alreadyDone }
        if state.conflicts.contains(action.target) {
          return .conflict(.verbatim("taken by someone else"), serverState: ["status": "applied"])
        }
        state.performed.append(action.target)
        state.alreadyDone.insert(action.target)
        return .done(nil)
      }
    }
  }

  let store: Store
  let sink = MemorySink()
  let source = SyncEngineTests.MemorySource()
  let engine: SyncEngine
  let accountID = "5d0f6a9e-3c1b-4f7e-9a51-2b8c7d4e1f30"

  init() async throws {
    store = try Store.inMemory()
    let now = SyncEngineTests.now
    try await store.addAccount(
      Account(
        id: accountID, name: "ref", kind: "volleymanager", username: "u", baseURL: "https://example.org", state: .ok,
        stateChangedAt: now, createdAt: now))
    var configuration = SyncConfiguration()
    configuration.jitter = 0
    engine = SyncEngine(store: store, configuration: configuration, logger: Logger(label: "test"), now: { now })
    await engine.register(accountID: accountID, name: "ref", source: source, actions: sink)
  }

  func enqueue(_ target: String) async throws -> QueuedAction {
    try await store.enqueueAction(
      accountID: accountID, type: ActionType("exchange.take"), itemNumber: nil, target: target, params: [:])
  }

  func states() async throws -> [ActionState] { try await store.actions().map(\.state) }

  @Test func actionsArePerformedOnceInOrderAndConflictsAreKept() async throws {
    sink.state.withLock { $0.conflicts = ["x-2"] }
    for target in ["x-1", "x-2", "x-3"] { _ = try await enqueue(target) }
    _ = await engine.sync(accountID: accountID)
    #expect(sink.state.withLock { $0.performed } == ["x-1", "x-3"])
    #expect(try await states() == [.done, .conflict, .done])
    let conflict = try #require(try await store.actions(states: [.conflict]).first)
    #expect(conflict.problem == "taken by someone else")
    #expect(conflict.serverState == ["status": "applied"])
    _ = await engine.sync(accountID: accountID)
    #expect(sink.state.withLock { $0.performed } == ["x-1", "x-3"])  // nothing twice
  }

  @Test func offlineOrLoggedOutTheQueueWaitsAndResumesInOrder() async throws {
    sink.state.withLock { $0.failure = .connector(.unreachable("no route to host")) }
    for target in ["x-1", "x-2"] { _ = try await enqueue(target) }
    guard case .failed = (await engine.sync(accountID: accountID))?.outcome else {
      Issue.record("expected the sync to fail while offline")
      return
    }
    #expect(try await states() == [.pending, .pending])
    #expect(try await store.actions().first?.problem?.contains("no route to host") == true)
    sink.state.withLock { $0.failure = .needsLogin(.verbatim("wrong password")) }
    _ = await engine.sync(accountID: accountID)
    #expect(try await states() == [.pending, .pending])
    sink.state.withLock { $0.failure = nil }
    await engine.resume(accountID: accountID)
    _ = await engine.sync(accountID: accountID)
    #expect(sink.state.withLock { $0.performed } == ["x-1", "x-2"])
    #expect(try await states() == [.done, .done])
  }

  @Test func anActionInterruptedByACrashIsCheckedNotRepeated() async throws {
    let action = try await enqueue("x-1")
    // The daemon died after sending it: the row says running, the service already did it.
    try await store.setActionState(number: action.number, state: .running)
    sink.state.withLock { $0.alreadyDone = ["x-1"] }
    _ = await engine.sync(accountID: accountID)
    #expect(try await states() == [.done])
    #expect(sink.state.withLock { $0.performed }.isEmpty)
    #expect(try await store.action(number: action.number)?.attempts == 2)
  }

  @Test func anActionThatKeepsFailingBecomesAConflictInsteadOfLooping() async throws {
    sink.state.withLock { $0.failure = .connector(.unexpectedReply("HTTP 500 page")) }
    _ = try await enqueue("x-1")
    for _ in 0..<SyncEngine.maxAttempts { _ = await engine.sync(accountID: accountID) }
    #expect(try await states() == [.conflict])
    #expect(try await store.unsettledActionCount(accountID: accountID) == 1)
  }

  /// An action queued while another is being sent goes out in the same replay, not at the
  /// next sync (found by a user: two `viiraa log` a moment apart, the second "queued" for
  /// minutes with the service online); each action is still tried once per replay.
  @Test func anActionQueuedDuringTheReplayIsSentInTheSameSync() async throws {
    let (store, accountID) = (self.store, self.accountID)
    sink.beforePerform.withLock {
      $0 = { target in
        guard target == "x-1" else { return }
        _ = try? await store.enqueueAction(
          accountID: accountID, type: ActionType("exchange.take"), itemNumber: nil, target: "x-2", params: [:])
      }
    }
    _ = try await enqueue("x-1")
    _ = await engine.sync(accountID: accountID)
    #expect(sink.state.withLock { $0.performed } == ["x-1", "x-2"])
    #expect(try await states() == [.done, .done])
  }

  /// A clash with what the service holds (another row has the same unique key: a weight typed
  /// in twice for one moment) is a conflict at once, not five more sends.
  @Test func aClashWithTheServicesRowsIsAConflictAfterOneAttempt() async throws {
    let reason =
      #"writing weight_readings: duplicate key value violates unique constraint "weight_readings_user_id_dedup_key_key" (23505)"#
    sink.state.withLock { $0.failure = .connector(.conflict(reason)) }
    let action = try await enqueue("x-1")
    _ = await engine.sync(accountID: accountID)
    let kept = try #require(try await store.action(number: action.number))
    #expect(kept.state == .conflict)
    #expect(kept.attempts == 1)
    #expect(kept.problem?.contains("weight_readings_user_id_dedup_key_key") == true)
  }

  /// What the service will refuse again as sent (a constraint, a policy) ends the action at
  /// once as failed, with the service's own words, after one attempt; the next actions still go.
  @Test func aRefusalEndsTheActionAsFailedAtOnceWithTheServicesReason() async throws {
    let reason = #"writing glucose_readings: null value in column "user_id" violates not-null constraint (23502)"#
    sink.state.withLock { $0.failure = .connector(.refused(reason)) }
    let refused = try await enqueue("x-1")
    _ = await engine.sync(accountID: accountID)
    let failed = try #require(try await store.action(number: refused.number))
    #expect(failed.state == .failed)
    #expect(failed.attempts == 1)
    #expect(failed.problem?.contains(#"null value in column "user_id""#) == true)
    #expect(try await store.unsettledActionCount(accountID: accountID) == 1)
    // Not retried by the next syncs; the user decides.
    sink.state.withLock { $0.failure = nil }
    _ = try await enqueue("x-2")
    _ = await engine.sync(accountID: accountID)
    _ = await engine.sync(accountID: accountID)
    #expect(try await store.action(number: refused.number)?.attempts == 1)
    #expect(try await states() == [.failed, .done])
    #expect(sink.state.withLock { $0.performed } == ["x-2"])
  }
}
