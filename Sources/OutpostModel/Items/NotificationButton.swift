/// A button a notification about an item offers, declared with the item's kind: pressing it
/// queues one of the connector's actions on that item (a coaching reminder's "Done"), exactly
/// as `outpost actions add` would, so it is checked, queued offline and sent once.
public struct NotificationButton: Codable, Sendable, Equatable {
  /// Unique within the kind ("done", "snooze-30").
  public var key: String
  public var action: ActionType
  /// The action's parameters (checked against its declaration when pressed).
  public var params: [String: JSONValue]
  public var label: LocalizedText

  public init(key: String, action: ActionType, params: [String: JSONValue] = [:], label: LocalizedText) {
    self.key = key
    self.action = action
    self.params = params
    self.label = label
  }

  /// The key the notification server sends back: told apart from Open, Snooze and Dismiss.
  public var desktopKey: String { Self.prefix + key }

  public static let prefix = "item-"

  /// The declared key a desktop key names, if it names one.
  public static func key(fromDesktopKey desktopKey: String) -> String? {
    desktopKey.hasPrefix(prefix) ? String(desktopKey.dropFirst(prefix.count)) : nil
  }
}
