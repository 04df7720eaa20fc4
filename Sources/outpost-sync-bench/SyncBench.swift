import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore
import OutpostSync
import Synchronization

/// Prints the sync figures issue 4 asks for: 10,000 items ingested through the engine from an
/// in-memory source, a re-sync that changes nothing (it must write nothing), 1,000 queued
/// actions replayed, and a first sync of 2,000 assignments against the sandbox over HTTP; and
/// issue 5's calendar figures (render, re-render, the feed served with If-None-Match).
/// Figures, not pass/fail: run it with `contrib/bench.sh` (release build).
@main
struct SyncBench {
  static func main() async throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outpost-sync-bench-\(getpid())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    print("outpost-sync-bench: scratch \(directory.path)")
    // `--only NAME` runs one part (ingest, replay, sandbox, rpp, viiraa, agility, calendar, reminders,
    // feed).
    let arguments = CommandLine.arguments
    let only = arguments.firstIndex(of: "--only").flatMap {
      arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil
    }
    func part(_ name: String) -> Bool { only == nil || only == name }
    if part("ingest") { try await ingest(in: directory) }
    if part("replay") { try await replay(in: directory) }
    if part("sandbox") { try await sandboxFirstSync(in: directory) }
    if part("rpp") { try await rppFirstSync(in: directory) }
    if part("viiraa") {
      try await viiraaDashboard()
      try await viiraaImport(in: directory)
    }
    if part("agility") { try await agilityImport(in: directory) }
    if part("calendar") { try await calendar(in: directory) }
    if part("reminders") { try await reminders(in: directory) }
    if part("feed") { try await feed(in: directory) }
  }

  static func account(_ store: Store, id: String) async throws {
    let now = Date()
    try await store.addAccount(
      Account(
        id: id, name: "bench-\(id.prefix(4))", kind: "volleymanager", username: "bench", baseURL: "https://example.org",
        state: .ok, stateChangedAt: now, createdAt: now))
  }

  static func engine(_ store: Store) -> SyncEngine {
    var configuration = SyncConfiguration()
    configuration.jitter = 0
    var logger = Logger(label: "bench")
    logger.logLevel = .error
    return SyncEngine(store: store, configuration: configuration, logger: logger)
  }

  static func ingest(in directory: URL) async throws {
    let store = try Store.open(path: directory.appendingPathComponent("ingest.sqlite").path)
    let id = UUID().uuidString.lowercased()
    try await account(store, id: id)
    let source = BenchSource(items: (0..<10_000).map { BenchSource.item($0) })
    let engine = engine(store)
    await engine.register(accountID: id, name: "bench", source: source)
    let first = try await timed { _ = await engine.sync(accountID: id) }
    print("  ingest of 10,000 items through the engine (file store, WAL): \(ms(first))")
    let writes = store.writeTransactions
    let again = try await timed { _ = await engine.sync(accountID: id) }
    print("  re-sync with no change: \(ms(again)), write transactions: \(store.writeTransactions - writes)")
    source.items.withLock { $0[17].location = "Salle du Lac, 2000 Neuchâtel" }
    let one = try await timed { _ = await engine.sync(accountID: id) }
    print("  re-sync with 1 change: \(ms(one)), write transactions: \(store.writeTransactions - writes)")
    try store.close()
  }

  static func replay(in directory: URL) async throws {
    let store = try Store.open(path: directory.appendingPathComponent("replay.sqlite").path)
    let id = UUID().uuidString.lowercased()
    try await account(store, id: id)
    for index in 0..<1_000 {
      _ = try await store.enqueueAction(
        accountID: id, type: ActionType("exchange.take"), itemNumber: nil, target: "x-\(index)", params: [:])
    }
    let sink = BenchSink()
    let engine = engine(store)
    await engine.register(accountID: id, name: "bench", source: BenchSource(items: []), actions: sink)
    let elapsed = try await timed { _ = await engine.sync(accountID: id) }
    let done = try await store.actions(states: [.done]).count
    print("  replay of 1,000 queued actions (each: running, performed, done): \(ms(elapsed)), done: \(done)")
    try store.close()
  }

  static func timed(_ body: () async throws -> Void) async throws -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try await body()
    return clock.now - start
  }

  static func ms(_ duration: Duration) -> String {
    let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
    return String(format: "%.1f ms", value)
  }
}

final class BenchSource: SyncSource {
  let items: Mutex<[Item]>
  init(items: [Item]) { self.items = Mutex(items) }

  static func item(_ index: Int) -> Item {
    let start = Date().addingTimeInterval(Double(index % 300) * 86_400 / 2 + 3600)
    return Item(
      kind: .assignment, upstreamID: "bench-\(index)", title: "Team \(index % 97) – Team \(index % 89)",
      startsAt: start, endsAt: start.addingTimeInterval(7200), location: "Halle \(index % 50), 8000 Zürich",
      details: ["gameNumber": .int(Int64(380_000 + index)), "league": "3L", "position": "head-one"],
      link: "volleykit://assignment/bench-\(index)")
  }

  func fetch(window: SyncWindow, cursor: SyncCursor?) async throws(SessionError) -> FetchResult {
    FetchResult(items: items.withLock { $0 }, complete: [.assignment])
  }
}

final class BenchSink: ActionSink {
  func perform(_ action: ActionRequest) async throws(SessionError) -> ActionOutcome { .done(nil) }
}
