import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore
import OutpostSync
import Synchronization
import Testing

/// An action queued while the account's sync is already fetching (past its look at the queue)
/// goes out when that sync ends, not at the next scheduled one: a fresh-eyes tester's
/// `outpost agility categories add … --no-wait`, one after the other, waited minutes with the
/// service up, because the second add joined the sync the first had started.
struct QueuedDuringFetchTests {
  /// A service whose first fetch waits for the test; later fetches answer at once.
  final class GatedSource: SyncSource {
    let (fetching, fetchingSignal) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)
    let fetches = Counter()

    func fetch(window: SyncWindow, cursor: SyncCursor?) async throws(SessionError) -> FetchResult {
      if fetches.next() == 1 {
        fetchingSignal.yield()
        for await _ in release { break }
      }
      return FetchResult(items: [], complete: [])
    }
  }

  final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int {
      value.withLock {
        $0 += 1
        return $0
      }
    }
  }

  @Test func anActionQueuedWhileTheSyncFetchesIsSentWhenThatSyncEnds() async throws {
    let store = try Store.inMemory()
    let id = "5d0f6a9e-3c1b-4f7e-9a51-2b8c7d4e1f77"
    let now = SyncEngineTests.now
    try await store.addAccount(
      Account(
        id: id, name: "books", kind: "agility", username: "u", baseURL: "https://example.org", state: .ok,
        stateChangedAt: now, createdAt: now))
    var configuration = SyncConfiguration()
    configuration.jitter = 0
    let engine = SyncEngine(store: store, configuration: configuration, logger: Logger(label: "test"), now: { now })
    let source = GatedSource()
    let sink = ActionQueueTests.MemorySink()
    await engine.register(accountID: id, name: "books", source: source, actions: sink)

    // A sync (the first add's) is past the queue and fetching.
    let first = Task { await engine.sync(accountID: id) }
    for await _ in source.fetching { break }
    // The second add is queued now and asks for its sync.
    _ = try await store.enqueueAction(
      accountID: id, type: ActionType("agility.add-category"), itemNumber: nil, target: "cat-2", params: [:])
    // (Either order passes: the second call joins the running sync and follows it with
    // another, or it comes after the first has ended and starts its own. Joined and not
    // followed, as before, the action stayed pending.)
    let second = Task { await engine.syncQueued(accountID: id) }
    source.releaseSignal.yield()
    _ = await first.value
    _ = await second.value

    #expect(sink.state.withLock { $0.performed } == ["cat-2"])
    #expect(try await store.actions(accountID: id).map(\.state) == [.done])
  }
}
