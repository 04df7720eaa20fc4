import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The dashboard and the chart (viiraa.md §5), computed from the synced and imported readings
/// (series points) and items: offline, and from the same readings the bar sees.
extension ViiRaaConnector: StoreViewingConnector {
  public static let storeViews: [QueryDeclaration] = [
    QueryDeclaration(
      name: "viiraa.dashboard", service: descriptor.kind,
      summary: "latest reading, trend, time in range today / 7 days / 30 days, weight, activity, next reminder",
      fromStore: StoreSource(
        // Every insight, however old: an unread one from last quarter is still new to the
        // user (`viiraa insights` lists it as such; the count left it out).
        kinds: [.glucoseReading, .weightReading, .activityDay, .coachingReminder], pastDays: 31,
        futureDays: 15, undatedKinds: [.healthProfile, .insight])),
    QueryDeclaration(
      name: "viiraa.chart", service: descriptor.kind,
      summary: "an ambulatory glucose profile (AGP) of the last days, as a standalone SVG",
      parameters: [ActionParameter("days", .int, summary: "how many days (default 14)", minimum: 1, maximum: 90)],
      fromStore: StoreSource(kinds: [.glucoseReading], pastDays: 91, undatedKinds: [.healthProfile])),
    QueryDeclaration(
      name: "viiraa.readings", service: descriptor.kind,
      summary: "the glucose readings of the last days, newest first, in the profile's unit",
      parameters: [
        ActionParameter("days", .int, summary: "how many days (default 1)", minimum: 1, maximum: 90),
        ActionParameter("limit", .int, summary: "at most this many (default all)", minimum: 1, maximum: 100_000),
      ],
      fromStore: StoreSource(kinds: [.glucoseReading], pastDays: 91, undatedKinds: [.healthProfile])),
  ]

  public static func answer(
    _ name: String, params: [String: JSONValue], items: [Item], points: [SeriesPoint], options: [String: String],
    now: Date
  ) throws(ActionRefusal) -> JSONValue {
    let profile = items.first { $0.kind == .healthProfile }
    let zone = timeZone(option: options["timeZone"], profile: profile?.details["timeZone"]?.stringValue)
    let unit = GlucoseUnit(profileValue: profile?.details["glucoseUnit"]?.stringValue)
    let readings = points.compactMap(ViiRaaItems.reading)
    switch name {
    case "viiraa.dashboard":
      let dashboard = GlucoseDashboard(
        readings: readings, now: now, timeZone: zone, weight: weight(items, now: now),
        activity: activity(items, now: now, timeZone: zone), nextReminder: nextReminder(items, now: now),
        unreadInsights: items.filter { $0.kind == .insight && $0.details["unread"]?.int64Value == 1 }.count)
      let sparkline = GlucoseSparkline.today(readings: readings, now: now, timeZone: zone)
      // The bar's block turns stale 20 min after the latest reading, "no data" after 24 h.
      var validUntil: JSONValue = .null
      if let latest = dashboard.latest?.reading.measuredAt {
        let next = [GlucoseLatest.staleAfter, GlucoseLatest.noDataAfter].map { latest.addingTimeInterval($0) }
          .first { $0 > now }
        validUntil = next.map { .string(UTCTimestamp.format($0)) } ?? .null
      }
      return [
        "block": dashboard.json, "validUntil": validUntil,
        "bar": .string(GlucoseBarText.line(dashboard, unit: unit, locale: ViewLocale(params: params))),
        "unit": .string(unit.rawValue), "timeZone": .string(zone.identifier),
        "sparkline": .array(sparkline.lines.map { .string($0) }),
        "name": profile?.details["displayName"] ?? .null,
      ]
    case "viiraa.chart":
      let days = Int(params["days"]?.int64Value ?? 14)
      let svg = GlucoseAGP.svg(
        readings: readings, now: now, timeZone: zone, days: days, locale: ViewLocale(params: params))
      let from = now.addingTimeInterval(-Double(days) * 86_400)
      let used = readings.filter { $0.kind == .cgm && $0.measuredAt >= from }.count
      return ["svg": .string(svg), "days": .int(Int64(days)), "readings": .int(Int64(used))]
    case "viiraa.readings":
      let days = Int(params["days"]?.int64Value ?? 1)
      let from = now.addingTimeInterval(-Double(days) * 86_400)
      let shown = readings.filter { $0.measuredAt >= from && $0.measuredAt <= now }.reversed()
      let limit = params["limit"]?.int64Value.map(Int.init) ?? shown.count
      return [
        "days": .int(Int64(days)), "count": .int(Int64(shown.count)), "unit": .string(unit.rawValue),
        "timeZone": .string(zone.identifier),
        "readings": .array(shown.prefix(limit).map { Self.readingJSON($0) }),
      ]
    default:
      throw .notAllowed("ViiRaa has no view \(name)")
    }
  }

  static func readingJSON(_ reading: GlucoseReading) -> JSONValue {
    var object: [String: JSONValue] = [
      "at": .string(UTCTimestamp.format(reading.measuredAt)), "value_mgdl": .double(reading.valueMgdl),
      "kind": .string(reading.kind.rawValue), "source": .string(reading.source), "key": .string(reading.dedupKey),
    ]
    if let flag = reading.rangeFlag { object["range_flag"] = .string(flag.rawValue) }
    if let trend = reading.trend { object["trend"] = .string(trend.rawValue) }
    if let device = reading.device { object["device"] = .string(device) }
    return .object(object)
  }

  /// The latest weighing and its change against the latest one at least 7 days older.
  static func weight(_ items: [Item], now: Date) -> GlucoseDashboard.Weight? {
    let weighings = items.filter { $0.kind == .weightReading && ($0.startsAt ?? .distantFuture) <= now }
      .compactMap { item -> (Date, Double)? in
        guard let at = item.startsAt, let kg = ViiRaaItems.number(item.details["kg"]) else { return nil }
        return (at, kg)
      }.sorted { $0.0 < $1.0 }
    guard let latest = weighings.last else { return nil }
    let before = weighings.last { $0.0 <= latest.0.addingTimeInterval(-7 * 86_400) }
    return GlucoseDashboard.Weight(kg: latest.1, at: latest.0, changeKg: before.map { latest.1 - $0.1 })
  }

  static func activity(_ items: [Item], now: Date, timeZone: TimeZone) -> GlucoseDashboard.Activity? {
    let today = day(now, timeZone: timeZone)
    guard let item = items.first(where: { $0.kind == .activityDay && $0.details["day"]?.stringValue == today }) else {
      return nil
    }
    return GlucoseDashboard.Activity(
      steps: Int(item.details["steps"]?.int64Value ?? 0),
      exerciseMinutes: Int(item.details["exerciseMinutes"]?.int64Value ?? 0))
  }

  static func nextReminder(_ items: [Item], now: Date) -> GlucoseDashboard.Reminder? {
    items.filter { $0.kind == .coachingReminder && $0.status == .active && ($0.startsAt ?? .distantPast) > now }
      .min { ($0.startsAt ?? now) < ($1.startsAt ?? now) }
      .map { GlucoseDashboard.Reminder(title: $0.title, at: $0.startsAt ?? now) }
  }
}
