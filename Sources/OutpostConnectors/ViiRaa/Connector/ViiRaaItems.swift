import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// ViiRaa's rows as items (viiraa.md §2), and glucose readings as series points (a year of
/// 5-minute readings is 105,000). Each keeps the row's `id` and `version` in its details: the
/// id for writes, the version as their precondition. A row with `deleted_at` set names the
/// item or point to remove instead.
enum ViiRaaItems {
  enum Parsed {
    case item(Item)
    case point(SeriesPoint)
    case deleted(ItemKey)
  }

  /// Number columns (`numeric`) come as JSON numbers or, from some servers, as text.
  static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .int(let number)?: Double(number)
    case .double(let number)?: number
    case .string(let text)?: Double(text)
    default: nil
    }
  }

  static func common(_ row: JSONValue) -> [String: JSONValue] {
    ["id": row["id"] ?? .null, "version": row["version"] ?? .null]
  }

  static func glucose(_ row: JSONValue) -> Parsed? {
    guard let key = row["dedup_key"]?.stringValue, let at = row["measured_at"]?.stringValue.flatMap(UTCTimestamp.parse)
    else { return nil }
    if row["deleted_at"]?.stringValue != nil { return .deleted(ItemKey(.glucoseReading, key)) }
    guard let value = number(row["value_mgdl"]), let kind = row["kind"]?.stringValue else { return nil }
    // No id or version: nothing edits a reading, and without them a sensor's readings share
    // their details (stored once).
    var details: [String: JSONValue] = [:]
    for (column, name) in [
      ("range_flag", "rangeFlag"), ("trend", "trend"), ("source", "source"), ("device", "device"),
      ("device_serial", "deviceSerial"), ("import_batch_id", "importBatch"),
    ] {
      if let text = row[column]?.stringValue { details[name] = .string(text) }
    }
    return .point(
      SeriesPoint(kind: .glucoseReading, key: key, at: at, value: value, tag: kind, details: .object(details)))
  }

  /// A point's reading, for the dashboard and the charts: the value in mg/dL, the reading's
  /// kind as the tag.
  static func reading(_ point: SeriesPoint) -> GlucoseReading? {
    guard point.kind == .glucoseReading, let kind = GlucoseReading.Kind(rawValue: point.tag) else { return nil }
    let details = point.details
    return GlucoseReading(
      measuredAt: point.at, valueMgdl: point.value, kind: kind,
      rangeFlag: details["rangeFlag"]?.stringValue.flatMap(GlucoseReading.RangeFlag.init(rawValue:)),
      trend: details["trend"]?.stringValue.flatMap(GlucoseReading.Trend.init(rawValue:)),
      source: details["source"]?.stringValue ?? "", device: details["device"]?.stringValue,
      deviceSerial: details["deviceSerial"]?.stringValue, dedupKey: point.key)
  }

  /// Readings made here (an import) as the points the sync will later bring (with their id and
  /// version then), one details value for each run that shares it (one file's device and
  /// batch): built once, and stored once (see `SeriesWrite`).
  static func points(_ readings: [GlucoseReading], batch: String?) -> [SeriesPoint] {
    var previous: (reading: GlucoseReading, details: JSONValue)?
    return readings.map { reading in
      let details: JSONValue
      if let previous, sameDetails(previous.reading, reading) {
        details = previous.details
      } else {
        details = Self.details(reading, batch: batch)
      }
      previous = (reading, details)
      return SeriesPoint(
        kind: .glucoseReading, key: reading.dedupKey, at: reading.measuredAt, value: reading.valueMgdl,
        tag: reading.kind.rawValue, details: details)
    }
  }

  private static func sameDetails(_ one: GlucoseReading, _ other: GlucoseReading) -> Bool {
    one.source == other.source && one.rangeFlag == other.rangeFlag && one.trend == other.trend
      && one.device == other.device && one.deviceSerial == other.deviceSerial
  }

  private static func details(_ reading: GlucoseReading, batch: String?) -> JSONValue {
    var details: [String: JSONValue] = ["source": .string(reading.source)]
    if let flag = reading.rangeFlag { details["rangeFlag"] = .string(flag.rawValue) }
    if let trend = reading.trend { details["trend"] = .string(trend.rawValue) }
    if let device = reading.device { details["device"] = .string(device) }
    if let serial = reading.deviceSerial { details["deviceSerial"] = .string(serial) }
    if let batch { details["importBatch"] = .string(batch) }
    return .object(details)
  }

  static func weight(_ row: JSONValue) -> Parsed? {
    guard let key = row["dedup_key"]?.stringValue, let at = row["measured_at"]?.stringValue.flatMap(UTCTimestamp.parse)
    else { return nil }
    if row["deleted_at"]?.stringValue != nil { return .deleted(ItemKey(.weightReading, key)) }
    guard let kg = number(row["weight_kg"]) else { return nil }
    var details = common(row)
    details["kg"] = .double(kg)
    // To a tenth, as the title shows it; a title template writes it in the daemon's language.
    details["kgShown"] = .double((kg * 10).rounded() / 10)
    if let source = row["source"]?.stringValue { details["source"] = .string(source) }
    if let note = row["note"]?.stringValue { details["note"] = .string(note) }
    return .item(
      Item(
        kind: .weightReading, upstreamID: key, title: "\(GlucoseDisplay.tenthsText(kg)) kg", startsAt: at,
        details: .object(details)))
  }

  static func activity(_ row: JSONValue, timeZone: TimeZone) -> Parsed? {
    guard let day = row["day"]?.stringValue, let midnight = localMidnight(day, timeZone: timeZone) else { return nil }
    if row["deleted_at"]?.stringValue != nil { return .deleted(ItemKey(.activityDay, day)) }
    var details = common(row)
    let steps = number(row["steps"]).map { Int64($0) } ?? 0
    let minutes = number(row["exercise_minutes"]).map { Int64($0) } ?? 0
    details["day"] = .string(day)
    details["allDay"] = true
    details["steps"] = .int(steps)
    details["exerciseMinutes"] = .int(minutes)
    details["exerciseMinutesText"] = .string("\(minutes) min exercise")
    if let energy = number(row["active_energy_kcal"]) { details["activeEnergyKcal"] = .double(energy) }
    if let distance = number(row["distance_m"]) { details["distanceM"] = .double(distance) }
    return .item(
      Item(
        kind: .activityDay, upstreamID: day, title: "\(steps) steps", startsAt: midnight, details: .object(details)))
  }

  static func insight(_ row: JSONValue, now: Date) -> Parsed? {
    guard let id = row["id"]?.stringValue, let title = row["title"]?.stringValue else { return nil }
    if row["deleted_at"]?.stringValue != nil { return .deleted(ItemKey(.insight, id)) }
    guard let published = row["published_at"]?.stringValue.flatMap(UTCTimestamp.parse), published <= now else {
      return nil
    }
    var details = common(row)
    let read = row["read_at"]?.stringValue != nil
    details["unread"] = .int(read ? 0 : 1)
    for column in ["kind", "body", "period_start", "period_end", "read_at"] {
      if let text = row[column]?.stringValue { details[column == "read_at" ? "readAt" : column] = .string(text) }
    }
    if let metrics = row["metrics"], metrics != .null { details["metrics"] = metrics }
    return .item(
      Item(
        kind: .insight, upstreamID: id, title: title, startsAt: published, status: read ? .closed : .active,
        details: .object(details), link: "viiraa://insight/\(id)"))
  }

  static func profile(_ row: JSONValue) -> Parsed? {
    guard let id = row["id"]?.stringValue else { return nil }
    if row["deleted_at"]?.stringValue != nil { return .deleted(ItemKey(.healthProfile, id)) }
    var details = common(row)
    for (column, name) in [("display_name", "displayName"), ("time_zone", "timeZone"), ("glucose_unit", "glucoseUnit")]
    {
      if let text = row[column]?.stringValue { details[name] = .string(text) }
    }
    for (column, name) in [("target_low_mgdl", "targetLowMgdl"), ("target_high_mgdl", "targetHighMgdl")] {
      if let value = number(row[column]) { details[name] = .double(value) }
    }
    return .item(
      Item(
        kind: .healthProfile, upstreamID: id, title: row["display_name"]?.stringValue ?? "ViiRaa profile",
        details: .object(details)))
  }

  /// `YYYY-MM-DD` at 00:00 in `timeZone`.
  static func localMidnight(_ day: String, timeZone: TimeZone) -> Date? {
    let parts = day.split(separator: "-").compactMap { Int($0) }
    guard parts.count == 3 else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
  }
}
