import OutpostCalendar

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Agility's `date` columns are days without a zone; "today", "this month" and 09:00
/// reminders are in `agility.time_zone` (the account's `timeZone` option, else the system's).
struct AgilityDays: Sendable {
  let zone: TimeZone
  /// Made once: an import turns tens of thousands of days into instants.
  private let calendar: Calendar

  init(option: String?) {
    self.init(zone: option.flatMap { $0.isEmpty ? nil : TimeZone(identifier: $0) } ?? TimeZone.current)
  }

  init(zone: TimeZone) {
    self.zone = zone
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    self.calendar = calendar
  }

  /// The local day of an instant.
  func day(_ instant: Date) -> CivilDate {
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    return CivilDate(year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1)
      ?? CivilDate(dayNumber: 0)
  }

  /// `seconds` after the local midnight of `day` on the wall clock (09:00 is 09:00 also on a
  /// day daylight saving changes).
  func instant(_ day: CivilDate, secondsIntoDay seconds: Int = 0) -> Date {
    let parts = DateComponents(
      year: day.year, month: day.month, day: day.day, hour: seconds / 3600, minute: seconds % 3600 / 60,
      second: seconds % 60)
    return calendar.date(from: parts) ?? Date(timeIntervalSince1970: Double(day.dayNumber) * 86_400)
  }

  /// "2026-04-15" → the day; nil for anything else.
  static func parse(_ text: String?) -> CivilDate? {
    guard let text, text.utf8.count >= 10 else { return nil }
    let parts = text.prefix(10).split(separator: "-")
    guard parts.count == 3, let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else {
      return nil
    }
    return CivilDate(year: year, month: month, day: day)
  }

  static func iso(_ day: CivilDate) -> String {
    func pad(_ number: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
    }
    return "\(pad(day.year, 4))-\(pad(day.month, 2))-\(pad(day.day, 2))"
  }
}
