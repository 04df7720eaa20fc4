import Foundation
import Synchronization

/// A zone's offsets over a span of years, from its changes (`ZoneTransitions`): an offset is a
/// binary search instead of a call into Foundation's `TimeZone`, which takes a lock and asks ICU
/// every time. A 10,000-event calendar asks about every start and end several times (the local
/// reading, and whether it reads back as the same instant), and those calls were a large part of
/// writing it. Outside its span the table asks the zone, so every answer is the zone's.
struct ZoneOffsetTable: Sendable {
  let zone: TimeZone
  /// The span covered, `[from, to)` in seconds since 1970 (UTC).
  let from: Int
  let to: Int
  /// The offset in force at `from`, before the first change.
  let initialOffset: Int
  /// The changes in `[from, to)`, in order.
  let transitions: [ZoneTransition]

  /// The table for events in the local `years`, with a year's margin either side (what the
  /// VTIMEZONE describes, from the same changes).
  init(zone: TimeZone, years: ClosedRange<Int>) {
    self.zone = zone
    from = CivilDate(year: years.lowerBound - 1, month: 1, day: 1).map { $0.dayNumber * 86_400 } ?? 0
    to = CivilDate(year: years.upperBound + 2, month: 1, day: 1).map { $0.dayNumber * 86_400 } ?? 0
    initialOffset = ZoneTransitions.offset(zone, from)
    transitions = ZoneTransitions.transitions(of: zone, from: from, to: to)
  }

  /// No span: every answer comes from the zone.
  init(zone: TimeZone) {
    self.zone = zone
    from = 0
    to = 0
    initialOffset = 0
    transitions = []
  }

  /// The zone's offset from UTC at `seconds` (since 1970), in seconds.
  func offset(at seconds: Int) -> Int {
    guard seconds >= from, seconds < to else { return ZoneTransitions.offset(zone, seconds) }
    // The number of changes at or before `seconds`: the last of them is in force.
    var low = 0
    var high = transitions.count
    while low < high {
      let middle = (low + high) / 2
      if transitions[middle].instant <= seconds { low = middle + 1 } else { high = middle }
    }
    return low == 0 ? initialOffset : transitions[low - 1].offsetTo
  }

  /// The wall-clock reading of a whole second.
  func reading(_ seconds: Int) -> CivilDateTime { civilReading(seconds + offset(at: seconds)) }

  /// The instant of a wall-clock reading, as `CivilDateTime.instant(in:)` reads it: in an overlap
  /// the first of the two, in a gap with the offset before it.
  func instant(of local: CivilDateTime) -> Int {
    let seconds = local.secondsAsIfUTC
    let before = offset(at: seconds - 86_400)
    let after = offset(at: seconds + 86_400)
    // The larger offset gives the earlier instant. (Two names, not an array of them: this is
    // asked twice an event, and the array was an allocation each time.)
    let (earlier, later) = before >= after ? (before, after) : (after, before)
    if offset(at: seconds - earlier) == earlier { return seconds - earlier }
    if offset(at: seconds - later) == later { return seconds - later }
    return seconds - before
  }

  private struct Key: Hashable {
    var zone: TimeZone
    var years: ClosedRange<Int>
  }

  /// Tables already built: finding a zone's changes costs thousands of offset look-ups, and a
  /// daemon writes the same zone and years again and again (each calendar, each vdir file).
  private static let cache = Mutex<[Key: ZoneOffsetTable]>([:])

  static func cached(zone: TimeZone, years: ClosedRange<Int>) -> ZoneOffsetTable {
    let key = Key(zone: zone, years: years)
    if let table = cache.withLock({ $0[key] }) { return table }
    let table = ZoneOffsetTable(zone: zone, years: years)
    cache.withLock { tables in
      if tables.count >= 64 { tables.removeAll() }
      tables[key] = table
    }
    return table
  }

  /// The local year of `seconds` in `zone`. The UTC reading's year is the local one except
  /// within a day of New Year (no zone is a day off UTC): only there is the zone asked.
  static func localYear(of seconds: Int, in zone: TimeZone) -> Int {
    let utc = civilReading(seconds).date
    if (utc.month == 12 && utc.day == 31) || (utc.month == 1 && utc.day == 1) {
      return civilReading(seconds + ZoneTransitions.offset(zone, seconds)).date.year
    }
    return utc.year
  }
}
