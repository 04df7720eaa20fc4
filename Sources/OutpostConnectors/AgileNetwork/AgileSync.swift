import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The sync of agile-network.md §6 "Changes feed": a first sync takes the change cursor
/// (`since: null`) before reading everything (following, the feed back 30 days,
/// subscriptions, notification settings), so nothing that happens meanwhile is missed; later
/// syncs read `changes(since:)` and re-read only the small lists an event says moved. A cursor
/// the service forgot (`CURSOR_EXPIRED`) or never gave is `cursorRefused`: the engine starts over. A list a failing subgraph left out is
/// unknown, never empty: the store keeps what it had.
struct AgileSync: Sendable {
  let api: AgileGraphQL
  let items: AgileItems
  let token: SecretString
  let now: Date

  /// How far back a full read takes the feed (§6: "feed back 30 days").
  static let feedDays = 30
  /// Pages of changes read in one sync before handing what came to the store.
  static let maxChangePages = 20

  struct Gathered {
    var items: [Item] = []
    var complete: Set<ItemKind> = []
    var removed: [ItemKey] = []
  }

  func fetch(marks given: [String: String]) async throws(ConnectorError) -> FetchResult {
    var marks = given
    guard let since = marks["changes"] else { return try await full(marks: &marks) }
    var gathered = Gathered()
    var position = since
    var rereadViewer = false
    var rereadFollowing = false
    for page in 0..<Self.maxChangePages {
      let reply: AgileGraphQL.Reply
      do {
        reply = try await api.attempt(
          .changes, variables: ["since": .string(position)], token: token, activity: "reading changes")
      } catch {
        switch error {
        // A cursor too old, or one this feed never gave (the brand lost its state): the
        // engine starts over with a full listing and says so.
        case .graphQL(let failure, _) where ["CURSOR_EXPIRED", "BAD_USER_INPUT"].contains(failure.code ?? ""):
          throw .cursorRefused("reading changes: \(failure.message.isEmpty ? failure.code ?? "" : failure.message)")
        case .graphQL(let failure, _): throw AgileGraphQL.classify(failure, activity: "reading changes")
        case .connector(let failure): throw failure
        }
      }
      guard let batch = reply.data["changes"], let cursor = batch["cursor"]?.stringValue else {
        throw .unexpectedReply("reading changes: no cursor")
      }
      SyncProgress.page(rows: arrayOf(batch["events"]).count)
      for event in arrayOf(batch["events"]) {
        switch event["kind"]?.stringValue {
        case "CONTENT_PUBLISHED", "CONTENT_UPDATED":
          if let item = event["content"].flatMap(items.content) { gathered.items.append(item) }
        case "CONTENT_REMOVED":
          if let id = event["removedId"]?.stringValue { gathered.removed.append(ItemKey(.content, id)) }
        case "EXPERT_UPDATED":
          if let expert = event["expert"], expert["viewerIsFollowing"] == .bool(true),
            let item = items.expert(expert)
          {
            gathered.items.append(item)
          }
        case "FOLLOW_ADDED", "FOLLOW_REMOVED": rereadFollowing = true
        case "SUBSCRIPTION_UPDATED", "PREFERENCES_UPDATED": rereadViewer = true
        case "PROMOTION":
          if let item = event["promotion"].flatMap(items.promotion) { gathered.items.append(item) }
        default:
          // A kind this Outpost does not know yet (§8: an unknown enum value) is skipped.
          continue
        }
      }
      position = cursor
      if batch["hasMore"] != .bool(true) { break }
      if page == Self.maxChangePages - 1 {
        marks["changes"] = position
        var partial = try await finish(gathered, viewer: rereadViewer, following: rereadFollowing, marks: marks)
        partial.continueAfter = 1
        return partial
      }
    }
    marks["changes"] = position
    return try await finish(gathered, viewer: rereadViewer, following: rereadFollowing, marks: marks)
  }

  /// What the events said, with the small lists they named read again. A follow changed on
  /// another device also changes whose content the feed holds: it is read again too, and then
  /// lists every content item of the last 30 days.
  private func finish(_ gathered: Gathered, viewer: Bool, following: Bool, marks: [String: String])
    async throws(ConnectorError) -> FetchResult
  {
    var gathered = gathered
    if viewer { try await readViewer(into: &gathered) }
    if following {
      try await readFollowing(into: &gathered)
      try await readFeed(into: &gathered)
    }
    return FetchResult(
      items: Item.newestVersions(gathered.items), complete: gathered.complete, cursor: SyncCursor(marks),
      removed: gathered.removed.filter { key in
        !gathered.items.contains { $0.kind == key.kind && $0.upstreamID == key.upstreamID }
      })
  }

