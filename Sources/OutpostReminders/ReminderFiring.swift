import Foundation
import OutpostModel
import OutpostStore

/// Carries out a `CatchUpDecision` on the store: the late ones recorded missed, the stale ones
/// withdrawn, the rest fired with one notification (grouped when several). Showing it on the
/// desktop is the caller's: `Store.setNotificationDelivery` records how that went.
public enum ReminderFiring {
  public struct Outcome: Sendable, Equatable {
    /// Really fired by this call (not by a racing one), and the notification that shows them.
    public var fired: FiredReminders
    /// Really recorded missed, withdrawn.
    public var missed: [Int64]
    public var withdrawn: [Int64]

    /// What to show on the desktop, if anything.
    public var notification: StoredNotification? { fired.notification }
  }

  public static func record(
    _ decision: CatchUpDecision, in store: Store, at time: Date,
    compose: @escaping @Sendable ([StoredReminder]) -> NewNotification?
  ) async throws(StoreError) -> Outcome {
    let missed = try await store.markReminders(decision.missed.map(\.number), state: .missed, at: time)
    let withdrawn = try await store.markReminders(decision.withdraw.map(\.number), state: .withdrawn, at: time)
    let fired = try await store.fireReminders(decision.fire.map(\.number), at: time, notification: compose)
    return Outcome(fired: fired, missed: missed, withdrawn: withdrawn)
  }

  /// `record` with the plain English texts of `ReminderText`.
  public static func record(_ decision: CatchUpDecision, in store: Store, at time: Date, timeZone: TimeZone)
    async throws(StoreError) -> Outcome
  {
    try await record(decision, in: store, at: time) { reminders in
      ReminderText.notification(for: reminders, now: time, timeZone: timeZone)
    }
  }
}

/// Plain texts for reminder notifications (the daemon may word them through its localizer).
public enum ReminderText {
  /// One reminder: its item's title, when and where. Several: "3 reminders" and a line each.
  public static func notification(for reminders: [StoredReminder], now: Date, timeZone: TimeZone)
    -> NewNotification?
  {
    guard let first = reminders.first else { return nil }
    let accounts = Set(reminders.map(\.item.accountID))
    if reminders.count == 1 {
      let item = first.item.item
      let time = item.startsAt.map { Self.when($0, now: now, timeZone: timeZone) }
      let body = [time, item.location].compactMap { $0 }.joined(separator: "\n")
      return NewNotification(
        category: .reminder, accountID: first.item.accountID, itemNumber: first.itemNumber, summary: item.title,
        body: body, link: item.link)
    }
    let lines = reminders.map { reminder in
      let item = reminder.item.item
      return (item.startsAt.map { Self.when($0, now: now, timeZone: timeZone) + ": " } ?? "") + item.title
    }
    return NewNotification(
      category: .reminder, accountID: accounts.count == 1 ? first.item.accountID : nil,
      summary: "\(reminders.count) reminders", body: lines.joined(separator: "\n"))
  }

  /// "today 18:30", "tomorrow 18:30", "Sat 24 Oct 18:30", local time.
  public static func when(_ date: Date, now: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .weekday], from: date)
    let clock = LocalTime(hour: parts.hour ?? 0, minute: parts.minute ?? 0)?.description ?? ""
    let days = calendar.dateComponents(
      [.day], from: calendar.startOfDay(for: now), to: calendar.startOfDay(for: date)
    ).day
    switch days {
    case 0: return "today \(clock)"
    case 1: return "tomorrow \(clock)"
    default:
      let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
      let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
      let weekday = weekdays[((parts.weekday ?? 1) - 1) % 7]
      let month = months[((parts.month ?? 1) - 1) % 12]
      return "\(weekday) \(parts.day ?? 1) \(month) \(clock)"
    }
  }
}
