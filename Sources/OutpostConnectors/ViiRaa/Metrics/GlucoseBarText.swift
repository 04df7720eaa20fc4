/// The status bar's one line: "112 mg/dL → · TIR 71 %".
///
/// - The value in the chosen unit (mg/dL whole, mmol/L to one decimal), `<`/`>` before it when the
///   device said only "Low"/"High", then the trend arrow (`GlucoseTrendBands.arrow`).
/// - Stale: " · 25 min ago" after the arrow. No data within 24 h (or none at all): "no data".
/// - " · TIR 71 %": today's time in range, half-up to a whole percent; left out without data.
public enum GlucoseBarText {
  public static func line(_ dashboard: GlucoseDashboard, unit: GlucoseUnit = .mgdl) -> String {
    var parts: [String] = []
    if let latest = dashboard.latest, latest.freshness != .noData {
      let flag: String
      switch latest.reading.rangeFlag {
      case .below: flag = "<"
      case .above: flag = ">"
      case nil: flag = ""
      }
      var head = "\(flag)\(unit.text(mgdl: latest.reading.valueMgdl)) \(unit.rawValue) "
      head += GlucoseTrendBands.arrow(latest.trend)
      parts.append(head)
      if latest.freshness == .stale { parts.append(ageText(latest.age)) }
    } else {
      parts.append("no data")
    }
    if let pct = dashboard.today.pct { parts.append("TIR \(GlucoseDisplay.whole(pct.inRange)) %") }
    return parts.joined(separator: " · ")
  }

  /// "25 min ago", "3 h ago".
  static func ageText(_ age: Double) -> String {
    let minutes = Int(age / 60)
    return minutes < 120 ? "\(minutes) min ago" : "\(minutes / 60) h ago"
  }
}
