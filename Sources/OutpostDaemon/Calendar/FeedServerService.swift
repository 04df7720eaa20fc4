import Foundation
import Logging
import NIOCore
import NIOPosix
import ServiceLifecycle
import Synchronization

/// Runs the calendar feed in the service group: binds at start, stops at graceful shutdown. A
/// feed that cannot start (port taken, unwritable token) is logged and left out; it does not
/// take the daemon (and so sync) down with it.
struct FeedServerService: Service {
  let calendars: CalendarFiles
  /// `calendar.feed_port`: 0 lets the system choose the first time; the port chosen is kept in
  /// `<calendars>/feed-port` and asked for again on the next start, so subscriptions survive
  /// restarts.
  let port: Int
  let group: any EventLoopGroup
  let logger: Logger
  /// Where `outpost calendar url` finds the addresses.
  let endpoint: FeedEndpoint

  static let portFileName = "feed-port"

  init(
    calendars: CalendarFiles, port: Int, group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
    logger: Logger, endpoint: FeedEndpoint
  ) {
    self.calendars = calendars
    self.port = port
    self.group = group
    self.logger = logger
    self.endpoint = endpoint
  }

  func run() async throws {
    let started: (server: FeedServer, token: FeedToken)
    do {
      started = try await start()
    } catch {
      logger.error("calendar feed: not serving: \(error)")
      try? await gracefulShutdown()
      return
    }
    endpoint.publish(token: started.token, port: started.server.port)
    logger.info("calendar feed: serving on \(FeedServer.host):\(started.server.port) (`outpost calendar url`)")
    try? await gracefulShutdown()
    endpoint.withdraw()
    await started.server.stop()
  }

  private func start() async throws -> (server: FeedServer, token: FeedToken) {
    let directory = calendars.directory
    let (token, created) = try FeedToken.loadOrCreate(directory: directory)
    if created { logger.notice("calendar feed: made a new token in \(directory)/\(FeedToken.fileName)") }
    let portFile = directory + "/" + Self.portFileName
    let remembered = port == 0 ? Self.readPort(portFile) : nil
    var server: FeedServer?
    if let remembered {
      do {
        server = try await FeedServer.start(
          port: remembered, token: token, source: calendars, group: group, logger: logger)
      } catch {
        logger.warning(
          """
          calendar feed: port \(remembered) (used last time) is taken: \(error); moving to another one, so \
          subscriptions must be renewed (`outpost calendar url`)
          """)
      }
    }
    let bound: FeedServer
    if let server {
      bound = server
    } else {
      bound = try await FeedServer.start(port: port, token: token, source: calendars, group: group, logger: logger)
    }
    if port == 0, bound.port != remembered {
      do {
        try Data("\(bound.port)\n".utf8).write(to: URL(fileURLWithPath: portFile), options: .atomic)
      } catch {
        logger.warning("calendar feed: cannot remember port \(bound.port) in \(portFile): \(error)")
      }
    }
    return (bound, token)
  }

  static func readPort(_ path: String) -> Int? {
    guard let data = FileManager.default.contents(atPath: path),
      let port = Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)),
      (1...65_535).contains(port)
    else { return nil }
    return port
  }
}

/// The feed's addresses while it listens.
final class FeedEndpoint: Sendable {
  struct Address: Sendable, Equatable {
    /// `all`, or an account's name.
    var calendar: String
    /// `http://127.0.0.1:PORT/calendar/TOKEN/NAME.ics`
    var http: String
    /// The same with `webcal://`, which GNOME Calendar, Evolution and Thunderbird open as a
    /// subscription.
    var webcal: String
  }

  private let state = Mutex<(token: FeedToken, port: Int)?>(nil)

  init() {}

  func publish(token: FeedToken, port: Int) { state.withLock { $0 = (token, port) } }

  func withdraw() { state.withLock { $0 = nil } }

  /// The port bound, nil while the feed is not listening.
  var port: Int? { state.withLock { $0?.port } }

  /// The merged calendar first, then one per account; nil while the feed is not listening.
  func addresses(accountNames: [String]) -> [Address]? {
    guard let (token, port) = state.withLock({ $0 }) else { return nil }
    // Account names are letters, digits and `._-@`, all allowed in a URL path segment as is.
    return ([CalendarFiles.allName] + accountNames).map { name in
      let path = "\(FeedServer.host):\(port)/calendar/\(token.text)/\(name).ics"
      return Address(calendar: name, http: "http://" + path, webcal: "webcal://" + path)
    }
  }
}
