import Logging
import NIOCore
import NIOPosix
import OutpostRPC
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The JSON-RPC server on a Unix socket: one JSON object per line in each direction.
///
/// Serves only peers with the configured uid (SO_PEERCRED), bounds frames and connections, and
/// shuts down gracefully: stop accepting, answer what is in flight, then close.
public final class RPCServer: Sendable {
  private let group: any EventLoopGroup
  private let dispatcher: RPCDispatcher
  private let configuration: RPCServerConfiguration
  private let logger: Logger
  private let tracker: ConnectionTracker
  private let listener = Mutex<(any Channel)?>(nil)
  /// The socket file this server made (not one systemd passed): removed when it stops. NIO
  /// would only remove the name it bound, which the rename replaced.
  private let boundPath = Mutex<String?>(nil)

  /// `onDisconnect` is told about every closed connection (e.g. to drop its subscriptions).
  public init(
    group: any EventLoopGroup, dispatcher: RPCDispatcher, configuration: RPCServerConfiguration,
    logger: Logger, onDisconnect: @escaping @Sendable (any RPCPeer) -> Void = { _ in }
  ) {
    self.group = group
    self.dispatcher = dispatcher
    self.configuration = configuration
    self.logger = logger
    self.tracker = ConnectionTracker(onClose: onDisconnect)
  }

  public var connectionCount: Int { tracker.connectionCount }

  /// Listens on `path`, which must not exist (the caller holds the instance lock and removed a
  /// stale socket). The socket file is made 0600 before it appears under its name: it is bound
  /// beside it, made private, then renamed, so no client ever connects to it while it still has
  /// the umask's mode (seen under load: a client got in between bind and chmod).
  public func bind(path: String) async throws {
    // In the same directory (rename stays within it) and no longer than the name itself:
    // socket paths are limited to 107 bytes.
    let directory = path.lastIndex(of: "/").map { String(path[...$0]) } ?? ""
    let staging = directory + ".b\(getpid() % 100_000)"
    unlink(staging)
    let channel = try await bootstrap().bind(unixDomainSocketPath: staging, cleanupExistingSocketFile: false).get()
    guard chmod(staging, 0o600) == 0 else {
      let code = errno
      try? await channel.close()
      unlink(staging)
      throw RPCServerError.socketPermissions(path: path, errno: code)
    }
    guard rename(staging, path) == 0 else {
      let code = errno
      try? await channel.close()
      unlink(staging)
      throw RPCServerError.socketPermissions(path: path, errno: code)
    }
    listener.withLock { $0 = channel }
    boundPath.withLock { $0 = path }
  }

  /// Serves on a listening socket inherited from systemd (socket activation).
  public func adopt(descriptor: CInt) async throws {
    let channel = try await bootstrap().withBoundSocket(descriptor).get()
    listener.withLock { $0 = channel }
  }

  /// Stops accepting, lets in-flight requests finish (new requests on open connections are
  /// answered `ShuttingDown`) for up to the drain timeout, then closes every connection.
  public func shutdown() async {
    tracker.startDraining()
    if let channel = listener.withLock({ $0 }) { try? await channel.close() }
    if let path = boundPath.withLock({ $0 }) { unlink(path) }
    let deadline = ContinuousClock.now + configuration.drainTimeout
    while tracker.inFlightCount > 0 && ContinuousClock.now < deadline {
      try? await Task.sleep(for: .milliseconds(5))
    }
    if tracker.inFlightCount > 0 {
      logger.warning("closing connections with \(tracker.inFlightCount) requests still running")
    }
    for channel in tracker.allChannels() {
      try? await channel.close()
    }
  }

  private func bootstrap() -> ServerBootstrap {
    let dispatcher = self.dispatcher
    let configuration = self.configuration
    let logger = self.logger
    let tracker = self.tracker
    return ServerBootstrap(group: group)
      .serverChannelOption(ChannelOptions.backlog, value: 256)
      .childChannelOption(ChannelOptions.allowRemoteHalfClosure, value: true)
      .childChannelOption(
        ChannelOptions.writeBufferWaterMark, value: .init(low: 256 * 1024, high: 4 * 1024 * 1024)
      )
      .childChannelInitializer { channel in
        Self.admit(
          channel: channel, dispatcher: dispatcher, configuration: configuration, tracker: tracker, logger: logger)
      }
  }

  private static func admit(
    channel: any Channel, dispatcher: RPCDispatcher, configuration: RPCServerConfiguration,
    tracker: ConnectionTracker, logger: Logger
  ) -> EventLoopFuture<Void> {
    peerUID(of: channel).flatMap { uid -> EventLoopFuture<Void> in
      guard uid == configuration.allowedUID else {
        logger.warning("refused a connection from uid \(uid.map(String.init) ?? "unknown")")
        return refuse(channel, with: .permissionDenied(servedUID: configuration.allowedUID))
      }
      guard let peer = tracker.open(channel: channel, limit: configuration.maxConnections) else {
        logger.warning("refused a connection: \(configuration.maxConnections) connections are open")
        return refuse(channel, with: .tooManyConnections(limit: configuration.maxConnections))
      }
      // Runs on the channel's event loop (the future chain of the initializer), so the handler
      // is added synchronously and never crosses threads.
      let handler = RPCConnectionHandler(
        peer: peer, dispatcher: dispatcher, tracker: tracker, maxFrameBytes: configuration.maxFrameBytes,
        largeReply: configuration.afterLargeReply.map { (configuration.largeReplyBytes, $0) }, logger: logger)
      return channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(handler) }
    }
  }

  private static func peerUID(of channel: any Channel) -> EventLoopFuture<UInt32?> {
    guard let provider = channel as? any SocketOptionProvider else {
      return channel.eventLoop.makeSucceededFuture(nil)
    }
    let future: EventLoopFuture<PeerCredentials> = provider.unsafeGetSocketOption(
      level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(SO_PEERCRED))
    return future.map { Optional($0.uid) }.recover { _ in nil }
  }

  /// Tells a refused client why (one error line), then closes. The initializer runs before the
  /// channel is active, so the line is written by a handler once it is.
  private static func refuse(_ channel: any Channel, with error: RPCError) -> EventLoopFuture<Void> {
    channel.eventLoop.makeCompletedFuture {
      try channel.pipeline.syncOperations.addHandler(
        RefusingHandler(line: RPCDispatcher.errorReply(id: .null, error: error)))
    }
  }
}

/// Writes one error line as soon as the connection is active, then closes it.
final class RefusingHandler: ChannelInboundHandler {
  typealias InboundIn = ByteBuffer
  typealias OutboundOut = ByteBuffer
  private let line: [UInt8]

  init(line: [UInt8]) { self.line = line }

  func channelActive(context: ChannelHandlerContext) {
    LingeringClose.start(
      channel: context.channel, after: context.writeAndFlush(wrapOutboundOut(ConnectionPeer.frame(line))))
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

  func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
    if let event = event as? ChannelEvent, event == .inputClosed { context.close(promise: nil) }
  }
}

public enum RPCServerError: Error, CustomStringConvertible {
  case socketPermissions(path: String, errno: CInt)

  public var description: String {
    switch self {
    case .socketPermissions(let path, let code):
      "cannot make \(path) private (chmod 0600, then rename into place): \(String(cString: strerror(code)))"
    }
  }
}

/// The layout of Linux's `struct ucred`, which Glibc's Swift module hides behind _GNU_SOURCE.
struct PeerCredentials: Sendable {
  var pid: Int32
  var uid: UInt32
  var gid: UInt32
}
