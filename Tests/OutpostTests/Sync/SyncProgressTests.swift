import Foundation
import Logging
import OutpostConnectors
import OutpostModel
import OutpostStore
import OutpostSync
import Testing

/// A long first sync shows how far it got (issue 46 §3): the pages a connector reads are
/// counted while the fetch runs, seen in the account's status, and gone when it ends.
struct SyncProgressTests {
  /// Reads three pages, says so, then waits for the test to let it finish.
  final class GatedSource: SyncSource {
    let (readThree, readThreeSignal) = AsyncStream.makeStream(of: Void.self)
    let (release, releaseSignal) = AsyncStream.makeStream(of: Void.self)

    func fetch(window: SyncWindow, cursor: SyncCursor?) async throws(SessionError) -> FetchResult {
      for _ in 0..<3 { SyncProgress.page(rows: 500) }
      readThreeSignal.yield()
      for await _ in release { break }
      return FetchResult(items: [], complete: [])
    }
  }

  @Test func thePagesReadSoFarShowWhileTheFetchRuns() async throws {
    let store = try Store.inMemory()
    let id = "5d0f6a9e-3c1b-4f7e-9a51-2b8c7d4e1f49"
    try await store.addAccount(
      Account(
        id: id, name: "viiraa", kind: "viiraa", username: "u", baseURL: "https://example.org", state: .ok,
        stateChangedAt: Date(), createdAt: Date()))
    let engine = SyncEngine(store: store, logger: Logger(label: "test"))
    let source = GatedSource()
    await engine.register(accountID: id, name: "viiraa", source: source)
    let sync = Task { await engine.sync(accountID: id) }
    for await _ in source.readThree { break }
    #expect(await engine.status(accountID: id)?.progress == SyncProgress.Counts(pages: 3, rows: 1500))
    source.releaseSignal.yield()
    _ = await sync.value
    #expect(await engine.status(accountID: id)?.progress == nil)
    // Outside a watched fetch, a page counts nowhere.
    SyncProgress.page(rows: 1)
  }
}
