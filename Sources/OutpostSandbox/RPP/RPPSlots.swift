/// The booking grid: slots start every 30 minutes from 08:00 to the last start that ends by
/// 18:00, in the partner's local time (so a slot list across a DST change keeps its wall-clock
/// times and changes its offset).
enum RPPSlots {
  static let openMinute = 8 * 60
  static let closeMinute = 18 * 60
  static let stepMinutes = 30

  /// The starts of a local day for a booking of `durationMinutes`.
  static func starts(day: Int, zone: RPPZone, durationMinutes: Int) -> [Int64] {
    stride(from: openMinute, through: closeMinute - durationMinutes, by: stepMinutes).map { minute in
      Int64(zone.utc(local: day * 86_400 + minute * 60)) * 1000
    }
  }

  static func isOnGrid(_ startMs: Int64, zone: RPPZone, durationMinutes: Int) -> Bool {
    guard startMs % 60_000 == 0 else { return false }
    let seconds = Int(startMs / 1000)
    let minute = (seconds + zone.offset(utc: seconds)).floorModulo(86_400) / 60
    return minute >= openMinute && (minute - openMinute) % stepMinutes == 0 && minute + durationMinutes <= closeMinute
  }

  /// Bookable at `nowMs`: no earlier than the lead time, no later than the horizon.
  static func isWithinWindow(_ startMs: Int64, policy: RPPPolicy, nowMs: Int64) -> Bool {
    startMs >= nowMs + Int64(policy.minLeadHours) * .hourMs && startMs <= nowMs + Int64(policy.horizonDays) * .dayMs
  }
}
