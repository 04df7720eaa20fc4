import Foundation
import Logging
import Synchronization
import Testing

@testable import OutpostDaemon

/// A feed server on 127.0.0.1:0 serving a `CalendarOutputFixture`'s calendars, with a count of
/// the requests that had to go past the cache.
struct FeedFixture {
  let fixture: CalendarOutputFixture
  let token: FeedToken
  let source: CountingSource
  let server: FeedServer

  /// Starts the server over the season's games, runs `body`, stops the server whatever happens.
  static func with(
    accounts: [String] = ["lena"], limits: FeedServer.Limits = .standard, _ body: (FeedFixture) async throws -> Void
  ) async throws {
    let fixture = try await CalendarOutputFixture(accounts: accounts, vdir: false)
    try await fixture.syncAndRegenerate(CalendarOutputFixture.season)
    let token = FeedToken.random()
    let source = CountingSource(base: fixture.calendars)
    let server = try await FeedServer.start(
      port: 0, token: token, source: source, limits: limits, logger: Logger(label: "test"))
    let feed = FeedFixture(fixture: fixture, token: token, source: source, server: server)
    do {
      try await body(feed)
    } catch {
      await server.stop()
      throw error
    }
    await server.stop()
  }

  func path(_ name: String, token: String? = nil) -> String {
    "/calendar/\(token ?? self.token.text)/\(name).ics"
  }

  /// A GET (or `method`) request for `path`, keep-alive, with extra header lines.
  static func request(_ path: String, method: String = "GET", headers: [String] = []) -> String {
    ([("\(method) \(path) HTTP/1.1"), "Host: 127.0.0.1", "User-Agent: outpost-tests"] + headers + ["", ""])
      .joined(separator: "\r\n")
  }

  func get(_ name: String, headers: [String] = []) -> String { Self.request(path(name), headers: headers) }

  func connect() throws -> RawHTTPConnection { try RawHTTPConnection(port: server.port) }
}

/// The daemon's own source, counting the requests that reach past the cache (`body`).
final class CountingSource: FeedSource {
  let base: CalendarFiles
  private let misses = Mutex(0)

  init(base: CalendarFiles) { self.base = base }

  var missCount: Int { misses.withLock { $0 } }

  func cached(_ name: String) -> FeedBody? { base.cached(name) }

  func body(_ name: String) async throws -> FeedBody? {
    misses.withLock { $0 += 1 }
    return try await base.body(name)
  }
}
