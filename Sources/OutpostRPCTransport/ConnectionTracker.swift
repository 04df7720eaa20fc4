import NIOCore
import OutpostRPC
import Synchronization

/// Open connections and in-flight requests across the server, for the connection limit,
/// `daemon.status` and graceful shutdown.
final class ConnectionTracker: Sendable {
  private struct State {
    var peers: [UInt64: ConnectionPeer] = [:]
    var nextID: UInt64 = 1
  }
  private let state = Mutex(State())
  private let inFlight = Atomic<Int>(0)
  private let draining = Atomic<Bool>(false)
  private let onClose: @Sendable (any RPCPeer) -> Void

  init(onClose: @escaping @Sendable (any RPCPeer) -> Void) {
    self.onClose = onClose
  }

  /// Registers a new connection, or returns nil when `limit` connections are open.
  func open(channel: any Channel, limit: Int) -> ConnectionPeer? {
    state.withLock { state in
      guard state.peers.count < limit else { return nil }
      let peer = ConnectionPeer(connectionID: state.nextID, channel: channel)
      state.nextID += 1
      state.peers[peer.connectionID] = peer
      return peer
    }
  }

  func connectionClosed(_ peer: ConnectionPeer) {
    let removed = state.withLock { $0.peers.removeValue(forKey: peer.connectionID) != nil }
    if removed { onClose(peer) }
  }

  var connectionCount: Int { state.withLock { $0.peers.count } }
  var inFlightCount: Int { inFlight.load(ordering: .relaxed) }
  var isDraining: Bool { draining.load(ordering: .relaxed) }

  func requestStarted() { inFlight.add(1, ordering: .relaxed) }
  func requestFinished() { inFlight.subtract(1, ordering: .relaxed) }
  func startDraining() { draining.store(true, ordering: .relaxed) }

  func allChannels() -> [any Channel] {
    state.withLock { $0.peers.values.map(\.channel) }
  }
}
