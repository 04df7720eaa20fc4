import ArgumentParser
import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ViiRaa's dashboard and import summary in words. Values arrive in mg/dL; they are shown in
/// the profile's unit.
enum ViiRaaText {
  static let arrows: [String: String] = [
    "rising_quickly": "↑↑", "rising": "↑", "steady": "→", "falling": "↓", "falling_quickly": "↓↓", "unknown": "",
  ]

  static func glucose(_ mgdl: Double?, unit: String) -> String {
    guard let mgdl else { return "–" }
    if unit == "mmol/L" { return tenths(mgdl / 18.0156) + " mmol/L" }
    let text = tenths(mgdl)
    return (text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " mg/dL"
  }

  static func tenths(_ value: Double) -> String {
    let scaled = Int(((value * 10) + 0.5 + 1e-9).rounded(.down))
    return "\(scaled < 0 ? "-" : "")\(abs(scaled) / 10).\(abs(scaled) % 10)"
  }

  static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .int(let number)?: Double(number)
    case .double(let number)?: number
    default: nil
    }
  }

  static func age(_ seconds: Double) -> String {
    if seconds < 90 { return "just now" }
    if seconds < 5400 { return "\(Int(seconds / 60)) min ago" }
    if seconds < 172_800 { return "\(Int(seconds / 3600)) h ago" }
    return "\(Int(seconds / 86_400)) days ago"
  }

  /// `outpost viiraa readings` in lines: a count, then one reading a line, newest first.
  static func readings(_ answer: JSONValue) -> [String] {
    let unit = answer["unit"]?.stringValue ?? "mg/dL"
    let days = answer["days"]?.int64Value ?? 1
    let count = answer["count"]?.int64Value ?? 0
    guard case .array(let readings)? = answer["readings"], !readings.isEmpty else {
      return ["No readings in the last \(days) day(s): sync, or import a CGM file (`outpost viiraa import FILE`)."]
    }
    var lines = [
      "\(count) reading(s) in the last \(days) day(s)"
        + (readings.count < count ? ", the newest \(readings.count) shown" : "") + ":"
    ]
    for reading in readings {
      let at = reading["at"]?.stringValue.flatMap(UTCTimestamp.parse).map(Terminal.localTime) ?? "?"
      let value = glucose(number(reading["value_mgdl"]), unit: unit)
      let flag = reading["range_flag"]?.stringValue.map { $0 == "below" ? " (Low)" : " (High)" } ?? ""
      let trend = reading["trend"]?.stringValue.flatMap { arrows[$0] }.map { " " + $0 } ?? ""
      let kind = reading["kind"]?.stringValue ?? ""
      lines.append("  \(at)  \(value)\(flag)\(trend)  \(kind)")
    }
    return lines
  }

  /// `outpost viiraa` in lines.
  static func status(_ answer: JSONValue) -> [String] {
    let dashboard = answer["block"] ?? .null
    let unit = answer["unit"]?.stringValue ?? "mg/dL"
    let now = dashboard["as_of"]?.stringValue.flatMap(UTCTimestamp.parse) ?? Date()
    var lines: [String] = []
    if let latest = dashboard["latest"], latest != .null, let at = latest["at"]?.stringValue.flatMap(UTCTimestamp.parse)
    {
      var line = "Latest  " + glucose(number(latest["value_mgdl"]), unit: unit)
      if let flag = latest["range_flag"]?.stringValue { line += flag == "below" ? " (or lower)" : " (or higher)" }
      if let arrow = arrows[latest["trend"]?.stringValue ?? "unknown"], !arrow.isEmpty { line += " " + arrow }
      line += "  " + age(now.timeIntervalSince(at))
      switch latest["status"]?.stringValue {
      case "stale": line += "  (stale: no reading for 20 min)"
      case "no_data": line += "  (no reading for 24 h)"
      default: break
      }
      lines.append(line)
    } else {
      lines.append("Latest  no reading yet: sync, or import a CGM file (`outpost viiraa import FILE`)")
    }
    if case .array(let spark)? = answer["sparkline"], spark.count == 2, let curve = spark[0].stringValue,
      curve.contains(where: { $0 != " " })
    {
      lines.append("Today   " + curve)
      lines.append("        " + (spark[1].stringValue ?? ""))
    }
    lines.append("")
    lines.append("          in range  below 70  above 180  mean        CV      coverage")
    for (key, label) in [("today", "Today"), ("week", "7 days"), ("month", "30 days")] {
      let window = dashboard["windows"]?[key] ?? .null
      let coverage = number(window["coverage_pct"]) ?? 0
      guard coverage > 0 else {
        lines.append(label.padded(10) + "no sensor data")
        continue
      }
      let pct = window["pct"] ?? .null
      let below = (number(pct["very_low"]) ?? 0) + (number(pct["low"]) ?? 0)
      let above = (number(pct["high"]) ?? 0) + (number(pct["very_high"]) ?? 0)
      var line = label.padded(10)
      line += (tenths(number(pct["in_range"]) ?? 0) + " %").padded(10)
      line += (tenths(below) + " %").padded(10)
      line += (tenths(above) + " %").padded(11)
      line += glucose(number(window["mean_mgdl"]), unit: unit).padded(12)
      line += (number(window["cv_pct"]).map { tenths($0) + " %" } ?? "–").padded(8)
      line += tenths(coverage) + " %"
      if window["sufficient"] == .bool(false) { line += " (too little data)" }
      lines.append(line)
    }
    if let gmi = number(dashboard["windows"]?["month"]?["gmi_pct"]) { lines.append("GMI (30 days)  \(tenths(gmi)) %") }
    lines.append("")
    if let weight = dashboard["weight"], let kg = number(weight["kg"]) {
      var line = "Weight  \(tenths(kg)) kg"
      if let change = number(weight["change_kg"]) {
        line += " (\(change >= 0 ? "+" : "")\(tenths(change)) kg in a week)"
      }
      lines.append(line)
    }
    if let activity = dashboard["activity"], let steps = activity["steps"]?.int64Value {
      lines.append("Today   \(steps) steps, \(activity["exercise_minutes"]?.int64Value ?? 0) min exercise")
    }
    if let reminder = dashboard["next_reminder"], let title = reminder["title"]?.stringValue,
      let at = reminder["at"]?.stringValue.flatMap(UTCTimestamp.parse)
    {
      lines.append("Next    \(title), \(Terminal.localTime(at))")
    }
    if let unread = dashboard["unread_insights"]?.int64Value, unread > 0 {
      lines.append("\(unread) new insight(s): `outpost viiraa insights`")
    }
    lines.append("Not a medical device: no glucose alarms.")
    return lines
  }

  static func importSummary(_ result: ImportsRun.Result, dryRun: Bool) -> [String] {
    let summary = result.summary
    var lines: [String] = []
    if case .array(let files)? = summary["files"] {
      for file in files {
        let name = file["file"]?.stringValue ?? "?"
        let format = file["format"]?.stringValue == "clarity" ? "Dexcom Clarity" : "LibreView"
        var line = "\(name) (\(format)): \(file["imported"]?.int64Value ?? 0) new"
        line += ", \(file["already_present"]?.int64Value ?? 0) already there"
        if case .object(let skipped)? = file["skipped_types"], !skipped.isEmpty {
          let total = skipped.values.compactMap(\.int64Value).reduce(0, +)
          line += ", \(total) other records skipped"
        }
        let rejected = file["rejected_count"]?.int64Value ?? 0
        if rejected > 0 { line += ", \(rejected) rejected" }
        lines.append(line)
        if let assumed = file["date_order_assumed"]?.stringValue { lines.append("  note: \(assumed)") }
        if case .array(let rows)? = file["rejected"] {
          for row in rows.prefix(10) {
            lines.append("  line \(row["line"]?.int64Value ?? 0): \(row["reason"]?.stringValue ?? "?")")
          }
          if rejected > 10 { lines.append("  … \(rejected - 10) more (--json lists the first 100)") }
        }
      }
    }
    let imported = summary["imported"]?.int64Value ?? 0
    if dryRun {
      lines.append("Dry run: \(imported) reading(s) would be imported; nothing was stored or sent.")
    } else if imported == 0 {
      lines.append("Nothing new to import.")
    } else {
      lines.append(
        "Imported \(imported) reading(s); they count in `outpost viiraa` now and are sent to ViiRaa as action #\(result.action ?? 0) (`outpost queue`)."
      )
    }
    return lines
  }

  /// A value typed in, queued and (when the service answers) sent.
  static func logEntry(_ action: String, params: [String: JSONValue], account: String?, global: GlobalOptions) throws {
    let connection = try global.connect()
    let name = try account ?? onlyAccount(connection)
    let result = try connection.call(
      ActionsPerform.self, .init(action: action, account: name, params: .object(params), wait: true))
    if global.json {
      Terminal.printJSON(result)
    } else if result.action.state == .done {
      print("Recorded.")
    } else {
      print(ActionOutput.queued(result.action))
    }
    if result.action.state == .conflict { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
  }

  static func onlyAccount(_ connection: DaemonConnection) throws -> String {
    let accounts = try connection.call(AccountsList.self, .init()).accounts.filter { $0.kind == "viiraa" }
    switch accounts.count {
    case 1: return accounts[0].name
    case 0: throw CLIFailure(.daemonError, "There is no ViiRaa account; add one with `outpost account add viiraa`")
    default:
      throw CLIFailure(
        .usage,
        "You have several ViiRaa accounts (\(accounts.map(\.name).joined(separator: ", "))): name one with --account")
    }
  }
}

extension String {
  /// Padded with spaces to `width` characters (a table column).
  fileprivate func padded(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
