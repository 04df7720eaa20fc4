import Foundation
import OutpostModel
import Testing

@testable import OutpostConnectors

/// The iCal feed connector over real HTTP (a loopback server) and real files.
@Suite(.serialized) struct ICalFeedConnectorTests {
  let connector = ICalFeedConnector(transport: testTransport, floatingTimeZone: zurich)
  let season = SyncWindow(from: utc("2025-09-01T00:00:00Z"), to: utc("2026-05-31T00:00:00Z"))

  /// A file holding `text` as served, removed after `body`.
  func withFile(_ text: String, _ body: (String) async throws -> Void) async throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("outpost-ical-\(UUID().uuidString).ics")
      .path
    try Data(Fixtures.crlf(text)).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    try await body(path)
  }

  @Test func aVolleyManagerFileFeedBecomesEventItems() async throws {
    try await withFile(Fixtures.volleyManager) { path in
      let login = try await connector.logIn(secret: SecretString("file://" + path))
      #expect(login.identity == AccountIdentity(displayName: "SR-Aufgebote #12345 | Lena Graf", groups: []))
      let result = try await connector.fetch(login.session, window: season, cursor: nil)
      #expect(result.complete == [.event])
      #expect(!result.notModified)
      let game = try #require(result.items.first)
      #expect(game.kind == .event)
      #expect(game.upstreamID == "referee-convocation-for-game-382417")
      #expect(game.title == "1. SR | VBC Zürich - Volley Luzern (NLB)")
      #expect(game.startsAt == utc("2025-09-11T18:15:00Z"))
      #expect(game.endsAt == utc("2025-09-11T20:15:00Z"))
      #expect(game.location == "Hardaustrasse 10, 8003 Zürich, Schweiz")
      #expect(game.status == .active)
      #expect(game.details["gameNumber"] == .int(382_417))
      #expect(game.details["alarms"] == [60])
      #expect(game.details["allDay"] == false)
      #expect(game.details["calendar"] == "SR-Aufgebote #12345 | Lena Graf")
      #expect(game.details["geo"] == ["latitude": .double(47.3769), "longitude": .double(8.5098)])
      #expect(game.details["description"]?.stringValue?.contains("anna@example.ch") == true)
      #expect(result.items.map(\.upstreamID).last == "referee-convocation-for-game-382990")

      // The file did not change: the same cursor says so without parsing.
      let again = try await connector.fetch(login.session, window: season, cursor: result.cursor)
      #expect(again.notModified)
      try Data(Fixtures.crlf(Fixtures.google)).write(to: URL(fileURLWithPath: path))
      let changed = try await connector.fetch(login.session, window: season, cursor: result.cursor)
      #expect(!changed.notModified)
      #expect(changed.items.contains { $0.upstreamID == "turnier-2026@google.com" })
    }
  }

  @Test func recurringInstancesAreNamedByUIDAndOriginalStart() async throws {
    try await withFile(Fixtures.google) { path in
      let login = try await connector.logIn(secret: SecretString("file://localhost" + path))
      let items = try await connector.fetch(login.session, window: season, cursor: nil).items
      let ids = Set(items.map(\.upstreamID))
      #expect(ids.count == items.count)
      #expect(ids.contains("7kq2abc@google.com/20260303T180000Z"))
      #expect(!ids.contains("7kq2abc@google.com/20260310T180000Z"))  // EXDATE.
      let moved = try #require(items.first { $0.upstreamID == "7kq2abc@google.com/20260319T180000Z" })
      #expect(moved.startsAt == utc("2026-03-19T19:00:00Z"))
      #expect(moved.title == "Training (später)")
      #expect(items.first { $0.upstreamID == "7kq2abc@google.com/20260324T180000Z" }?.status == .cancelled)
      let tournament = try #require(items.first { $0.upstreamID == "turnier-2026@google.com" })
      #expect(tournament.details["allDay"] == true)
      #expect(tournament.link == "https://example.org/turnier")
      #expect(items.count == 11)
    }
  }

  @Test func conditionalGetAnswers304WithUnchanged() async throws {
    let body = Fixtures.crlf(Fixtures.volleyManager)
    let server = try LoopbackHTTPServer { request in
      switch request.path {
      case "/old/feed": return .init(status: 301, headers: [("Location", "/indoor/iCal/referee/Ab12Cd")])
      case "/indoor/iCal/referee/Ab12Cd":
        if request.headers["if-none-match"] == "\"v1\"" { return .init(status: 304, headers: [("ETag", "\"v1\"")]) }
        return .init(
          status: 200, headers: [("ETag", "\"v1\""), ("Content-Type", "text/calendar; charset=utf-8")], body: body)
      default: return .init(status: 404)
      }
    }
    defer { server.stop() }
    let login = try await connector.logIn(secret: SecretString(server.baseURL + "/old/feed"))
    #expect(login.identity.displayName == "SR-Aufgebote #12345 | Lena Graf")
    try await connector.checkSession(login.session)
    let first = try await connector.fetch(login.session, window: season, cursor: nil)
    #expect(first.items.count == 2)
    #expect(first.cursor?.values["etag"] == "\"v1\"")
    let second = try await connector.fetch(login.session, window: season, cursor: first.cursor)
    #expect(second.notModified)
    #expect(second.items.isEmpty)
    #expect(second.cursor == first.cursor)
    // A window starting on another day needs the whole feed again (recurring events move in).
    let later = SyncWindow(from: season.from.addingTimeInterval(86_400), to: season.to)
    let moved = try await connector.fetch(login.session, window: later, cursor: first.cursor)
    #expect(!moved.notModified)

    let feedRequests = server.requests.filter { $0.path == "/indoor/iCal/referee/Ab12Cd" }
    #expect(feedRequests.map { $0.headers["if-none-match"] } == [nil, "\"v1\"", nil, "\"v1\"", nil])
    #expect(feedRequests.allSatisfy { $0.headers["accept"] == "text/calendar, */*;q=0.5" })
    #expect(server.requests.filter { $0.path == "/old/feed" }.count == 5)  // Every call follows the redirect.
  }

  @Test func webcalMeansHTTPSToTheSameHostPortAndPath() async throws {
    let address = try ICalFeedAddress(SecretString("webcal://example.org:8443/indoor/iCal/referee/Ab12Cd?x=1"))
    #expect(address.location == .web(SecretString("https://example.org:8443/indoor/iCal/referee/Ab12Cd?x=1")))
    #expect(
      try ICalFeedAddress(SecretString(" WEBCALS://example.org/a b ")).location
        == .web(SecretString("https://example.org/a%20b")))
    #expect(address.redacted == "https://example.org:8443/…")
    #expect(try ICalFeedAddress(SecretString("file:///home/lena/cal.ics")).redacted == "file:///…/cal.ics")
    // Over the wire: a webcal address to a plain-HTTP loopback server arrives as a TLS handshake.
    let server = try LoopbackHTTPServer { _ in .init(status: 500) }
    defer { server.stop() }
    await #expect(throws: ConnectorError.self) {
      _ = try await connector.logIn(secret: SecretString("webcal://127.0.0.1:\(server.port)/feed.ics"))
    }
    #expect(server.requests.map(\.method) == ["TLS"])
  }

  @Test func deadAddressesAreInvalidCredentialsWithoutQuotingTheToken() async throws {
    let server = try LoopbackHTTPServer { request in
      switch request.path {
      case "/broken": return .init(status: 503)
      case "/html": return .init(status: 200, headers: [("Content-Type", "text/html")], body: Array("<html>".utf8))
      case "/cut": return .init(status: 200, body: Array("BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:a\r\n".utf8))
      default: return .init(status: 404)
      }
    }
    defer { server.stop() }
    let secret = SecretString(server.baseURL + "/indoor/iCal/referee/SeCrEt")
    do {
      _ = try await connector.logIn(secret: secret)
      Issue.record("a 404 feed was accepted")
    } catch {
      #expect(error == .invalidCredentials("the feed address is not valid (HTTP 404)"))
      #expect(!error.description.contains("SeCrEt"))
    }
    await #expect(throws: ConnectorError.transient("the feed's server failed (HTTP 503)")) {
      _ = try await connector.logIn(secret: SecretString(server.baseURL + "/broken"))
    }
    await #expect(throws: ConnectorError.unexpectedReply("the address did not return an iCalendar feed")) {
      _ = try await connector.logIn(secret: SecretString(server.baseURL + "/html"))
    }
    // Cut short when it is added: there is no earlier copy to keep, and the message says so.
    await #expect(
      throws: ConnectorError.transient("the feed ended before END:VCALENDAR (cut short?); nothing was added; try again")
    ) {
      _ = try await connector.logIn(secret: SecretString(server.baseURL + "/cut"))
    }
    await #expect(throws: ConnectorError.invalidCredentials("the feed file does not exist")) {
      _ = try await connector.logIn(secret: SecretString("file:///nonexistent/outpost/feed.ics"))
    }
    for unsupported in ["ftp://example.org/feed.ics", "example.org/feed.ics", "file://server/share/feed.ics"] {
      do {
        _ = try await connector.logIn(secret: SecretString(unsupported))
        Issue.record("\(unsupported) was accepted")
      } catch {
        guard case .unsupported = error else { throw error }
      }
    }
  }

  @Test func aClosedPortIsUnreachable() async throws {
    let (socket, port) = try LoopbackHTTPServer.makeListener()
    close(socket)  // Nothing listens there now.
    do {
      _ = try await connector.logIn(secret: SecretString("http://127.0.0.1:\(port)/feed.ics"))
      Issue.record("a closed port answered")
    } catch {
      guard case .unreachable = error else {
        Issue.record("expected unreachable, got \(error)")
        return
      }
    }
  }

  @Test func theDescriptorIsRegistered() {
    let descriptor = ConnectorRegistry.descriptor(for: "ical")
    #expect(descriptor == ICalFeedConnector.descriptor)
    #expect(descriptor?.authentication == .secretURL)
    #expect(descriptor?.requiresUsername == false)
  }
}
