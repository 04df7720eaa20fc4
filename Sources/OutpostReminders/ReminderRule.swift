/// When an item reminds its user. Written out in full by the reminders work (issue 6).
public enum ReminderRuleKind: String, Sendable, CaseIterable {
  /// At a set local time on the evening before the item starts.
  case eveningBefore = "evening-before"
  /// A set time before the item starts.
  case beforeStart = "before-start"
}
