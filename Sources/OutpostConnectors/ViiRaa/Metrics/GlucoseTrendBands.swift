/// §5.5's five bands from a slope in mg/dL per minute, and the arrows the display uses.
///
/// Bands: rising quickly `s > 2`; rising `1 < s ≤ 2`; steady `−1 ≤ s ≤ 1`; falling `−2 ≤ s < −1`;
/// falling quickly `s < −2`. [O] A boundary belongs to the slower band.
///
/// Arrows (FreeStyle Libre's five, one column wide each): rising quickly `↑`, rising `↗`,
/// steady `→`, falling `↘`, falling quickly `↓`, unknown `?`.
public enum GlucoseTrendBands {
  public static func trend(slopeMgdlPerMinute slope: Double) -> GlucoseReading.Trend {
    if slope > 2 { return .risingQuickly }
    if slope > 1 { return .rising }
    if slope >= -1 { return .steady }
    if slope >= -2 { return .falling }
    return .fallingQuickly
  }

  /// nil is "unknown".
  public static func arrow(_ trend: GlucoseReading.Trend?) -> String {
    switch trend {
    case .risingQuickly: return "↑"
    case .rising: return "↗"
    case .steady: return "→"
    case .falling: return "↘"
    case .fallingQuickly: return "↓"
    case nil: return "?"
    }
  }

  /// Least-squares slope (mg/dL per minute) over `(seconds, mg/dL)` points; nil unless there are
  /// at least 2 points spanning at least `minimumSpan` seconds.
  public static func slope(times: [Double], values: [Double], minimumSpan: Double = 10 * 60) -> Double? {
    guard times.count >= 2, times.count == values.count, let first = times.min(), let last = times.max(),
      last - first >= minimumSpan
    else { return nil }
    let count = Double(times.count)
    let meanTime = times.reduce(0, +) / count
    let meanValue = values.reduce(0, +) / count
    var covariance = 0.0
    var variance = 0.0
    for index in times.indices {
      let dt = times[index] - meanTime
      covariance += dt * (values[index] - meanValue)
      variance += dt * dt
    }
    guard variance > 0 else { return nil }
    return covariance / variance * 60
  }
}
