import Synchronization

/// The live session of one `SessionKeeper.perform` call, for the request layer of a connector
/// to renew in the middle of a long operation (a first sync of thirty pages outlives a
/// 5-minute token): the request about to be sent takes the newest session, renews it first when
/// it is about to expire, and is sent once more after one renewal when the service says the
/// token expired. The operation goes on from the page it was at; nothing fetched is fetched
/// again.
///
/// Bound as a task-local by the keeper for the duration of the call, so that connectors keep
/// taking a session value and need no handle passed down every layer; without a lease (tests
/// calling a connector directly) requests use the session they were given, as before.
public final class SessionLease: Sendable {
  @TaskLocal public static var current: SessionLease?

  /// Renews the session that has `generation` (single flight in the keeper: callers renewing
  /// one generation together share one renewal) and hands back the new one.
  typealias Renewal = @Sendable (_ generation: Int) async throws(SessionError) -> (any Sendable, Int)

  private let state: Mutex<(session: any Sendable, generation: Int, renewals: Int)>
  private let renewal: Renewal

  init(session: any Sendable, generation: Int, renewal: @escaping Renewal) {
    state = Mutex((session, generation, 0))
    self.renewal = renewal
  }

  /// The newest session, when it is of the connector's session type.
  public func session<S: Sendable>(as type: S.Type) -> S? {
    state.withLock { $0.session as? S }
  }

  /// How many renewals this call has made (for progress lines and tests).
  public var renewals: Int { state.withLock { $0.renewals } }

  /// A new session in place of `stale` (the one a request was just refused with, or found about
  /// to expire). When another request of the same call renewed it meanwhile, that session is
  /// returned without a second renewal. A renewal that fails is `.sessionExpired` to the
  /// connector, or the service's own failure when it was one (offline, rate limited): the keeper
  /// then reports it as it reports any failed login.
  public func renewed<S: Sendable>(after stale: S, as type: S.Type, isSame: (S, S) -> Bool) async throws(ConnectorError)
    -> S
  {
    let (current, generation) = state.withLock { ($0.session as? S, $0.generation) }
    if let current, !isSame(current, stale) { return current }
    let fresh: (any Sendable, Int)
    do {
      fresh = try await renewal(generation)
    } catch {
      if case .connector(let failure) = error { throw failure }
      throw .sessionExpired
    }
    guard let session = fresh.0 as? S else { throw .sessionExpired }
    state.withLock { state in
      if fresh.1 != state.generation {
        state.renewals += 1
        state.generation = fresh.1
      }
      state.session = session
    }
    return session
  }

  /// One request of a connector's request layer, with the call's lease when there is one: the
  /// newest session, renewed first when `expiring` says it is about to end, and the request sent
  /// once more after one renewal when `refused` says the service turned its token down. Without
  /// a lease, `session` is used as it is. `same` tells two sessions apart (their tokens).
  public static func send<S: Sendable>(
    with session: S, same: (S, S) -> Bool, expiring: (S) -> Bool, refused: (HTTPResponse) -> Bool,
    request send: (S) async throws(ConnectorError) -> HTTPResponse
  ) async throws(ConnectorError) -> HTTPResponse {
    guard let lease = current else { return try await send(session) }
    var session = lease.session(as: S.self) ?? session
    if expiring(session) { session = try await lease.renewed(after: session, as: S.self, isSame: same) }
    let reply = try await send(session)
    guard refused(reply) else { return reply }
    return try await send(try await lease.renewed(after: session, as: S.self, isSame: same))
  }

  /// The same for a request layer that holds only the access token (a GraphQL client): the
  /// lease's session of type `S` gives the newest token, `accessToken` reads it.
  public static func send<S: Sendable>(
    token: SecretString, of type: S.Type, accessToken: (S) -> SecretString, expiring: (S) -> Bool,
    refused: (HTTPResponse) -> Bool, request send: (SecretString) async throws(ConnectorError) -> HTTPResponse
  ) async throws(ConnectorError) -> HTTPResponse {
    guard let session = current?.session(as: S.self) else { return try await send(token) }
    return try await self.send(
      with: session, same: { accessToken($0) == accessToken($1) }, expiring: expiring, refused: refused,
      request: { session throws(ConnectorError) in try await send(accessToken(session)) })
  }
}
