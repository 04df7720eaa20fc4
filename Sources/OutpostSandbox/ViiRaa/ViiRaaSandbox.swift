import Foundation
import Synchronization

/// The live state of the "viiraa" project: a fake Supabase project under `/viiraa` with the
/// tables of viiraa.md §2. Its Auth server is a `TasksSandbox` of its own (same GoTrue rules,
/// its own users, key and JWT secret), so the two projects share one Auth implementation.
///
/// Data is generated on first use (a sandbox that never serves viiraa pays nothing) and then
/// kept current: every access first adds the CGM readings the clock has moved past (live mode,
/// one every 5 minutes of sandbox time, each arriving a minute after it was measured).
public final class ViiRaaSandbox: Sendable {
  let clock: SandboxSharedClock
  let apiKey: String
  let auth: TasksSandbox
  private let state: Mutex<ViiRaaState>
  /// The Data API on PostgreSQL, when the configuration asks for it (`ViiRaaPostgres`).
  let databaseSlot: SandboxDatabaseSlot

  init(configuration: SandboxViiRaaConfiguration, seed: UInt64, clock: SandboxSharedClock) async {
    self.clock = clock
    databaseSlot = SandboxDatabaseSlot(wanted: configuration.postgres)
    apiKey = configuration.apiKey
    auth = await TasksSandbox(
      configuration: SandboxTasksConfiguration(
        apiKey: configuration.apiKey, users: ViiRaaDemo.authUsers,
        accessTokenLifetimeSeconds: TasksSandbox.clampLifetime(configuration.accessTokenLifetimeSeconds),
        reuseIntervalSeconds: TasksSandbox.clampReuseInterval(configuration.reuseIntervalSeconds), tasksPerUser: 0,
        postgres: false),
      seed: seed, clock: clock, jwtSecretName: "viiraa-jwt-secret")
    state = Mutex(
      ViiRaaState(
        seed: seed, historyDays: max(1, configuration.historyDays),
        startSeconds: clock.unixSeconds(at: clock.now()), profiles: ViiRaaDemo.profiles(in: configuration.timeZone)))
    preparePostgres()
  }

  /// The PostgreSQL copy brought up to the model (live readings, admin changes), if there is one.
  var postgres: SandboxProjectDatabase? { get async { await databaseSlot.current() } }

  /// How the data moves to PostgreSQL on first use, when the configuration asks for it.
  private func preparePostgres() {
    let catchUp: @Sendable (SandboxProjectDatabase) async -> Void = { [self] database in
      let changes = withState { $0.journal.drain() }
      if !changes.isEmpty { await database.apply(changes, tables: ViiRaaTables.named) }
    }
    databaseSlot.prepare(start: { [self] in try await ViiRaaPostgres.start(self) }, catchUp: catchUp)
  }

  func detachPostgres() async { await databaseSlot.detach() }

  /// Runs `body` under the lock, after bringing the data up to the clock. Keep it short.
  func withState<Result>(_ body: (inout ViiRaaState) -> Result) -> Result {
    let now = clock.unixSeconds(at: clock.now())
    return state.withLock { state in
      state.catchUp(nowSeconds: now)
      return body(&state)
    }
  }

  /// The Unix microseconds of "now" on the sandbox clock (one stamp per write request).
  func nowMicroseconds() -> Int64 { clock.unixMicroseconds(at: clock.now()) }

  /// Moves the sandbox's one clock forward (every module's).
  public func advanceClock(seconds: Double) async { clock.advance(seconds: seconds) }

  /// "Now" on the sandbox's clock, for clients that must agree with it (a test's connector).
  public func currentDate() -> Date { Date(timeIntervalSince1970: Double(nowMicroseconds()) / 1_000_000) }

  /// The dedup keys of the user's live (not soft-deleted) rows of `table`: the ground truth a
  /// client's store is compared with.
  public func liveKeys(email: String, table: String) async -> Set<String> {
    let owner = ViiRaaDemo.userID(email)
    if let postgres = await postgres {
      let rows = await postgres.rows(
        "\(table)?select=dedup_key&user_id=eq.\(owner)&deleted_at=is.null&dedup_key=not.is.null&order=id.asc")
      return Set(rows.compactMap { $0["dedup_key"]?.stringValue })
    }
    return withState { state in
      Set(
        state.rows(table, owner: owner).compactMap { row -> String? in
          guard row["deleted_at"] == .null, case .text(let key) = row["dedup_key"] else { return nil }
          return key
        })
    }
  }

  /// How many live (not soft-deleted) rows of `table` the user has.
  public func rowCount(email: String, table: String) async -> Int {
    let owner = ViiRaaDemo.userID(email)
    if let postgres = await postgres {
      return await postgres.rows("\(table)?select=id&user_id=eq.\(owner)&deleted_at=is.null&order=id.asc").count
    }
    return withState { $0.rows(table, owner: owner).count { $0["deleted_at"] == .null } }
  }

