import Foundation
import OutpostModel
import OutpostSandbox
import Synchronization
import Testing

@testable import OutpostConnectors

/// VolleyManager's session renewed in the middle of a long first sync (issue 46 §3). The
/// service's sessions have an absolute lifetime that is unknown upstream and cannot be extended,
/// so the connector cannot renew ahead: the first request after an expiry is answered 406, the
/// keeper logs in once, and that request is sent again on the new session, switched back to the
/// association it was listing. With 20-second sessions and every request taking 2 s of the
/// sandbox's clock, a first sync of the demo referee (two associations, 600 assignments each,
/// read in pages of 100) spans several lifetimes and completes, with one login per expiry and
/// no page read twice but the refused ones.
///
/// Time is the sandbox's manual clock, advanced by the transport as each request is sent, so
/// the test waits on nothing.
@Suite(.serialized) struct VolleyManagerRenewalMidSyncTests {
  static let reference = Date(timeIntervalSince1970: 1_795_608_000)  // 2026-11-25T12:00:00Z
  static let lifetime = 20.0
  static let latency = 2.0
  /// Longer than a whole session: a request stalled this long always reaches a dead one.
  static let stall = 25.0

  struct Sent {
    var method: String
    var path: String
    var form: [String: String]
    var status: Int
    var stalled = false

    var isSearch: Bool {
      method == "POST" && (path.hasSuffix("/search") || path.hasSuffix("/searchMyRefereeConvocations"))
    }
  }

  /// A link on which each request costs `latency` seconds of the sandbox's clock, and every
  /// `stallEvery`-th search `stall` seconds more (on the way to the service, so it arrives
  /// late). Only searches stall: a stall inside a login would fail the login itself, which is
  /// not what is tested here.
  final class SlowLink: HTTPTransport {
    let server: SandboxServer
    let stallEvery: Int?
    let sent = Mutex<[Sent]>([])
    let searches = Mutex(0)
    /// Seconds the link has moved the sandbox's clock.
    let elapsed = Mutex(0.0)

    init(server: SandboxServer, stallEvery: Int?) {
      self.server = server
      self.stallEvery = stallEvery
    }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
      let path = String(request.url.dropFirst(server.baseURL.count).split(separator: "?").first ?? "")
      var sent = Sent(method: request.method, path: path, form: Self.form(request.body), status: 0)
      var seconds = VolleyManagerRenewalMidSyncTests.latency
      if sent.isSearch, let stallEvery {
        let number = searches.withLock { count in
          count += 1
          return count
        }
        sent.stalled = number % stallEvery == 0
        if sent.stalled { seconds += VolleyManagerRenewalMidSyncTests.stall }
      }
      await server.advanceClock(seconds: seconds)
      elapsed.withLock { $0 += seconds }
      let reply = try await TestHTTP.transport.send(request)
      sent.status = reply.status
      self.sent.withLock { $0.append(sent) }
      return reply
    }

