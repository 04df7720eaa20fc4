import Foundation
import OutpostConnectors
import OutpostModel
import Testing

/// Readings and instants the glucose tests share.
enum GlucoseFixtures {
  /// 2026-06-01T00:00:00Z.
  static let juneFirst = Date(timeIntervalSince1970: 1_780_272_000)
  /// 2026-03-29T00:00 in Europe/Zurich (CET, UTC+1): the 23-hour day (clocks go 02:00 → 03:00).
  static let zurichSpringForward = Date(timeIntervalSince1970: 1_774_738_800)
  static let utc = TimeZone(identifier: "UTC")!
  static let zurich = TimeZone(identifier: "Europe/Zurich")!

  static func reading(
    _ at: Date, _ value: Double, kind: GlucoseReading.Kind = .cgm, serial: String? = "S1",
    trend: GlucoseReading.Trend? = nil, rangeFlag: GlucoseReading.RangeFlag? = nil
  ) -> GlucoseReading {
    GlucoseReading(
      measuredAt: at, valueMgdl: value, kind: kind, rangeFlag: rangeFlag, trend: trend, source: "libreview_csv",
      deviceSerial: serial, dedupKey: "libre:\(serial ?? "-"):\(kind.rawValue):\(at.timeIntervalSince1970)")
  }

  /// One reading every `step` seconds from `start`, `values[i]` for the i-th.
  static func regular(from start: Date, step: Double = 300, values: [Double], serial: String? = "S1")
    -> [GlucoseReading]
  {
    values.enumerated().map { index, value in
      reading(start.addingTimeInterval(Double(index) * step), value, serial: serial)
    }
  }

  /// §5.2's worked example: 3 very low, 9 low, 205 in range, 55 high, 16 very high.
  static let workedExampleValues: [Double] =
    Array(repeating: 50, count: 3) + Array(repeating: 60, count: 9) + Array(repeating: 120, count: 205)
    + Array(repeating: 200, count: 55) + Array(repeating: 300, count: 16)
}

@Suite struct GlucoseMetricsTests {
  typealias F = GlucoseFixtures

  func window(_ readings: [GlucoseReading], start: Date, end: Date, gmi: Bool = false) -> GlucoseWindowMetrics {
    GlucoseWindowMetrics.compute(
      series: GlucoseSeries(readings: readings, through: end), start: start, end: end, reportsGMI: gmi)
  }

  @Test func workedExampleOfSection52() throws {
    #expect(F.workedExampleValues.count == 288)
    let readings = F.regular(from: F.juneFirst, values: F.workedExampleValues.reversed())
    let end = F.juneFirst.addingTimeInterval(86_400)
    let metrics = window(readings, start: F.juneFirst, end: end)
    let pct = try #require(metrics.pct)
    #expect(GlucoseDisplay.tenths(pct.veryLow) == 1.0)
    #expect(GlucoseDisplay.tenths(pct.low) == 3.1)
    #expect(GlucoseDisplay.tenths(pct.inRange) == 71.2)
    #expect(GlucoseDisplay.tenths(pct.high) == 19.1)
    #expect(GlucoseDisplay.tenths(pct.veryHigh) == 5.6)
    #expect(GlucoseDisplay.tenths(pct.below70) == 4.2)
    #expect(GlucoseDisplay.tenths(pct.above180) == 24.7)
    #expect(GlucoseDisplay.tenthsText(pct.below70) == "4.2")
    // Regular 5-minute data: the weighted results equal plain counts.
    let plainMean = F.workedExampleValues.reduce(0, +) / 288
    #expect(abs(try #require(metrics.meanMgdl) - plainMean) < 1e-9)
    #expect(metrics.coveragePct == 100)
    #expect(metrics.sufficient)
    #expect(metrics.readingCount == 288)
    // "Suppose the mean is 152 mg/dL and the SD 48."
    #expect(abs(GlucoseWindowMetrics.gmiPct(meanMgdl: 152) - 6.94584) < 1e-9)
    #expect(GlucoseDisplay.tenthsText(GlucoseWindowMetrics.gmiPct(meanMgdl: 152)) == "6.9")
    #expect(GlucoseDisplay.tenths(try #require(GlucoseWindowMetrics.cvPct(sdMgdl: 48, meanMgdl: 152))) == 31.6)
  }

