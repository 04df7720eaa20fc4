import OutpostCalendar

/// The legal holidays that move a federal tax deadline (IRC §7503, upstreams/agility.md §4.1):
/// the federal holidays of 5 U.S.C. 6103 and the District of Columbia's Emancipation Day
/// (April 16), each fixed-date one observed on the Friday before when it falls on a Saturday
/// and on the Monday after when on a Sunday. Inauguration Day (January 20, every four years)
/// is left out: it can never reach a January 15 deadline. State holidays are not modelled.
public enum USLegalHolidays {
  /// The observed dates of `year`'s holidays, with their names.
  public static func observed(in year: Int) -> [(date: CivilDate, name: String)] {
    var days: [(CivilDate, String)] = []
    func fixed(_ month: Int, _ day: Int, _ name: String) {
      guard let date = CivilDate(year: year, month: month, day: day) else { return }
      // 5 U.S.C. 6103(b): Saturday → Friday before, Sunday → Monday after.
      switch date.weekday {
      case 5: days.append((date.adding(days: -1), name + " (observed)"))
      case 6: days.append((date.adding(days: 1), name + " (observed)"))
      default: days.append((date, name))
      }
    }
    func nth(_ n: Int, _ weekday: Int, of month: Int, _ name: String) {
      guard let first = CivilDate(year: year, month: month, day: 1) else { return }
      days.append((first.adding(days: (weekday - first.weekday + 7) % 7 + 7 * (n - 1)), name))
    }
    func last(_ weekday: Int, of month: Int, _ name: String) {
      guard let next = CivilDate(year: year, month: month + 1, day: 1) else { return }
      let end = next.adding(days: -1)
      days.append((end.adding(days: -((end.weekday - weekday + 7) % 7)), name))
    }
    fixed(1, 1, "New Year's Day")
    nth(3, 0, of: 1, "Martin Luther King Jr. Day")
    nth(3, 0, of: 2, "Washington's Birthday")
    fixed(4, 16, "DC Emancipation Day")
    last(0, of: 5, "Memorial Day")
    if year >= 2021 { fixed(6, 19, "Juneteenth") }
    fixed(7, 4, "Independence Day")
    nth(1, 0, of: 9, "Labor Day")
    nth(2, 0, of: 10, "Columbus Day")
    fixed(11, 11, "Veterans Day")
    nth(4, 3, of: 11, "Thanksgiving Day")
    fixed(12, 25, "Christmas Day")
    // New Year's Day of the next year observed on this year's December 31.
    if let next = CivilDate(year: year + 1, month: 1, day: 1), next.weekday == 5 {
      days.append((next.adding(days: -1), "New Year's Day (observed)"))
    }
    return days.sorted { $0.0 < $1.0 }
  }

  /// The holiday on `date`, if it is one (as observed).
  public static func holiday(on date: CivilDate) -> String? {
    observed(in: date.year).first { $0.date == date }?.name
  }
}