  private func full(marks: inout [String: String]) async throws(ConnectorError) -> FetchResult {
    let start = try await api.run(.changes, variables: ["since": .null], token: token, activity: "starting the changes")
    guard let cursor = start.data["changes"]?["cursor"]?.stringValue else {
      throw .unexpectedReply("starting the changes: no cursor")
    }
    var gathered = Gathered()
    try await readViewer(into: &gathered)
    try await readFollowing(into: &gathered)
    try await readFeed(into: &gathered)
    marks["changes"] = cursor
    return FetchResult(
      items: Item.newestVersions(gathered.items), complete: gathered.complete, cursor: SyncCursor(marks))
  }

  private func readViewer(into gathered: inout Gathered) async throws(ConnectorError) {
    if let viewer = try await viewerPart(.subscriptions, field: "subscriptions", activity: "reading subscriptions"),
      case .array(let list)? = viewer["subscriptions"]
    {
      gathered.items += list.compactMap(items.subscription)
      gathered.complete.insert(.subscription)
    }
    if let viewer = try await viewerPart(.preferences, field: "notificationPreferences", activity: "reading settings"),
      let settings = viewer["notificationPreferences"], settings != .null
    {
      gathered.items.append(items.settings(settings))
      gathered.complete.insert(.notificationSettings)
    }
  }

  /// The viewer with one field; nil when a subgraph failed at that field (the non-null
  /// field then nulls the viewer): unknown, and the store keeps what it had.
  private func viewerPart(_ operation: AgileOperation, field: String, activity: String) async throws(ConnectorError)
    -> JSONValue?
  {
    let reply: AgileGraphQL.Reply
    do {
      reply = try await api.attempt(operation, token: token, activity: activity)
    } catch {
      switch error {
      case .connector(let failure): throw failure
      case .graphQL(let failure, _) where failure.code == nil || failure.code == "INTERNAL_SERVER_ERROR":
        guard failure.path.first == "viewer" else { throw AgileGraphQL.classify(failure, activity: activity) }
        return nil
      case .graphQL(let failure, _): throw AgileGraphQL.classify(failure, activity: activity)
      }
    }
    if reply.failed(at: ["viewer", field]) { return nil }
    guard let viewer = reply.data["viewer"], viewer != .null else { throw .unexpectedReply("\(activity): no viewer") }
    return viewer
  }

  private func readFollowing(into gathered: inout Gathered) async throws(ConnectorError) {
    var after: JSONValue = .null
    var experts: [Item] = []
    for _ in 0..<100 {
      let reply = try await api.run(.following, variables: ["after": after], token: token, activity: "reading follows")
      // A failing subgraph left the list out: what the store holds stays.
      if reply.failed(at: ["viewer", "following"]) { return }
      guard let connection = reply.data["viewer"]?["following"], connection != .null else {
        throw .unexpectedReply("reading follows: no list")
      }
      experts += arrayOf(connection["edges"]).compactMap { $0["node"].flatMap(items.expert) }
      guard connection["pageInfo"]?["hasNextPage"] == .bool(true), let next = connection["pageInfo"]?["endCursor"],
        next != .null
      else {
        gathered.items += experts
        gathered.complete.insert(.expert)
        return
      }
      after = next
    }
    throw .unexpectedReply("reading follows: the list does not end")
  }

  /// The followed experts' content back `feedDays` days, newest first: complete when read to
  /// that day (or to the end).
  private func readFeed(into gathered: inout Gathered) async throws(ConnectorError) {
    let oldest = now.addingTimeInterval(-Double(Self.feedDays) * 86_400)
    var after: JSONValue = .null
    var content: [Item] = []
    for _ in 0..<50 {
      let reply = try await api.run(
        .feed, variables: ["first": 50, "after": after], token: token, activity: "reading the feed")
      if reply.failed(at: ["feed"]) { return }
      guard let connection = reply.data["feed"], connection != .null else {
        throw .unexpectedReply("reading the feed: no list")
      }
      var reachedOldest = false
      for edge in arrayOf(connection["edges"]) {
        guard let node = edge["node"], let item = items.content(node) else { continue }
        if let published = node["publishedAt"]?.stringValue.flatMap(UTCTimestamp.parse), published < oldest {
          reachedOldest = true
          continue
        }
        content.append(item)
      }
      guard !reachedOldest, connection["pageInfo"]?["hasNextPage"] == .bool(true),
        let next = connection["pageInfo"]?["endCursor"], next != .null
      else {
        gathered.items += content
        gathered.complete.insert(.content)
        return
      }
      after = next
    }
    // Over 2,500 items in 30 days: keep what came, claim no complete list.
    gathered.items += content
  }

  private func arrayOf(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let list)? = value { return list }
    return []
  }
}