  @Test func populationSDAndCV() throws {
    // Half the time at 100, half at 200: mean 150, population SD 50, CV 33.3.
    let values = (0..<288).map { $0 % 2 == 0 ? 100.0 : 200.0 }
    let metrics = window(F.regular(from: F.juneFirst, values: values), start: F.juneFirst, end: F.juneFirst + 86_400)
    #expect(abs(try #require(metrics.meanMgdl) - 150) < 1e-9)
    #expect(abs(try #require(metrics.sdMgdl) - 50) < 1e-9)
    #expect(GlucoseDisplay.tenths(try #require(metrics.cvPct)) == 33.3)
  }

  @Test(arguments: [
    (53.9, GlucoseBand.veryLow), (54, .low), (69.9, .low), (70, .inRange), (180, .inRange), (180.1, .high),
    (250, .high), (250.1, .veryHigh),
  ])
  func bandEdges(value: Double, band: GlucoseBand) {
    #expect(GlucoseBand(mgdl: value) == band)
  }

  @Test func roundingIsHalfUp() {
    #expect(GlucoseDisplay.tenths(3.125) == 3.1)
    #expect(GlucoseDisplay.tenths(71.25) == 71.3)
    #expect(GlucoseDisplay.tenths(6.95) == 7.0)
    #expect(GlucoseDisplay.whole(70.5) == 71)
  }

  @Test func gapsOverFifteenMinutesReduceCoverage() {
    // 288 five-minute readings with readings 145…155 missing: reading 144 stands for 15 min, not 60.
    var readings = F.regular(from: F.juneFirst, values: Array(repeating: 120, count: 288))
    readings.removeSubrange(145...155)
    let metrics = window(readings, start: F.juneFirst, end: F.juneFirst + 86_400)
    #expect(abs(metrics.coveragePct - 83_700.0 / 86_400 * 100) < 1e-9)
    #expect(abs(metrics.coveragePct - 96.875) < 1e-9)
  }

  @Test func weightsFollowSection51() {
    let times: [Double] = [0, 300, 600, 3_600, 3_900]
    // Gaps 300, 300, 3000 (capped at 900), 300; the last takes the median gap (300).
    #expect(GlucoseSeries.weights(times: times) == [300, 300, 900, 300, 300])
    #expect(GlucoseSeries.weights(times: [0, 1_200]) == [900, 900])
    #expect(GlucoseSeries.weights(times: [42]) == [300])
  }

  @Test func sufficiencyIsSeventyPercentCoverage() {
    let end = F.juneFirst + 86_400
    // 202 readings × 5 min = 70.1 % of the day; 201 = 69.8 %.
    let enough = window(
      F.regular(from: F.juneFirst, values: Array(repeating: 120, count: 202)), start: F.juneFirst, end: end)
    let short = window(
      F.regular(from: F.juneFirst, values: Array(repeating: 120, count: 201)), start: F.juneFirst, end: end)
    #expect(enough.sufficient)
    #expect(enough.coveragePct >= 70)
    #expect(!short.sufficient)
    #expect(short.coveragePct < 70)
  }

