import Foundation
import OutpostModel
import OutpostSandbox
import OutpostStore
import Testing

@testable import OutpostConnectors

/// The ViiRaa connector against the sandbox's viiraa project over real HTTP, on the sandbox's
/// manual clock (pinned to 2026-11-25T12:00:00Z): the keyset pull, deletions, the coaching
/// reminders' expansion, every write sent twice without doing anything twice, an import
/// uploaded idempotently, and the dashboard computed from what was synced.
@Suite(.serialized) struct ViiRaaConnectorTests {
  static let reference = Date(timeIntervalSince1970: 1_795_608_000)  // 2026-11-25T12:00:00Z

  struct World {
    let server: SandboxServer
    let keeper: SessionKeeper<ViiRaaConnector>
    let connector: ViiRaaConnector
  }

  /// `postgres`: the project's Data API on PostgreSQL with contrib/supabase/viiraa.sql, where
  /// row-level security, constraints and triggers are the database's (issue 46).
  func withWorld(historyDays: Int = 3, postgres: Bool = true, _ body: (World) async throws -> Void) async throws {
    var configuration = SandboxConfiguration(referenceDate: Self.reference, services: [.viiraa])
    configuration.manualClock = true
    configuration.viiraa.historyDays = historyDays
    configuration.viiraa.postgres = postgres
    let server = try await SandboxServer.start(configuration)
    let viiraa = server.viiraa
    let account = ConnectorAccount(
      id: "v-1", username: ViiRaaDemo.libreEmail, baseURL: server.url(for: .viiraa),
      options: ["apiKey": SandboxViiRaaConfiguration.defaultAPIKey])
    let connector = ViiRaaConnector(account: account, transport: TestHTTP.transport) { viiraa.currentDate() }
    let keeper = SessionKeeper(
      connector: connector, account: account, vault: SessionKeeperTests.MemoryVault()
    ) { _ in }
    do {
      _ = try await keeper.adopt(SecretString(ViiRaaDemo.password), label: "ViiRaa")
      try await body(World(server: server, keeper: keeper, connector: connector))
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }

  func fetch(_ world: World, _ cursor: SyncCursor?) async throws -> FetchResult {
    let now = world.server.viiraa.currentDate()
    return try await world.keeper.fetch(window: SyncWindow.around(now), cursor: cursor)
  }

  func perform(_ world: World, _ type: ActionType, _ prepared: PreparedAction, item: Item? = nil) async throws
    -> ActionOutcome
  {
    try await world.keeper.perform(
      ActionRequest(type: type, target: prepared.target, params: prepared.params, item: item))
  }

  @Test func aFirstPullHoldsWhatTheServiceHoldsAndTheNextOnlyWhatChanged() async throws {
    try await withWorld { world in
      let first = try await fetch(world, nil)
      // Readings come as series points, keyed by their dedup key; no reading is an item.
      let readings = first.points.filter { $0.kind == .glucoseReading }
      let truth = await world.server.viiraa.liveKeys(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      #expect(!truth.isEmpty)
      #expect(Set(readings.map(\.key)) == truth)
      #expect(!first.items.contains { $0.kind == .glucoseReading })
      #expect(readings.allSatisfy { GlucoseReading.Kind(rawValue: $0.tag) != nil && $0.details["source"] != nil })
      #expect(first.items.contains { $0.kind == .healthProfile && $0.details["timeZone"] == "America/Chicago" })
      #expect(first.cursor?.values["glucose_readings"] != nil)

      // The daily reminder at 08:00 Chicago: 14 days ahead and this morning's; the inactive
      // and the deleted one give none.
      let reminders = first.items.filter { $0.kind == .coachingReminder }
      let daily = reminders.filter { $0.title == "Check your glucose" }
      #expect((14...16).contains(daily.count), "\(daily.count)")
      #expect(!reminders.contains { $0.title == "Log your lunch" || $0.title == "Walk after dinner" })
      var chicago = Calendar(identifier: .gregorian)
      chicago.timeZone = TimeZone(identifier: "America/Chicago")!
      #expect(daily.allSatisfy { chicago.component(.hour, from: $0.startsAt!) == 8 })
      #expect(first.complete.contains(.coachingReminder))
      // The tip published two days ahead is not shown yet.
      let insights = first.items.filter { $0.kind == .insight }
      #expect(!insights.isEmpty)
      #expect(insights.allSatisfy { ($0.startsAt ?? .distantFuture) <= world.server.viiraa.currentDate() })

      // Nothing changed: only the 60-second overlap comes again (the phone's last upload).
      let again = try await fetch(world, first.cursor)
      let overlap = again.points.filter { $0.kind == .glucoseReading }
      #expect(overlap.count < readings.count / 4)
      #expect(overlap.allSatisfy { truth.contains($0.key) })
      #expect(again.removed.isEmpty)

      // Ten minutes later two live readings arrive; a reading deleted upstream is named.
      await world.server.advanceClock(seconds: 600)
      let deleted = try #require(await world.server.viiraa.softDeleteReading(email: ViiRaaDemo.libreEmail))
      let later = try await fetch(world, again.cursor)
      let fresh = later.points.filter { $0.kind == .glucoseReading && !truth.contains($0.key) }
      #expect((1...2).contains(fresh.count), "\(fresh.map(\.key))")
      #expect(later.removed.count == 1)
      #expect(later.removed.first?.kind == .glucoseReading)
      #expect(deleted.isEmpty == false)

      // Two days later the tip is published and arrives, unread.
      await world.server.advanceClock(seconds: 2 * 86_400)
      let published = try await fetch(world, later.cursor)
      let tip = published.items.filter { $0.kind == .insight && $0.details["unread"] == .int(1) }
      #expect(tip.contains { !insights.map(\.upstreamID).contains($0.upstreamID) })
    }
  }

  @Test(arguments: [false, true])
  func typedInValuesAndReminderChangesAreSentOnceHoweverOftenTheyAreSent(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let now = world.server.viiraa.currentDate()
      let glucose = try ViiRaaConnector.prepare(.viiraaLogGlucose, params: ["value": "6.2 mmol/L"], now: now)
      #expect(glucose.params["row"]?["value_mgdl"] == .double(111.7))
      guard case .done = try await perform(world, .viiraaLogGlucose, glucose) else {
        Issue.record("not done")
        return
      }
      #expect(try await perform(world, .viiraaLogGlucose, glucose) == .alreadyDone)
      let weight = try ViiRaaConnector.prepare(.viiraaLogWeight, params: ["value": "180lb"], now: now)
      #expect(weight.params["row"]?["weight_kg"] == .double(81.65))
      guard case .done = try await perform(world, .viiraaLogWeight, weight) else {
        Issue.record("not done")
        return
      }
      #expect(try await perform(world, .viiraaLogWeight, weight) == .alreadyDone)
      #expect(throws: ActionRefusal.self) {
        try ViiRaaConnector.prepare(.viiraaLogGlucose, params: ["value": "700"], now: now)
      }
      #expect(throws: ActionRefusal.self) {
        try ViiRaaConnector.prepare(.viiraaLogWeight, params: ["value": "80 stone"], now: now)
      }

      // Done on the next occurrence: sent twice, done once; a snooze on the old version
      // afterwards is a conflict with the server's copy, not a silent overwrite.
      let items = try await fetch(world, nil).items
      let next = try #require(
        items.filter { $0.kind == .coachingReminder && $0.title == "Check your glucose" && $0.startsAt! > now }
          .min { $0.startsAt! < $1.startsAt! })
      let done = try ViiRaaConnector.prepare(.viiraaReminderDone, on: next, params: [:], now: now)
      guard case .done = try await perform(world, .viiraaReminderDone, done, item: next) else {
        Issue.record("not done")
        return
      }
      #expect(try await perform(world, .viiraaReminderDone, done, item: next) == .alreadyDone)
      let snooze = try ViiRaaConnector.prepare(.viiraaReminderSnooze, on: next, params: ["minutes": 15], now: now)
      guard case .conflict(_, let server) = try await perform(world, .viiraaReminderSnooze, snooze, item: next) else {
        Issue.record("no conflict")
        return
      }
      #expect(server?["last_completed_at"] != nil)
      // After a sync the occurrence shows done.
      let synced = try await fetch(world, nil).items.first { $0.upstreamID == next.upstreamID }
      #expect(synced?.status == .closed)

