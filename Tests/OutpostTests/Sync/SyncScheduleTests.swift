import Foundation
import Logging
import OutpostModel
import OutpostStore
import OutpostSync
import Synchronization
import Testing

/// The sync schedule on a clock the test moves: it waits for the next account or for a wake,
/// and goes round once per reason. Found by the kill -9 soak (issue 19): an orphaned daemon ran
/// at full CPU and grew to 2.5 GB, because the first timed wait that ended finished the wake-up
/// stream and every later wait returned at once; and with one account the schedule never woke
/// for its next run.
@Suite struct SyncScheduleTests {
  /// The schedule's waits: each ends when the test says its time has come, or when a wake
  /// cancels it.
  final class ManualSleeper: Sendable {
    struct State {
      var next = 0
      var waiting: [Int: CheckedContinuation<Void, any Error>] = [:]
      var cancelledEarly: Set<Int> = []
    }
    private let state = Mutex(State())
    /// The duration of every wait, as it starts.
    let started: AsyncStream<Duration>
    private let startedSink: AsyncStream<Duration>.Continuation

    init() { (started, startedSink) = AsyncStream.makeStream() }

    func sleep(_ duration: Duration) async throws {
      let id = state.withLock { state in
        state.next += 1
        return state.next
      }
      try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
          let cancelled = state.withLock { state in
            if state.cancelledEarly.remove(id) != nil { return true }
            state.waiting[id] = continuation
            return false
          }
          if cancelled { continuation.resume(throwing: CancellationError()) } else { startedSink.yield(duration) }
        }
      } onCancel: {
        let continuation = state.withLock { state -> CheckedContinuation<Void, any Error>? in
          if let continuation = state.waiting.removeValue(forKey: id) { return continuation }
          state.cancelledEarly.insert(id)
          return nil
        }
        continuation?.resume(throwing: CancellationError())
      }
    }

    /// Ends every wait in progress, as if its time had come.
    func elapse() {
      let waiting = state.withLock { state in
        defer { state.waiting = [:] }
        return Array(state.waiting.values)
      }
      for continuation in waiting { continuation.resume() }
    }
  }

  /// The engine's `now`, moved by the tests.
  final class TestClock: Sendable {
    let date = Mutex(SyncScheduleTests.start)
    func now() -> Date { date.withLock { $0 } }
    func advance(seconds: Double) { date.withLock { $0 += seconds } }
  }

  static let start = Date(timeIntervalSince1970: 1_795_000_000)
  let clock = TestClock()
  let sleeper = ManualSleeper()
  let finished: AsyncStream<String>
  let engine: SyncEngine
  let store: Store
  let accounts = ["00000000-0000-4000-8000-00000000005a", "00000000-0000-4000-8000-00000000005b"]

  init() async throws {
    store = try Store.inMemory()
    var configuration = SyncConfiguration()
    configuration.jitter = 0
    configuration.interval = .seconds(600)
    let (finished, finishedSink) = AsyncStream.makeStream(of: String.self)
    self.finished = finished
    let clock = self.clock
    let sleeper = self.sleeper
    engine = SyncEngine(
      store: store, configuration: configuration, logger: Logger(label: "test"), now: { clock.now() },
      finished: { accountID, _ in finishedSink.yield(accountID) }, sleep: { try await sleeper.sleep($0) })
  }

  func add(_ count: Int) async throws {
    for (index, id) in accounts.prefix(count).enumerated() {
      try await store.addAccount(
        Account(
          id: id, name: "a\(index)", kind: "tasks", username: "u", baseURL: "https://example.org", state: .ok,
          stateChangedAt: Self.start, createdAt: Self.start))
      await engine.register(accountID: id, name: "a\(index)", source: SyncEngineTests.MemorySource())
    }
  }

  func syncs(_ count: Int, from iterator: inout AsyncStream<String>.Iterator) async -> [String] {
    var ids: [String] = []
    while ids.count < count, let id = await iterator.next() { ids.append(id) }
    return ids.sorted()
  }

  /// The next wait that is not "until woken".
  func nextTimedWait(_ waits: inout AsyncStream<Duration>.Iterator) async -> Duration? {
    while let wait = await waits.next() {
      if wait < .seconds(86_400) { return wait }
    }
    return nil
  }

  @Test func oneAccountIsSyncedAgainWhenItsIntervalHasPassed() async throws {
    try await add(1)
    var syncs = finished.makeAsyncIterator()
    var waits = sleeper.started.makeAsyncIterator()
    let schedule = Task { await engine.runSchedule() }
    defer { schedule.cancel() }
    #expect(await self.syncs(1, from: &syncs) == [accounts[0]])
    #expect(await nextTimedWait(&waits) == .seconds(600))
    clock.advance(seconds: 600)
    sleeper.elapse()
    #expect(await self.syncs(1, from: &syncs) == [accounts[0]])
    #expect(await nextTimedWait(&waits) == .seconds(600))
    #expect(await engine.scheduleRounds < 10)
  }

  @Test func aWaitThatEndedLeavesTheScheduleWakeableAndWaiting() async throws {
    try await add(2)
    var syncs = finished.makeAsyncIterator()
    var waits = sleeper.started.makeAsyncIterator()
    let schedule = Task { await engine.runSchedule() }
    defer { schedule.cancel() }
    #expect(await self.syncs(2, from: &syncs) == accounts)
    #expect(await nextTimedWait(&waits) == .seconds(600))
    // The wait ends before anything is due (the clock has not moved): one more round, and the
    // schedule waits again for the same moment.
    sleeper.elapse()
    #expect(await nextTimedWait(&waits) == .seconds(600))
    let rounds = await engine.scheduleRounds
    // A wake still wakes it.
    await engine.syncAllSoon()
    #expect(await self.syncs(2, from: &syncs) == accounts)
    #expect(await nextTimedWait(&waits) == .seconds(600))
    let after = await engine.scheduleRounds
    #expect(rounds < 10 && after - rounds < 10, "the schedule went round \(after) times: it spins instead of waiting")
  }
}