  @Test func readingsOfOneSerialUnderTwoMinutesApartCountOnce() throws {
    let base = F.regular(from: F.juneFirst, values: Array(repeating: 120, count: 288))
    // The same sensor again 90 s later (a phone sync and a CSV), at a very high value.
    let echoes = base.map { F.reading($0.measuredAt + 90, 300, serial: "S1") }
    let deduped = window(base + echoes, start: F.juneFirst, end: F.juneFirst + 86_400)
    #expect(deduped.readingCount == 288)
    #expect(try #require(deduped.pct).veryHigh == 0)
    #expect(try #require(deduped.meanMgdl) == 120)
    // Another sensor 90 s later counts.
    let others = base.map { F.reading($0.measuredAt + 90, 300, serial: "S2") }
    let both = window(base + others, start: F.juneFirst, end: F.juneFirst + 86_400)
    #expect(both.readingCount == 576)
    #expect(try #require(both.pct).veryHigh > 0)
    // Two minutes apart is not "less than two minutes": both count.
    let twoMinutes = base.map { F.reading($0.measuredAt + 120, 300, serial: "S1") }
    #expect(window(base + twoMinutes, start: F.juneFirst, end: F.juneFirst + 86_400).readingCount == 576)
  }

  @Test func onlyCGMReadingsCountForTimeInRange() throws {
    var readings = F.regular(from: F.juneFirst, values: Array(repeating: 120, count: 288))
    readings.append(F.reading(F.juneFirst + 1_000, 40, kind: .fingerstick, serial: nil))
    readings.append(F.reading(F.juneFirst + 2_000, 400, kind: .scan, serial: "S1"))
    let metrics = window(readings, start: F.juneFirst, end: F.juneFirst + 86_400)
    #expect(metrics.readingCount == 288)
    #expect(try #require(metrics.pct).inRange == 100)
  }

  @Test func gmiOnlyForTheMonthWithFourteenDaysOfData() throws {
    // Readings every 15 min for the last 20 days.
    let now = F.juneFirst + 20 * 86_400
    let long = F.regular(from: F.juneFirst, step: 900, values: Array(repeating: 150, count: 20 * 96))
    let dashboard = GlucoseDashboard(readings: long, now: now, timeZone: F.utc)
    let gmi = try #require(dashboard.month.gmiPct)
    #expect(abs(gmi - (3.31 + 0.02392 * 150)) < 1e-9)
    #expect(dashboard.week.gmiPct == nil)
    #expect(dashboard.today.gmiPct == nil)
    #expect(dashboard.week.meanMgdl == 150)
    // Thirteen days of data: no GMI.
    let short = F.regular(from: now - 13 * 86_400, step: 900, values: Array(repeating: 150, count: 13 * 96))
    let shortDashboard = GlucoseDashboard(readings: short, now: now, timeZone: F.utc)
    #expect(shortDashboard.month.gmiPct == nil)
    #expect(shortDashboard.month.meanMgdl == 150)
    #expect(shortDashboard.json["windows"]?["month"]?["gmi_pct"] == JSONValue.null)
    #expect(dashboard.json["windows"]?["month"]?["gmi_pct"] == .double(GlucoseDisplay.tenths(gmi)))
  }

  /// CGM readings 15, 10, 5 and 0 minutes before `now`, changing by `perMinute` from `start`.
  func ramp(_ now: Date, start: Double, perMinute: Double) -> [GlucoseReading] {
    [15.0, 10, 5, 0].map { minutesAgo in
      let value: Double = start + perMinute * (15 - minutesAgo)
      return F.reading(now - minutesAgo * 60, value)
    }
  }

  @Test func trendFromTheSlopeOfTheLastTwentyMinutes() throws {
    let now = F.juneFirst + 3_600
    // 1.5 mg/dL per minute over 15 minutes: rising.
    let rising = ramp(now, start: 100, perMinute: 1.5)
    let latest = try #require(GlucoseLatest.compute(readings: rising, now: now))
    #expect(latest.trend == .rising)
    #expect(latest.trendSource == .slope)
    #expect(abs(try #require(latest.slopeMgdlPerMinute) - 1.5) < 1e-9)
    // −2.5 mg/dL per minute: falling quickly; an old reading outside the 20 minutes is ignored.
    let falling = [F.reading(now - 40 * 60, 400)] + ramp(now, start: 200, perMinute: -2.5)
    #expect(GlucoseLatest.compute(readings: falling, now: now)?.trend == .fallingQuickly)
    // Two readings 5 minutes apart do not span 10 minutes: unknown.
    let brief = [F.reading(now - 300, 100), F.reading(now, 130)]
    let unknown = try #require(GlucoseLatest.compute(readings: brief, now: now))
    #expect(unknown.trend == nil)
    #expect(GlucoseTrendBands.arrow(unknown.trend) == "?")
  }

