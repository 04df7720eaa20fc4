import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The sandbox: fake upstream services served over real HTTP, by default on a free loopback
/// port. Tests start one in-process; the `outpost-sandbox` executable runs one for scripts and
/// demos.
public final class SandboxServer: Sendable {
  public let port: Int
  /// `http://HOST:PORT`, without a trailing slash.
  public let baseURL: String
  /// The fake VolleyManager's live state.
  public let volleyManager: VolleyManagerSandbox
  private let listener: any Channel
  private let connections: SandboxConnections

  private init(
    port: Int, baseURL: String, volleyManager: VolleyManagerSandbox, listener: any Channel,
    connections: SandboxConnections
  ) {
    self.port = port
    self.baseURL = baseURL
    self.volleyManager = volleyManager
    self.listener = listener
    self.connections = connections
  }

  public static func start(_ configuration: SandboxConfiguration) async throws -> SandboxServer {
    guard (0...65_535).contains(configuration.port) else { throw SandboxServerError.invalidPort(configuration.port) }
    let volleyManager = VolleyManagerSandbox(configuration: configuration)
    let router = SandboxRouter(services: [VolleyManagerService(sandbox: volleyManager)])
    let connections = SandboxConnections()
    let logger = configuration.requestLogger
    // The listening socket is made by hand (close-on-exec, see SandboxSockets), already bound
    // and listening, so no server-channel options are needed.
    let bootstrap = ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
      // Replies are small and written at once; Nagle would only add latency.
      .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
      .childChannelInitializer { channel in
        SandboxSockets.markCloseOnExec(local: channel.localAddress, remote: channel.remoteAddress)
        connections.insert(channel)
        return channel.eventLoop.makeCompletedFuture {
          try channel.pipeline.syncOperations.configureHTTPServerPipeline(withErrorHandling: true)
          try channel.pipeline.syncOperations.addHandler(SandboxHTTPHandler(router: router, logger: logger))
        }
      }
    let descriptor = try SandboxSockets.listeningSocket(host: configuration.host, port: configuration.port)
    let listener: any Channel
    do {
      listener = try await bootstrap.withBoundSocket(descriptor).get()
    } catch {
      close(descriptor)
      throw error
    }
    guard let port = listener.localAddress?.port else {
      try? await listener.close()
      throw SandboxServerError.noLocalAddress
    }
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    return SandboxServer(
      port: port, baseURL: "http://\(host):\(port)", volleyManager: volleyManager, listener: listener,
      connections: connections)
  }

  /// Stops accepting and closes every open connection (keep-alive ones included). Calling it
  /// again does nothing.
  public func stop() async throws {
    do {
      try await listener.close()
    } catch ChannelError.alreadyClosed {
      return
    }
    for channel in connections.removeAll() {
      try? await channel.close()
    }
  }
}

public enum SandboxServerError: Error, CustomStringConvertible {
  case invalidPort(Int)
  case noLocalAddress
  case socket(call: String, errno: CInt)

  public var description: String {
    switch self {
    case .invalidPort(let port): "port \(port) is not in 0…65535"
    case .noLocalAddress: "the listening socket has no local address"
    case .socket(let call, let code): "\(call) failed: \(String(cString: strerror(code)))"
    }
  }
}

/// The open connections, so `stop()` can close idle keep-alive ones instead of leaving them.
final class SandboxConnections: Sendable {
  private let channels = Mutex<[ObjectIdentifier: any Channel]>([:])

  func insert(_ channel: any Channel) {
    let id = ObjectIdentifier(channel)
    channels.withLock { $0[id] = channel }
    channel.closeFuture.whenComplete { [self] _ in
      _ = channels.withLock { $0.removeValue(forKey: id) }
    }
  }

  func removeAll() -> [any Channel] {
    channels.withLock { channels in
      defer { channels.removeAll() }
      return Array(channels.values)
    }
  }
}
