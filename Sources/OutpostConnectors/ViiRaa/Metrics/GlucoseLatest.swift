import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The newest reading of any kind and its freshness and trend (upstreams/viiraa.md §5.3).
public struct GlucoseLatest: Sendable, Equatable {
  public enum Freshness: String, Sendable {
    case fresh
    /// Older than 20 min.
    case stale
    /// Nothing arrived within 24 h.
    case noData = "no_data"
  }

  public enum TrendSource: String, Sendable {
    /// The trend stored on a reading under 5 min old.
    case vendor
    /// The least-squares slope over the last 20 min of CGM readings.
    case slope
  }

  public var reading: GlucoseReading
  public var age: TimeInterval
  public var freshness: Freshness
  /// nil is "unknown".
  public var trend: GlucoseReading.Trend?
  public var trendSource: TrendSource?
  /// mg/dL per minute, when the trend came from the slope.
  public var slopeMgdlPerMinute: Double?

  public static let staleAfter: TimeInterval = 20 * 60
  public static let noDataAfter: TimeInterval = 24 * 3600
  public static let vendorTrendMaximumAge: TimeInterval = 5 * 60
  public static let slopeWindow: TimeInterval = 20 * 60
  public static let slopeMinimumSpan: TimeInterval = 10 * 60

  public var band: GlucoseBand { GlucoseBand(mgdl: reading.valueMgdl) }

  /// nil when there is no reading at or before `now`. One pass over the readings.
  public static func compute(readings: some Sequence<GlucoseReading>, now: Date) -> GlucoseLatest? {
    let nowSeconds = now.timeIntervalSince1970
    let slopeStart = nowSeconds - slopeWindow
    var newest: GlucoseReading?
    var recent: [(time: Double, value: Double, serial: String)] = []
    for reading in readings {
      let time = reading.measuredAt.timeIntervalSince1970
      guard time <= nowSeconds else { continue }
      if newest == nil || reading.measuredAt > newest!.measuredAt { newest = reading }
      if reading.kind == .cgm, time >= slopeStart {
        recent.append((time, reading.valueMgdl, reading.deviceSerial ?? ""))
      }
    }
    guard let newest else { return nil }
    let age = now.timeIntervalSince(newest.measuredAt)
    let freshness: Freshness = age > noDataAfter ? .noData : age > staleAfter ? .stale : .fresh
    var latest = GlucoseLatest(
      reading: newest, age: age, freshness: freshness, trend: nil, trendSource: nil, slopeMgdlPerMinute: nil)
    if let vendor = newest.trend, age < vendorTrendMaximumAge {
      latest.trend = vendor
      latest.trendSource = .vendor
      return latest
    }
    // The same-serial rule applies to the slope's readings too.
    recent.sort { $0.time < $1.time }
    var lastKept: [String: Double] = [:]
    var times: [Double] = []
    var values: [Double] = []
    for entry in recent {
      if let previous = lastKept[entry.serial], entry.time - previous < GlucoseSeries.sameSerialInterval { continue }
      lastKept[entry.serial] = entry.time
      times.append(entry.time)
      values.append(entry.value)
    }
    if let slope = GlucoseTrendBands.slope(times: times, values: values, minimumSpan: slopeMinimumSpan) {
      latest.slopeMgdlPerMinute = slope
      latest.trend = GlucoseTrendBands.trend(slopeMgdlPerMinute: slope)
      latest.trendSource = .slope
    }
    return latest
  }

  /// The snapshot's `latest` object: value_mgdl, unit (always mg/dL), at, age_s, kind,
  /// range_flag, band, status (fresh/stale/no_data), trend (a §5.5 name or "unknown"),
  /// trend_source, slope_mgdl_per_min.
  public var json: JSONValue {
    .object([
      "value_mgdl": .double(reading.valueMgdl), "unit": .string(GlucoseUnit.mgdl.rawValue),
      "at": .string(UTCTimestamp.format(reading.measuredAt)), "age_s": .int(Int64(age.rounded(.down))),
      "kind": .string(reading.kind.rawValue), "range_flag": reading.rangeFlag.map { .string($0.rawValue) } ?? .null,
      "band": .string(band.jsonKey), "status": .string(freshness.rawValue),
      "trend": .string(trend?.rawValue ?? "unknown"), "trend_source": trendSource.map { .string($0.rawValue) } ?? .null,
      "slope_mgdl_per_min": slopeMgdlPerMinute.map { .double(GlucoseDisplay.tenths($0)) } ?? .null,
    ])
  }
}
