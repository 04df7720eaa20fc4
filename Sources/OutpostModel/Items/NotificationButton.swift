/// A button a notification about an item offers, declared with the item's kind: pressing it
/// either queues one of the connector's actions on that item (a coaching reminder's "Done"),
/// exactly as `outpost actions add` would, so it is checked, queued offline and sent once; or
/// runs an `outpost` command in a terminal (a new message's "Reply": `outpost rpp messages
/// {conversationId}`).
public struct NotificationButton: Codable, Sendable, Equatable {
  /// Unique within the kind ("done", "snooze-30").
  public var key: String
  /// The action it queues; nil for a button that runs `command`.
  public var action: ActionType?
  /// The action's parameters (checked against its declaration when pressed).
  public var params: [String: JSONValue]
  /// The `outpost …` command it runs in a terminal, words separated by spaces, where `{key}`
  /// takes the item's detail `key`; nil for a button that queues `action`.
  public var command: String?
  public var label: LocalizedText

  public init(key: String, action: ActionType, params: [String: JSONValue] = [:], label: LocalizedText) {
    self.key = key
    self.action = action
    self.params = params
    self.label = label
  }

  public init(key: String, command: String, label: LocalizedText) {
    self.key = key
    self.params = [:]
    self.command = command
    self.label = label
  }

  /// The command's words for `item`, its placeholders filled from the item's details; nil when
  /// it is no `outpost` command, or a value is missing or not plain (letters, digits, `-`, `_`,
  /// `.`), so a service's data can never put anything else on a command line.
  public func commandLine(for item: Item) -> [String]? {
    guard let command else { return nil }
    var words: [String] = []
    for word in command.split(separator: " ") {
      var filled = String(word)
      while let open = filled.firstIndex(of: "{"), let close = filled[open...].firstIndex(of: "}") {
        let key = String(filled[filled.index(after: open)..<close])
        let value: String
        switch item.details[key] {
        case .string(let text)?: value = text
        case .int(let number)?: value = String(number)
        default: return nil
        }
        guard !value.isEmpty, value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        else { return nil }
        filled.replaceSubrange(open...close, with: value)
      }
      words.append(filled)
    }
    return words.first == "outpost" ? words : nil
  }

  /// The key the notification server sends back: told apart from Open, Snooze and Dismiss.
  public var desktopKey: String { Self.prefix + key }

  public static let prefix = "item-"

  /// The declared key a desktop key names, if it names one.
  public static func key(fromDesktopKey desktopKey: String) -> String? {
    desktopKey.hasPrefix(prefix) ? String(desktopKey.dropFirst(prefix.count)) : nil
  }
}
