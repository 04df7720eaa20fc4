import OutpostCalendar
import OutpostConnectors
import Testing

/// Form 1040-ES due dates (upstreams/agility.md §4.1): the table of 2022–2027, which matches
/// the IRS's published dates for 2022–2025, continued to 2030 by applying §4.1's rule by hand
/// (weekdays checked with a calendar), with every shifted case and its reason.
@Suite struct EstimatedTaxDueDatesTests {
  static func date(_ text: String) -> CivilDate {
    let parts = text.split(separator: "-").compactMap { Int($0) }
    return CivilDate(year: parts[0], month: parts[1], day: parts[2])!
  }

  @Test(arguments: [
    (2022, ["2022-04-18", "2022-06-15", "2022-09-15", "2023-01-17"]),
    (2023, ["2023-04-18", "2023-06-15", "2023-09-15", "2024-01-16"]),
    (2024, ["2024-04-15", "2024-06-17", "2024-09-16", "2025-01-15"]),
    (2025, ["2025-04-15", "2025-06-16", "2025-09-15", "2026-01-15"]),
    (2026, ["2026-04-15", "2026-06-15", "2026-09-15", "2027-01-15"]),
    (2027, ["2027-04-15", "2027-06-15", "2027-09-15", "2028-01-18"]),
    // Apr 15 2028 a Saturday, the 16th a Sunday so Emancipation Day is observed Monday the
    // 17th: Tuesday the 18th. Jan 15 2029 is MLK Day (the third Monday): Tuesday the 16th.
    (2028, ["2028-04-18", "2028-06-15", "2028-09-15", "2029-01-16"]),
    // Apr 15 2029 a Sunday, Monday the 16th Emancipation Day itself: Tuesday the 17th.
    // Sep 15 a Saturday: Monday the 17th. MLK Day 2030 is the 21st, after the 15th.
    (2029, ["2029-04-17", "2029-06-15", "2029-09-17", "2030-01-15"]),
    // Apr 15 2030 a Monday (Emancipation Day is the day after); Jun 15 a Saturday, Sep 15 a
    // Sunday: both the Monday after.
    (2030, ["2030-04-15", "2030-06-17", "2030-09-16", "2031-01-15"]),
  ])
  func theTableOfSection41(year: Int, due: [String]) {
    let installments = EstimatedTaxDueDates.installments(taxYear: year)
    #expect(installments.map(\.due) == due.map(Self.date))
    #expect(installments.map(\.quarter) == [1, 2, 3, 4])
    #expect(installments[3].period.last == Self.date("\(year)-12-31"))
  }

  @Test func eachShiftSaysWhy() {
    // 2022: Saturday the 16th is Emancipation Day, observed Friday the 15th; then the weekend.
    #expect(
      EstimatedTaxDueDates.installments(taxYear: 2022)[0].shiftedBecause
        == ["DC Emancipation Day (observed)", "Saturday", "Sunday"])
    // Tax year 2022's January: the 15th a Sunday, the 16th MLK Day.
    #expect(
      EstimatedTaxDueDates.installments(taxYear: 2022)[3].shiftedBecause
        == ["Sunday", "Martin Luther King Jr. Day"])
    // 2023: Saturday the 15th, Sunday the 16th, Emancipation Day observed Monday the 17th.
    #expect(
      EstimatedTaxDueDates.installments(taxYear: 2023)[0].shiftedBecause
        == ["Saturday", "Sunday", "DC Emancipation Day (observed)"])
    #expect(EstimatedTaxDueDates.installments(taxYear: 2023)[3].shiftedBecause == ["Martin Luther King Jr. Day"])
    #expect(
      EstimatedTaxDueDates.installments(taxYear: 2027)[3].shiftedBecause == [
        "Saturday", "Sunday", "Martin Luther King Jr. Day",
      ])
    #expect(EstimatedTaxDueDates.installments(taxYear: 2026).allSatisfy { $0.shiftedBecause.isEmpty })
  }

  @Test func theHolidaysOfAYearAsObserved() {
    let names = Dictionary(
      USLegalHolidays.observed(in: 2026).map { ($0.name, $0.date) }, uniquingKeysWith: { first, _ in first })
    #expect(names["Memorial Day"] == Self.date("2026-05-25"))
    #expect(names["Thanksgiving Day"] == Self.date("2026-11-26"))
    #expect(names["Labor Day"] == Self.date("2026-09-07"))
    // July 4th 2026 is a Saturday: observed Friday the 3rd.
    #expect(names["Independence Day (observed)"] == Self.date("2026-07-03"))
    // New Year's Day 2028 is a Saturday: observed on Friday, December 31, 2027.
    #expect(USLegalHolidays.holiday(on: Self.date("2027-12-31")) == "New Year's Day (observed)")
    #expect(USLegalHolidays.observed(in: 2026).count == 12)
  }
}
