import Foundation

/// Expands a recurrence rule into instance starts, on the wall clock of the event's zone (so a
/// weekly 19:00 stays 19:00 across DST), period by period: each period (day, week, month, year)
/// gives its candidate days, which are filtered, then cut by BYSETPOS.
///
/// DTSTART is always the first instance and counts towards COUNT, even when the rule would not
/// produce it (§3.8.5.3). Days that do not exist (February 30) are skipped, not moved.
struct RecurrenceExpander {
  let rule: RecurrenceRule
  let timing: Timing
  /// Longest run, in periods: stops rules with COUNT that start centuries back.
  static let maximumPeriods = 1_000_000

  /// The starts of the instances that overlap `window`, at most `limit` of them, in order.
  func starts(overlapping window: ClosedRange<Date>, limit: Int) -> [(civil: CivilDateTime, start: Date)] {
    let zone = timing.zone
    let start = timing.start
    // Margins in wall-clock seconds: an instance overlaps the window only if its start lies
    // within its own length (plus a day for zone offsets) of the window.
    let reach = max(0, timing.span.approximateSeconds) + 2 * 86_400
    let lowest = CivilDateTime(window.lowerBound, in: zone).secondsAsIfUTC - reach
    let highestDay = CivilDateTime(window.upperBound, in: zone).date.dayNumber + 1
    var results: [(civil: CivilDateTime, start: Date)] = []
    var produced = 0

    /// Takes one instance start; false once the expansion is over.
    func take(_ civil: CivilDateTime) -> Bool {
      // DTSTART is an instance even when a careless UNTIL lies before it.
      if let until = rule.until, civil != start, exceeds(civil, until) { return false }
      produced += 1
      if civil.secondsAsIfUTC >= lowest {
        let instant = civil.instant(in: zone)
        if instant > window.upperBound { return false }
        if spans(from: instant, to: timing.end(of: civil), into: window) { results.append((civil, instant)) }
      }
      if let count = rule.count, produced >= count { return false }
      return results.count < limit
    }

    guard take(start) else { return results }
    var period = rule.count == nil ? firstUsefulPeriod(lowest: lowest) : 0
    while period < Self.maximumPeriods {
      let (anchor, days) = candidates(period: period)
      if anchor.dayNumber > highestDay { break }
      for day in days {
        let civil = CivilDateTime(date: day, secondOfDay: start.secondOfDay)
        if civil <= start { continue }
        guard take(civil) else { return results }
      }
      period += 1
    }
    return results
  }

  /// Whether `civil` lies after UNTIL (which is inclusive).
  private func exceeds(_ civil: CivilDateTime, _ until: DateTimeValue) -> Bool {
    switch until.form {
    case .date: civil.date > until.civil.date
    case .utc: civil.instant(in: timing.zone) > until.civil.instant(in: ZoneResolver.utc)
    case .zoned, .floating: civil > until.civil
    }
  }

  /// Without COUNT nothing before the window matters: skip to two periods before it.
  private func firstUsefulPeriod(lowest: Int) -> Int {
    let lowestDay = CivilDate(dayNumber: lowest / 86_400 - 1)
    let start = timing.start.date
    let elapsed: Int
    switch rule.frequency {
    case .daily: elapsed = lowestDay.dayNumber - start.dayNumber
    case .weekly: elapsed = (lowestDay.dayNumber - start.dayNumber) / 7
    case .monthly: elapsed = (lowestDay.year - start.year) * 12 + lowestDay.month - start.month
    case .yearly: elapsed = lowestDay.year - start.year
    }
    return max(0, elapsed / rule.interval - 2)
  }

