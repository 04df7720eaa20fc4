import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore
import OutpostSync
import Synchronization
import Testing

/// The engine on an in-memory source: what counts as a change, what is never believed, how
/// failures back off.
struct SyncEngineTests {
  /// An in-memory service: the test sets what it lists and how it fails.
  final class MemorySource: SyncSource {
    struct State {
      var items: [Item] = []
      var failure: SessionError?
      var fetches = 0
      var delay: Duration = .zero
      var continueAfter: Double?
    }
    let state = Mutex(State())

    func fetch(window: SyncWindow, cursor: SyncCursor?) async throws(SessionError) -> FetchResult {
      let delay = state.withLock { $0.delay }
      if delay > .zero { try? await Task.sleep(for: delay) }
      let (items, failure, continueAfter) = state.withLock { state in
        state.fetches += 1
        return (state.items, state.failure, state.continueAfter)
      }
      if let failure { throw failure }
      var result = FetchResult(items: items, complete: [.assignment], cursor: SyncCursor(["n": "\(items.count)"]))
      result.continueAfter = continueAfter
      return result
    }
  }

  static let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

  static func game(_ id: String, hoursFromNow: Double, hall: String = "Sporthalle Mitte", status: ItemStatus = .active)
    -> Item
  {
    Item(
      kind: .assignment, upstreamID: id, title: "VBC Seeland – Volley Aarau",
      startsAt: now.addingTimeInterval(hoursFromNow * 3600),
      endsAt: now.addingTimeInterval((hoursFromNow + 2) * 3600), location: hall, status: status,
      details: ["position": "head-one"])
  }

  let store: Store
  let source = MemorySource()
  let engine: SyncEngine
  let accountID = "5d0f6a9e-3c1b-4f7e-9a51-2b8c7d4e1f30"

  init() async throws {
    store = try Store.inMemory()
    let now = Self.now
    try await store.addAccount(
      Account(
        id: accountID, name: "ref", kind: "volleymanager", username: "u", baseURL: "https://example.org", state: .ok,
        stateChangedAt: now, createdAt: now))
    var configuration = SyncConfiguration()
    configuration.jitter = 0
    engine = SyncEngine(store: store, configuration: configuration, logger: Logger(label: "test"), now: { now })
    await engine.register(accountID: accountID, name: "ref", source: source)
  }

  func sync() async -> SyncReport { (await engine.sync(accountID: accountID))! }

  /// A partial fetch (the service asked to slow down part way) is kept, and the next sync comes
  /// when the service allows, not a whole interval later; a complete one goes back to the interval.
  @Test func aPartialFetchIsKeptAndGoesOnSoon() async throws {
    source.state.withLock {
      $0.items = [Self.game("a", hoursFromNow: 5)]
      $0.continueAfter = 42
    }
    guard case .synced = await sync().outcome else {
      Issue.record("a partial fetch was not kept")
      return
    }
    #expect(try await store.items(accountID: accountID).count == 1)
    #expect(await engine.status(accountID: accountID)?.nextRunAt == Self.now.addingTimeInterval(42))
    source.state.withLock { $0.continueAfter = nil }
    _ = await sync()
    let next = await engine.status(accountID: accountID)?.nextRunAt
    #expect(next.map { $0.timeIntervalSince(Self.now) > 600 } == true, "\(String(describing: next))")
  }

  @Test func newChangedCancelledAndRemovedAreTellApartAndNothingChangedWritesNothing() async throws {
    source.state.withLock {
      $0.items = [Self.game("a", hoursFromNow: 5), Self.game("b", hoursFromNow: 30), Self.game("c", hoursFromNow: 50)]
    }
    #expect(await sync().changes.map(\.change) == [.new, .new, .new])

    let writesBefore = store.writeTransactions
    let unchanged = await sync()
    #expect(unchanged.outcome == .synced)
    #expect(unchanged.changes.isEmpty)
    #expect(store.writeTransactions == writesBefore)

    source.state.withLock {
      $0.items = [
        Self.game("a", hoursFromNow: 6), Self.game("b", hoursFromNow: 30, hall: "Salle du Lac"),
        Self.game("c", hoursFromNow: 50, status: .cancelled),
      ]
    }
    let changed = await sync().changes
    #expect(changed.map(\.change) == [.changed, .changed, .cancelled])
    #expect(changed.map(\.fields) == [["time"], ["venue"], ["status"]])

    source.state.withLock { $0.items.removeFirst() }
    let removed = await sync().changes
    #expect(removed.map(\.change) == [.removed])
    #expect(removed.first?.upstreamID == "a")
    #expect(try await store.items(accountID: accountID).map(\.item.upstreamID) == ["b", "c"])
  }

