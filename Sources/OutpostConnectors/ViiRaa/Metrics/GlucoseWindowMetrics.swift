import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Percent of weighted time in each §5.2 band, unrounded (sums are computed before rounding).
public struct GlucoseBandPercents: Sendable, Equatable {
  public var veryLow: Double
  public var low: Double
  public var inRange: Double
  public var high: Double
  public var veryHigh: Double

  public init(veryLow: Double, low: Double, inRange: Double, high: Double, veryHigh: Double) {
    self.veryLow = veryLow
    self.low = low
    self.inRange = inRange
    self.high = high
    self.veryHigh = veryHigh
  }

  /// Time below 70 (both levels), summed before rounding.
  public var below70: Double { veryLow + low }
  /// Time above 180 (both levels), summed before rounding.
  public var above180: Double { high + veryHigh }

  public subscript(band: GlucoseBand) -> Double {
    switch band {
    case .veryLow: return veryLow
    case .low: return low
    case .inRange: return inRange
    case .high: return high
    case .veryHigh: return veryHigh
    }
  }
}

/// One window's §5.2 figures (unrounded; `GlucoseDisplay.tenths` rounds for display).
public struct GlucoseWindowMetrics: Sendable, Equatable {
  public var start: Date
  public var end: Date
  /// Σw / window length × 100, at most 100.
  public var coveragePct: Double
  /// `coverage ≥ 70 %`.
  public var sufficient: Bool
  /// CGM readings counted (after the same-serial rule).
  public var readingCount: Int
  public var meanMgdl: Double?
  /// Population SD.
  public var sdMgdl: Double?
  public var cvPct: Double?
  /// Only for the month window with ≥ 14 days of data; nil elsewhere.
  public var gmiPct: Double?
  /// nil when the window has no CGM data.
  public var pct: GlucoseBandPercents?

  public static let sufficientCoveragePct = 70.0
  /// [O] "14 days of data": the window's first CGM reading is at least 14×24 h before its end.
  public static let gmiMinimumSpan: TimeInterval = 14 * 86_400

  /// GMI (%) = 3.31 + 0.02392 × mean (mg/dL).
  public static func gmiPct(meanMgdl: Double) -> Double { 3.31 + 0.02392 * meanMgdl }
  /// GMI (mmol/mol) = 12.71 + 4.70587 × mean (mmol/L).
  public static func gmiMmolPerMol(meanMgdl: Double) -> Double {
    12.71 + 4.70587 * (meanMgdl / GlucoseUnit.mgdlPerMmol)
  }
  /// CV % = SD / mean × 100.
  public static func cvPct(sdMgdl: Double, meanMgdl: Double) -> Double? {
    meanMgdl > 0 ? sdMgdl / meanMgdl * 100 : nil
  }

  /// The figures over the readings of `series` in `[start, end]`. Linear in the readings of the
  /// window (two passes); the window's bounds are found by binary search.
  /// A reading counts in the window where it was taken, with its whole weight (the one before `start`
  /// does not count even if its 15 minutes reach into the window); coverage is capped at 100 %.
  public static func compute(series: GlucoseSeries, start: Date, end: Date, reportsGMI: Bool) -> GlucoseWindowMetrics {
    let lower = series.firstIndex(atOrAfter: start.timeIntervalSince1970)
    let upper = series.firstIndex(after: end.timeIntervalSince1970)
    let length = end.timeIntervalSince(start)
    var result = GlucoseWindowMetrics(
      start: start, end: end, coveragePct: 0, sufficient: false, readingCount: max(0, upper - lower),
      meanMgdl: nil, sdMgdl: nil, cvPct: nil, gmiPct: nil, pct: nil)
    guard lower < upper else { return result }

    var total = 0.0
    var weightedSum = 0.0
    var bands = [Double](repeating: 0, count: 5)
    for index in lower..<upper {
      let weight = series.weights[index]
      let value = series.values[index]
      total += weight
      weightedSum += weight * value
      switch GlucoseBand(mgdl: value) {
      case .veryLow: bands[0] += weight
      case .low: bands[1] += weight
      case .inRange: bands[2] += weight
      case .high: bands[3] += weight
      case .veryHigh: bands[4] += weight
      }
    }
    result.coveragePct = length > 0 ? min(100, total / length * 100) : 0
    result.sufficient = result.coveragePct >= sufficientCoveragePct
    guard total > 0 else { return result }

    let mean = weightedSum / total
    var squares = 0.0
    for index in lower..<upper {
      let deviation = series.values[index] - mean
      squares += series.weights[index] * deviation * deviation
    }
    let sd = (squares / total).squareRoot()
    result.meanMgdl = mean
    result.sdMgdl = sd
    result.cvPct = cvPct(sdMgdl: sd, meanMgdl: mean)
    result.pct = GlucoseBandPercents(
      veryLow: bands[0] / total * 100, low: bands[1] / total * 100, inRange: bands[2] / total * 100,
      high: bands[3] / total * 100, veryHigh: bands[4] / total * 100)
    if reportsGMI, end.timeIntervalSince1970 - series.times[lower] >= gmiMinimumSpan {
      result.gmiPct = gmiPct(meanMgdl: mean)
    }
    return result
  }

  /// The §5.4 window object: coverage_pct, sufficient, mean_mgdl, sd_mgdl, cv_pct, gmi_pct and
  /// pct{very_low, low, in_range, high, very_high}; numbers rounded half-up to 0.1, null when
  /// there is no data.
  public var json: JSONValue {
    func number(_ value: Double?) -> JSONValue { value.map { .double(GlucoseDisplay.tenths($0)) } ?? .null }
    var percents: JSONValue = .null
    if let pct {
      var members: [String: JSONValue] = [:]
      for band in GlucoseBand.allCases { members[band.jsonKey] = number(pct[band]) }
      percents = .object(members)
    }
    return .object([
      "coverage_pct": number(coveragePct), "sufficient": .bool(sufficient), "mean_mgdl": number(meanMgdl),
      "sd_mgdl": number(sdMgdl), "cv_pct": number(cvPct), "gmi_pct": number(gmiPct), "pct": percents,
    ])
  }
}
