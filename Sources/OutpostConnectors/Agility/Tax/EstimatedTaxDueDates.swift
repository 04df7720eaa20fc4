import OutpostCalendar

/// The four Form 1040-ES installments of a tax year (upstreams/agility.md §4.1): income of
/// Jan–Mar due April 15, Apr–May due June 15, Jun–Aug due September 15, Sep–Dec due January 15
/// of the next year, each moved to the next business day while it falls on a weekend or a
/// legal holiday (`USLegalHolidays`).
public enum EstimatedTaxDueDates {
  public struct Installment: Sendable, Equatable {
    /// 1 to 4.
    public var quarter: Int
    /// The first and last day of the income it covers.
    public var period: (first: CivilDate, last: CivilDate)
    public var nominal: CivilDate
    public var due: CivilDate
    /// Why `due` is later than `nominal`, day by day ("Saturday", "DC Emancipation Day").
    public var shiftedBecause: [String]

    public static func == (lhs: Installment, rhs: Installment) -> Bool {
      lhs.quarter == rhs.quarter && lhs.period.first == rhs.period.first && lhs.period.last == rhs.period.last
        && lhs.nominal == rhs.nominal && lhs.due == rhs.due && lhs.shiftedBecause == rhs.shiftedBecause
    }
  }

  public static func installments(taxYear year: Int) -> [Installment] {
    let nominal = [(year, 4, 15), (year, 6, 15), (year, 9, 15), (year + 1, 1, 15)]
    let periods = [((1, 1), (3, 31)), ((4, 1), (5, 31)), ((6, 1), (8, 31)), ((9, 1), (12, 31))]
    return (0..<4).map { index in
      let (y, m, d) = nominal[index]
      let date = CivilDate(year: y, month: m, day: d)!
      let (due, reasons) = nextBusinessDay(from: date)
      let ((fm, fd), (lm, ld)) = periods[index]
      return Installment(
        quarter: index + 1,
        period: (CivilDate(year: year, month: fm, day: fd)!, CivilDate(year: year, month: lm, day: ld)!),
        nominal: date, due: due, shiftedBecause: reasons)
    }
  }

  /// `date`, or the first day after it that is neither a weekend day nor a legal holiday.
  public static func nextBusinessDay(from date: CivilDate) -> (CivilDate, [String]) {
    var day = date
    var reasons: [String] = []
    while true {
      if day.weekday >= 5 {
        reasons.append(day.weekday == 5 ? "Saturday" : "Sunday")
      } else if let holiday = USLegalHolidays.holiday(on: day) {
        reasons.append(holiday)
      } else {
        return (day, reasons)
      }
      day = day.adding(days: 1)
    }
  }
}
