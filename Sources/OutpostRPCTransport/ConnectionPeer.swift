import NIOCore
import OutpostRPC
import Synchronization

/// The `RPCPeer` of one connection: lets handlers (and the event hub, from any thread) push lines.
final class ConnectionPeer: RPCPeer {
  let connectionID: UInt64
  let channel: any Channel
  private let open = Atomic<Bool>(true)

  init(connectionID: UInt64, channel: any Channel) {
    self.connectionID = connectionID
    self.channel = channel
  }

  var isOpen: Bool { open.load(ordering: .relaxed) }

  func markClosed() { open.store(false, ordering: .relaxed) }

  /// A client that stops reading while the daemon pushes to it is disconnected rather than
  /// buffered without bound; it can reconnect and catch up with `events.subscribe` `since`.
  func push(_ line: [UInt8]) -> Bool {
    guard isOpen else { return false }
    guard channel.isWritable else {
      markClosed()
      channel.close(promise: nil)
      return false
    }
    channel.writeAndFlush(Self.frame(line), promise: nil)
    return true
  }

  static func frame(_ line: [UInt8]) -> ByteBuffer {
    var buffer = ByteBufferAllocator().buffer(capacity: line.count + 1)
    buffer.writeBytes(line)
    buffer.writeInteger(UInt8(ascii: "\n"))
    return buffer
  }
}