  @Test func freshVendorTrendWinsOverTheSlope() throws {
    let now = F.juneFirst + 3_600
    let rising = (0...3).map { F.reading(now - Double(17 - 5 * $0) * 60, 100 + 3 * Double(5 * $0)) }
    // The newest reading is 2 minutes old and carries a vendor trend.
    let fresh = rising.dropLast() + [F.reading(now - 120, 145, trend: .falling)]
    let latest = try #require(GlucoseLatest.compute(readings: Array(fresh), now: now))
    #expect(latest.trend == .falling)
    #expect(latest.trendSource == .vendor)
    // Six minutes old: the vendor trend is too old; the slope (3 mg/dL/min) says rising quickly.
    let older = rising.map { F.reading($0.measuredAt - 240, $0.valueMgdl, trend: .falling) }
    let fromSlope = try #require(GlucoseLatest.compute(readings: older, now: now))
    #expect(fromSlope.trendSource == .slope)
    #expect(fromSlope.trend == .risingQuickly)
  }

  @Test func trendBoundariesBelongToTheSlowerBand() {
    #expect(GlucoseTrendBands.trend(slopeMgdlPerMinute: 2.01) == .risingQuickly)
    #expect(GlucoseTrendBands.trend(slopeMgdlPerMinute: 2) == .rising)
    #expect(GlucoseTrendBands.trend(slopeMgdlPerMinute: 1.01) == .rising)
    #expect(GlucoseTrendBands.trend(slopeMgdlPerMinute: 1) == .steady)
    #expect(GlucoseTrendBands.trend(slopeMgdlPerMinute: -1) == .steady)
    #expect(GlucoseTrendBands.trend(slopeMgdlPerMinute: -1.01) == .falling)
    #expect(GlucoseTrendBands.trend(slopeMgdlPerMinute: -2) == .falling)
    #expect(GlucoseTrendBands.trend(slopeMgdlPerMinute: -2.01) == .fallingQuickly)
    #expect(GlucoseReading.Trend.allCases.map { GlucoseTrendBands.arrow($0) } == ["↑", "↗", "→", "↘", "↓"])
  }

  @Test func latestIsStaleAfterTwentyMinutesAndNoDataAfterADay() throws {
    let now = F.juneFirst + 2 * 86_400 + 12 * 3_600
    let fresh = try #require(GlucoseLatest.compute(readings: [F.reading(now - 19 * 60, 120)], now: now))
    #expect(fresh.freshness == .fresh)
    let stale = try #require(GlucoseLatest.compute(readings: [F.reading(now - 25 * 60, 120)], now: now))
    #expect(stale.freshness == .stale)
    #expect(stale.age == 25 * 60)
    let gone = try #require(GlucoseLatest.compute(readings: [F.reading(now - 25 * 3_600, 120)], now: now))
    #expect(gone.freshness == .noData)
    #expect(GlucoseLatest.compute(readings: [], now: now) == nil)
    // Any kind counts as latest; a reading after now does not.
    let mixed = [
      F.reading(now - 600, 120), F.reading(now - 60, 65, kind: .fingerstick, serial: nil),
      F.reading(now + 60, 300),
    ]
    let latest = try #require(GlucoseLatest.compute(readings: mixed, now: now))
    #expect(latest.reading.kind == .fingerstick)
    #expect(latest.band == .low)
    let dashboard = GlucoseDashboard(readings: [F.reading(now - 25 * 60, 120)], now: now, timeZone: F.utc)
    #expect(dashboard.stale)
    #expect(dashboard.json["stale"] == .bool(true))
    #expect(dashboard.json["latest"]?["status"] == .string("stale"))
    #expect(GlucoseBarText.line(dashboard) == "120 mg/dL ? · 25 min ago · TIR 100 %")
    #expect(GlucoseBarText.line(dashboard, locale: ViewLocale(language: .de)) == "120 mg/dL ? · vor 25 min · TIR 100 %")
    let empty = GlucoseDashboard(readings: [F.reading(now - 25 * 3_600, 120)], now: now, timeZone: F.utc)
    #expect(GlucoseBarText.line(empty) == "no data")
  }

