import OutpostModel

/// A connector that can list the account's items. It keeps no sync state: the engine hands back
/// the cursor of the previous fetch and diffs what comes back against the store.
public protocol SyncingConnector: Connector {
  /// The item kinds this connector serves.
  static var itemKinds: Set<ItemKind> { get }

  /// Everything the account has within `window`, for each kind in `complete`. Throws on any
  /// failure: an empty list must mean "nothing there", never "could not tell", because the
  /// engine removes what is no longer listed.
  func fetch(_ session: Session, window: SyncWindow, cursor: SyncCursor?) async throws(ConnectorError) -> FetchResult
}

/// An opaque marker of what the connector last saw (an ETag and Last-Modified for a feed).
public struct SyncCursor: Codable, Sendable, Equatable {
  public var values: [String: String]
  public init(_ values: [String: String] = [:]) { self.values = values }
}

public struct FetchResult: Sendable, Equatable {
  /// Nothing changed since `cursor` (HTTP 304): keep everything as it is.
  public var notModified: Bool
  public var items: [Item]
  /// The kinds whose list is complete in `items`; items of other kinds are left alone.
  public var complete: Set<ItemKind>
  public var cursor: SyncCursor?
  /// The fetch stopped part way (the service asked to slow down): what came is kept, with a
  /// cursor to go on from, and the next sync runs after this many seconds instead of the
  /// usual interval. Nil for a fetch that got everything.
  public var continueAfter: Double?
  /// Items the service says were deleted, by kind and upstream id: how a listing of changes
  /// (rather than of everything) takes items away. Ones the store does not hold are ignored.
  public var removed: [ItemKey]
  /// Measurements of long series (`SeriesPoint`), stored compactly beside the items. A kind is
  /// either items or points; `complete` and `removed` name points of a series kind.
  public var points: [SeriesPoint]

  public init(
    items: [Item], points: [SeriesPoint] = [], complete: Set<ItemKind>, cursor: SyncCursor? = nil,
    removed: [ItemKey] = []
  ) {
    self.notModified = false
    self.items = items
    self.points = points
    self.complete = complete
    self.cursor = cursor
    self.removed = removed
  }

  public static func unchanged(cursor: SyncCursor?) -> FetchResult {
    var result = FetchResult(items: [], complete: [], cursor: cursor)
    result.notModified = true
    return result
  }
}