  /// The first day of period `index` and its candidate days, sorted.
  private func candidates(period index: Int) -> (anchor: CivilDate, days: [CivilDate]) {
    let start = timing.start.date
    let step = index * rule.interval
    switch rule.frequency {
    case .daily:
      let day = start.adding(days: step)
      let matches =
        (rule.byMonth.isEmpty || rule.byMonth.contains(day.month))
        && (rule.byMonthDay.isEmpty || monthDays(day.year, day.month).contains(day.day))
        && (rule.byDay.isEmpty || rule.byDay.contains { $0.weekday == day.weekday })
      return (day, matches ? [day] : [])
    case .weekly:
      let weekStart = start.adding(days: -((start.weekday - rule.weekStart + 7) % 7) + 7 * step)
      let weekdays = rule.byDay.isEmpty ? [start.weekday] : rule.byDay.map(\.weekday)
      let days = (0..<7).map { weekStart.adding(days: $0) }.filter {
        weekdays.contains($0.weekday) && (rule.byMonth.isEmpty || rule.byMonth.contains($0.month))
      }
      return (weekStart, setPositions(days))
    case .monthly:
      let months = start.year * 12 + start.month - 1 + step
      let (year, month) = (months / 12, months % 12 + 1)
      let anchor = CivilDate(year: year, month: month, day: 1)!
      guard rule.byMonth.isEmpty || rule.byMonth.contains(month) else { return (anchor, []) }
      return (anchor, setPositions(monthDays(year, month).compactMap { CivilDate(year: year, month: month, day: $0) }))
    case .yearly:
      let year = start.year + step
      return (CivilDate(year: year, month: 1, day: 1)!, setPositions(yearDays(year)))
    }
  }

  /// The days of a month the rule selects (BYMONTHDAY and BYDAY in month scope, intersected;
  /// DTSTART's day when neither is given).
  private func monthDays(_ year: Int, _ month: Int) -> [Int] {
    let length = CivilDate.daysIn(year: year, month: month)
    var selected: Set<Int>?
    if !rule.byMonthDay.isEmpty {
      selected = Set(rule.byMonthDay.map { $0 > 0 ? $0 : length + 1 + $0 }.filter { (1...length).contains($0) })
    }
    if !rule.byDay.isEmpty {
      let first = CivilDate(year: year, month: month, day: 1)!
      let matching = Set(weekdayMatches(firstDay: first.dayNumber, length: length).map { $0 - first.dayNumber + 1 })
      selected = selected.map { $0.intersection(matching) } ?? matching
    }
    let start = timing.start.date
    return (selected ?? (start.day <= length ? [start.day] : [])).sorted()
  }

  /// The days of a year the rule selects.
  private func yearDays(_ year: Int) -> [CivilDate] {
    if rule.byMonth.isEmpty && rule.byMonthDay.isEmpty && !rule.byDay.isEmpty {
      // BYDAY alone in a yearly rule counts within the year: `20MO` is the year's 20th Monday.
      let first = CivilDate(year: year, month: 1, day: 1)!
      let length = CivilDate.isLeap(year) ? 366 : 365
      return weekdayMatches(firstDay: first.dayNumber, length: length).sorted().map(CivilDate.init(dayNumber:))
    }
    let months =
      !rule.byMonth.isEmpty
      ? rule.byMonth.sorted() : !rule.byMonthDay.isEmpty ? Array(1...12) : [timing.start.date.month]
    return months.flatMap { month in
      monthDays(year, month).compactMap { CivilDate(year: year, month: month, day: $0) }
    }
  }

  /// Day numbers in `firstDay ..< firstDay + length` matching BYDAY, ordinals counted within
  /// that span.
  private func weekdayMatches(firstDay: Int, length: Int) -> Set<Int> {
    var matches: Set<Int> = []
    for entry in rule.byDay {
      let offset = (entry.weekday - CivilDate(dayNumber: firstDay).weekday + 7) % 7
      let all = Array(stride(from: firstDay + offset, to: firstDay + length, by: 7))
      if entry.ordinal == 0 {
        matches.formUnion(all)
      } else {
        let index = entry.ordinal > 0 ? entry.ordinal - 1 : all.count + entry.ordinal
        if all.indices.contains(index) { matches.insert(all[index]) }
      }
    }
    return matches
  }

  /// BYSETPOS: the given positions of a period's sorted candidates.
  private func setPositions(_ days: [CivilDate]) -> [CivilDate] {
    guard !rule.bySetPos.isEmpty else { return days }
    let picked = rule.bySetPos.compactMap { position -> CivilDate? in
      let index = position > 0 ? position - 1 : days.count + position
      return days.indices.contains(index) ? days[index] : nil
    }
    return Set(picked).sorted()
  }
}
