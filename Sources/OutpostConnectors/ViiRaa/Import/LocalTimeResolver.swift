import Foundation

/// Local wall times to instants in one IANA zone, by §4.3's rules: a time in a spring-forward gap
/// moves forward by the gap; a fall-back time that happens twice is told apart by `FoldTracker`.
struct LocalTimeResolver {
  enum Resolution: Equatable {
    case unique(Int64)
    /// In a spring-forward gap: already moved forward by the gap.
    case gap(Int64)
    /// Happens twice; `first` is the earlier instant.
    case ambiguous(first: Int64, second: Int64)
  }

  let zone: TimeZone
  /// Local days with one offset throughout (no transition near them): the fast path.
  private var steadyDays: [Int64: Int] = [:]
  private var unsteadyDays: Set<Int64> = []

  init(zone: TimeZone) { self.zone = zone }

  private func offset(at instant: Int64) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(instant)))
  }

  mutating func resolve(_ local: Int64) -> Resolution {
    let day = Self.day(of: local)
    if let steady = steadyDays[day] { return .unique(local - Int64(steady)) }
    if !unsteadyDays.contains(day) {
      // Offsets lie within ±15 h, so these two instants bracket every instant of this local day.
      let before = offset(at: day * 86_400 - 15 * 3600)
      let after = offset(at: day * 86_400 + 86_400 + 15 * 3600)
      if before == after {
        steadyDays[day] = before
        return .unique(local - Int64(before))
      }
      unsteadyDays.insert(day)
    }
    let before = offset(at: local - 86_400)
    let after = offset(at: local + 86_400)
    let candidates = Set([before, after]).filter { offset(at: local - Int64($0)) == $0 }.sorted(by: >)
    switch candidates.count {
    case 0: return .gap(local - Int64(before))
    case 1: return .unique(local - Int64(candidates[0]))
    default: return .ambiguous(first: local - Int64(candidates[0]), second: local - Int64(candidates[1]))
    }
  }

  static func day(of local: Int64) -> Int64 { local >= 0 ? local / 86_400 : (local - 86_399) / 86_400 }
}

/// File order within one group (a Clarity file by `Index`, or one LibreView serial/record-type
/// group): an ambiguous fall-back time is the first occurrence, unless an earlier row of the group
/// was a later time in the same fold, which means time ran backwards: then it and the ambiguous
/// times after it are the second occurrence.
struct FoldTracker {
  private var lastAmbiguous: Int64?
  private var secondPassDay: Int64?

  mutating func instant(for local: Int64, _ resolution: LocalTimeResolver.Resolution) -> Int64 {
    switch resolution {
    case .unique(let instant), .gap(let instant):
      lastAmbiguous = nil
      secondPassDay = nil
      return instant
    case .ambiguous(let first, let second):
      let day = LocalTimeResolver.day(of: local)
      defer { lastAmbiguous = local }
      if secondPassDay == day { return second }
      if let last = lastAmbiguous, LocalTimeResolver.day(of: last) == day, local < last {
        secondPassDay = day
        return second
      }
      return first
    }
  }
}
