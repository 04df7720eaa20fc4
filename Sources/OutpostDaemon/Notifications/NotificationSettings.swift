import Foundation
import OutpostConnectors
import OutpostModel
import OutpostReminders

/// What the configuration says about reminders and notifications (`[reminders]`,
/// `[notifications]`), as the services take it.
struct NotificationSettings: Sendable {
  var language: Language = .en
  var timeZone: TimeZone = .current
  /// Whether notifications go to the desktop at all (they are always stored).
  var desktop = true
  var preferences = NotificationPreferences()
  var rules = Self.defaultRules()
  /// The kinds of item that take the start reminders configured here, as connectors declare.
  static var startKinds: [ItemKind] { ConnectorRegistry.startReminderKinds }
  /// Reminders later than this after their time are recorded missed, not shown.
  var catchUpCutoff: Duration = CatchUp.defaultCutoff

  init() {}

  static func defaultRules() -> ReminderRules {
    var rules = ReminderRules.forStartKinds(startKinds)
    applyKindEvenings(&rules)
    return rules
  }

  /// The evening-before time a kind declares for itself (RPP's shoots: 18:00), where the user
  /// has not set one for all.
  static func applyKindEvenings(_ rules: inout ReminderRules) {
    for declaration in ConnectorRegistry.itemKinds where declaration.startReminders {
      guard let text = declaration.eveningBefore, let time = try? LocalTime.parse(text),
        rules[declaration.kind].eveningBefore != nil
      else { continue }
      rules[declaration.kind].eveningBefore = .init(time: time)
    }
  }

  /// From the configuration: the start rules (evening before at a time, a time before the
  /// start) of every kind that takes them, the catch-up cutoff, quiet hours and muted categories.
  init(_ configuration: DaemonConfiguration, language: Language) {
    self.language = language
    desktop = configuration.notificationsDesktop
    var start = ReminderRules.startDefaults
    if configuration.remindersEveningBefore.isEmpty {
      start.eveningBefore = nil
    } else if let time = try? LocalTime.parse(configuration.remindersEveningBefore) {
      start.eveningBefore = .init(time: time)
    }
    start.beforeStart =
      configuration.remindersBeforeMinutes > 0 ? .seconds(configuration.remindersBeforeMinutes * 60) : nil
    rules = ReminderRules.forStartKinds(Self.startKinds, start: start)
    if !configuration.givenKeys.contains("reminders.evening_before") { Self.applyKindEvenings(&rules) }
    catchUpCutoff = .seconds(configuration.remindersCatchUpMinutes * 60)
    preferences.quietHours = QuietHours(configuration.notificationsQuietHours)
    preferences.disabled = Set(
      configuration.notificationsMuted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty
      })
  }
}
