/// When an item reminds its user. The raw value is the `rule` the store keys reminders by
/// (with the item), so it never changes once released.
public enum ReminderRuleKind: String, Sendable, CaseIterable {
  /// At a set local time on the evening before the item starts.
  case eveningBefore = "evening-before"
  /// A set time before the item starts.
  case beforeStart = "before-start"

  /// The rule name of a connector's deadline (`deadline:<name>`).
  public static func deadline(_ name: String) -> String { deadlinePrefix + name }

  /// The deadline's name when `rule` is a deadline rule.
  public static func deadlineName(of rule: String) -> String? {
    rule.hasPrefix(deadlinePrefix) ? String(rule.dropFirst(deadlinePrefix.count)) : nil
  }

  static let deadlinePrefix = "deadline:"
}
