import Foundation

extension ICalEvent {
  /// The default cap on instances per event: a daily event over a year is 366, a feed with an
  /// hourly-looking daily rule cannot blow up the store.
  public static let defaultOccurrenceLimit = 1000

  /// This event's instances that overlap `window`, in order, at most `limit` of them: the event
  /// itself, or for a recurring master its expansion (RRULE and RDATE, minus EXDATE). Overrides
  /// are separate events; `ICalendar.occurrences(in:limit:)` merges them in.
  public func occurrences(in window: ClosedRange<Date>, limit: Int = defaultOccurrenceLimit) -> [ICalOccurrence] {
    guard limit > 0 else { return [] }
    guard let recurrence else {
      let single = ICalOccurrence(
        event: self, start: start, end: end, recurrenceID: recurrenceID, recurrenceKey: recurrenceKey)
      return single.overlaps(window) ? [single] : []
    }
    var starts: [(civil: CivilDateTime, start: Date)]
    if let rule = recurrence.rule {
      // EXDATEs are taken out afterwards: expand enough that the limit still fills.
      let spare = recurrence.excluded.count + recurrence.excludedDays.count
      starts = RecurrenceExpander(rule: rule, timing: timing).starts(overlapping: window, limit: limit + spare)
    } else {
      starts = [(timing.start, start)]
    }
    for extra in recurrence.extraStarts where !starts.contains(where: { $0.start == extra }) {
      starts.append((CivilDateTime(extra, in: timing.zone), extra))
    }
    starts.sort { $0.start < $1.start }
    var result: [ICalOccurrence] = []
    for (civil, instant) in starts {
      if recurrence.excluded.contains(instant) || recurrence.excludedDays.contains(civil.date) { continue }
      let occurrence = ICalOccurrence(
        event: self, start: instant, end: timing.end(of: civil), recurrenceID: instant,
        recurrenceKey: isAllDay ? civil.date.basicFormat : utcBasicFormat(instant))
      guard occurrence.overlaps(window) else { continue }
      result.append(occurrence)
      if result.count == limit { break }
    }
    return result
  }
}

extension ICalendar {
  /// Every instance that overlaps `window`, in order of start: single events, the expansion of
  /// recurring ones (at most `limit` instances each), with each instance an override replaces
  /// (same UID and RECURRENCE-ID) taken from the override instead. An override whose master is
  /// missing stands alone.
  public func occurrences(
    in window: ClosedRange<Date>, limit: Int = ICalEvent.defaultOccurrenceLimit
  ) -> [ICalOccurrence] {
    var overridden: [String: Set<Date>] = [:]
    for event in events { if let id = event.recurrenceID { overridden[event.uid, default: []].insert(id) } }
    var result: [ICalOccurrence] = []
    for event in events {
      let replaced = event.recurrenceID == nil && event.isRecurring ? overridden[event.uid] ?? [] : []
      for occurrence in event.occurrences(in: window, limit: limit) {
        if let id = occurrence.recurrenceID, event.recurrenceID == nil, replaced.contains(id) { continue }
        result.append(occurrence)
      }
    }
    return result.sorted { ($0.start, $0.event.uid) < ($1.start, $1.event.uid) }
  }
}
