import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// RPP's change feed (rpp.md §3): a list read with `updatedSince` = the previous reply's
/// `watermark`, page by page. The watermark is advanced only when something came back: a
/// list that returned nothing keeps its old mark (and its ETag answers 304), so a sync that
/// finds nothing new stores nothing new either.
struct RPPChangeFeed {
  let api: RPPAPI
  let session: RPPSession

  /// Everything from the beginning when there is no mark yet.
  static let origin = "1970-01-01T00:00:00Z"
  static let pageSize = 100

  struct Changes {
    var items: [JSONValue]
    var watermark: String?
    var etag: String?

    /// A list with news moves its mark on (and forgets an ETag that belonged to the old
    /// query); an empty one keeps its mark and learns the ETag of that query, so the next
    /// identical read is a 304.
    func advance(_ marks: inout [String: String], key: String) {
      if !items.isEmpty, let watermark {
        marks[key] = watermark
        marks[key + ".etag"] = nil
      } else if let etag {
        marks[key + ".etag"] = etag
      }
    }
  }

  func changes(_ path: String, since: String?, etag: String?, what: String) async throws(ConnectorError) -> Changes {
    let base = "\(path)?updatedSince=\(FormEncoding.percentEncode(since ?? Self.origin))&limit=\(Self.pageSize)"
    var items: [JSONValue] = []
    var watermark: String?
    var firstETag: String?
    var next: String?
    var pages = 0
    repeat {
      let path = base + (next.map { "&cursor=\(FormEncoding.percentEncode($0))" } ?? "")
      let headers: [(name: String, value: String)] = next == nil && etag != nil ? [("If-None-Match", etag!)] : []
      let reply = try await api.send("GET", path, session: session, headers: headers, activity: "reading \(what)")
      if reply.status == 304 { return Changes(items: [], watermark: nil, etag: etag) }
      guard case .array(let page)? = reply.json["items"] else {
        throw .unexpectedReply("reading \(what): the reply has no items")
      }
      items += page
      SyncProgress.page(rows: page.count)
      if pages == 0 {
        watermark = reply.json["watermark"]?.stringValue
        firstETag = reply.etag
      }
      next = reply.json["nextCursor"]?.stringValue
      pages += 1
      if pages > 100_000 { throw .unexpectedReply("reading \(what): the pages do not end") }
    } while next != nil
    return Changes(items: items, watermark: watermark, etag: firstETag)
  }
}

/// A partial sync's progress through the conversations, in the cursor: `cnv_1:4,cnv_2:7` (each
/// conversation's version when its messages were read).
enum RPPProgress {
  static func parse(_ text: String?) -> [String: Int64] {
    var done: [String: Int64] = [:]
    for pair in (text ?? "").split(separator: ",") {
      let parts = pair.split(separator: ":")
      if parts.count == 2, let version = Int64(parts[1]) { done[String(parts[0])] = version }
    }
    return done
  }

  static func format(_ done: [String: Int64]) -> String {
    done.keys.sorted().map { "\($0):\(done[$0]!)" }.joined(separator: ",")
  }
}