      // An insight read here, then again after it was read elsewhere: done, then already done.
      let insight = try #require(items.first { $0.kind == .insight && $0.status == .active })
      let read = try ViiRaaConnector.prepare(.viiraaInsightRead, on: insight, params: [:], now: now)
      guard case .done = try await perform(world, .viiraaInsightRead, read, item: insight) else {
        Issue.record("not done")
        return
      }
      #expect(try await perform(world, .viiraaInsightRead, read, item: insight) == .alreadyDone)
    }
  }

  /// A row the schema refuses (a value past `glucose_readings_value_mgdl_check`, which the CLI
  /// would have stopped) is refused by PostgreSQL itself, and the connector says so as a
  /// refusal with PostgreSQL's words: an action that ends at once as failed, not a retry.
  @Test func aRowTheSchemaRefusesIsARefusalWithPostgreSQLsWords() async throws {
    try await withWorld(postgres: true) { world in
      let now = world.server.viiraa.currentDate()
      var prepared = try ViiRaaConnector.prepare(.viiraaLogGlucose, params: ["value": "123"], now: now)
      guard case .object(var row)? = prepared.params["row"] else {
        Issue.record("no row")
        return
      }
      row["value_mgdl"] = .double(700)
      prepared.params = .object(["row": .object(row)])
      do {
        _ = try await perform(world, .viiraaLogGlucose, prepared)
        Issue.record("accepted")
      } catch let error as SessionError {
        guard case .connector(.refused(let reason)) = error else {
          Issue.record("not a refusal: \(error)")
          return
        }
        #expect(reason.contains("glucose_readings_value_mgdl_check"), "\(reason)")
        #expect(reason.contains("23514"))
      } catch {
        Issue.record("not a refusal: \(error)")
      }
      #expect(await world.server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings") > 0)
    }
  }

  static let libreFile = """
    Glucose Data,Generated on,11-25-2026 7:41 AM UTC,Generated by,Alex Example\r
    Device,Serial Number,Device Timestamp,Record Type,Historic Glucose mg/dL,Scan Glucose mg/dL,Non-numeric Rapid-Acting Insulin,Rapid-Acting Insulin (units),Non-numeric Food,Carbohydrates (grams),Carbohydrates (servings),Non-numeric Long-Acting Insulin,Long-Acting Insulin (units),Notes,Strip Glucose mg/dL,Ketone mmol/L,Meal Insulin (units),Correction Insulin (units),User Change Insulin (units)\r
    FreeStyle LibreLink,0M1OLD,09-01-2026 07:05 AM,0,104,,,,,,,,,,,,,,\r
    FreeStyle LibreLink,0M1OLD,09-01-2026 07:20 AM,0,112,,,,,,,,,,,,,,\r
    FreeStyle LibreLink,0M1OLD,09-01-2026 07:24 AM,1,,118,,,,,,,,,,,,,\r
    FreeStyle LibreLink,0M1OLD,09-01-2026 07:35 AM,0,abc,,,,,,,,,,,,,,\r
    FreeStyle LibreLink,0M1OLD,09-01-2026 07:40 AM,5,,,,,,30,,,,,,,,,\r

    """

  @Test(arguments: [false, true])
  func anImportIsStoredAsPointsAndUploadedOnceInBatches(postgres: Bool) async throws {
    try await withWorld(postgres: postgres) { world in
      let context = ImportContext(
        existing: [:], items: try await fetch(world, nil).items.filter { $0.kind == .healthProfile }, options: [:],
        params: [:], now: world.server.viiraa.currentDate())
      let plan = try ViiRaaConnector.importFiles(
        "viiraa.cgm", files: [ImportFile(name: "Alex_glucose.csv", bytes: Array(Self.libreFile.utf8))],
        context: context)
      #expect(plan.items.isEmpty && plan.points.count == 3)
      #expect(plan.points.map(\.tag) == ["cgm", "cgm", "scan"])
      #expect(plan.summary["imported"] == .int(3))
      #expect(plan.summary["rejected"] == .int(1))
      #expect(plan.summary["skipped_types"] == .int(1))
      #expect(plan.summary["time_zone"] == "America/Chicago")
      let (type, upload) = try #require(plan.action)
      let before = await world.server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      guard case .done(let reply) = try await perform(world, type, upload) else {
        Issue.record("not done")
        return
      }
      #expect(reply?["inserted"] == .int(3))
      #expect(try await perform(world, type, upload) == .alreadyDone)
      let after = await world.server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      #expect(after == before + 3)
      // The upload keeps most rows as [seconds, value] beside one shared row, and they insert
      // exactly what the full rows would.
      let rows = try #require(upload.params["rows"].flatMap { if case .array(let rows) = $0 { rows } else { nil } })
      #expect(rows.filter { if case .array(let fields) = $0 { fields.count == 2 } else { false } }.count == 2)
      let sent = try #require(ViiRaaImportRows.rows(upload.params, batch: upload.target))
      #expect(sent.map { $0["dedup_key"]?.stringValue } == plan.points.map(\.key))
      #expect(sent.map { $0["kind"]?.stringValue } == ["cgm", "cgm", "scan"])
      #expect(sent.allSatisfy { $0["device_serial"] == "0M1OLD" && $0["source"] == "libreview_csv" })

      // Imported again against what the store now holds: nothing new.
      let keys = Set(plan.points.map(\.key))
      let again = try ViiRaaConnector.importFiles(
        "viiraa.cgm", files: [ImportFile(name: "Alex_glucose.csv", bytes: Array(Self.libreFile.utf8))],
        context: ImportContext(
          existing: [.glucoseReading: keys], items: context.items, options: [:], params: [:], now: context.now))
      #expect(again.isEmpty && again.action == nil)
      #expect(again.summary["already_present"] == .int(3))
      #expect(throws: ActionRefusal.self) {
        try ViiRaaConnector.importFiles(
          "viiraa.cgm", files: [ImportFile(name: "notes.txt", bytes: Array("hello\nworld\n".utf8))], context: context)
      }
    }
  }

  @Test func theDashboardIsComputedFromTheSyncedItemsAndReadings() async throws {
    try await withWorld { world in
      let fetched = try await fetch(world, nil)
      let (items, points) = (fetched.items, fetched.points.sorted { $0.at < $1.at })
      let now = world.server.viiraa.currentDate()
      let answer = try ViiRaaConnector.answer(
        "viiraa.dashboard", params: [:], items: items, points: points, options: [:], now: now)
      let dashboard = try #require(answer["block"])
      #expect(dashboard["latest"]?["status"] == "fresh")
      #expect((ViiRaaItems.number(dashboard["windows"]?["today"]?["coverage_pct"]) ?? 0) > 50)
      #expect(dashboard["next_reminder"]?["title"]?.stringValue != nil)
      #expect(answer["bar"]?.stringValue?.contains("mg/dL") == true)
      let chart = try ViiRaaConnector.answer(
        "viiraa.chart", params: ["days": 3], items: items, points: points, options: [:], now: now)
      #expect(chart["svg"]?.stringValue?.contains("<svg") == true)
      #expect((chart["readings"]?.int64Value ?? 0) > 500)
    }
  }
}