    static func form(_ body: [UInt8]) -> [String: String] {
      var fields: [String: String] = [:]
      for pair in String(decoding: body, as: UTF8.self).split(separator: "&") {
        let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).removingPercentEncoding ?? String($0) }
        fields[parts[0]] = parts.count > 1 ? parts[1] : ""
      }
      return fields
    }
  }

  struct Run {
    var items: [String]
    /// Logins during the sync (after the first).
    var renewals: Int
    var requests: [Sent]
    var elapsed: Double
    var staleReplies: Int
  }

  func firstSync(lifetime: Double = Self.lifetime, stallEvery: Int? = nil) async throws -> Run {
    var configuration = SandboxConfiguration(
      users: [SandboxUser.demo], sessionLifetimeSeconds: lifetime, assignmentsPerAssociation: 600,
      referenceDate: Self.reference, services: [.volleymanager])
    configuration.manualClock = true
    let server = try await SandboxServer.start(configuration)
    do {
      let link = SlowLink(server: server, stallEvery: stallEvery)
      let account = ConnectorAccount(id: "vm-1", username: SandboxUser.demo.username, baseURL: server.baseURL)
      let connector = VolleyManagerConnector(account: account, transport: link)
      let keeper = SessionKeeper(
        connector: connector, account: account, vault: SessionKeeperTests.MemoryVault(), report: { _ in })
      _ = try await keeper.adopt(SecretString(SandboxUser.demo.password), label: "VolleyManager")
      let logins = await keeper.loginCount
      let before = link.sent.withLock { $0.count }
      let stale = await server.volleyManager.stats().staleSessionReplies
      let started = link.elapsed.withLock { $0 }
      let result = try await keeper.fetch(window: SyncWindow.around(Self.reference), cursor: nil)
      let run = Run(
        items: result.items.map { "\($0.kind.rawValue)/\($0.upstreamID)" }.sorted(),
        renewals: await keeper.loginCount - logins, requests: Array(link.sent.withLock { $0 }.dropFirst(before)),
        elapsed: link.elapsed.withLock { $0 } - started,
        staleReplies: await server.volleyManager.stats().staleSessionReplies - stale)
      try await server.stop()
      return run
    } catch {
      try await server.stop()
      throw error
    }
  }

  /// Each search with the page it asks for: the association the server had switched to when it
  /// arrived (the last switch answered 200, the login's own included), the list and the offset.
  /// A page listed for the wrong association after a renewal reads as another page here.
  static func pages(_ requests: [Sent]) -> [(key: String, status: Int)] {
    var active = "?"
    var pages: [(key: String, status: Int)] = []
    for request in requests {
      if request.method == "PUT", request.path.hasSuffix("/switchRoleAndAttribute"), request.status == 200 {
        active = request.form["attributeValueAsArray[0]"] ?? "?"
      } else if request.isSearch {
        let offset = request.form["searchConfiguration[offset]"] ?? "?"
        pages.append(("\(active) \(request.path) @\(offset)", request.status))
      }
    }
    return pages
  }

  /// Each item once, and none missing (said in counts: the lists are long).
  static func expectSameItems(_ run: Run, _ baseline: Run) {
    let missing = Set(baseline.items).subtracting(run.items)
    let extra = Set(run.items).subtracting(baseline.items)
    #expect(missing.isEmpty, "\(missing.count) items missing")
    #expect(extra.isEmpty, "\(extra.count) items not in the sync without expiries")
    #expect(run.items.count == baseline.items.count, "an item listed twice")
  }

  @Test func aFirstSyncOfSeveralSessionLifetimesCompletesWithOneLoginPerExpiry() async throws {
    let baseline = try await firstSync(lifetime: 1800)
    #expect(baseline.renewals == 0)
    let run = try await firstSync()
    let pages = Self.pages(run.requests)
    let refused = pages.filter { $0.status != 200 }
    print(
      "volleymanager first sync, \(Int(Self.lifetime)) s sessions, \(Int(Self.latency)) s a request: "
        + "\(run.requests.count) requests, \(pages.count) searches, \(run.items.count) items, "
        + "\(Int(run.elapsed)) s, \(run.staleReplies) expiries, \(run.renewals) logins")
    // The same items as a sync that met no expiry.
    #expect(!run.items.isEmpty)
    Self.expectSameItems(run, baseline)
    #expect(run.elapsed > 3 * Self.lifetime)
    // Sessions cannot be renewed ahead, so each expiry is met once (a 406) and costs one login:
    // at most one per lifetime, and at least one per lifetime plus the refused request and the
    // login's own requests.
    #expect(run.renewals >= 3)
    #expect(run.renewals == run.staleReplies)
    #expect(run.renewals >= Int(run.elapsed / (Self.lifetime + 4 * Self.latency)))
    #expect(run.renewals <= Int(run.elapsed / Self.lifetime) + 1)
    #expect(run.requests.allSatisfy { [200, 303, 406].contains($0.status) }, "\(run.requests.map(\.status))")
    // Every page read once; a refused one once more, and then answered.
    let read = Dictionary(grouping: pages.filter { $0.status == 200 }, by: \.key).mapValues(\.count)
    #expect(read.values.allSatisfy { $0 == 1 }, "\(read.filter { $0.value > 1 })")
    for page in refused { #expect(read[page.key] == 1, "\(page.key)") }
    #expect(pages.count == read.count + refused.count)
    #expect(pages.count == Set(Self.pages(baseline.requests).map(\.key)).count + refused.count)
  }

  /// A search that stalls longer than a session lives reaches the service expired: it is
  /// answered 406, the keeper logs in once, and the page is sent again on the new session.
  @Test func aSearchThatStallsPastTheSessionsEndIsRenewedOnceAndSentAgain() async throws {
    let baseline = try await firstSync(lifetime: 1800)
    let run = try await firstSync(stallEvery: 3)
    let pages = Self.pages(run.requests)
    let refused = pages.filter { $0.status != 200 }
    print(
      "volleymanager first sync with stalls: \(run.requests.count) requests, \(pages.count) searches, "
        + "\(Int(run.elapsed)) s, \(run.staleReplies) expiries, \(run.renewals) logins")
    Self.expectSameItems(run, baseline)
    // Every third search stalled past the session's end, so those at least were refused.
    let stalled = run.requests.filter(\.stalled)
    #expect(!stalled.isEmpty)
    #expect(stalled.allSatisfy { $0.status == 406 })
    #expect(refused.count >= stalled.count)
    #expect(run.renewals == run.staleReplies)
    let sent = Dictionary(grouping: pages, by: \.key).mapValues(\.count)
    for page in refused { #expect(sent[page.key] == 2, "\(page.key)") }
    #expect(sent.values.filter { $0 > 1 }.count == refused.count)
  }
}
