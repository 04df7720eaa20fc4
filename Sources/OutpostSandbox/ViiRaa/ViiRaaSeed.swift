import Foundation

/// Generated data of the viiraa project (viiraa.md §7), deterministic from the sandbox seed and
/// laid out around the sandbox's start: 5-minute CGM readings with meal peaks and night lows,
/// sensor warm-up and signal-loss gaps, Low/High readings and vendor trends on some rows;
/// weight every 2–4 days; activity days; reminders of every shape; weekly insights.
struct ViiRaaSeed {
  typealias Row = ViiRaaTables.Row
  let seed: UInt64
  let profile: ViiRaaDemo.Profile
  let zone: TimeZone

  init(seed: UInt64, profile: ViiRaaDemo.Profile) {
    self.seed = seed
    self.profile = profile
    zone = TimeZone(identifier: profile.timeZone) ?? .gmt
  }

  var userID: String { ViiRaaDemo.userID(profile.email) }

  static let slotSeconds = 300
  /// Readings reach the server this long after they were measured (live mode).
  static let uploadDelaySeconds = 60
  /// The phone uploads its history in batches: every row of a batch shares one `updated_at`
  /// (one transaction's `now()`), which is what keyset paging must cope with.
  static let batchSeconds = 4 * 3600

  private func hash(_ key: String) -> UInt64 {
    var generator = SplitMix64(seed: seed ^ SandboxIdentifiers.fnv1a("viiraa:\(profile.email):\(key)"))
    return generator.next()
  }

  private func unit(_ key: String) -> Double { Double(hash(key) >> 11) * 0x1p-53 }