  @Test func anEmptyReplyDoesNotWipeWhatIsKnown() async throws {
    source.state.withLock { $0.items = [Self.game("a", hoursFromNow: 5), Self.game("b", hoursFromNow: 30)] }
    _ = await sync()
    source.state.withLock { $0.items = [] }
    let report = await sync()
    #expect(report.changes.isEmpty)
    #expect(report.suspectedWipes == [.assignment])
    #expect(try await store.items(accountID: accountID).count == 2)
  }

  /// A source whose fetch says it started, then waits until its task is cancelled and fails
  /// as a request cancelled by the HTTP client's shutdown does.
  final class HangingSource: SyncSource {
    let started: AsyncStream<Void>
    let startedContinuation: AsyncStream<Void>.Continuation
    init() { (started, startedContinuation) = AsyncStream.makeStream(of: Void.self) }

    func fetch(window: SyncWindow, cursor: SyncCursor?) async throws(SessionError) -> FetchResult {
      startedContinuation.yield()
      // Ends when cancelled (at once: the sleep throws), never by the clock in a passing run.
      try? await Task.sleep(for: .seconds(86_400 * 365))
      throw .connector(.transient("the request was cancelled"))
    }
  }

  /// The daemon stopping mid-sync is not the account failing (a fresh-eyes tester's account
  /// read "offline: the request was cancelled" after a restart).
  @Test func aSyncStoppedWithTheDaemonIsNoFailure() async throws {
    let hanging = HangingSource()
    await engine.register(accountID: accountID, name: "ref", source: hanging)
    let syncing = Task { await engine.sync(accountID: accountID) }
    var started = hanging.started.makeAsyncIterator()
    _ = await started.next()
    await engine.stop()
    let report = await syncing.value
    #expect(report?.outcome == .stopped)
    let status = await engine.status(accountID: accountID)
    #expect(status?.consecutiveFailures == 0)
    #expect(status?.lastError == nil)
    #expect(status?.failingSince == nil)
  }

  @Test func temporaryFailuresBackOffAndRateLimitsAreHonoured() async throws {
    source.state.withLock { $0.failure = .connector(.transient("HTTP 503")) }
    var waits: [Double] = []
    for _ in 0..<3 {
      guard case .failed(_, let retryAt?) = await sync().outcome else {
        Issue.record("expected a retry")
        return
      }
      waits.append(retryAt.timeIntervalSince(Self.now))
    }
    #expect(waits == [30, 60, 120])
    #expect(await engine.status(accountID: accountID)?.consecutiveFailures == 3)
    source.state.withLock { $0.failure = .connector(.rateLimited(retryAfter: 900)) }
    guard case .failed(_, let retryAt?) = await sync().outcome else {
      Issue.record("expected a retry")
      return
    }
    #expect(retryAt.timeIntervalSince(Self.now) == 900)
    source.state.withLock { $0.failure = .connector(.unreachable("no route")) }
    _ = await sync()
    #expect(await engine.status(accountID: accountID)?.offline == true)
  }

  @Test func anAccountThatNeedsALoginWaitsForTheUser() async throws {
    source.state.withLock { $0.failure = .needsLogin(.verbatim("wrong password")) }
    guard case .failed(_, let retryAt) = await sync().outcome else {
      Issue.record("expected a failure")
      return
    }
    #expect(retryAt == nil)
  }

  @Test func concurrentRequestsShareOneSync() async throws {
    source.state.withLock {
      $0.items = [Self.game("a", hoursFromNow: 5)]
      $0.delay = .milliseconds(100)
    }
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<10 { group.addTask { _ = await engine.sync(accountID: accountID) } }
    }
    #expect(source.state.withLock { $0.fetches } == 1)
  }
}
