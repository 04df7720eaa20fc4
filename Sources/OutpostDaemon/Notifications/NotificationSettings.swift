import Foundation
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
  var rules = ReminderRules.defaults
  /// Reminders later than this after their time are recorded missed, not shown.
  var catchUpCutoff: Duration = CatchUp.defaultCutoff

  init() {}

  /// From the configuration: the assignment rules (evening before at a time, a time before
  /// the start), the catch-up cutoff, quiet hours and muted categories.
  init(_ configuration: DaemonConfiguration, language: Language) {
    self.language = language
    desktop = configuration.notificationsDesktop
    var assignments = ReminderRules.defaults[.assignment]
    if configuration.remindersEveningBefore.isEmpty {
      assignments.eveningBefore = nil
    } else if let time = try? LocalTime.parse(configuration.remindersEveningBefore) {
      assignments.eveningBefore = .init(time: time)
    }
    assignments.beforeStart =
      configuration.remindersBeforeMinutes > 0 ? .seconds(configuration.remindersBeforeMinutes * 60) : nil
    rules = ReminderRules.defaults
    rules.kinds[.assignment] = assignments
    catchUpCutoff = .seconds(configuration.remindersCatchUpMinutes * 60)
    preferences.quietHours = QuietHours(configuration.notificationsQuietHours)
    preferences.disabled = Set(
      configuration.notificationsMuted.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
        !$0.isEmpty
      })
  }
}
