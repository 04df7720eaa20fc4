import Synchronization

/// How far a long fetch has got: the pages and rows read so far, told by the connectors' paging
/// loops (`SyncProgress.page`) to the counter the engine binds around a fetch, so that `outpost
/// sync --wait` and `outpost sync --status` can show a first sync of thirty pages moving rather
/// than a silent wait. A fetch no one watches counts nothing.
public final class SyncProgress: Sendable {
  public struct Counts: Sendable, Equatable, Codable {
    public var pages: Int
    public var rows: Int

    public init(pages: Int = 0, rows: Int = 0) {
      self.pages = pages
      self.rows = rows
    }
  }

  private let counts = Mutex(Counts())

  public init() {}

  public var current: Counts { counts.withLock { $0 } }

  /// The counter of the fetch running in this task, if someone watches it.
  @TaskLocal public static var watching: SyncProgress?

  /// One page of `rows` read.
  public static func page(rows: Int) {
    watching?.counts.withLock {
      $0.pages += 1
      $0.rows += rows
    }
  }
}