  /// Ends every live session of the user (refreshes then fail with `session_not_found`).
  @discardableResult
  public func endSessions(email: String) async -> Int { await auth.revokeSessions(email: email) }

  /// Soft-deletes a reading upstream (`deleted_at`, `version` and `updated_at` move on); the
  /// newest one when `id` is nil. Returns the id, or nil when there was none.
  @discardableResult
  public func softDeleteReading(email: String, id: String? = nil) async -> String? {
    softDeleteNow(email: email, id: id)
  }

  /// Deletes a reading outright, as an operator's SQL would: no tombstone, nothing in a change
  /// listing; only a whole listing shows it is gone. The reading with `dedupKey`, else the
  /// newest live one more than an hour old (one no overlap lists again). Returns its key.
  @discardableResult
  public func hardDeleteReading(email: String, dedupKey: String? = nil) async -> String? {
    hardDeleteNow(email: email, dedupKey: dedupKey)
  }

  func hardDeleteNow(email: String, dedupKey: String?) -> String? {
    let owner = ViiRaaDemo.userID(email)
    let hourAgo = nowMicroseconds() - 3_600_000_000
    return withState { state in
      let rows = state.rows("glucose_readings", owner: owner)
      let index =
        dedupKey.map { key in rows.firstIndex { $0["dedup_key"] == .text(key) } }
        ?? rows.indices.last { index in
          guard rows[index]["deleted_at"] == .null, case .time(let at) = rows[index]["measured_at"] else {
            return false
          }
          return at < hourAgo
        }
      guard let index, case .text(let key) = rows[index]["dedup_key"] else { return nil }
      state.remove("glucose_readings", owner: owner, index: index)
      return key
    }
  }

  public func setAccessTokenLifetime(seconds: Int) async { await auth.setAccessTokenLifetime(seconds: seconds) }

  /// A row written now for `email` (an admin's reminder or insight); `fields` get the user's
  /// time zone. Returns the new row's id.
  func addRow(_ table: String, email: String, _ fields: (String) -> ViiRaaTables.Row) -> String {
    let owner = ViiRaaDemo.userID(email)
    let now = nowMicroseconds()
    let id = UUID().uuidString.lowercased()
    withState { state in
      let zone = state.profiles.first { $0.email == email }?.timeZone ?? "UTC"
      state.append(table, ViiRaaTables.row(id: id, userID: owner, updatedAt: now, fields(zone)))
    }
    return id
  }

  func softDeleteNow(email: String, id: String?) -> String? {
    let owner = ViiRaaDemo.userID(email)
    let now = nowMicroseconds()
    return withState { state in
      let rows = state.rows("glucose_readings", owner: owner)
      let index =
        id.map { id in rows.firstIndex { $0["id"] == .text(id) } }
        ?? rows.indices.last { rows[$0]["deleted_at"] == .null }
      guard let index, rows[index]["deleted_at"] == .null else { return nil }
      state.update("glucose_readings", owner: owner, index: index, now: now) { $0["deleted_at"] = .time(now) }
      if case .text(let id) = rows[index]["id"] { return id }
      return nil
    }
  }
}

/// The tables' rows per user, plus what live mode needs.
struct ViiRaaState {
  typealias Row = ViiRaaTables.Row
  let seed: UInt64
  let historyDays: Int
  let startSeconds: Int
  /// The demo users, in the configuration's time zone if it names one.
  let profiles: [ViiRaaDemo.Profile]
  private var generated = false
  /// table → user id → rows, in insertion order.
  private var tables: [String: [String: [Row]]] = [:]
  /// user id → every `dedup_key` of their glucose readings (the unique constraint).
  private(set) var dedupKeys: [String: Set<String>] = [:]
  /// user id → the last 5-minute slot generated.
  private var lastSlot: [String: Int] = [:]
  private(set) var liveReadings = 0
  /// What changed since the PostgreSQL copy was taken, when there is one.
  var journal = SupabaseJournal()
  /// The last hour (Unix seconds / 3600) at which the activity totals were brought up to date.
  private var activityHour: Int?

  init(seed: UInt64, historyDays: Int, startSeconds: Int, profiles: [ViiRaaDemo.Profile] = ViiRaaDemo.profiles) {
    self.seed = seed
    self.historyDays = historyDays
    self.startSeconds = startSeconds
    self.profiles = profiles
  }

  func rows(_ table: String, owner: String) -> [Row] { tables[table]?[owner] ?? [] }

