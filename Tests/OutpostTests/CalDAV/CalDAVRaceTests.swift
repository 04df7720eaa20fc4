import Foundation
import OutpostCalendar
import OutpostConnectors
import OutpostModel
import Synchronization
import Testing

/// Someone else writes between Outpost's listing and its write, so that the precondition
/// itself fails (412) on a real Radicale: the recovery must still end with Outpost's event,
/// and say what happened.
@Suite(.offThePool) struct CalDAVRaceTests {
  typealias F = CalDAVFixtures

  @Test func aCreateThatFindsOutpostsEventAlreadyThereTakesItOver() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let uid = F.uid(F.saturday)
    let desired = F.desired(F.three)
    let oldCopy = String(decoding: desired[uid]!, as: UTF8.self).replacing(/SUMMARY:[^\r]*/, with: "SUMMARY:Old copy")
    // Just before Outpost creates the Saturday game, another device puts an old copy of it.
    let transport = HookTransport { request in
      request.method == "PUT" && request.url.hasSuffix("000000000001%40outpost.ics")
        && request.headers.contains { $0.name == "If-None-Match" }
    } before: { request in
      try? await server.put(request.url, oldCopy)
    }
    let pusher = try CalDAVTesting.pusher(url, transport: transport)
    var state = CalDAVState(collection: url)

    let report = try await pusher.push(desired, state: &state)
    #expect(transport.fired)
    #expect(report.overwritten == [uid])
    #expect(report.created == [F.uid(F.sunday), F.uid(F.autumn)].sorted())
    #expect(report.errors.isEmpty)
    let shown = try await server.get(server.baseURL + state.events[uid]!.href)
    let event = try #require(try ICalParser.parse(shown.body).events.first)
    #expect(event.summary?.hasPrefix("VBC Zürich") == true)
    #expect(state.events[uid]?.etag == shown.header("etag"))
  }

  @Test func aReplaceWhoseEventWasJustDeletedPutsItBack() async throws {
    let server = try await RadicaleServer()
    let url = try await server.makeCalendar("outpost")
    let uid = F.uid(F.sunday)
    // Just before Outpost replaces the moved Sunday game, someone deletes it.
    let transport = HookTransport { request in
      request.method == "PUT" && request.url.hasSuffix("000000000002%40outpost.ics")
        && request.headers.contains { $0.name == "If-Match" }
    } before: { request in
      try? await server.delete(request.url)
    }
    let pusher = try CalDAVTesting.pusher(url, transport: transport)
    var state = CalDAVState(collection: url)
    _ = try await pusher.push(F.desired(F.three), state: &state)

    var moved = F.sunday
    moved.startsAt = UTCTimestamp.parse("2026-03-29T16:00:00Z")
    let entries = [F.entry(F.saturday), F.entry(moved, sequence: 1), F.entry(F.autumn)]
    let report = try await pusher.push(F.desired(entries), state: &state)
    #expect(transport.fired)
    #expect(report.recreated == [uid])
    #expect(report.unchanged == 2 && report.errors.isEmpty)
    let shown = try await server.get(server.baseURL + state.events[uid]!.href)
    let event = try #require(try ICalParser.parse(shown.body).events.first)
    #expect(event.start == UTCTimestamp.parse("2026-03-29T16:00:00Z"))
    #expect(event.sequence == 1)
  }
}

/// The real transport, with something done once just before the first request that matches.
final class HookTransport: HTTPTransport {
  private let inner = TestHTTP.transport
  private let matches: @Sendable (HTTPRequest) -> Bool
  private let before: @Sendable (HTTPRequest) async -> Void
  private let done = Mutex(false)

  init(
    when matches: @escaping @Sendable (HTTPRequest) -> Bool, before: @escaping @Sendable (HTTPRequest) async -> Void
  ) {
    self.matches = matches
    self.before = before
  }

  var fired: Bool { done.withLock { $0 } }

  func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    let first =
      matches(request)
      && done.withLock { fired in
        guard !fired else { return false }
        fired = true
        return true
      }
    if first { await before(request) }
    return try await inner.send(request)
  }
}
