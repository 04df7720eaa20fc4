import Foundation

/// Abbott LibreView "Download glucose data" rows (§4.1): record types 0, 1 and 2 become `cgm`,
/// `scan` and `fingerstick` readings; the title line (with the patient's name) is never read.
enum LibreViewRows {
  static let source = "libreview_csv"

  private struct Pending {
    var line: Int
    var kind: GlucoseReading.Kind
    var stamp: WallClockStamp
    var mgdl: Double
    var rangeFlag: GlucoseReading.RangeFlag?
    var device: String?
    var serial: String?
  }

  private static let kinds: [String: (GlucoseReading.Kind, column: String)] = [
    "0": (.cgm, "Historic Glucose"), "1": (.scan, "Scan Glucose"), "2": (.fingerstick, "Strip Glucose"),
  ]

  static func parse(_ table: CGMTable, timeZone: TimeZone, options: CGMImport.Options) -> CGMImport.Result {
    let timestampColumn = table.column("Device Timestamp")
    let typeColumn = table.column("Record Type")
    let deviceColumn = table.column("Device")
    let serialColumn = table.column("Serial Number")
    var valueColumns: [String: (Int, GlucoseUnit)] = [:]
    for (_, (_, name)) in kinds {
      if let index = table.column(prefix: name) {
        valueColumns[name] = (index, GlucoseUnit(columnName: table.header[index]))
      }
    }

    var skipped: [String: Int] = [:]
    var rejected: [CGMImport.Rejection] = []
    var pending: [Pending] = []
    pending.reserveCapacity(table.rows.count)
    var dayFirstSeen = false
    var monthFirstSeen = false
    var meridiemSeen = false

    // First pass: fields and values; the date order is known only once every row has been seen.
    for row in table.rows where !row.isBlank {
      let type = row.field(typeColumn)
      guard let (kind, columnName) = kinds[type] else {
        skipped[type.isEmpty ? "(none)" : type, default: 0] += 1
        continue
      }
      let rawStamp = row.field(timestampColumn)
      guard let stamp = WallClockStamp(rawStamp) else {
        rejected.append(.init(line: row.line, reason: "unreadable Device Timestamp \"\(rawStamp)\""))
        continue
      }
      guard let (valueColumn, unit) = valueColumns[columnName] else {
        rejected.append(.init(line: row.line, reason: "record type \(type) needs a \(columnName) column"))
        continue
      }
      let rawValue = row.field(valueColumn)
      guard !rawValue.isEmpty else {
        rejected.append(.init(line: row.line, reason: "record type \(type) has no \(columnName) value"))
        continue
      }
      guard let value = GlucoseValue.number(rawValue, decimalComma: table.allowsDecimalComma) else {
        rejected.append(.init(line: row.line, reason: "glucose value \"\(rawValue)\" is not a number"))
        continue
      }
      let mgdl = unit.mgdl(value)
      guard GlucoseValue.storable.contains(mgdl) else {
        rejected.append(.init(line: row.line, reason: GlucoseValue.outOfRange(mgdl)))
        continue
      }
      // §4.1: Libre writes an out-of-range reading at its limit, 40 or 500 mg/dL (2.2 or 27.8 mmol/L).
      let (low, high) = unit == .mmol ? (2.2, 27.8) : (40.0, 500.0)
      let flag: GlucoseReading.RangeFlag? = value <= low ? .below : value >= high ? .above : nil
      if !stamp.yearFirst {
        if stamp.date.0 > 12 { dayFirstSeen = true }
        if stamp.date.1 > 12 { monthFirstSeen = true }
      }
      if stamp.pm != nil { meridiemSeen = true }
      pending.append(
        Pending(
          line: row.line, kind: kind, stamp: stamp, mgdl: mgdl, rangeFlag: flag,
          device: nonEmpty(row.field(deviceColumn)), serial: nonEmpty(row.field(serialColumn))))
    }

    let (dayFirst, assumption) = dateOrder(
      dayFirstSeen: dayFirstSeen, monthFirstSeen: monthFirstSeen, meridiem: meridiemSeen,
      configured: options.libreViewDateOrder, anyDates: !pending.isEmpty)

    // Second pass: instants, in file order within each serial/record-type group (§4.3).
    var resolver = LocalTimeResolver(zone: timeZone)
    var folds: [String: FoldTracker] = [:]
    var readings: [GlucoseReading] = []
    readings.reserveCapacity(pending.count)
    // Rows of one group come in runs: its name is made once a run, not once a row.
    var lastGroup: (serial: String?, kind: GlucoseReading.Kind, name: String)?
    for item in pending {
      guard let local = item.stamp.localSeconds(dayFirst: dayFirst) else {
        rejected.append(.init(line: item.line, reason: "impossible date or time in Device Timestamp"))
        continue
      }
      if lastGroup?.serial != item.serial || lastGroup?.kind != item.kind {
        lastGroup = (item.serial, item.kind, "\(item.serial ?? "-")/\(item.kind.rawValue)")
      }
      let group = lastGroup?.name ?? ""
      let instant = folds[group, default: FoldTracker()].instant(for: local, resolver.resolve(local))
      let at = Date(timeIntervalSince1970: TimeInterval(instant))
      readings.append(
        GlucoseReading(
          measuredAt: at, valueMgdl: item.mgdl, kind: item.kind, rangeFlag: item.rangeFlag, source: source,
          device: item.device, deviceSerial: item.serial,
          dedupKey: GlucoseReading.dedupKey(family: "libre", serial: item.serial, kind: item.kind, at: at)))
    }
    return CGMImport.Result(
      format: .libreview, readings: readings, skippedTypes: skipped, rejected: rejected, duplicatesInFile: 0,
      dateOrderAssumption: assumption)
  }

  /// §4.3: a first field over 12 means day-first, a second over 12 month-first; when every date
  /// is ambiguous (or the file contradicts itself) the configured order, else month-first with
  /// AM/PM and day-first without, and the assumption is reported.
  static func dateOrder(
    dayFirstSeen: Bool, monthFirstSeen: Bool, meridiem: Bool, configured: CGMImport.DateOrder?, anyDates: Bool
  ) -> (dayFirst: Bool, assumption: String?) {
    if dayFirstSeen != monthFirstSeen { return (dayFirstSeen, nil) }
    let order = configured ?? (meridiem ? .monthFirst : .dayFirst)
    guard anyDates else { return (order == .dayFirst, nil) }
    let written = order == .dayFirst ? "day-first (DD-MM-YYYY)" : "month-first (MM-DD-YYYY)"
    let why =
      configured != nil
      ? "as viiraa.libreview_date_order says"
      : meridiem ? "because the times use AM/PM" : "because the times use a 24-hour clock"
    let what =
      dayFirstSeen
      ? "The LibreView dates contradict each other (some day-first, some month-first)"
      : "Every LibreView date was ambiguous (day and month both 12 or less)"
    return (order == .dayFirst, "\(what); read as \(written) \(why)")
  }

  private static func nonEmpty(_ text: String) -> String? { text.isEmpty ? nil : text }
}