  @Test func todayOnTheTwentyThreeHourDayInZurich() throws {
    // 14:00 CEST on 2026-03-29 is 12:00Z; local midnight was 23:00Z the day before: 13 h, not 14.
    let now = F.zurichSpringForward + 13 * 3_600
    let today = GlucoseWindow.today.interval(now: now, timeZone: F.zurich)
    #expect(today.start == F.zurichSpringForward)
    #expect(today.duration == 13 * 3_600)
    // An hour of readings before local midnight, then 6.5 h of five-minute data after it.
    let before = F.regular(from: F.zurichSpringForward - 3_600, values: Array(repeating: 300, count: 12))
    let after = F.regular(from: F.zurichSpringForward, values: Array(repeating: 120, count: 78))
    let dashboard = GlucoseDashboard(readings: before + after, now: now, timeZone: F.zurich)
    #expect(abs(dashboard.today.coveragePct - 50) < 1e-9)
    #expect(dashboard.today.readingCount == 78)
    #expect(try #require(dashboard.today.pct).veryHigh == 0)
    #expect(!dashboard.today.sufficient)
    #expect(dashboard.week.readingCount == 90)
    // The next local midnight is 23 hours later.
    #expect(
      GlucoseWindow.nextMidnight(after: F.zurichSpringForward, in: F.zurich) == F.zurichSpringForward + 23 * 3_600)
  }

  @Test func snapshotJSONUsesTheKeysOfSection54() throws {
    let now = F.juneFirst + 86_400
    let readings = F.regular(from: F.juneFirst, values: F.workedExampleValues)
    let dashboard = GlucoseDashboard(
      readings: readings, now: now, timeZone: F.utc,
      weight: .init(kg: 81.4, at: now - 3_600, changeKg: -0.62), activity: .init(steps: 8_012, exerciseMinutes: 31),
      nextReminder: .init(title: "Check glucose", at: now + 1_800), unreadInsights: 2)
    let json = dashboard.json
    guard case .object(let top) = json else {
      Issue.record("not an object")
      return
    }
    #expect(
      Set(top.keys) == [
        "service", "as_of", "stale", "latest", "windows", "weight", "activity", "next_reminder", "unread_insights",
      ])
    #expect(json["service"] == "viiraa")
    #expect(json["as_of"] == .string("2026-06-02T00:00:00.000Z"))
    guard case .object(let windows) = json["windows"], case .object(let month) = json["windows"]?["month"],
      case .object(let pct) = json["windows"]?["week"]?["pct"]
    else {
      Issue.record("windows missing")
      return
    }
    #expect(Set(windows.keys) == ["today", "week", "month"])
    #expect(
      Set(month.keys) == ["coverage_pct", "sufficient", "mean_mgdl", "sd_mgdl", "cv_pct", "gmi_pct", "pct"])
    #expect(Set(pct.keys) == ["very_low", "low", "in_range", "high", "very_high"])
    // Today began at midnight UTC = now: no data yet. The week holds the worked example.
    #expect(json["windows"]?["today"]?["pct"] == JSONValue.null)
    #expect(json["windows"]?["week"]?["pct"]?["in_range"] == .double(71.2))
    #expect(json["windows"]?["week"]?["pct"]?["very_low"] == .double(1.0))
    #expect(json["windows"]?["week"]?["sufficient"] == .bool(false))
    #expect(json["next_reminder"] == ["title": "Check glucose", "at": "2026-06-02T00:30:00.000Z"])
    #expect(json["unread_insights"] == .int(2))
    #expect(json["activity"]?["exercise_minutes"] == .int(31))
    #expect(json["weight"]?["change_kg"] == .double(-0.6))
    #expect(json["latest"]?["value_mgdl"] == .double(300))
    #expect(json["latest"]?["unit"] == "mg/dL")
    // Round trip through the encoder.
    let bytes = try JSONCoding.encode(json)
    // (Whole doubles come back as integers, so compare a fractional one.)
    let decoded = try JSONCoding.decode(JSONValue.self, from: bytes)
    #expect(decoded["windows"]?["week"]?["pct"]?["in_range"] == .double(71.2))
    #expect(decoded["as_of"] == json["as_of"])
  }

  @Test func barText() {
    // 29 readings at 200 then 71 at 112: TIR 71 %; the newest is fresh and steady.
    let values = Array(repeating: 200.0, count: 29) + Array(repeating: 112.0, count: 71)
    var readings = F.regular(from: F.juneFirst, values: values)
    readings[99].trend = .steady
    let now = readings[99].measuredAt + 60
    let dashboard = GlucoseDashboard(readings: readings, now: now, timeZone: F.utc)
    #expect(GlucoseBarText.line(dashboard) == "112 mg/dL → · TIR 71 %")
    #expect(GlucoseBarText.line(dashboard, unit: .mmol) == "6.2 mmol/L → · TIR 71 %")
    // The bar's reader writes decimals their way: a comma in Germany, a point in Switzerland.
    let germany = ViewLocale(language: .de, numbers: NumberStyle.style(.de, region: "DE"))
    let switzerland = ViewLocale(language: .de, numbers: NumberStyle.style(.de, region: "CH"))
    #expect(GlucoseBarText.line(dashboard, unit: .mmol, locale: germany) == "6,2 mmol/L → · TIR 71 %")
    #expect(GlucoseBarText.line(dashboard, unit: .mmol, locale: switzerland) == "6.2 mmol/L → · TIR 71 %")
    readings[99].rangeFlag = .below
    readings[99].valueMgdl = 40
    let low = GlucoseDashboard(readings: readings, now: now, timeZone: F.utc)
    #expect(GlucoseBarText.line(low).hasPrefix("<40 mg/dL →"))
    #expect(GlucoseUnit.mmol.text(mgdl: 180) == "10.0")
    #expect(GlucoseUnit(profileValue: "mmol/L") == .mmol)
  }

  @Test func aYearOfFiveMinuteDataGivesAFullMonthWindow() throws {
    let count = 365 * 288
    let start = F.juneFirst
    var readings: [GlucoseReading] = []
    readings.reserveCapacity(count)
    for index in 0..<count {
      let at = start + Double(index) * 300
      readings.append(
        GlucoseReading(
          measuredAt: at, valueMgdl: 60 + Double(index % 200), kind: .cgm, source: "phone_sync", deviceSerial: "S1",
          dedupKey: "k\(index)"))
    }
    readings.reverse()
    let now = start + Double(count) * 300
    // Its speed is a benchmark figure (outpost-sync-bench --only viiraa), not an assertion here.
    let result = GlucoseDashboard(readings: readings, now: now, timeZone: F.zurich)
    #expect(result.month.readingCount == 30 * 288)
    #expect(abs(result.month.coveragePct - 100) < 1e-9)
    #expect(result.month.gmiPct != nil)
  }
}