  func offset(_ unixSeconds: Int) -> Int {
    zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(unixSeconds)))
  }

  /// The local day number (days since 1970-01-01 in the user's zone).
  func localDay(_ unixSeconds: Int) -> Int { (unixSeconds + offset(unixSeconds)).floorDivided(by: 86_400) }

  /// The UTC instant of a wall-clock time on a local day.
  func instant(localDay day: Int, hour: Int, minute: Int = 0) -> Int {
    let wall = day * 86_400 + hour * 3600 + minute * 60
    let guess = wall - offset(wall)
    return wall - offset(guess)
  }

  // MARK: Glucose

  /// The sensor (or transmitter) serial in use at a slot, and whether the slot is in a gap.
  private func sensor(at slot: Int) -> (serial: String, warmingUp: Bool) {
    let life = profile.sensorDays * 86_400
    let phase = Int(hash("sensor-phase") % UInt64(life))
    let index = (slot + phase).floorDivided(by: life)
    let sinceChange = slot + phase - index * life
    let prefix = profile.family == "libre" ? "0M" : "8G"
    return (
      prefix + SandboxIdentifiers.stableCode("viiraa-sensor:\(profile.email):\(index)", count: 8), sinceChange < 3600
    )
  }

  /// One signal-loss gap on about a third of the days, 20–90 minutes long.
  private func signalLost(at slot: Int) -> Bool {
    let day = localDay(slot)
    guard hash("loss:\(day)") % 3 == 0 else { return false }
    let start = instant(localDay: day, hour: 9 + Int(hash("loss-hour:\(day)") % 12))
    let length = 20 * 60 + Int(hash("loss-length:\(day)") % 71) * 60
    return slot >= start && slot < start + length
  }

  /// The modelled glucose in mg/dL: baseline, three meal peaks, a dip at night; some days have
  /// a deep night low or a very high dinner peak (giving Low/High readings).
  func modelled(at slot: Int) -> Double {
    let day = localDay(slot)
    let hour = Double(slot + offset(slot) - day * 86_400) / 3600
    var value = profile.baseline
    let dinnerBoost = hash("high-day:\(day)") % 9 == 5 ? 260.0 : 0
    for (meal, amplitude) in [(7.5, 55.0), (12.5, 70.0), (19.0, 80.0 + dinnerBoost)] {
      let since = hour - meal
      guard since > 0, since < 4 else { continue }
      let scale = 0.8 + 0.4 * unit("meal:\(day):\(meal)")
      value += amplitude * scale * (since / 0.75) * exp(1 - since / 0.75)
    }
    let lowDepth = hash("low-day:\(day)") % 7 == 3 ? 85.0 : 28.0
    value -= lowDepth * exp(-pow((hour - 3.5) / 1.2, 2))
    value += (unit("noise:\(slot)") - 0.5) * 8
    return value
  }

  /// The reading at a 5-minute slot, or nil inside a gap.
  func reading(at slot: Int, updatedAtMicros: Int64) -> Row? {
    let sensor = sensor(at: slot)
    guard !sensor.warmingUp, !signalLost(at: slot) else { return nil }
    var value = (modelled(at: slot) * 10).rounded() / 10
    var flag: SupabaseValue = .null
    if value < 40 {
      (value, flag) = (40, .text("below"))
    } else if value > 400 {
      (value, flag) = (400, .text("above"))
    }
    var trend: SupabaseValue = .null
    // Vendor trends on some rows only (the phone app omits them now and then).
    if hash("trend:\(slot)") % 4 != 0 {
      let rate = (modelled(at: slot) - modelled(at: slot - 900)) / 15
      trend = .text(
        rate > 2
          ? "rising_quickly" : rate > 1 ? "rising" : rate >= -1 ? "steady" : rate >= -2 ? "falling" : "falling_quickly"
      )
    }
    let serial =
      profile.family == "dexcom"
      ? "8G" + SandboxIdentifiers.stableCode("viiraa-tx:\(profile.email)", count: 4) : sensor.serial
    let key = ViiRaaTables.glucoseDedupKey(family: profile.family, serial: serial, kind: "cgm", unixSeconds: slot)
    return ViiRaaTables.row(
      id: SandboxIdentifiers.stableUUID("viiraa-glucose:\(seed):\(profile.email):\(slot)"), userID: userID,
      updatedAt: updatedAtMicros,
      [
        "measured_at": .time(Int64(slot) * 1_000_000), "value_mgdl": .number(value), "kind": .text("cgm"),
        "range_flag": flag, "trend": trend, "source": .text("phone_sync"), "device": .text(profile.device),
        "device_serial": .text(serial), "dedup_key": .text(key), "import_batch_id": .null,
      ])
  }

  /// The history before `start`: every slot from `days` ago until a minute before the start.
  func history(days: Int, startSeconds: Int) -> (rows: [Row], lastSlot: Int) {
    let last = (startSeconds - Self.uploadDelaySeconds).floorDivided(by: Self.slotSeconds) * Self.slotSeconds
    let first = last - days * 86_400
    var rows: [Row] = []
    var slot = first
    let micros = Int64(hash("batch-micros") % 1_000_000)
    while slot <= last {
      let batchEnd = (slot + Self.batchSeconds).floorDivided(by: Self.batchSeconds) * Self.batchSeconds + 37
      let stamp = Int64(min(batchEnd, startSeconds - 1)) * 1_000_000 + micros
      if let row = reading(at: slot, updatedAtMicros: stamp) { rows.append(row) }
      slot += Self.slotSeconds
    }
    return (rows, last)
  }

  // MARK: Other tables

  func profileRow(startMicros: Int64) -> Row {
    ViiRaaTables.row(
      id: userID, userID: userID, updatedAt: startMicros - 20 * 86_400_000_000,
      createdAt: startMicros - 90 * 86_400_000_000,
      [
        "display_name": .text(profile.displayName), "time_zone": .text(profile.timeZone),
        "glucose_unit": .text(profile.glucoseUnit), "target_low_mgdl": .number(70), "target_high_mgdl": .number(180),
      ])
  }

  func weights(days: Int, startSeconds: Int) -> [Row] {
    var rows: [Row] = []
    var day = localDay(startSeconds) - days
    var weight = 84.0 + unit("weight-start") * 6
    while day <= localDay(startSeconds) {
      let at = instant(localDay: day, hour: 7, minute: Int(hash("weigh-minute:\(day)") % 40))
      if at < startSeconds {
        weight += (unit("weight:\(day)") - 0.6) * 0.5
        let kg = (weight * 100).rounded() / 100
        rows.append(
          ViiRaaTables.row(
            id: SandboxIdentifiers.stableUUID("viiraa-weight:\(seed):\(profile.email):\(day)"), userID: userID,
            updatedAt: Int64(at + 120) * 1_000_000,
            [
              "measured_at": .time(Int64(at) * 1_000_000), "weight_kg": .number(kg), "source": .text("scale"),
              "note": .null, "dedup_key": .text("scale:-:weight:" + SandboxTime.upstream(at).prefix(19) + "Z"),
            ]))
      }
      day += 2 + Int(hash("weigh-gap:\(day)") % 3)
    }
    return rows
  }

  /// One row per local day; today's is updated through the day (its totals are partial).
  func activityDays(days: Int, startSeconds: Int) -> [Row] {
    let today = localDay(startSeconds)
    return (today - days...today).map { day in
      let updated = day == today ? startSeconds - 600 : instant(localDay: day + 1, hour: 0, minute: 5)
      return activityRow(day: day, asOf: updated, updatedAtMicros: Int64(updated) * 1_000_000)
    }
  }

  /// A day's totals as the phone reports them at `asOf` (complete once the day is over).
  func activityRow(day: Int, asOf: Int, updatedAtMicros: Int64) -> Row {
    let midnight = instant(localDay: day, hour: 0)
    let fraction = min(1, max(0, Double(asOf - midnight) / 86_400))
    let steps = Int((4000 + unit("steps:\(day)") * 9000) * fraction)
    return ViiRaaTables.row(
      id: SandboxIdentifiers.stableUUID("viiraa-activity:\(seed):\(profile.email):\(day)"), userID: userID,
      updatedAt: updatedAtMicros, createdAt: Int64(instant(localDay: day, hour: 0, minute: 10)) * 1_000_000,
      [
        "day": .date(SandboxTime.dateOnly(day * 86_400)), "steps": .int(Int64(steps)),
        "active_energy_kcal": .number((Double(steps) * 0.045 * 10).rounded() / 10),
        "exercise_minutes": .int(Int64(steps / 350)),
        "distance_m": .number((Double(steps) * 0.76 * 10).rounded() / 10),
        "source": .text("phone_sync"),
      ])
  }

  /// Every shape of viiraa.md §7: daily, weekly by BYDAY, one-off, inactive, soft-deleted, and a
  /// daily one that started long enough ago to span a DST change in its zone.
  func reminders(startSeconds: Int) -> [Row] {
    let today = localDay(startSeconds)
    let shapes:
      [(key: String, title: String, category: String, starts: Int, rrule: String?, active: Bool, deleted: Bool)] = [
        (
          "daily", "Check your glucose", "glucose_check", instant(localDay: today - 30, hour: 8), "FREQ=DAILY", true,
          false
        ),
        (
          "weekly", "Weigh-in", "weigh_in", instant(localDay: today - 28, hour: 7, minute: 30),
          "FREQ=WEEKLY;BYDAY=MO,TH",
          true, false
        ),
        ("one-off", "Coaching call with Sam", "coaching", instant(localDay: today + 3, hour: 17), nil, true, false),
        ("inactive", "Log your lunch", "meal_log", instant(localDay: today - 20, hour: 12), "FREQ=DAILY", false, false),
        ("deleted", "Walk after dinner", "activity", instant(localDay: today - 25, hour: 20), "FREQ=DAILY", true, true),
        ("dst", "Evening reading", "custom", instant(localDay: today - 250, hour: 21), "FREQ=DAILY", true, false),
      ]
    return shapes.enumerated().map { index, shape in
      let created = Int64(shape.starts - 86_400) * 1_000_000
      let updated = Int64(startSeconds - 86_400 * (10 - index)) * 1_000_000
      return ViiRaaTables.row(
        id: SandboxIdentifiers.stableUUID("viiraa-reminder:\(seed):\(profile.email):\(shape.key)"), userID: userID,
        updatedAt: max(updated, created), createdAt: created, deletedAt: shape.deleted ? updated : nil,
        version: shape.deleted ? 2 : 1,
        [
          "title": .text(shape.title), "body": .text("\(shape.title) — from your ViiRaa coach."),
          "category": .text(shape.category), "starts_at": .time(Int64(shape.starts) * 1_000_000),
          "rrule": shape.rrule.map { .text($0) } ?? .null, "time_zone": .text(profile.timeZone), "ends_at": .null,
          "active": .bool(shape.active), "created_by": .text(shape.key == "dst" ? "user" : "coach"),
          "last_completed_at": .null, "snoozed_until": .null,
          "link": .text("https://app.viiraa.example/reminders/\(shape.key)"),
        ])
    }
  }

  /// Weekly summaries for the past five weeks (published Monday 06:00 local) and one tip whose
  /// `published_at` lies two days ahead.
  func insights(startSeconds: Int) -> [Row] {
    let today = localDay(startSeconds)
    let monday = today - SandboxTime.weekday(days: today) + 1 - (SandboxTime.weekday(days: today) == 0 ? 7 : 0)
    var rows: [Row] = []
    for week in 1...5 {
      let end = monday - 7 * (week - 1) - 1
      let published = instant(localDay: end + 1, hour: 6)
      let tir = 60 + (unit("tir:\(week)") * 300).rounded() / 10
      rows.append(
        insight(
          key: "week-\(week)", kind: "weekly_summary", title: "Your week in range", body: "Time in range was \(tir)%.",
          period: (end - 6, end), metrics: #"{"tir_pct":\#(tir)}"#, published: published,
          startSeconds: startSeconds))
    }
    rows.append(
      insight(
        key: "future", kind: "tip", title: "A tip for next week", body: "Try a short walk after dinner.",
        period: (today, today + 7), metrics: "{}", published: startSeconds + 2 * 86_400,
        startSeconds: startSeconds))
    return rows
  }

  private func insight(
    key: String, kind: String, title: String, body: String, period: (Int, Int), metrics: String, published: Int,
    startSeconds: Int
  ) -> Row {
    // Written an hour before publication, and never after the sandbox's start.
    let stamp = Int64(min(published, startSeconds) - 3600) * 1_000_000
    return ViiRaaTables.row(
      id: SandboxIdentifiers.stableUUID("viiraa-insight:\(seed):\(profile.email):\(key)"), userID: userID,
      updatedAt: stamp,
      [
        "kind": .text(kind), "title": .text(title), "body": .text(body),
        "period_start": .date(SandboxTime.dateOnly(period.0 * 86_400)),
        "period_end": .date(SandboxTime.dateOnly(period.1 * 86_400)), "metrics": .json(metrics),
        "published_at": .time(Int64(published) * 1_000_000), "read_at": .null,
      ])
  }
}
