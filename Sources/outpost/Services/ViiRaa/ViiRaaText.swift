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
    let text = pointTenths(mgdl)
    return numberStyle.decimal(text.hasSuffix(".0") ? String(text.dropLast(2)) : text) + " mg/dL"
  }

  /// One decimal, as the user writes it ("96.0", "96,0").
  static func tenths(_ value: Double) -> String { numberStyle.decimal(pointTenths(value)) }

  static func pointTenths(_ value: Double) -> String {
    let scaled = Int(((value * 10) + 0.5 + 1e-9).rounded(.down))
    return "\(scaled < 0 ? "−" : "")\(abs(scaled) / 10).\(abs(scaled) % 10)"
  }

  static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .int(let number)?: Double(number)
    case .double(let number)?: number
    default: nil
    }
  }

  static func age(_ seconds: Double) -> String {
    if seconds < 90 { return localized(.viiraaJustNow) }
    if seconds < 5400 { return localized(.viiraaMinutesAgo, "\(Int(seconds / 60))") }
    if seconds < 172_800 { return localized(.viiraaHoursAgo, "\(Int(seconds / 3600))") }
    return localized(.viiraaDaysAgo, "\(Int(seconds / 86_400))")
  }

  /// `outpost viiraa readings` in lines: a count, then one reading a line, newest first.
  static func readings(_ answer: JSONValue) -> [String] {
    let unit = answer["unit"]?.stringValue ?? "mg/dL"
    let days = answer["days"]?.int64Value ?? 1
    let count = answer["count"]?.int64Value ?? 0
    guard case .array(let readings)? = answer["readings"], !readings.isEmpty else {
      return [localized(.viiraaReadingsNone, "\(days)")]
    }
    var lines = [
      readings.count < count
        ? localized(.viiraaReadingsCountNewest, "\(count)", "\(days)", "\(readings.count)")
        : localized(.viiraaReadingsCount, "\(count)", "\(days)")
    ]
    for reading in readings {
      let at = reading["at"]?.stringValue.flatMap(UTCTimestamp.parse).map(Terminal.localTime) ?? "?"
      let value = glucose(number(reading["value_mgdl"]), unit: unit)
      let flag =
        reading["range_flag"]?.stringValue.map { " (\(localized($0 == "below" ? .viiraaLow : .viiraaHigh)))" } ?? ""
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
    // The labels in front of the lines, as wide as the widest (at least 8, as in English).
    let labels = [MessageKey.viiraaLatest, .viiraaToday, .viiraaWeight, .viiraaNext].map { localized($0) }
    let labelWidth = max(8, (labels.map(\.count).max() ?? 0) + 2)
    func label(_ key: MessageKey) -> String { localized(key).padded(labelWidth) }
    if let latest = dashboard["latest"], latest != .null, let at = latest["at"]?.stringValue.flatMap(UTCTimestamp.parse)
    {
      var line = label(.viiraaLatest) + glucose(number(latest["value_mgdl"]), unit: unit)
      if let flag = latest["range_flag"]?.stringValue {
        line += " (\(localized(flag == "below" ? .viiraaOrLower : .viiraaOrHigher)))"
      }
      if let arrow = arrows[latest["trend"]?.stringValue ?? "unknown"], !arrow.isEmpty { line += " " + arrow }
      line += "  " + age(now.timeIntervalSince(at))
      switch latest["status"]?.stringValue {
      case "stale": line += "  (\(localized(.viiraaStale)))"
      case "no_data": line += "  (\(localized(.viiraaNoData)))"
      default: break
      }
      lines.append(line)
    } else {
      lines.append(label(.viiraaLatest) + localized(.viiraaNoReadingYet))
    }
    if case .array(let spark)? = answer["sparkline"], spark.count == 2, let curve = spark[0].stringValue,
      curve.contains(where: { $0 != " " })
    {
      lines.append(label(.viiraaToday) + curve)
      lines.append(String(repeating: " ", count: labelWidth) + (spark[1].stringValue ?? ""))
    }
    lines.append("")
    // The table's columns are as wide as in English, wider where a heading needs it.
    let windows = [("today", MessageKey.viiraaToday), ("week", .viiraaSevenDays), ("month", .viiraaThirtyDays)]
      .map { ($0.0, localized($0.1)) }
    let firstWidth = max(10, (windows.map(\.1.count).max() ?? 0) + 2)
    let headings = localized(.viiraaColumns).split(separator: "|").map(String.init)
    let widths = zip([10, 10, 11, 12, 8], headings).map { max($0, $1.count + 2) }
    lines.append(
      String(repeating: " ", count: firstWidth)
        + zip(headings, widths).map { $0.padded($1) }.joined() + headings.dropFirst(widths.count).joined(separator: " ")
    )
    for (key, name) in windows {
      let window = dashboard["windows"]?[key] ?? .null
      let coverage = number(window["coverage_pct"]) ?? 0
      guard coverage > 0 else {
        lines.append(name.padded(firstWidth) + localized(.viiraaNoSensorData))
        continue
      }
      let pct = window["pct"] ?? .null
      let below = (number(pct["very_low"]) ?? 0) + (number(pct["low"]) ?? 0)
      let above = (number(pct["high"]) ?? 0) + (number(pct["very_high"]) ?? 0)
      var line = name.padded(firstWidth)
      let cells = [
        tenths(number(pct["in_range"]) ?? 0) + " %", tenths(below) + " %", tenths(above) + " %",
        glucose(number(window["mean_mgdl"]), unit: unit), number(window["cv_pct"]).map { tenths($0) + " %" } ?? "–",
      ]
      line += zip(cells, widths).map { $0.padded($1) }.joined()
      line += tenths(coverage) + " %"
      if window["sufficient"] == .bool(false) { line += " (\(localized(.viiraaTooLittleData)))" }
      lines.append(line)
    }
    if let gmi = number(dashboard["windows"]?["month"]?["gmi_pct"]) { lines.append(localized(.viiraaGMI, tenths(gmi))) }
    lines.append("")
    if let weight = dashboard["weight"], let kg = number(weight["kg"]) {
      var line = label(.viiraaWeight) + "\(tenths(kg)) kg"
      if let change = number(weight["change_kg"]) {
        line += " (\(localized(.viiraaWeightChange, (change >= 0 ? "+" : "") + tenths(change))))"
      }
      lines.append(line)
    }
    if let activity = dashboard["activity"], let steps = activity["steps"]?.int64Value {
      let minutes = activity["exercise_minutes"]?.int64Value ?? 0
      lines.append(label(.viiraaToday) + localized(.viiraaActivity, numberStyle.grouped(steps), "\(minutes)"))
    }
    if let reminder = dashboard["next_reminder"], let title = reminder["title"]?.stringValue,
      let at = reminder["at"]?.stringValue.flatMap(UTCTimestamp.parse)
    {
      lines.append(label(.viiraaNext) + "\(title), \(Terminal.localTime(at))")
    }
    if let unread = dashboard["unread_insights"]?.int64Value, unread > 0 {
      lines.append(localized(.viiraaNewInsights, "\(unread)"))
    }
    lines.append(localized(.viiraaNotMedical))
    return lines
  }

  static func importSummary(_ result: ImportsRun.Result, dryRun: Bool) -> [String] {
    let summary = result.summary
    var lines: [String] = []
    if case .array(let files)? = summary["files"] {
      for file in files {
        let name = file["file"]?.stringValue ?? "?"
        let format = file["format"]?.stringValue == "clarity" ? "Dexcom Clarity" : "LibreView"
        var line = localized(.viiraaImportFile, name, format, "\(file["imported"]?.int64Value ?? 0)")
        line += localized(.viiraaImportAlreadyThere, "\(file["already_present"]?.int64Value ?? 0)")
        if case .object(let skipped)? = file["skipped_types"], !skipped.isEmpty {
          let total = skipped.values.compactMap(\.int64Value).reduce(0, +)
          line += localized(.viiraaImportSkipped, "\(total)")
        }
        let rejected = file["rejected_count"]?.int64Value ?? 0
        if rejected > 0 { line += localized(.viiraaImportRejected, "\(rejected)") }
        lines.append(line)
        if let assumed = file["date_order_assumed"]?.stringValue { lines.append(localized(.viiraaImportNote, assumed)) }
        if case .array(let rows)? = file["rejected"] {
          for row in rows.prefix(10) {
            let lineNumber = row["line"]?.int64Value ?? 0
            lines.append(localized(.viiraaImportRejectedLine, "\(lineNumber)", row["reason"]?.stringValue ?? "?"))
          }
          if rejected > 10 { lines.append(localized(.viiraaImportMoreRejected, "\(rejected - 10)")) }
        }
      }
    }
    let imported = summary["imported"]?.int64Value ?? 0
    if dryRun {
      lines.append(localized(.viiraaImportDryRun, "\(imported)"))
    } else if imported == 0 {
      lines.append(localized(.viiraaImportNothingNew))
    } else {
      lines.append(localized(.viiraaImported, "\(imported)", "\(result.action ?? 0)"))
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
      print(localized(.viiraaRecorded))
    } else {
      print(ActionOutput.queued(result.action))
    }
    if result.action.state.needsUser { throw ExitCode(CLIExitStatus.daemonError.rawValue) }
  }

  static func onlyAccount(_ connection: DaemonConnection) throws -> String {
    let accounts = try connection.call(AccountsList.self, .init()).accounts.filter { $0.kind == "viiraa" }
    switch accounts.count {
    case 1: return accounts[0].name
    case 0: throw CLIFailure(.daemonError, localized(.viiraaNoAccount))
    default:
      throw CLIFailure(.usage, localized(.viiraaSeveralAccounts, accounts.map(\.name).joined(separator: ", ")))
    }
  }
}

extension String {
  /// Padded with spaces to `width` characters (a table column).
  fileprivate func padded(_ width: Int) -> String {
    count >= width ? self + " " : self + String(repeating: " ", count: width - count)
  }
}
