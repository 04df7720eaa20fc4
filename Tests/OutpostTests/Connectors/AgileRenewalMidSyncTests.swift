import Foundation
import OutpostModel
import OutpostSandbox
import Synchronization
import Testing

@testable import OutpostConnectors

/// The brand's access token renewed in the middle of a GraphQL sync (issue 46 §3): each request
/// takes 4 s of the sandbox's clock and tokens live 10 s, so a first sync outlives several. Under
/// a `SessionLease` (as `SessionKeeper.perform` binds one) the gateway client takes the newest
/// token, renews it ahead of its end and goes on; without one, the same sync is refused.
@Suite(.serialized) struct AgileRenewalMidSyncTests {
  final class SlowLink: HTTPTransport {
    let world: AgileConnectorTests.World
    let sent = Mutex<[Int]>([])

    init(_ world: AgileConnectorTests.World) { self.world = world }

    func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
      await world.advance(seconds: 4)
      let reply = try await TestHTTP.transport.send(request)
      sent.withLock { $0.append(reply.status) }
      return reply
    }
  }

  /// A session with a 10-second token, which knows its lifetime (renewed in its last half).
  static func session(_ world: AgileConnectorTests.World) async throws -> OIDCSession {
    var session = try await world.session(lifetime: 10)
    session.lifetime = 10
    return session
  }

  @Test func aFirstSyncOfSeveralTokenLifetimesGoesOnWithTheNewestToken() async throws {
    try await AgileConnectorTests().withWorld { world in
      let link = SlowLink(world)
      let preset = try AgileConnectorTests.preset(for: world.server)
      let account = ConnectorAccount(
        id: "a-1", username: nil, baseURL: world.server.url(for: .keycloak), options: ["brand": preset.id],
        preset: preset)
      let clock = world.clock
      let connector = AgileNetworkConnector(account: account, transport: link) { clock.now() }
      let renewals = Mutex(0)
      let first = try await Self.session(world)
      let lease = SessionLease(session: first, generation: 1) { generation throws(SessionError) in
        // A refresh: a new token of the realm, as the provider would issue it.
        guard let fresh = try? await Self.session(world) else { throw .connector(.transient("no token")) }
        renewals.withLock { $0 += 1 }
        return (fresh, generation + 1)
      }
      let started = world.clock.now()
      let result = try await SessionLease.$current.withValue(lease) {
        try await connector.fetch(first, window: AgileConnectorTests.window, cursor: nil)
      }
      let elapsed = world.clock.now().timeIntervalSince(started)
      #expect(result.complete.contains(.expert))
      #expect(elapsed > 2 * 10)
      #expect(renewals.withLock { $0 } >= Int(elapsed / 10))
      #expect(link.sent.withLock { $0 }.allSatisfy { $0 != 401 })

      // The same sync without a lease keeps its first token, which ends halfway.
      let stale = try await Self.session(world)
      await #expect(throws: ConnectorError.sessionExpired) {
        _ = try await connector.fetch(stale, window: AgileConnectorTests.window, cursor: nil)
      }
    }
  }
}
