import OutpostModel

/// `events.subscribe`: from now on the daemon pushes an `event` notification for each event on
/// this connection. With `since`, the events after that sequence number are pushed first (right
/// after this reply), if the daemon still has them; if it does not, `resyncNeeded` is true and
/// the client should re-read whatever state it mirrors, then follow from `currentSeq`.
public enum EventsSubscribe: RPCMethod {
  public static let name = "events.subscribe"

  public struct Params: Codable, Sendable, Equatable {
    /// The last sequence number the client saw.
    public var since: Int64?
    /// Only events whose type starts with one of these prefixes (e.g. `"daemon."`).
    public var types: [String]?

    public init(since: Int64? = nil, types: [String]? = nil) {
      self.since = since
      self.types = types
    }
  }

  public struct Result: Codable, Sendable, Equatable {
    /// Sequence number of the newest event at the moment of subscribing.
    public var currentSeq: Int64
    /// Oldest sequence number still retained, if any event is.
    public var oldestSeq: Int64?
    /// How many retained events follow this reply as notifications.
    public var replayed: Int
    /// True when events after `since` are no longer retained (or `since` is in the future).
    public var resyncNeeded: Bool

    public init(currentSeq: Int64, oldestSeq: Int64?, replayed: Int, resyncNeeded: Bool) {
      self.currentSeq = currentSeq
      self.oldestSeq = oldestSeq
      self.replayed = replayed
      self.resyncNeeded = resyncNeeded
    }
  }
}

/// `events.unsubscribe`: stop pushing events on this connection.
public enum EventsUnsubscribe: RPCMethod {
  public static let name = "events.unsubscribe"
  public typealias Params = NoParams

  public struct Result: Codable, Sendable, Equatable {
    /// False when the connection had no subscription.
    public var unsubscribed: Bool
    public init(unsubscribed: Bool) { self.unsubscribed = unsubscribed }
  }
}

/// The `event` notification the daemon pushes to subscribers.
public enum EventNotification: RPCNotification {
  public static let name = "event"
  public typealias Params = OutpostEvent
}
