import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The CGM readings the time-in-range metrics weigh (upstreams/viiraa.md §5 "Inputs" and §5.1),
/// sorted once, with their weights.
///
/// - Only `kind == .cgm`; readings after `end` (or before `start`) are left out.
/// - Readings of one serial less than 2 minutes apart count once (the first is kept). Readings
///   without a serial are treated as one device.
/// - Reading i stands for `w_i = min(t_{i+1} − t_i, 15 min)`; the last one for
///   `min(median gap, 15 min)`. A lone reading (no gap to take a median of) stands for 5 min [O].
public struct GlucoseSeries: Sendable, Equatable {
  /// Seconds since 1970, ascending.
  public let times: [Double]
  /// mg/dL, aligned with `times`.
  public let values: [Double]
  /// Seconds each reading stands for, aligned with `times`.
  public let weights: [Double]

  public static let maximumWeight: Double = 15 * 60
  public static let sameSerialInterval: Double = 2 * 60
  public static let loneReadingWeight: Double = 5 * 60

  public init(readings: some Sequence<GlucoseReading>, from start: Date? = nil, through end: Date) {
    let lower = start?.timeIntervalSince1970 ?? -Double.infinity
    let upper = end.timeIntervalSince1970
    var picked: [(time: Double, value: Double, serial: String)] = []
    for reading in readings where reading.kind == .cgm {
      let time = reading.measuredAt.timeIntervalSince1970
      guard time >= lower, time <= upper else { continue }
      picked.append((time, reading.valueMgdl, reading.deviceSerial ?? ""))
    }
    picked.sort { $0.time < $1.time }

    var times: [Double] = []
    var values: [Double] = []
    times.reserveCapacity(picked.count)
    values.reserveCapacity(picked.count)
    var lastKept: [String: Double] = [:]
    for entry in picked {
      if let previous = lastKept[entry.serial], entry.time - previous < Self.sameSerialInterval { continue }
      lastKept[entry.serial] = entry.time
      times.append(entry.time)
      values.append(entry.value)
    }
    self.times = times
    self.values = values
    self.weights = Self.weights(times: times)
  }

  /// §5.1's weights for ascending instants.
  public static func weights(times: [Double]) -> [Double] {
    guard !times.isEmpty else { return [] }
    guard times.count > 1 else { return [loneReadingWeight] }
    var gaps: [Double] = []
    gaps.reserveCapacity(times.count - 1)
    for index in 1..<times.count { gaps.append(times[index] - times[index - 1]) }
    var weights = gaps.map { min($0, maximumWeight) }
    weights.append(min(median(gaps), maximumWeight))
    return weights
  }

  static func median(_ numbers: [Double]) -> Double {
    let sorted = numbers.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }

  public var isEmpty: Bool { times.isEmpty }

  /// The first index whose time is ≥ `time` (binary search).
  public func firstIndex(atOrAfter time: Double) -> Int {
    var low = 0
    var high = times.count
    while low < high {
      let middle = (low + high) / 2
      if times[middle] < time { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// The first index whose time is > `time` (binary search).
  public func firstIndex(after time: Double) -> Int {
    var low = 0
    var high = times.count
    while low < high {
      let middle = (low + high) / 2
      if times[middle] <= time { low = middle + 1 } else { high = middle }
    }
    return low
  }
}
