import Foundation
import Synchronization
import Testing

@testable import OutpostDaemon

extension CalendarOutputs {
  /// The token kept on disk, and the service that runs the feed and stops it.
  /// A service that never logs what a test waits for fails at the time limit instead of hanging.
  /// The limit is a guard, not a measure: at a load of 11 on two cores a test took 115 s.
  @Suite(.timeLimit(.minutes(5))) struct FeedService {
    func mode(_ path: String) throws -> mode_t {
      var info = stat()
      guard stat(path, &info) == 0 else { throw TestFailure("cannot stat \(path)") }
      return info.st_mode & 0o777
    }

    @Test func theTokenIsMadeOnceKeptPrivateAndReplacedWhenDamaged() throws {
      let directory = TemporaryDirectory("tok")
      let path = directory.path + "/calendars/feed-token"
      let first = try FeedToken.loadOrCreate(directory: directory.path + "/calendars")
      #expect(first.created)
      #expect(first.token.text.count == 64 && first.token.text.allSatisfy(\.isHexDigit))
      #expect(try String(contentsOfFile: path, encoding: .utf8) == first.token.text + "\n")
      #expect(try mode(path) == 0o600)
      #expect(try mode(directory.path + "/calendars") == 0o700)

      chmod(path, 0o644)
      let again = try FeedToken.loadOrCreate(directory: directory.path + "/calendars")
      #expect(!again.created && again.token == first.token)
      #expect(try mode(path) == 0o600)

      try "0123".write(toFile: path, atomically: false, encoding: .utf8)
      let replaced = try FeedToken.loadOrCreate(directory: directory.path + "/calendars")
      #expect(replaced.created && replaced.token != first.token)
      #expect(FeedToken.random() != FeedToken.random())
    }

    @Test func tokensMatchOnlyThemselves() throws {
      let token = FeedToken.random()
      #expect(token.matches(token.text.utf8))
      #expect(!token.matches(token.text.dropLast().utf8))
      #expect(!token.matches((token.text + "0").utf8))
      #expect(!token.matches(token.text.uppercased().utf8) || token.text == token.text.uppercased())
      #expect(!token.matches("".utf8))
      #expect(FeedToken(String(repeating: "g", count: 64)) == nil)
    }

    /// Runs the service until its task is cancelled, as the service group's graceful shutdown
    /// ends `gracefulShutdown()`; returns the endpoint once it listens (the service logs so
    /// after publishing it).
    func startService(
      _ fixture: CalendarOutputFixture, port: Int = 0
    ) async throws -> (task: Task<Void, any Error>, endpoint: FeedEndpoint) {
      let endpoint = FeedEndpoint()
      let log = LogLines()
      let service = FeedServerService(
        calendars: fixture.calendars, port: port, logger: log.logger(), endpoint: endpoint)
      let task = Task { try await service.run() }
      await log.waitFor("calendar feed: serving on")
      return (task, endpoint)
    }

    @Test func theServiceServesItsURLsStopsOnShutdownAndKeepsItsPort() async throws {
      let fixture = try await CalendarOutputFixture(accounts: ["lena"])
      try await fixture.syncAndRegenerate(CalendarOutputFixture.season)
      let (task, endpoint) = try await startService(fixture)
      let port = try #require(endpoint.port)
      let addresses = try #require(endpoint.addresses(accountNames: ["lena"]))
      let token = try String(contentsOfFile: fixture.directory.path + "/calendars/feed-token", encoding: .utf8)
        .trimmingCharacters(in: .newlines)
      #expect(addresses.map(\.calendar) == ["all", "lena"])
      #expect(addresses[1].http == "http://127.0.0.1:\(port)/calendar/\(token)/lena.ics")
      #expect(addresses[1].webcal == "webcal://127.0.0.1:\(port)/calendar/\(token)/lena.ics")
      let path = String(addresses[1].http.dropFirst("http://127.0.0.1:\(port)".count))
      let connection = try RawHTTPConnection(port: port)
      #expect(try await blocking { try connection.exchange(FeedFixture.request(path)) }.status == 200)

      task.cancel()
      try await task.value
      #expect(endpoint.port == nil && endpoint.addresses(accountNames: []) == nil)
      #expect(try await blocking { connection.isClosedByServer() })  // Keep-alive ones too.
      #expect(throws: POSIXError(.ECONNREFUSED)) { _ = try RawHTTPConnection(port: port) }

      // Started again with port 0, it asks for the same port: subscriptions keep working.
      #expect(FeedServerService.readPort(fixture.directory.path + "/calendars/feed-port") == port)
      let (again, restarted) = try await startService(fixture)
      #expect(restarted.port == port)
      again.cancel()
      try await again.value
    }

    @Test func aFeedThatCannotStartLeavesTheRestRunning() async throws {
      let fixture = try await CalendarOutputFixture()
      let (first, endpoint) = try await startService(fixture)
      let port = try #require(endpoint.port)
      // The same port configured explicitly while it is taken: logged, and run() waits for the
      // shutdown instead of failing (which would stop the service group).
      let blocked = FeedEndpoint()
      let log = LogLines()
      let service = FeedServerService(
        calendars: fixture.calendars, port: port, logger: log.logger(), endpoint: blocked)
      let finished = Flag()
      let second = Task {
        try await service.run()
        finished.set()
      }
      await log.waitFor("calendar feed: not serving")
      #expect(blocked.port == nil)
      #expect(!finished.isSet, "run() returned early: the service group would stop the daemon")
      second.cancel()
      try await second.value
      first.cancel()
      try await first.value
    }
  }
}

/// Set once, read from anywhere.
private final class Flag: Sendable {
  private let state = Mutex(false)
  func set() { state.withLock { $0 = true } }
  var isSet: Bool { state.withLock { $0 } }
}
