import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore
import OutpostSync
import Synchronization
import Testing

/// Every failure has an end (issue 47 §3): a cursor the service refuses drops to a full listing
/// by itself, once; `sync --full` does the same on request; failures that waiting does not cure
/// park the account; the run of failures is counted from its first, and a success ends it.
struct SyncFailureEndsTests {
  /// A service that lists one game and refuses any cursor while `refusesCursors` holds.
  final class CursorSource: SyncSource {
    struct State {
      var refusesCursors = false
      var failure: SessionError?
      var cursors: [SyncCursor?] = []
    }
    let state = Mutex(State())

    func fetch(window: SyncWindow, cursor: SyncCursor?) async throws(SessionError) -> FetchResult {
      let (refuses, failure) = state.withLock { state in
        state.cursors.append(cursor)
        return (state.refusesCursors, state.failure)
      }
      if let failure { throw failure }
      if refuses && cursor != nil { throw .connector(.cursorRefused("since is not a cursor of this feed")) }
      let game = SyncEngineTests.game("a", hoursFromNow: 5)
      let next = SyncCursor(["changes": "c\(Int.random(in: 0..<1_000_000))"])
      return FetchResult(items: [game], complete: [.assignment], cursor: next)
    }
  }

  let store: Store
  let source = CursorSource()
  let engine: SyncEngine
  let accountID = "5d0f6a9e-3c1b-4f7e-9a51-2b8c7d4e1f47"
  final class TestClock: Sendable {
    let now = Mutex(SyncEngineTests.now)
    func withLock(_ body: (inout Date) -> Void) { now.withLock { body(&$0) } }
    func withLock() -> Date { now.withLock { $0 } }
  }
  let clock = TestClock()

  init() async throws {
    store = try Store.inMemory()
    try await store.addAccount(
      Account(
        id: accountID, name: "agile", kind: "agilenetwork", username: nil, baseURL: "https://example.org",
        state: .ok, stateChangedAt: SyncEngineTests.now, createdAt: SyncEngineTests.now))
    var configuration = SyncConfiguration()
    configuration.jitter = 0
    configuration.parkAfter = 3
    let clock = clock
    engine = SyncEngine(
      store: store, configuration: configuration, logger: Logger(label: "test"), now: { clock.withLock() })
    await engine.register(accountID: accountID, name: "agile", source: source)
  }

  func sync(full: Bool = false) async -> SyncReport { (await engine.sync(accountID: accountID, full: full))! }

  @Test func aRefusedCursorStartsOverWithAFullListingOnce() async throws {
    #expect(await sync().outcome == .synced)
    source.state.withLock { $0.refusesCursors = true }
    // The service lost its state: the stored cursor is refused, the engine lists everything,
    // and a full listing that changes nothing is no news.
    let report = await sync()
    #expect(report.outcome == .synced && report.changes.isEmpty)
    let cursors = source.state.withLock { $0.cursors }
    #expect(cursors.count == 3)
    #expect(cursors[1] != nil && cursors[2] == nil, "\(cursors)")
    #expect(await engine.status(accountID: accountID)?.consecutiveFailures == 0)
    let items = try await store.items(accountID: accountID)
    #expect(items.count == 1)
  }

  @Test func aFullSyncOnRequestIgnoresTheStoredCursor() async throws {
    #expect(await sync().outcome == .synced)
    #expect(await sync().outcome == .synced)
    #expect(await sync(full: true).outcome == .synced)
    let cursors = source.state.withLock { $0.cursors }
    #expect(cursors.count == 3)
    #expect(cursors[0] == nil && cursors[1] != nil && cursors[2] == nil, "\(cursors)")
  }

  @Test func failuresWaitingDoesNotCureParkTheAccountUntilASuccess() async throws {
    source.state.withLock { $0.failure = .connector(.unexpectedReply("no cursor")) }
    let start = clock.withLock()
    for attempt in 1...3 {
      clock.withLock { $0 = start.addingTimeInterval(Double(attempt) * 600) }
      _ = await sync()
    }
    var status = try #require(await engine.status(accountID: accountID))
    #expect(status.consecutiveFailures == 3)
    #expect(status.failingSince == start.addingTimeInterval(600), "the run counts from its first failure")
    #expect(status.parked)
    let parkedUntil = try #require(status.nextRunAt)
    #expect(parkedUntil == clock.withLock().addingTimeInterval(6 * 3600))
    // The service heals: the next sync (by hand, or the one 6 h later) lifts it.
    source.state.withLock { $0.failure = nil }
    #expect(await sync().outcome == .synced)
    status = try #require(await engine.status(accountID: accountID))
    #expect(!status.parked && status.failingSince == nil && status.consecutiveFailures == 0)
  }

  @Test func anOfflineAccountIsNeverParked() async throws {
    source.state.withLock { $0.failure = .connector(.unreachable("no route to host")) }
    for _ in 1...6 { _ = await sync() }
    let status = try #require(await engine.status(accountID: accountID))
    #expect(!status.parked, "waiting cures a network that is down")
    #expect(status.consecutiveFailures == 6)
  }
}
