import Logging
import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// The calendar feed's HTTP server: on 127.0.0.1 and nothing else, so that only this machine can
/// reach it (the token in the path keeps other local users out). GNOME Calendar, Evolution,
/// Thunderbird and vdirsyncer subscribe to it. HTTP/1 is NIO's (`configureHTTPServerPipeline`);
/// the feed adds its limits in front and `FeedHTTPHandler` behind.
final class FeedServer: Sendable {
  /// Fixed, not configurable: the feed must never listen on other addresses.
  static let host = "127.0.0.1"

  /// What one client may take. Tests shrink them; the daemon uses `standard`.
  struct Limits: Sendable {
    /// Connections without a byte read or written this long are closed: idle keep-alive ones
    /// (subscribers poll every few minutes), and clients that stall in a request or stop reading.
    var idleTimeout = TimeAmount.seconds(60)
    /// Calendar clients open one or two connections; more are refused (closed at once).
    var maximumConnections = 64
    /// The request target and header fields of one request, in bytes. Calendar clients send a
    /// few hundred; more is a mistake or abuse, answered 431.
    var maximumHeadBytes = 8192
    /// Header fields in one request; more are answered 431.
    var maximumHeaderCount = 64

    static let standard = Limits()
  }

  /// The port bound: the configured one, or the one the system chose for port 0.
  let port: Int
  let localAddress: SocketAddress
  /// The address bound, as text: always `127.0.0.1`.
  var boundHost: String? { localAddress.ipAddress }
  private let listener: any Channel
  private let connections: FeedConnections

  private init(port: Int, localAddress: SocketAddress, listener: any Channel, connections: FeedConnections) {
    self.port = port
    self.localAddress = localAddress
    self.listener = listener
    self.connections = connections
  }

  /// Binds `127.0.0.1:port` (0: any free port) and serves until `stop()`.
  static func start(
    port: Int, token: FeedToken, source: any FeedSource, limits: Limits = .standard,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger
  ) async throws -> FeedServer {
    guard (0...65_535).contains(port) else { throw FeedServerError.invalidPort(port) }
    let connections = FeedConnections()
    var decoderLimits = NIOHTTPDecoderLimitConfiguration()
    decoderLimits.maxHeaderFieldSize = limits.maximumHeadBytes
    decoderLimits.maxHeaderListSize = limits.maximumHeadBytes
    decoderLimits.maxHeaderFieldCount = limits.maximumHeaderCount
    let bootstrap = ServerBootstrap(group: group)
      // A restarted daemon gets its port back although the last connections are in TIME_WAIT.
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .serverChannelOption(ChannelOptions.backlog, value: 64)
      .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { channel in
        guard connections.insert(channel, limit: limits.maximumConnections) else {
          channel.close(promise: nil)
          return channel.eventLoop.makeSucceededVoidFuture()
        }
        return channel.eventLoop.makeCompletedFuture {
          let gate = FeedInputGate()
          let pipeline = channel.pipeline.syncOperations
          try pipeline.addHandlers(gate, IdleStateHandler(allTimeout: limits.idleTimeout))
          // Parser errors are answered by FeedHTTPHandler instead of NIO's error handler: 431
          // for a head over the limits, and the lingering close that every last reply gets.
          try pipeline.configureHTTPServerPipeline(
            withErrorHandling: false, withEncoderConfiguration: .init(),
            withDecoderLimitConfiguration: decoderLimits)
          try pipeline.addHandler(FeedHTTPHandler(token: token, source: source, gate: gate, logger: logger))
        }
      }
    let listener = try await bootstrap.bind(host: host, port: port).get()
    guard let address = listener.localAddress, let bound = address.port else {
      try? await listener.close()
      throw FeedServerError.noLocalAddress
    }
    return FeedServer(port: bound, localAddress: address, listener: listener, connections: connections)
  }

  /// Stops accepting and closes every connection, keep-alive ones included. Calling it again
  /// does nothing.
  func stop() async {
    do {
      try await listener.close()
    } catch {
      return  // Already closed.
    }
    for channel in connections.removeAll() {
      try? await channel.close()
    }
  }
}

enum FeedServerError: Error, CustomStringConvertible {
  case invalidPort(Int)
  case noLocalAddress

  var description: String {
    switch self {
    case .invalidPort(let port): "the calendar feed port \(port) is not in 0…65535"
    case .noLocalAddress: "the calendar feed's listening socket has no local address"
    }
  }
}

/// The open connections, so that `stop()` can close idle keep-alive ones too.
final class FeedConnections: Sendable {
  private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

  /// Adds `channel` unless `limit` are open already.
  func insert(_ channel: any Channel, limit: Int) -> Bool {
    let id = ObjectIdentifier(channel)
    let added = channels.withLock { channels in
      guard channels.count < limit else { return false }
      channels[id] = channel
      return true
    }
    guard added else { return false }
    channel.closeFuture.whenComplete { [self] _ in
      _ = channels.withLock { $0.removeValue(forKey: id) }
    }
    return true
  }

  var count: Int { channels.withLock { $0.count } }

  func removeAll() -> [any Channel] {
    channels.withLock { channels in
      defer { channels.removeAll() }
      return Array(channels.values)
    }
  }
}
