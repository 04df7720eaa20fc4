#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Something that happened in the daemon, as subscribers see it. `seq` grows by one for every
/// event ever recorded and is never reused (it survives restarts), so a client that remembers
/// the last `seq` it saw can ask for exactly what it missed.
public struct OutpostEvent: Codable, Sendable, Equatable {
  public var seq: Int64
  /// `noun.didVerb`, e.g. `daemon.didStart`.
  public var type: String
  public var time: Date
  public var data: JSONValue

  public init(seq: Int64, type: String, time: Date, data: JSONValue) {
    self.seq = seq
    self.type = type
    self.time = time
    self.data = data
  }
}

/// Event types the daemon emits. Later capabilities add theirs here so that clients and the
/// schema have one list.
public enum OutpostEventType {
  public static let daemonDidStart = "daemon.didStart"
  public static let daemonWillStop = "daemon.willStop"
  /// data: `account` (id), `name`, `kind`.
  public static let accountDidAdd = "account.didAdd"
  /// data: `account` (id), `name`.
  public static let accountDidRemove = "account.didRemove"
  /// data: `account` (id), `name`, `state`, `reason` (null when ok). Sent once per change.
  public static let accountDidChangeState = "account.didChangeState"
  /// data: `account` (id), `name`, `new`, `changed`, `cancelled`, `removed` (counts) and
  /// `changes` (the first 100 `ItemChange`s). Sent only when a sync changed something.
  public static let itemsDidChange = "items.didChange"
  /// data: the `QueuedAction` (number, type, state, problem, …) after each state change.
  public static let actionDidChange = "action.didChange"
  /// A notification was stored (and shown, unless quiet hours, the category's setting or a
  /// missing notification server kept it off the desktop): `{id, category, summary, delivery}`.
  public static let notificationDidAdd = "notification.didAdd"
}
