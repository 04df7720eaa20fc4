import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `daemon.status`: how the daemon is doing — uptime, where its files are, counts, and the health
/// of each component.
public enum DaemonStatus: RPCMethod {
  public static let name = "daemon.status"
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    public var version: String
    public var pid: Int32
    public var startedAt: Date
    public var uptimeSeconds: Double
    public var socketPath: String
    public var storePath: String
    public var configPath: String
    public var counts: Counts
    public var components: [Component]

    public init(
      version: String, pid: Int32, startedAt: Date, uptimeSeconds: Double, socketPath: String,
      storePath: String, configPath: String, counts: Counts, components: [Component]
    ) {
      self.version = version
      self.pid = pid
      self.startedAt = startedAt
      self.uptimeSeconds = uptimeSeconds
      self.socketPath = socketPath
      self.storePath = storePath
      self.configPath = configPath
      self.counts = counts
      self.components = components
    }
  }

  public struct Counts: Codable, Sendable, Equatable {
    /// Open client connections, this one included.
    public var connections: Int
    public var subscribers: Int
    /// Events retained for `events.subscribe` with `since`.
    public var eventsRetained: Int
    /// Sequence number of the newest event (0 before the first).
    public var lastEventSeq: Int64

    public init(connections: Int, subscribers: Int, eventsRetained: Int, lastEventSeq: Int64) {
      self.connections = connections
      self.subscribers = subscribers
      self.eventsRetained = eventsRetained
      self.lastEventSeq = lastEventSeq
    }
  }

  public struct Component: Codable, Sendable, Equatable {
    public enum Health: String, Codable, Sendable {
      case ok, degraded, failed
    }
    public var name: String
    public var health: Health
    /// What the user should know or do when health is not `ok`, in English, one line each.
    public var detail: String?
    /// The same lines as phrases, for each client to say in its own language (API 1.18).
    public var detailPhrases: [Phrase]?

    public init(name: String, health: Health, detail: String? = nil) {
      self.name = name
      self.health = health
      self.detail = detail
    }

    /// A component whose detail is said line by line: `detail` is their English text.
    public init(name: String, health: Health, lines: [Phrase]) {
      self.init(name: name, health: health, detail: lines.map(\.english).joined(separator: "\n"))
      self.detailPhrases = lines
    }
  }
}
