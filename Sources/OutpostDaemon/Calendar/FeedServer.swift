import Logging
import NIOCore
import NIOPosix
import Synchronization

/// The calendar feed's HTTP server: on 127.0.0.1 and nothing else, so that only this machine can
/// reach it (the token in the path keeps other local users out). GNOME Calendar, Evolution,
/// Thunderbird and vdirsyncer subscribe to it.
final class FeedServer: Sendable {
  /// Fixed, not configurable: the feed must never listen on other addresses.
  static let host = "127.0.0.1"
  /// Keep-alive connections idle this long are closed; subscribers poll every few minutes.
  static let idleTimeout = TimeAmount.seconds(60)
  /// Calendar clients open one or two connections; more are refused (closed at once).
  static let maximumConnections = 64

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
    port: Int, token: FeedToken, source: any FeedSource,
    group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton, logger: Logger
  ) async throws -> FeedServer {
    guard (0...65_535).contains(port) else { throw FeedServerError.invalidPort(port) }
    let connections = FeedConnections()
    let bootstrap = ServerBootstrap(group: group)
      // A restarted daemon gets its port back although the last connections are in TIME_WAIT.
      .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
      .serverChannelOption(ChannelOptions.backlog, value: 64)
      .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { channel in
        guard connections.insert(channel, limit: maximumConnections) else {
          channel.close(promise: nil)
          return channel.eventLoop.makeSucceededVoidFuture()
        }
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.addHandlers(
            IdleStateHandler(allTimeout: idleTimeout), ByteToMessageHandler(FeedRequestDecoder()),
            FeedHTTPHandler(token: token, source: source, logger: logger))
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
