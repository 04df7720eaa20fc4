#if canImport(Glibc)
  import Glibc
#endif

/// Limits of the socket server; the daemon fills them from `config.toml`.
public struct RPCServerConfiguration: Sendable {
  /// Longest accepted line in bytes. A longer frame is answered with `FrameTooLarge` and the
  /// connection is closed (after the reply), since the rest of the stream cannot be re-synchronised.
  public var maxFrameBytes: Int
  /// Most simultaneous connections; one more is told so and closed.
  public var maxConnections: Int
  /// Only peers with this uid are served (SO_PEERCRED); everyone else is refused.
  public var allowedUID: UInt32
  /// How long a graceful shutdown waits for in-flight requests before closing connections.
  public var drainTimeout: Duration
  /// Called (on the event loop) after a reply of at least `largeReplyBytes` is written: a large
  /// reply (`items.list` of thousands of items) leaves megabytes freed in the heap, which the
  /// daemon hands back to the system. A refused oversized frame calls it too.
  public var afterLargeReply: (@Sendable () -> Void)?
  public var largeReplyBytes = 256 << 10

  public init(
    maxFrameBytes: Int = 1 << 20, maxConnections: Int = 1024, allowedUID: UInt32 = getuid(),
    drainTimeout: Duration = .seconds(5), afterLargeReply: (@Sendable () -> Void)? = nil
  ) {
    self.maxFrameBytes = maxFrameBytes
    self.maxConnections = maxConnections
    self.allowedUID = allowedUID
    self.drainTimeout = drainTimeout
    self.afterLargeReply = afterLargeReply
  }
}
