import OutpostModel
import OutpostRPC
import Synchronization

/// A connection end that records what the daemon pushes to it, for tests of handlers and the
/// event hub below the socket layer (the socket layer itself is tested end to end).
final class RecordingPeer: RPCPeer {
  let connectionID: UInt64
  private let lines = Mutex<[[UInt8]]>([])
  private let accepting = Atomic<Bool>(true)

  init(id: UInt64) { connectionID = id }

  func push(_ line: [UInt8]) -> Bool {
    guard accepting.load(ordering: .relaxed) else { return false }
    lines.withLock { $0.append(line) }
    return true
  }

  func stopAccepting() { accepting.store(false, ordering: .relaxed) }

  var pushed: [JSONValue] {
    lines.withLock { $0 }.map { try! JSONCoding.decode(JSONValue.self, from: $0) }
  }

  /// Sequence numbers of pushed `event` notifications, in order.
  var eventSeqs: [Int64] { pushed.compactMap { $0["params"]?["seq"]?.int64Value } }
}