extension ViiRaaConnectorTests {
  /// A Google-only account: the password way ends with where to go instead; the browser way
  /// (PKCE, the loopback listener) signs in, keeps the refresh token and syncs; a code brought
  /// back twice is refused the second time.
  @Test func aGoogleAccountSignsInInTheBrowserNotWithAPassword() async throws {
    var configuration = SandboxConfiguration(referenceDate: Self.reference, services: [.viiraa])
    configuration.manualClock = true
    configuration.viiraa.historyDays = 1
    let server = try await SandboxServer.start(configuration)
    let viiraa = server.viiraa
    do {
      let account = ConnectorAccount(
        id: "v-g", username: ViiRaaDemo.googleEmail, baseURL: server.url(for: .viiraa),
        options: ["apiKey": SandboxViiRaaConfiguration.defaultAPIKey])
      let connector = ViiRaaConnector(account: account, transport: TestHTTP.transport) { viiraa.currentDate() }
      let vault = SessionKeeperTests.MemoryVault()
      let keeper = SessionKeeper(connector: connector, account: account, vault: vault) { _ in }
      await #expect(throws: SessionError.self) { _ = try await keeper.adopt(SecretString("guess"), label: "ViiRaa") }
      let refusal = await #expect(throws: ConnectorError.self) {
        _ = try await connector.logIn(secret: SecretString("guess"))
      }
      #expect(refusal.map { "\($0)" }?.contains("--browser") == true, "\(String(describing: refusal))")

      let pending = try await keeper.beginInteractiveLogin(.browser, label: "ViiRaa", clock: ManualClock())
      let address = try #require(URLComponents(string: pending.prompt.url))
      let query = Dictionary(uniqueKeysWithValues: (address.queryItems ?? []).map { ($0.name, $0.value ?? "") })
      #expect(query["provider"] == "google" && query["code_challenge_method"] == "s256")
      #expect(query["code_challenge"]?.count == 43)
      #expect(query["redirect_to"]?.hasPrefix("http://127.0.0.1:") == true)
      // The test is the browser: Google and Supabase send it back to the listener.
      let authorize = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: pending.prompt.url))
      #expect(authorize.status == 302)
      let location = try #require(authorize.header("location"))
      #expect(location.contains("state=") && location.contains("code="))
      let back = try await TestHTTP.transport.send(HTTPRequest(method: "GET", url: location))
      #expect(back.status == 200)
      #expect(try await pending.waitForOutcome()?.get().displayName == ViiRaaDemo.googleEmail)
      let stored = try #require(await vault.secrets[VaultKey(kind: "viiraa", accountID: "v-g")])
      #expect(SupabaseStoredSecret(stored) != .password(stored))
      _ = try await keeper.fetch(window: SyncWindow.around(viiraa.currentDate()), cursor: nil)

      // The same code again (a replayed redirect): refused, nothing issued.
      let code = try #require(URLComponents(string: location)?.queryItems?.first { $0.name == "code" }?.value)
      let auth = SupabaseAuth(
        project: SupabaseProject(
          baseURL: server.url(for: .viiraa), apiKey: SandboxViiRaaConfiguration.defaultAPIKey,
          transport: TestHTTP.transport))
      await #expect(throws: ConnectorError.self) {
        _ = try await auth.exchange(code: code, verifier: SecretString(String(repeating: "a", count: 43)))
      }
    } catch {
      try await server.stop()
      throw error
    }
    try await server.stop()
  }
}

