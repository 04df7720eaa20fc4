import Foundation

/// A recurrence rule outside a calendar file: a service that keeps `starts_at`, an RRULE and an
/// IANA zone per row (coaching reminders) gets its instances from the same expander as the
/// iCalendar reader, wall-clock times surviving DST included.
public enum RuleExpansion {
  public enum Failure: Error, Equatable, Sendable {
    /// Not an RRULE at all (no FREQ, a part without `=`, a bad number).
    case malformed
    /// A valid rule this expander does not do (FREQ=SECONDLY, BYWEEKNO…).
    case unsupported(String)
  }

  /// The instant starts of `rrule` (nil: only `first`) from `first` on the wall clock of
  /// `zone`, that fall within `window`, in order, at most `limit` of them.
  public static func starts(
    rrule: String?, first: Date, zone: TimeZone, in window: ClosedRange<Date>, limit: Int = 1000
  ) -> Result<[Date], Failure> {
    guard let rrule, !rrule.trimmingSpaces().isEmpty else {
      return .success(window.contains(first) ? [first] : [])
    }
    let start = CivilDateTime(first, in: zone)
    switch RecurrenceRule.parse(rrule, start: start) {
    case .failure(.malformed): return .failure(.malformed)
    case .failure(.unsupported(let what)): return .failure(.unsupported(what))
    case .success(let rule):
      let timing = Timing(start: start, zone: zone, span: .zero)
      let starts = RecurrenceExpander(rule: rule, timing: timing).starts(overlapping: window, limit: limit)
      return .success(starts.map(\.start).filter { window.contains($0) })
    }
  }
}
