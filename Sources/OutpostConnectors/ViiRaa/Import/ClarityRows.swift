import Foundation

/// Dexcom Clarity "Export" rows (§4.2): `EGV` rows become `cgm` readings and `Calibration` rows
/// `fingerstick` ones; the preamble's names and date of birth (`Patient Info`) are never read.
enum ClarityRows {
  static let source = "dexcom_clarity_csv"

  private struct Timed {
    var line: Int
    var index: Int?
    var kind: GlucoseReading.Kind
    var stamp: WallClockStamp
    var mgdl: Double
    var rangeFlag: GlucoseReading.RangeFlag?
    var trend: GlucoseReading.Trend?
    var sourceDevice: String
    var serial: String?
  }

  static func parse(_ table: CGMTable, timeZone: TimeZone) -> CGMImport.Result {
    let indexColumn = table.column("Index")
    let timestampColumn = table.column(prefix: "Timestamp (")
    let typeColumn = table.column("Event Type")
    let deviceInfoColumn = table.column("Device Info")
    let sourceColumn = table.column("Source Device ID")
    let glucoseColumn = table.column(prefix: "Glucose Value (")
    let rateColumn = table.column(prefix: "Glucose Rate of Change")
    let transmitterColumn = table.column("Transmitter ID")
    let unit = glucoseColumn.map { GlucoseUnit(columnName: table.header[$0]) } ?? .mgdl
    let rateUnit = rateColumn.map { GlucoseUnit(columnName: table.header[$0]) } ?? unit

    var skipped: [String: Int] = [:]
    var rejected: [CGMImport.Rejection] = []
    var devices: [String: String] = [:]
    var timed: [Timed] = []
    timed.reserveCapacity(table.rows.count)

    for row in table.rows where !row.isBlank {
      let type = row.field(typeColumn)
      let kind: GlucoseReading.Kind
      switch type {
      case "EGV": kind = .cgm
      case "Calibration": kind = .fingerstick
      default:
        // `Device` rows name the display device behind a `Source Device ID` (e.g. iOS G7).
        if type == "Device", !row.field(sourceColumn).isEmpty, !row.field(deviceInfoColumn).isEmpty {
          devices[row.field(sourceColumn)] = row.field(deviceInfoColumn)
        }
        skipped[type.isEmpty ? "(none)" : type, default: 0] += 1
        continue
      }
      let rawStamp = row.field(timestampColumn)
      guard !rawStamp.isEmpty else {
        rejected.append(.init(line: row.line, reason: "\(type) row has no timestamp"))
        continue
      }
      guard let stamp = WallClockStamp(rawStamp), stamp.yearFirst, stamp.pm == nil else {
        rejected.append(.init(line: row.line, reason: "unreadable timestamp \"\(rawStamp)\""))
        continue
      }
      let rawValue = row.field(glucoseColumn)
      let mgdl: Double
      var flag: GlucoseReading.RangeFlag?
      switch rawValue.lowercased() {
      case "low":
        mgdl = 40
        flag = .below
      case "high":
        mgdl = 400
        flag = .above
      case "":
        rejected.append(.init(line: row.line, reason: "\(type) row has no glucose value"))
        continue
      default:
        guard let value = GlucoseValue.number(rawValue, decimalComma: table.allowsDecimalComma) else {
          rejected.append(.init(line: row.line, reason: "glucose value \"\(rawValue)\" is not a number"))
          continue
        }
        mgdl = unit.mgdl(value)
      }
      guard GlucoseValue.storable.contains(mgdl) else {
        rejected.append(.init(line: row.line, reason: GlucoseValue.outOfRange(mgdl)))
        continue
      }
      let rate = GlucoseValue.number(row.field(rateColumn), decimalComma: table.allowsDecimalComma)
      let trend = rate.map { GlucoseTrendBands.trend(slopeMgdlPerMinute: rateUnit == .mmol ? $0 * 18.0156 : $0) }
      let serial = row.field(transmitterColumn)
      timed.append(
        Timed(
          line: row.line, index: Int(row.field(indexColumn)), kind: kind, stamp: stamp, mgdl: mgdl, rangeFlag: flag,
          trend: trend, sourceDevice: row.field(sourceColumn), serial: serial.isEmpty ? nil : serial))
    }

    // §4.3: file order is `Index` order (line order where an index is missing).
    if timed.allSatisfy({ $0.index != nil }) {
      timed.sort { ($0.index!, $0.line) < ($1.index!, $1.line) }
    }
    var resolver = LocalTimeResolver(zone: timeZone)
    var fold = FoldTracker()
    var readings: [GlucoseReading] = []
    readings.reserveCapacity(timed.count)
    for item in timed {
      guard let local = item.stamp.localSeconds(dayFirst: false) else {
        rejected.append(.init(line: item.line, reason: "impossible date or time in timestamp"))
        continue
      }
      let instant = fold.instant(for: local, resolver.resolve(local))
      let at = Date(timeIntervalSince1970: TimeInterval(instant))
      readings.append(
        GlucoseReading(
          measuredAt: at, valueMgdl: item.mgdl, kind: item.kind, rangeFlag: item.rangeFlag, trend: item.trend,
          source: source, device: devices[item.sourceDevice] ?? (item.sourceDevice.isEmpty ? nil : item.sourceDevice),
          deviceSerial: item.serial,
          dedupKey: GlucoseReading.dedupKey(family: "dexcom", serial: item.serial, kind: item.kind, at: at)))
    }
    return CGMImport.Result(
      format: .clarity, readings: readings, skippedTypes: skipped, rejected: rejected, duplicatesInFile: 0,
      dateOrderAssumption: nil)
  }
}
