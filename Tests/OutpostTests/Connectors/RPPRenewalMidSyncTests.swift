import Foundation
import OutpostModel
import OutpostSandbox
import Synchronization
import Testing

@testable import OutpostConnectors

/// Firebase's ID token renewed in the middle of a long RPP sync (issue 46 §3): with 10-second
/// tokens and every request taking 2 s of the sandbox's clock, a first sync spans several token
/// lifetimes and completes, with one renewal per expiry and no page read twice; a request that
/// stalls past its token's end is refused 401, renewed once and sent again.
@Suite(.serialized) struct RPPRenewalMidSyncTests {
  /// A link on which each request costs `latency` seconds of the sandbox's clock (and of the
  /// connector's, which moves with it), every `stallEvery`-th one 12 s more.
  final class SlowLink: HTTPTransport {
    let server: SandboxServer
    let latency: Double
    let stallEvery: Int?
    let clock: Mutex<Date>
    let sent = Mutex<[(method: String, url: String, status: Int)]>([])

    init(server: SandboxServer, latency: Double, stallEvery: Int?, now: Date) {
      self.server = server
      self.latency = latency
      self.stallEvery = stallEvery
      clock = Mutex(now)
    }

    var now: Date { clock.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
      let number = sent.withLock { $0.count } + 1
      let seconds = latency + ((stallEvery.map { number % $0 == 0 } ?? false) ? 12 : 0)
      await server.advanceClock(seconds: seconds)
      clock.withLock { $0 = $0.addingTimeInterval(seconds) }
      let reply = try await TestHTTP.transport.send(request)
      sent.withLock { $0.append((request.method, request.url, reply.status)) }
      return reply
    }
  }

  func firstSync(stallEvery: Int? = nil) async throws -> (
    result: FetchResult, renewals: Int, requests: [(method: String, url: String, status: Int)], elapsed: Double
  ) {
    let start = Date(timeIntervalSince1970: 1_795_608_000)  // 2026-11-25T12:00:00Z
    var configuration = SandboxConfiguration(referenceDate: start, services: [.rpp])
    configuration.manualClock = true
    configuration.rpp.idTokenLifetimeSeconds = 10
    let server = try await SandboxServer.start(configuration)
    let link = SlowLink(server: server, latency: 2, stallEvery: stallEvery, now: start)
    do {
      let account = ConnectorAccount(
        id: "r-1", username: RPPSeed.agent, baseURL: server.url(for: .rpp),
        options: [
          "firebase_api_key": SandboxRPPConfiguration.defaultAPIKey,
          "firebase_auth_base": server.baseURL + "/identitytoolkit.googleapis.com",
          "firebase_token_base": server.baseURL + "/securetoken.googleapis.com",
        ])
      let connector = RPPConnector(account: account, transport: link, now: { [link] in link.now })
      let keeper = SessionKeeper(
        connector: connector, account: account, vault: SessionKeeperTests.MemoryVault(),
        now: { [link] in link.now }, report: { _ in })
      _ = try await keeper.adopt(SecretString(RPPSeed.password), label: "RPP")
      let logins = await keeper.loginCount
      let before = link.sent.withLock { $0.count }
      let began = link.now
      let result = try await keeper.fetch(window: SyncWindow.around(began), cursor: nil)
      let run = (
        result, await keeper.loginCount - logins, Array(link.sent.withLock { $0 }.dropFirst(before)),
        link.now.timeIntervalSince(began)
      )
      try await server.stop()
      return run
    } catch {
      try await server.stop()
      throw error
    }
  }

  @Test func aFirstSyncOfSeveralIDTokenLifetimesCompletesWithOneRenewalPerExpiry() async throws {
    let run = try await firstSync()
    let reads = run.requests.filter { $0.method == "GET" && !$0.url.contains("securetoken") }
    #expect(!run.result.items.isEmpty)
    #expect(run.elapsed > 2 * 10)
    // Renewed in the token's last quarter (2.5 s of 10): each renewal buys at least 7.5 s.
    #expect(run.renewals >= Int(run.elapsed / 10))
    #expect(run.renewals <= Int((run.elapsed / 7.5).rounded(.up)))
    #expect(run.requests.allSatisfy { $0.status != 401 })
    #expect(Set(reads.map(\.url)).count == reads.count)
    print(
      "rpp first sync, 10 s ID tokens, 2 s a request: \(reads.count) reads, \(run.result.items.count) items, "
        + "\(Int(run.elapsed)) s, \(run.renewals) renewals")
  }

  @Test func aRequestRefusedForAnExpiredTokenIsSentAgainAfterOneRenewal() async throws {
    let run = try await firstSync(stallEvery: 4)
    let refused = run.requests.filter { $0.status == 401 }
    #expect(!refused.isEmpty)
    #expect(!run.result.items.isEmpty)
    let reads = run.requests.filter { $0.method == "GET" && !$0.url.contains("securetoken") }
    let counts = Dictionary(grouping: reads, by: \.url).mapValues(\.count)
    for request in refused { #expect(counts[request.url] == 2, "\(request.url)") }
    #expect(run.renewals >= refused.count)
  }
}
