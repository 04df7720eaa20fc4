import Crypto
import Foundation

/// Lists of rpp.md §3: `limit` (1–100, default 25), an opaque `cursor` valid for 24 hours on the
/// sandbox clock and bound to the list and its filters, and the change feed (`updatedSince`:
/// inclusive, ordered by (`updatedAt`, `id`), `watermark` = the request's instant minus 5 s).
struct RPPListQuery {
  var limit = 25
  var updatedSinceMs: Int64?
  /// The position after which this page starts: (sort key, id).
  var after: (key: Int64, id: String)?
  /// What a cursor is bound to: the path and every filter.
  var scope: String

  static let cursorLifetimeMs: Int64 = 24 * .hourMs
  static let watermarkMarginMs: Int64 = 5000

  /// Reads `limit`, `cursor` and `updatedSince`; a refusal for a bad one.
  static func parse(_ context: RPPContext, key: SymmetricKey) -> Result<RPPListQuery, RPPRefusal> {
    let fields = context.request.queryFields
    let scope =
      context.request.path + "?"
      + fields.pairs.filter { $0.name != "cursor" && $0.name != "limit" }.sorted { $0.name < $1.name }
      .map { "\($0.name)=\($0.value)" }.joined(separator: "&")
    var query = RPPListQuery(scope: scope)
    if let text = fields["limit"] {
      guard let limit = Int(text), (1...100).contains(limit) else {
        return .failure(RPPRefusal(RPPReplies.validation("limit", "must be 1…100", requestID: context.requestID)))
      }
      query.limit = limit
    }
    if let text = fields["updatedSince"] {
      guard let since = RPPTime.parse(text) else {
        return .failure(
          RPPRefusal(
            RPPReplies.validation("updatedSince", "must be RFC 3339 with a zone", requestID: context.requestID)))
      }
      query.updatedSinceMs = since
    }
    if let cursor = fields["cursor"] {
      guard let position = decode(cursor, scope: scope, nowMs: context.nowMs, key: key) else {
        return .failure(
          RPPRefusal(
            RPPReplies.error(
              .badRequest, "CURSOR_INVALID", "The cursor is unknown, stale or belongs to another query.",
              requestID: context.requestID)))
      }
      query.after = position
    }
    return .success(query)
  }

  /// One page of `items` (already filtered): sorted by (`sortKey` descending, id) without
  /// `updatedSince`, by (`updatedAt`, id) ascending with it.
  func page<Item>(
    _ items: [Item], sortKey: (Item) -> Int64, updatedAt: (Item) -> Int64, id: (Item) -> String,
    render: (Item) -> SandboxJSON, context: RPPContext, key: SymmetricKey
  ) -> SandboxResponse {
    let ascending = updatedSinceMs != nil
    var candidates = items
    if let since = updatedSinceMs { candidates = candidates.filter { updatedAt($0) >= since } }
    var keyed = candidates.map { (key: ascending ? updatedAt($0) : sortKey($0), id: id($0), item: $0) }
    keyed.sort { lhs, rhs in
      if lhs.key != rhs.key { return ascending ? lhs.key < rhs.key : lhs.key > rhs.key }
      return lhs.id < rhs.id
    }
    if let after {
      keyed = keyed.filter { entry in
        if entry.key != after.key { return ascending ? entry.key > after.key : entry.key < after.key }
        return entry.id > after.id
      }
    }
    let pageItems = keyed.prefix(limit)
    let more = keyed.count > limit
    let rendered = pageItems.map { render($0.item) }
    var next: SandboxJSON = .null
    if more, let last = pageItems.last {
      next = .string(Self.encode(scope: scope, key: last.key, id: last.id, issuedMs: context.nowMs, secret: key))
    }
    let body = SandboxJSON.object([
      ("items", .array(rendered)), ("nextCursor", next),
      ("watermark", .string(RPPTime.utc(context.nowMs - Self.watermarkMarginMs))),
    ])
    let tag = SandboxJSON.array(rendered).serialized + (more ? "+" : "")
    return SandboxResponse.json(.ok, body).adding("ETag", RPPListQuery.etag(tag))
  }

  /// An opaque ETag over `text` (lists and other unversioned replies).
  static func etag(_ text: String) -> String {
    "\"h" + SandboxIdentifiers.hex(SandboxDigest.sha256(Array(text.utf8)).prefix(12)) + "\""
  }

  // MARK: Cursors

  /// `base64url(scope|key|id|issued).tag`, the tag an HMAC so a cursor cannot be forged.
  static func encode(scope: String, key: Int64, id: String, issuedMs: Int64, secret: SymmetricKey) -> String {
    let payload = Array("\(scope)\n\(key)\n\(id)\n\(issuedMs)".utf8)
    return RPPTokens.base64URL(payload) + "." + tag(payload, secret)
  }

  static func decode(_ cursor: String, scope: String, nowMs: Int64, key: SymmetricKey) -> (key: Int64, id: String)? {
    let parts = cursor.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, let payload = RPPTokens.decodeBase64URL(String(parts[0])),
      tag(payload, key) == parts[1]
    else { return nil }
    let fields = String(decoding: payload, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
    guard fields.count == 4, fields[0] == scope, let sortKey = Int64(fields[1]), let issued = Int64(fields[3]),
      nowMs - issued <= cursorLifetimeMs
    else { return nil }
    return (sortKey, String(fields[2]))
  }

  private static func tag(_ payload: [UInt8], _ key: SymmetricKey) -> String {
    RPPTokens.base64URL(Array(HMAC<SHA256>.authenticationCode(for: payload, using: key)).prefix(12))
  }
}
