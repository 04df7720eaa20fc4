import OutpostModel

/// The status bar's one line: "112 mg/dL → · TIR 71 %".
///
/// - The value in the chosen unit (mg/dL whole, mmol/L to one decimal), `<`/`>` before it when the
///   device said only "Low"/"High", then the trend arrow (`GlucoseTrendBands.arrow`).
/// - Stale: " · 25 min ago" after the arrow. No data within 24 h (or none at all): "no data".
/// - " · TIR 71 %": today's time in range, half-up to a whole percent; left out without data.
public enum GlucoseBarText {
  /// "5.4 mmol/L → · TIR 96 %", in the reader's language and with their decimal separator.
  public static func line(_ dashboard: GlucoseDashboard, unit: GlucoseUnit = .mgdl, locale: ViewLocale = ViewLocale())
    -> String
  {
    var parts: [String] = []
    if let latest = dashboard.latest, latest.freshness != .noData {
      let flag: String
      switch latest.reading.rangeFlag {
      case .below: flag = "<"
      case .above: flag = ">"
      case nil: flag = ""
      }
      var head = "\(flag)\(locale.numbers.decimal(unit.text(mgdl: latest.reading.valueMgdl))) \(unit.rawValue) "
      head += GlucoseTrendBands.arrow(latest.trend)
      parts.append(head)
      if latest.freshness == .stale { parts.append(ageText(latest.age, locale: locale)) }
    } else {
      parts.append(locale.say(noData))
    }
    if let pct = dashboard.today.pct { parts.append("TIR \(GlucoseDisplay.whole(pct.inRange)) %") }
    return parts.joined(separator: " · ")
  }

  /// "25 min ago", "vor 3 h".
  static func ageText(_ age: Double, locale: ViewLocale = ViewLocale()) -> String {
    let minutes = Int(age / 60)
    return locale.say(ago, minutes < 120 ? "\(minutes) min" : "\(minutes / 60) h")
  }

  static let noData = LocalizedText(en: "no data", de: "keine Daten", fr: "pas de données", it: "nessun dato")
  static let ago = LocalizedText(en: "{0} ago", de: "vor {0}", fr: "il y a {0}", it: "{0} fa")
}
