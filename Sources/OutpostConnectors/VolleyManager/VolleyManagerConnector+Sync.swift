import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Listing a referee's assignments, compensations and exchange board. Lists are scoped to the
/// server-side active association, so each association is switched to and listed in turn
/// (upstreams/volleymanager.md §6.2): a referee for SV and SVRZ sees both.
extension VolleyManagerConnector: SyncingConnector {
  public static let itemKinds: Set<ItemKind> = [.assignment, .compensation, .exchange]

  static let pageSize = 100
  /// VolleyKit stops at 10 pages too; past that the service is paging forever.
  static let maxPages = 10

  public func fetch(_ session: VolleyManagerSession, window: SyncWindow, cursor: SyncCursor?)
    async throws(ConnectorError)
    -> FetchResult
  {
    var session = session
    var items: [Item] = []
    for association in session.associations {
      try await switchAssociation(to: association.occupationID, in: &session)
      for entry in try await search(VolleyManagerPaths.assignments, session: &session, filters: dateFilter(window)) {
        if let item = VolleyManagerItems.assignment(entry, association: association) { items.append(item) }
      }
      // The board answers nothing without a date range; only what is still ahead is on offer.
      let board = SyncWindow(from: max(window.from, Date()), to: window.to)
      for entry in try await search(
        VolleyManagerPaths.exchanges, session: &session, filters: dateFilter(board) + boardFilter(index: 1))
      where Self.listed(entry, personID: session.personID) {
        if let item = VolleyManagerItems.exchange(entry, personID: session.personID, association: association) {
          items.append(item)
        }
      }
      for entry in try await search(VolleyManagerPaths.compensations, session: &session, filters: []) {
        if let item = VolleyManagerItems.compensation(entry) { items.append(item) }
      }
    }
    return FetchResult(items: items, complete: Self.itemKinds)
  }

  /// Every page of a `/search` endpoint.
  func search(_ path: String, session: inout VolleyManagerSession, filters: [(String, String)])
    async throws(ConnectorError) -> [JSONValue]
  {
    var all: [JSONValue] = []
    for page in 0..<Self.maxPages {
      var form = filters
      form += [
        ("searchConfiguration[propertyOrderings][0][propertyName]", "refereeGame.game.startingDateTime"),
        ("searchConfiguration[propertyOrderings][0][descending]", "false"),
        ("searchConfiguration[offset]", "\(page * Self.pageSize)"),
        ("searchConfiguration[limit]", "\(Self.pageSize)"),
      ]
      // An expiry here renews the session and sends this page again; the pages before stay read.
      let association = session.activeAssociationID
      let reply = try await api(
        "POST", path, session: &session, association: association,
        contentType: "application/x-www-form-urlencoded"
      ) { session in FormEncoding.encode(form + [("__csrfToken", session.csrfToken)]) }
      let value = try VolleyManagerClient.json(reply, during: "listing \(path.split(separator: "/").last ?? "")")
      guard case .array(let items)? = value["items"] else {
        throw .unexpectedReply("a search reply without an items list")
      }
      all += items
      SyncProgress.page(rows: items.count)
      let total = value["totalItemsCount"]?.lenientInt.map(Int.init) ?? all.count
      if items.isEmpty || all.count >= total { break }
    }
    return all
  }

  func dateFilter(_ window: SyncWindow) -> [(String, String)] {
    let prefix = "searchConfiguration[propertyFilters][0]"
    return [
      ("\(prefix)[propertyName]", "refereeGame.game.startingDateTime"),
      ("\(prefix)[dateRange][from]", UTCTimestamp.format(window.from)),
      ("\(prefix)[dateRange][to]", UTCTimestamp.format(window.to)),
    ]
  }

  /// Open entries, and those applied for (§3.5: a pick makes an entry `applied`, not gone):
  /// an entry the user took stays listed as applied instead of reading as removed by the service.
  func boardFilter(index: Int) -> [(String, String)] {
    let prefix = "searchConfiguration[propertyFilters][\(index)]"
    return [
      ("\(prefix)[propertyName]", "status"), ("\(prefix)[enumValues][0]", "open"),
      ("\(prefix)[enumValues][1]", "applied"),
    ]
  }

  /// Of the applied entries, only those the user applied for: other referees' applications are
  /// not on offer, and the user's own offer taken by someone goes as before (its news is that
  /// it went, `exchange-taken`).
  static func listed(_ entry: JSONValue, personID: String) -> Bool {
    guard entry["status"]?.lenientString == "applied" else { return true }
    return entry[path: "appliedBy.indoorReferee.person.__identity"]?.lenientString == personID
  }
}
