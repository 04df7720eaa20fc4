import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The sandbox: fake upstream services served over real HTTP, by default on a free loopback
/// port. Tests start one in-process; the `outpost-sandbox` executable runs one for scripts and
/// demos. It hosts modules (VolleyManager at the root, "tasks" under `/tasks`, "keycloak" under
/// `/keycloak`) that share one clock, one request log and the admin API under `/__admin/`.
public final class SandboxServer: Sendable {
  public let port: Int
  /// `http://HOST:PORT`, without a trailing slash.
  public let baseURL: String
  /// The mounted services, in declaration order.
  public let services: [SandboxServiceName]
  /// The fake VolleyManager's live state (it exists even when not mounted, answering nothing).
  public let volleyManager: VolleyManagerSandbox
  /// The tasks service's live state (it exists even when not mounted, answering nothing).
  public let tasks: TasksSandbox
  /// The keycloak service's live state (it exists even when not mounted, answering nothing).
  public let keycloak: KeycloakSandbox
  /// The rpp service's live state (it exists even when not mounted, answering nothing).
  public let rpp: RPPSandbox
  /// The viiraa project's live state (it exists even when not mounted, answering nothing).
  public let viiraa: ViiRaaSandbox
  /// The agility project's live state (it exists even when not mounted, answering nothing).
  public let agility: AgilitySandbox
  /// Agile Network brands' gateway's live state (it exists even when not mounted, answering nothing).
  public let agileNetwork: AgileNetworkSandbox
  private let clock: SandboxSharedClock
  private let listener: any Channel
  private let connections: SandboxConnections
  /// This sandbox's own event loop, not the process's shared ones: a sandbox answering a large
  /// listing (its handlers compute on the loop) must not hold up the clients and the other
  /// servers of the same test process, nor another test's sandbox. Shut down by `stop()`.
  private let eventLoops: MultiThreadedEventLoopGroup
  /// Set by the first `stop()`: the loop is gone after it, so nothing may touch the channels.
  private let stopped = Mutex(false)

  private init(
    port: Int, baseURL: String, services: [SandboxServiceName], volleyManager: VolleyManagerSandbox,
    tasks: TasksSandbox, keycloak: KeycloakSandbox, rpp: RPPSandbox, viiraa: ViiRaaSandbox,
    agility: AgilitySandbox, agileNetwork: AgileNetworkSandbox, clock: SandboxSharedClock, listener: any Channel,
    connections: SandboxConnections,
    eventLoops: MultiThreadedEventLoopGroup
  ) {
    self.eventLoops = eventLoops
    self.port = port
    self.baseURL = baseURL
    self.services = services
    self.volleyManager = volleyManager
    self.tasks = tasks
    self.keycloak = keycloak
    self.rpp = rpp
    self.viiraa = viiraa
    self.agility = agility
    self.agileNetwork = agileNetwork
    self.clock = clock
    self.listener = listener
    self.connections = connections
  }

  /// Where a service is mounted: `baseURL` for VolleyManager, `baseURL/tasks` for tasks,
  /// `baseURL/rpp/v1` (the API base; its Firebase hosts hang off `baseURL`) for rpp.
  public func url(for service: SandboxServiceName) -> String {
    switch service {
    case .volleymanager: baseURL
    case .tasks: baseURL + TasksService.prefix
    case .keycloak: baseURL + KeycloakService.prefix
    case .rpp: baseURL + RPPAPI.base
    case .viiraa: baseURL + ViiRaaService.prefix
    case .agility: baseURL + AgilityService.prefix
    case .agilenetwork: baseURL + AgileNetworkService.prefix
    }
  }

  /// Why the projects that keep their data on PostgreSQL cannot start here (it is not
  /// installed), or nil.
  public static func postgresMissing() -> String? {
    SandboxPostgresCluster.binaries() == nil ? "\(SandboxPostgresCluster.StartError.notInstalled)" : nil
  }

  /// Moves the one clock of the sandbox forward, for every service at once.
  public func advanceClock(seconds: Double) async { clock.advance(seconds: seconds) }

  public static func start(_ configuration: SandboxConfiguration) async throws -> SandboxServer {
    guard (0...65_535).contains(configuration.port) else { throw SandboxServerError.invalidPort(configuration.port) }
    let clock = SandboxSharedClock(referenceDate: configuration.referenceDate, manual: configuration.manualClock)
    let volleyManager = VolleyManagerSandbox(configuration: configuration, clock: clock)
    let tasks = await TasksSandbox(configuration: configuration.tasks, seed: configuration.seed, clock: clock)
    let keycloak = KeycloakSandbox(configuration: configuration.keycloak, seed: configuration.seed, clock: clock)
    let rpp = await RPPSandbox(configuration: configuration.rpp, seed: configuration.seed, clock: clock)
    let viiraa = await ViiRaaSandbox(configuration: configuration.viiraa, seed: configuration.seed, clock: clock)
    let agility = await AgilitySandbox(configuration: configuration.agility, seed: configuration.seed, clock: clock)
    let agileNetwork = AgileNetworkSandbox(
      configuration: configuration.agileNetwork, realms: configuration.keycloak.realms, keycloak: keycloak,
      seed: configuration.seed, clock: clock)
    let modules: [any SandboxService] = [
      VolleyManagerService(sandbox: volleyManager), TasksService(sandbox: tasks), KeycloakService(sandbox: keycloak),
      RPPService(sandbox: rpp), ViiRaaService(sandbox: viiraa), AgilityService(sandbox: agility),
      AgileNetworkService(sandbox: agileNetwork),
    ].filter { configuration.services.contains($0.name) }
    let admin = SandboxAdmin(services: modules, clock: clock, seed: configuration.seed)
    let router = SandboxRouter(services: modules, admin: admin)
    let connections = SandboxConnections()
    let logger = configuration.requestLogger
    // The listening socket is made by hand (close-on-exec, see SandboxSockets), already bound
    // and listening, so no server-channel options are needed.
    let eventLoops = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    let bootstrap = ServerBootstrap(group: eventLoops)
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
      try? await eventLoops.shutdownGracefully()
      throw error
    }
    guard let port = listener.localAddress?.port else {
      try? await listener.close()
      throw SandboxServerError.noLocalAddress
    }
    let host = configuration.host.contains(":") ? "[\(configuration.host)]" : configuration.host
    return SandboxServer(
      port: port, baseURL: "http://\(host):\(port)", services: configuration.services.sorted(),
      volleyManager: volleyManager, tasks: tasks, keycloak: keycloak, rpp: rpp, viiraa: viiraa, agility: agility,
      agileNetwork: agileNetwork, clock: clock,
      listener: listener,
      connections: connections, eventLoops: eventLoops)
  }

  /// Stops accepting and closes every open connection (keep-alive ones included). Calling it
  /// again does nothing.
  public func stop() async throws {
    let first = stopped.withLock { stopped in
      defer { stopped = true }
      return !stopped
    }
    guard first else { return }
    // Replies held for a crash test go out (to connections about to close) instead of
    // waiting forever.
    await tasks.holdRefreshReplies(false)
    await rpp.holdWriteReplies(false)
    do {
      try await listener.close()
    } catch ChannelError.alreadyClosed {
      await tasks.detachPostgres()
      await viiraa.detachPostgres()
      await agility.detachPostgres()
      return
    }
    for channel in connections.removeAll() {
      try? await channel.close()
    }
    try? await eventLoops.shutdownGracefully()
    await tasks.detachPostgres()
    await viiraa.detachPostgres()
    await agility.detachPostgres()
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