  mutating func append(_ table: String, _ row: Row) {
    guard case .text(let owner) = row["user_id"] else { return }
    tables[table, default: [:]][owner, default: []].append(row)
    if table == "glucose_readings", case .text(let key) = row["dedup_key"] {
      dedupKeys[owner, default: []].insert(key)
    }
    // A reading the copy already has from a client (same dedup key) is not a second one.
    let dedup = table == "glucose_readings" ? ["user_id", "dedup_key"] : nil
    journal.record(.insert(table: table, row: row, onConflict: dedup))
  }

  /// Deletes one row outright (its dedup key is free again).
  mutating func remove(_ table: String, owner: String, index: Int) {
    guard let row = tables[table]?[owner]?[index] else { return }
    tables[table]?[owner]?.remove(at: index)
    if table == "glucose_readings", case .text(let key) = row["dedup_key"] {
      dedupKeys[owner]?.remove(key)
    }
    if case .text(let id) = row["id"] { journal.record(.delete(table: table, id: id)) }
  }

  /// Changes one row as the BEFORE UPDATE trigger would: `updated_at` set, `version` bumped.
  mutating func update(_ table: String, owner: String, index: Int, now: Int64, _ change: (inout Row) -> Void) {
    guard let old = tables[table]?[owner]?[index] else { return }
    var row = old
    change(&row)
    row["updated_at"] = .time(now)
    if case .int(let version) = row["version"] { row["version"] = .int(version + 1) }
    tables[table]?[owner]?[index] = row
    journal.record(SupabaseChange.update(table: table, from: old, to: row, at: now))
  }

  mutating func catchUp(nowSeconds: Int) {
    if !generated { generate() }
    for profile in profiles {
      let generator = ViiRaaSeed(seed: seed, profile: profile)
      let owner = generator.userID
      var slot = (lastSlot[owner] ?? nowSeconds) + ViiRaaSeed.slotSeconds
      while slot + ViiRaaSeed.uploadDelaySeconds <= nowSeconds {
        let stamp = Int64(slot + ViiRaaSeed.uploadDelaySeconds) * 1_000_000
        if let row = generator.reading(at: slot, updatedAtMicros: stamp),
          case .text(let key) = row["dedup_key"], !(dedupKeys[owner]?.contains(key) ?? false)
        {
          append("glucose_readings", row)
          liveReadings += 1
        }
        lastSlot[owner] = slot
        slot += ViiRaaSeed.slotSeconds
      }
    }
    catchUpActivity(nowSeconds: nowSeconds)
  }

  /// Once per hour of sandbox time, the phone merges the day's totals so far (the upsert of
  /// viiraa.md §2.4): today's row grows, with a new `version`; a new day gets its row.
  private mutating func catchUpActivity(nowSeconds: Int) {
    let hour = nowSeconds.floorDivided(by: 3600)
    guard let last = activityHour, hour > last else {
      if activityHour == nil { activityHour = hour }
      return
    }
    activityHour = hour
    let stamp = Int64(hour * 3600) * 1_000_000
    for profile in profiles {
      let generator = ViiRaaSeed(seed: seed, profile: profile)
      let owner = generator.userID
      let today = generator.localDay(hour * 3600)
      // The day that just ended gets its final totals, then today its totals so far.
      for day in [today - 1, today] {
        let fresh = generator.activityRow(day: day, asOf: hour * 3600, updatedAtMicros: stamp)
        let rows = rows("activity_days", owner: owner)
        if let index = rows.firstIndex(where: { $0["day"] == fresh["day"] }) {
          guard rows[index]["steps"] != fresh["steps"] else { continue }
          update("activity_days", owner: owner, index: index, now: stamp) { row in
            for column in ["steps", "active_energy_kcal", "exercise_minutes", "distance_m"] {
              row[column] = fresh[column]
            }
          }
        } else if day == today {
          append("activity_days", fresh)
        }
      }
    }
  }

  private mutating func generate() {
    generated = true
    let startMicros = Int64(startSeconds) * 1_000_000
    for profile in profiles {
      let generator = ViiRaaSeed(seed: seed, profile: profile)
      append("profiles", generator.profileRow(startMicros: startMicros))
      let history = generator.history(days: historyDays, startSeconds: startSeconds)
      for row in history.rows { append("glucose_readings", row) }
      lastSlot[generator.userID] = history.lastSlot
      for row in generator.weights(days: historyDays, startSeconds: startSeconds) { append("weight_readings", row) }
      for row in generator.activityDays(days: historyDays, startSeconds: startSeconds) {
        append("activity_days", row)
      }
      for row in generator.reminders(startSeconds: startSeconds) { append("coaching_reminders", row) }
      for row in generator.insights(startSeconds: startSeconds) { append("insights", row) }
    }
  }
}
