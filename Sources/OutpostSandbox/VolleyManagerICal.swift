/// GET /indoor/iCal/referee/<code>: no session, the 6-character code is the only secret. The
/// feed is rendered once per change of the user's data and cached, so polling clients (and the
/// benchmark, with thousands of events) cost little; ETag and Last-Modified let them poll with
/// conditional requests and get 304 when nothing changed.
enum VolleyManagerICal {
  static let prefix = "/indoor/iCal/referee/"

  struct CachedFeed: Sendable {
    var key: String
    var body: [UInt8]
    var etag: String
    var lastModified: Int
  }

  static func feed(_ request: SandboxRequest, sandbox: VolleyManagerSandbox) -> SandboxResponse {
    guard request.method == .GET else { return VolleyManagerPages.notFound() }
    let code = String(request.path.dropFirst(prefix.count))
    guard code.count == 6, code.allSatisfy(SandboxIdentifiers.alphanumerics.contains) else {
      return VolleyManagerPages.notFound()
    }
    // The feed is served by the same backend: its rate limit and outages hit it too, and a
    // malformed reply is the feed cut in half (no END:VCALENDAR), which a client must refuse
    // rather than read as "half the events were deleted".
    enum Fault { case none, rateLimited, unavailable, malformed }
    let fault = sandbox.withState { state -> Fault in
      state.stats.feedRequests += 1
      let every = state.settings.rateLimitEvery
      if every > 0 && state.stats.feedRequests % every == 0 {
        state.stats.rateLimitedReplies += 1
        return .rateLimited
      }
      if state.settings.errorRate > 0 && state.rng.nextUnitInterval() < state.settings.errorRate { return .unavailable }
      if state.settings.malformedRate > 0 && state.rng.nextUnitInterval() < state.settings.malformedRate {
        state.stats.malformedReplies += 1
        return .malformed
      }
      return .none
    }
    switch fault {
    case .rateLimited: return VolleyManagerPages.tooManyRequests()
    case .unavailable: return VolleyManagerPages.serviceUnavailable()
    case .malformed, .none: break
    }
    // Snapshot under the lock, render outside it: a large feed must not stall other requests.
    enum Lookup {
      case unknown
      case cached(CachedFeed)
      case render(user: SandboxUser, books: [VolleyManagerBook], key: String, stamp: Int)
    }
    let lookup = sandbox.withState { state -> Lookup in
      guard let user = state.users.values.first(where: { $0.calendarCode == code }) else { return .unknown }
      let key = "\(state.data.revision(of: user.username))|\(user.associations.map(\.shortName))|\(user.displayName)"
      if let cached = state.feeds[user.username], cached.key == key { return .cached(cached) }
      return .render(
        user: user, books: state.data.books(of: user), key: key, stamp: state.data.modifiedAt(of: user.username))
    }
    let feed: CachedFeed
    switch lookup {
    case .unknown: return VolleyManagerPages.notFound()
    case .cached(let cached): feed = cached
    case .render(let user, let books, let key, let stamp):
      let body = Array(VolleyManagerICalFeed.render(user: user, books: books, stamp: stamp).utf8)
      let hex = String(SandboxIdentifiers.fnv1a(String(decoding: body, as: UTF8.self)), radix: 16)
      feed = CachedFeed(key: key, body: body, etag: "\"\(hex)\"", lastModified: stamp)
      sandbox.withState { $0.feeds[user.username] = feed }
    }
    let validators = [("ETag", feed.etag), ("Last-Modified", SandboxTime.httpDate(feed.lastModified))]
    if notModified(request, feed: feed) {
      return SandboxResponse(status: .notModified, headers: validators)
    }
    let body = fault == .malformed ? Array(feed.body.prefix(feed.body.count / 2)) : feed.body
    return SandboxResponse(
      status: .ok, headers: [("Content-Type", "text/calendar; charset=utf-8")] + validators, body: body)
  }

  /// RFC 9110 §13.2.2: If-None-Match wins when present; If-Modified-Since is only consulted
  /// without it. Weak and strong tags compare equal for GET.
  static func notModified(_ request: SandboxRequest, feed: CachedFeed) -> Bool {
    let tags = request.headers[canonicalForm: "if-none-match"]
    if !tags.isEmpty {
      // NIO has already split the header at commas and trimmed each tag.
      return tags.contains { tag in tag == "*" || (tag.hasPrefix("W/") ? tag.dropFirst(2) : tag) == feed.etag }
    }
    guard let since = request.headers.first(name: "if-modified-since"), let date = SandboxTime.parseHTTPDate(since)
    else { return false }
    return feed.lastModified <= date
  }
}