extension ViiRaaConnectorTests {
  /// A reading deleted outright at the service (no tombstone) cannot be told by a change
  /// listing; the daily whole listing tells it, and the store lets it go then, not before.
  @Test func aReadingDeletedOutrightLeavesWithTheDailyWholeListing() async throws {
    try await withWorld { world in
      let directory = TemporaryDirectory()
      let store = try Store.open(path: directory.file("outpost.sqlite"))
      let accountID = "00000000-0000-4000-8000-0000000000c1"
      try await store.addAccount(
        Account(
          id: accountID, name: "me", kind: "viiraa", username: ViiRaaDemo.libreEmail, baseURL: "https://x",
          state: .ok, stateChangedAt: Self.reference, createdAt: Self.reference))
      func sync(_ cursor: SyncCursor?) async throws -> FetchResult {
        let result = try await fetch(world, cursor)
        _ = try await store.applySync(
          accountID: accountID, items: result.items, points: result.points, complete: result.complete,
          window: SyncWindow.around(world.server.viiraa.currentDate()), cursor: nil, removed: result.removed)
        return result
      }
      func keys() async throws -> Set<String> {
        try await store.seriesKeys(accountID: accountID, kind: .glucoseReading)
      }

      let first = try await sync(nil)
      let gone = try #require(await world.server.viiraa.hardDeleteReading(email: ViiRaaDemo.libreEmail))
      #expect(try await keys().contains(gone))
      await world.server.advanceClock(seconds: 600)
      let soon = try await sync(first.cursor)
      #expect(!soon.complete.contains(.glucoseReading) && soon.removed.isEmpty)
      #expect(try await keys().contains(gone))

      await world.server.advanceClock(seconds: 86_400)
      let daily = try await sync(soon.cursor)
      #expect(daily.complete.contains(.glucoseReading))
      let held = try await keys()
      #expect(!held.contains(gone))
      // Everything else the service holds is still here.
      let truth = await world.server.viiraa.liveKeys(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      #expect(held == truth, "missing \(truth.subtracting(held).count), extra \(held.subtracting(truth).count)")
    }
  }
}
