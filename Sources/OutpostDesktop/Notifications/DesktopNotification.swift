/// One notification for `org.freedesktop.Notifications.Notify`, as the Desktop Notifications
/// Specification (1.2) defines it.
public struct DesktopNotification: Sendable, Equatable {
  public enum Urgency: UInt8, Sendable, Equatable {
    case low = 0
    case normal = 1
    case critical = 2
  }

  /// A button: the key comes back in `ActionInvoked`, the label is what the user sees. The key
  /// "default" is the click on the notification itself.
  public struct Action: Sendable, Equatable {
    public var key: String
    public var label: String

    public init(key: String, label: String) {
      self.key = key
      self.label = label
    }
  }

  public var appName: String
  /// The id of a notification this one updates in place (0: a new notification).
  public var replacesID: UInt32
  /// An icon name from the theme, or a `file://` URI ("" for none).
  public var icon: String
  public var summary: String
  public var body: String
  public var actions: [Action]
  public var urgency: Urgency
  /// A category such as "im.received" or "x-outpost.reminder" (hint `category`).
  public var category: String?
  /// The desktop file's name without ".desktop" (hint `desktop-entry`).
  public var desktopEntry: String?
  /// Milliseconds; -1 lets the server decide, 0 never expires.
  public var expireTimeout: Int32
  /// Keep the notification after an action was invoked (hint `resident`).
  public var resident: Bool
  /// Do not keep it in the server's history (hint `transient`).
  public var transient: Bool

  public init(
    appName: String = "Outpost", replacesID: UInt32 = 0, icon: String = "", summary: String, body: String = "",
    actions: [Action] = [], urgency: Urgency = .normal, category: String? = nil, desktopEntry: String? = nil,
    expireTimeout: Int32 = -1, resident: Bool = false, transient: Bool = false
  ) {
    self.appName = appName
    self.replacesID = replacesID
    self.icon = icon
    self.summary = summary
    self.body = body
    self.actions = actions
    self.urgency = urgency
    self.category = category
    self.desktopEntry = desktopEntry
    self.expireTimeout = expireTimeout
    self.resident = resident
    self.transient = transient
  }

  /// The `hints` dictionary, in a fixed order. Flags that are off are left out.
  public var hints: [(String, BusVariant)] {
    var hints: [(String, BusVariant)] = [("urgency", .byte(urgency.rawValue))]
    if let category { hints.append(("category", .string(category))) }
    if let desktopEntry { hints.append(("desktop-entry", .string(desktopEntry))) }
    if resident { hints.append(("resident", .boolean(true))) }
    if transient { hints.append(("transient", .boolean(true))) }
    return hints
  }

  /// `actions` as the flat list `Notify` takes: key, label, key, label, ….
  public var flatActions: [String] { actions.flatMap { [$0.key, $0.label] } }

  /// For a server without the "actions" capability: the actions become lines of the body that
  /// say what to type instead ("Open: outpost open 42"). An action with no command (such as
  /// Dismiss: closing the notification does that) is left out. Pure.
  public func foldingActionsIntoBody(commands: [String: String]) -> DesktopNotification {
    guard !actions.isEmpty else { return self }
    var folded = self
    folded.actions = []
    let lines = actions.compactMap { action in commands[action.key].map { "\(action.label): \($0)" } }
    folded.body = ([body].filter { !$0.isEmpty } + lines).joined(separator: "\n")
    return folded
  }

  /// What to send to a server with these capabilities: actions folded into the body when it
  /// cannot show them, and summary/body escaped when it reads the body as markup (so that "&"
  /// or "<" in an event's title shows as written). Pure.
  public func prepared(for capabilities: Set<String>, commands: [String: String]) -> DesktopNotification {
    var prepared = capabilities.contains("actions") ? self : foldingActionsIntoBody(commands: commands)
    if capabilities.contains("body-markup") { prepared.body = Self.escapingMarkup(prepared.body) }
    return prepared
  }

  /// Escapes the characters the specification's body markup (a subset of XML) treats specially
  /// in text (quotes are left alone: not every server knows `&apos;`).
  public static func escapingMarkup(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}

/// The actions a reminder offers: Open, Snooze (5 min, 15 min, 1 h) and Dismiss.
public enum ReminderAction: Sendable, Hashable {
  case open
  case snooze(minutes: Int)
  case dismiss

  public static let standard: [ReminderAction] = [
    .open, .snooze(minutes: 5), .snooze(minutes: 15), .snooze(minutes: 60), .dismiss,
  ]

  /// The key sent to the server and received in `ActionInvoked`.
  public var key: String {
    switch self {
    case .open: "open"
    case .snooze(let minutes): "snooze-\(minutes)"
    case .dismiss: "dismiss"
    }
  }

  public var label: String {
    switch self {
    case .open: "Open"
    case .snooze(let minutes) where minutes % 60 == 0: "Snooze \(minutes / 60) h"
    case .snooze(let minutes): "Snooze \(minutes) min"
    case .dismiss: "Dismiss"
    }
  }

  public var action: DesktopNotification.Action { .init(key: key, label: label) }

  /// The action for a key from `ActionInvoked`; "default" (a click on the notification itself)
  /// opens.
  public init?(key: String) {
    switch key {
    case "open", "default": self = .open
    case "dismiss": self = .dismiss
    default:
      guard key.hasPrefix("snooze-"), let minutes = Int(key.dropFirst("snooze-".count)), minutes > 0 else {
        return nil
      }
      self = .snooze(minutes: minutes)
    }
  }
}
