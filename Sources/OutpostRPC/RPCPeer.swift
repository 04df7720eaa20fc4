import Synchronization

/// The client end of one connection, as handlers see it: an identity and a way to push
/// notifications. Implemented by the transport.
public protocol RPCPeer: AnyObject, Sendable {
  /// Unique for the daemon's lifetime.
  var connectionID: UInt64 { get }
  /// Queues one JSON line (without its newline) for the client. Never blocks. Returns false when
  /// the connection is closed or cannot take more (the subscriber then counts as lagging).
  func push(_ line: [UInt8]) -> Bool
}

/// What a handler gets besides its params.
public final class RPCContext: Sendable {
  public let peer: any RPCPeer
  private let afterReply = Mutex<[@Sendable () -> Void]>([])

  public init(peer: any RPCPeer) {
    self.peer = peer
  }

  /// Runs `action` once the reply to the current request has been queued on the connection, so
  /// that notifications a request causes (e.g. replayed events) reach the client after its reply.
  public func whenReplied(_ action: @escaping @Sendable () -> Void) {
    afterReply.withLock { $0.append(action) }
  }

  /// Called by the transport after it queued the reply.
  public func replied() {
    let actions = afterReply.withLock { actions in
      defer { actions.removeAll() }
      return actions
    }
    for action in actions { action() }
  }
}
