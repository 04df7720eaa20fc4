import Foundation

/// The offset changes of a zone, read from Foundation's `TimeZone` (the system's tz database)
/// rather than from a hard-coded table: the writer must describe whatever zone the user set, with
/// the rules the system knows for the years the calendar covers.
struct ZoneTransition: Equatable {
  /// The first second of the new offset, as seconds since 1970 (UTC).
  var instant: Int
  var offsetFrom: Int
  var offsetTo: Int
  /// Whether the new offset is daylight saving time (`DAYLIGHT` rather than `STANDARD`).
  var isDaylight: Bool

  /// The wall-clock reading of the change in the offset before it: what an observance's DTSTART
  /// holds (RFC 5545 §3.6.5), e.g. 02:00 for Central Europe in March, 03:00 in October.
  var onset: CivilDateTime { civilReading(instant + offsetFrom) }
}

enum ZoneTransitions {
  /// Every change of offset in `[from, to)` (seconds since 1970), in order. The zone is sampled
  /// every six hours and each change located to the second by bisection: this finds all
  /// changes, DST or not (a new standard offset too), whatever ICU reports as a "DST transition".
  static func transitions(of zone: TimeZone, from: Int, to: Int) -> [ZoneTransition] {
    let step = 6 * 3600
    var found: [ZoneTransition] = []
    var previous = from
    var previousOffset = offset(zone, previous)
    var next = from + step
    while previous < to {
      let sample = min(next, to)
      let sampleOffset = offset(zone, sample)
      if sampleOffset != previousOffset {
        // The first second with a different offset lies in (previous, sample].
        var low = previous
        var high = sample
        while high - low > 1 {
          let middle = low + (high - low) / 2
          if offset(zone, middle) == previousOffset { low = middle } else { high = middle }
        }
        let newOffset = offset(zone, high)
        found.append(
          ZoneTransition(
            instant: high, offsetFrom: previousOffset, offsetTo: newOffset,
            isDaylight: zone.isDaylightSavingTime(for: Date(timeIntervalSince1970: Double(high)))))
        // Continue from the change itself, in case two changes fall within one sample.
        previous = high
        previousOffset = newOffset
        next = high + step
        continue
      }
      previous = sample
      next = sample + step
    }
    return found
  }

  static func offset(_ zone: TimeZone, _ seconds: Int) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(seconds)))
  }
}

/// The wall-clock reading of `seconds` (since 1970, already shifted by an offset).
func civilReading(_ seconds: Int) -> CivilDateTime {
  let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
  return CivilDateTime(date: CivilDate(dayNumber: days), secondOfDay: seconds - days * 86_400)
}

extension CivilDateTime {
  /// `YYYYMMDDTHHMMSS`, the local DATE-TIME form of RFC 5545 §3.3.5.
  var basicFormat: String {
    date.basicFormat + "T" + pad(secondOfDay / 3600, 2) + pad(secondOfDay / 60 % 60, 2) + pad(secondOfDay % 60, 2)
  }
}
