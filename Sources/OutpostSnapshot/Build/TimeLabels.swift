import Foundation
import OutpostModel

/// Absolute times in the user's zone and language. Bars show "today 19:30", "tomorrow 14:00",
/// "Sat 19:30" (within the week) and "Sat 12 Dec 19:30" (later), never "in 2 h": a relative time
/// would have to be rewritten every minute, these change only at local midnight. Notifications
/// word their times the same way.
public struct TimeLabels: Sendable {
  let calendar: Calendar
  let localizer: SnapshotLocalizer

  public init(timeZone: TimeZone, language: Language) {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    self.calendar = calendar
    localizer = SnapshotLocalizer(language)
  }

  /// How a coming start reads at `now`.
  public func upcoming(_ date: Date, now: Date) -> String {
    switch daysBetween(now, date) {
    case 0: localizer(.today, time(date))
    case 1: localizer(.tomorrow, time(date))
    case 2...6: weekday(date) + " " + time(date)
    default: absolute(date)
    }
  }

  /// How an item's start reads: a day for an all-day item, a day and a time otherwise; nil
  /// without a start.
  public func start(of item: Item, now: Date) -> String? {
    guard let start = item.startsAt else { return nil }
    return item.details["allDay"] == .bool(true) ? upcomingDay(start, now: now) : upcoming(start, now: now)
  }

  /// How a coming all-day item (an invoice's due day) reads: the day without a time, "today",
  /// "tomorrow", "Sat", "Sat 12 Dec". Its start is the midnight of its day in the zone it was
  /// made in; the nearest local midnight stands for that day here (as the calendar files do).
  public func upcomingDay(_ date: Date, now: Date) -> String {
    let day = calendar.startOfDay(for: date.addingTimeInterval(12 * 3600))
    switch daysBetween(now, day) {
    case 0: return localizer(.today, "").trimmingCharacters(in: .whitespaces)
    case 1: return localizer(.tomorrow, "").trimmingCharacters(in: .whitespaces)
    case 2...6: return weekday(day)
    default:
      let parts = calendar.dateComponents([.day, .month], from: day)
      return weekday(day) + " " + localizer.dayAndMonth(day: parts.day ?? 1, month: parts.month ?? 1)
    }
  }

  /// "Sat 12 Dec 19:30", with no day word, so it never changes with the date.
  public func absolute(_ date: Date) -> String {
    let parts = calendar.dateComponents([.day, .month], from: date)
    return weekday(date) + " " + localizer.dayAndMonth(day: parts.day ?? 1, month: parts.month ?? 1) + " "
      + time(date)
  }

  /// Calendar days from `from`'s day to `to`'s day in the zone (0: the same day).
  func daysBetween(_ from: Date, _ to: Date) -> Int {
    calendar.dateComponents([.day], from: calendar.startOfDay(for: from), to: calendar.startOfDay(for: to)).day ?? 0
  }

  /// The local midnights at which `upcoming(date, now:)` reads differently: six days before
  /// (the date gives way to the weekday), the day before ("tomorrow") and the day itself ("today").
  func labelChanges(of date: Date) -> [Date] {
    let day = calendar.startOfDay(for: date)
    return [6, 1, 0].compactMap { calendar.date(byAdding: .day, value: -$0, to: day) }
  }

  private func weekday(_ date: Date) -> String {
    localizer.weekday(calendar.component(.weekday, from: date))
  }

  private func time(_ date: Date) -> String {
    let parts = calendar.dateComponents([.hour, .minute], from: date)
    let hour = parts.hour ?? 0
    let minute = parts.minute ?? 0
    return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
  }
}
