/// The tables of viiraa.md §2, each with the common columns of supabase.md §7.
enum ViiRaaTables {
  typealias Row = [String: SupabaseValue]

  static let common = SupabaseCommonColumns.columns

  static let profiles = SupabaseTable(
    name: "profiles",
    columns: common + [
      ("display_name", .text), ("time_zone", .text), ("glucose_unit", .text), ("target_low_mgdl", .number),
      ("target_high_mgdl", .number),
    ])

  static let glucoseReadings = SupabaseTable(
    name: "glucose_readings",
    columns: common + [
      ("measured_at", .time), ("value_mgdl", .number), ("kind", .text), ("range_flag", .text), ("trend", .text),
      ("source", .text), ("device", .text), ("device_serial", .text), ("dedup_key", .text), ("import_batch_id", .uuid),
    ])

  static let weightReadings = SupabaseTable(
    name: "weight_readings",
    columns: common + [
      ("measured_at", .time), ("weight_kg", .number), ("source", .text), ("note", .text), ("dedup_key", .text),
    ])

  static let activityDays = SupabaseTable(
    name: "activity_days",
    columns: common + [
      ("day", .date), ("steps", .int), ("active_energy_kcal", .number), ("exercise_minutes", .int),
      ("distance_m", .number), ("source", .text),
    ])

  static let coachingReminders = SupabaseTable(
    name: "coaching_reminders",
    columns: common + [
      ("title", .text), ("body", .text), ("category", .text), ("starts_at", .time), ("rrule", .text),
      ("time_zone", .text), ("ends_at", .time), ("active", .bool), ("created_by", .text),
      ("last_completed_at", .time), ("snoozed_until", .time), ("link", .text),
    ])

  static let insights = SupabaseTable(
    name: "insights",
    columns: common + [
      ("kind", .text), ("title", .text), ("body", .text), ("period_start", .date), ("period_end", .date),
      ("metrics", .json), ("published_at", .time), ("read_at", .time),
    ])

  static let all = [profiles, glucoseReadings, weightReadings, activityDays, coachingReminders, insights]

  static func named(_ name: String) -> SupabaseTable? { all.first { $0.name == name } }

  /// Columns a client may PATCH (viiraa.md §3: reminder actions and marking an insight read).
  static let patchable: [String: Set<String>] = [
    "coaching_reminders": ["last_completed_at", "snoozed_until"],
    "insights": ["read_at"],
  ]

  /// A row with the common columns filled in.
  static func row(
    id: String, userID: String, updatedAt: Int64, createdAt: Int64? = nil, deletedAt: Int64? = nil, version: Int = 1,
    _ fields: Row
  ) -> Row {
    SupabaseCommonColumns.row(
      id: id, userID: userID, updatedAt: updatedAt, createdAt: createdAt, deletedAt: deletedAt, version: version, fields
    )
  }

  /// viiraa.md §4.4: `<family>:<serial or ->:<kind>:<UTC instant, to the second>`. The same
  /// format as `GlucoseReading.dedupKey` in OutpostConnectors (which this module cannot
  /// import), e.g. `libre:0M1ABC:cgm:2026-11-25T12:00:00Z`.
  static func glucoseDedupKey(family: String, serial: String?, kind: String, unixSeconds: Int) -> String {
    let stamp = SandboxTime.upstream(unixSeconds).prefix(19) + "Z"
    let device = serial.flatMap { $0.isEmpty ? nil : $0 } ?? "-"
    return "\(family):\(device):\(kind):\(stamp)"
  }
}
