import OutpostConnectors
import Synchronization

/// The network between a connector and the sandbox, with what the write contract does to it:
/// cut it (the laptop offline while an action is queued), lose the reply of the next write
/// after the service applied it (the daemon cannot know whether it happened), or let the
/// access token expire just before the next write reaches the service (mid-action, after the
/// connector's own checks said the token was good). `refuseNextWrite` answers the next write
/// with a refusal in the service's documented words, for a service whose sandbox cannot be
/// made to refuse what the connector sends (its values are fixed), without reaching it.
final class ContractLink: HTTPTransport {
  enum Mode: Sendable, Equatable {
    case normal
    case offline
    case loseNextWriteReply
    case expireBeforeNextWrite
    case refuseNextWrite(status: Int, body: String)
  }

  private struct State {
    var mode = Mode.normal
    var writes = 0
    var expire: @Sendable () async -> Void = {}
  }

  private let inner: any HTTPTransport
  /// Which requests change something upstream, in the service's protocol.
  private let isWrite: @Sendable (HTTPRequest) -> Bool
  private let state = Mutex(State())

  init(inner: any HTTPTransport = TestHTTP.transport, isWrite: @escaping @Sendable (HTTPRequest) -> Bool) {
    self.inner = inner
    self.isWrite = isWrite
  }

  func set(_ mode: Mode) { state.withLock { $0.mode = mode } }
  var mode: Mode { state.withLock { $0.mode } }
  /// Write requests that reached the service.
  var writes: Int { state.withLock { $0.writes } }
  /// How the service is made to hold the current access token expired.
  func onExpire(_ expire: @escaping @Sendable () async -> Void) { state.withLock { $0.expire = expire } }

  func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    let write = isWrite(request)
    let (mode, expire) = state.withLock { state -> (Mode, @Sendable () async -> Void) in
      let mode = state.mode
      if write, mode != .normal, mode != .offline { state.mode = .normal }
      if write, mode != .offline { state.writes += 1 }
      return (mode, state.expire)
    }
    switch mode {
    case .offline:
      throw .unreachable("the contract's link is down")
    case .loseNextWriteReply where write:
      _ = try await inner.send(request)
      throw .connectionLost("the contract's link lost the reply")
    case .refuseNextWrite(let status, let body) where write:
      return HTTPResponse(
        status: status, headers: ["content-type": "application/json; charset=utf-8"], body: Array(body.utf8))
    case .expireBeforeNextWrite where write:
      await expire()
      return try await inner.send(request)
    default:
      return try await inner.send(request)
    }
  }
}
