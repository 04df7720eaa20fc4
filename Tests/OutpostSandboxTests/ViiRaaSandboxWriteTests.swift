import Foundation
import OutpostSandbox
import Testing

/// Writes on the viiraa project (viiraa.md §3): the idempotent glucose upload, the unique
/// `dedup_key`, preconditioned PATCHes, live mode and the admin ground truth.
@Suite struct ViiRaaSandboxWriteTests {
  private static let upload =
    "/rest/v1/glucose_readings?on_conflict=user_id,dedup_key&select=id"
  private static let ignore = [(name: "Prefer", value: "resolution=ignore-duplicates,return=representation")]

  /// A reading as a client sends it: `user_id` is the signed-in user's (the column has no
  /// default); nil leaves it out.
  private static func reading(
    _ key: String, id: String? = nil, user: String? = ViiRaaDemo.userID(ViiRaaDemo.libreEmail)
  ) -> String {
    let idField = id.map { #""id":"\#($0)","# } ?? ""
    let userField = user.map { #""user_id":"\#($0)","# } ?? ""
    return
      #"{\#(idField)\#(userField)"measured_at":"2026-11-01T08:00:00Z","value_mgdl":123.4,"kind":"cgm","source":"libreview_csv","#
      + #""device":"FreeStyle Libre 3","device_serial":"0MTEST","dedup_key":"\#(key)","import_batch_id":null}"#
  }

  @Test func uploadAnswersOnlyTheNewRows() async throws {
    try await withViiRaaSandbox { server, viiraa in
      let bearer = try await viiraa.signIn().accessToken
      let existing = try await viiraa.get("glucose_readings", "select=dedup_key&limit=2", bearer: bearer).jsonArray()
      let oldKeys = existing.compactMap { $0["dedup_key"] as? String }
      #expect(oldKeys.count == 2)
      let newKeys = (0..<3).map { "libre:0MTEST:cgm:2026-11-01T08:0\($0):00Z" }
      let body = "[" + (oldKeys + newKeys).map { Self.reading($0) }.joined(separator: ",") + "]"
      let before = await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      let first = try await viiraa.send("POST", Self.upload, json: body, bearer: bearer, headers: Self.ignore)
      #expect(first.status == 201, "\(first.body)")
      let ids = try first.uuids()
      #expect(ids.count == 3)
      #expect(try first.jsonArray().allSatisfy { $0.count == 1 })
      #expect(await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings") == before + 3)
      // One transaction, one updated_at; the rows read back as uploaded.
      let inserted = try await viiraa.get(
        "glucose_readings", "select=updated_at,user_id&source=eq.libreview_csv", bearer: bearer
      ).jsonArray()
      #expect(inserted.count == 3)
      #expect(Set(inserted.compactMap { $0["updated_at"] as? String }).count == 1)
      // A repeated import inserts nothing and says so with an empty answer.
      let again = try await viiraa.send("POST", Self.upload, json: body, bearer: bearer, headers: Self.ignore)
      #expect(again.status == 201)
      #expect(again.body == "[]")
      // The other user may upload the same keys: the constraint is per user.
      let dexcom = try await viiraa.signIn(ViiRaaDemo.dexcomEmail).accessToken
      let dexcomUser = ViiRaaDemo.userID(ViiRaaDemo.dexcomEmail)
      let theirBody = "[" + (oldKeys + newKeys).map { Self.reading($0, user: dexcomUser) }.joined(separator: ",") + "]"
      let theirs = try await viiraa.send("POST", Self.upload, json: theirBody, bearer: dexcom, headers: Self.ignore)
      #expect(try theirs.uuids().count == 5)
      // The first user's rows sent with the second user's token: the policy refuses them all.
      let borrowed = try await viiraa.send("POST", Self.upload, json: body, bearer: dexcom, headers: Self.ignore)
      #expect(borrowed.status == 403)
      #expect(try borrowed.jsonObject()["code"] as? String == "42501")
    }
  }

  /// `user_id uuid not null` without a default, under `auth.uid() = user_id` (supabase.md §7): a
  /// row that leaves it out is refused as PostgreSQL refuses it — by the policy's WITH CHECK,
  /// which runs before the NOT NULL check (42501, 403) — and nothing of the request is kept.
  /// The sandbox once filled it in, and so agreed with connectors that never sent it.
  @Test func aRowWithoutItsUserIsRefusedAndNothingIsInserted() async throws {
    try await withViiRaaSandbox { server, viiraa in
      let bearer = try await viiraa.signIn().accessToken
      let before = await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      // All objects of an array have the same keys (else 400 `PGRST102`), so none has it.
      let rows = [
        Self.reading("libre:0MTEST:cgm:2026-11-03T08:00:00Z", user: nil),
        Self.reading("libre:0MTEST:cgm:2026-11-03T08:05:00Z", user: nil),
      ]
      let reply = try await viiraa.send(
        "POST", Self.upload, json: "[" + rows.joined(separator: ",") + "]", bearer: bearer, headers: Self.ignore)
      #expect(reply.status == 403)
      let error = try reply.jsonObject()
      #expect(error["code"] as? String == "42501")
      #expect((error["message"] as? String)?.contains("row-level security policy") == true)
      #expect(await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings") == before)
      let weight = try await viiraa.send(
        "POST", "/rest/v1/weight_readings?on_conflict=id&select=id",
        json:
          #"{"id":"6f1c1a52-2222-4d2b-9c1e-3b7d2a9e0c11","measured_at":"2026-11-03T07:00:00Z","weight_kg":81.2,"source":"manual","dedup_key":"manual:w1"}"#,
        bearer: bearer, headers: Self.ignore)
      #expect(weight.status == 403)
      #expect(try weight.jsonObject()["code"] as? String == "42501")
    }
  }

  @Test func plainPostOfADuplicateIs23505() async throws {
    try await withViiRaaSandbox { server, viiraa in
      let bearer = try await viiraa.signIn().accessToken
      let key = try #require(
        try await viiraa.get("glucose_readings", "select=dedup_key&limit=1", bearer: bearer).jsonArray().first?[
          "dedup_key"] as? String)
      let before = await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      let body = "[" + Self.reading("libre:0MTEST:cgm:2026-11-02T08:00:00Z") + "," + Self.reading(key) + "]"
      let reply = try await viiraa.send("POST", "/rest/v1/glucose_readings", json: body, bearer: bearer)
      #expect(reply.status == 409)
      let error = try reply.jsonObject()
      #expect(error["code"] as? String == "23505")
      // PostgreSQL names no key values under row-level security.
      #expect(error["details"] is NSNull)
      // Nothing of the batch was inserted.
      #expect(await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings") == before)
      let fresh = try await viiraa.send(
        "POST", "/rest/v1/glucose_readings", json: Self.reading("libre:0MTEST:cgm:2026-11-02T08:00:00Z"),
        bearer: bearer)
      #expect(fresh.status == 201)
      #expect(fresh.body.isEmpty)
      let foreign = try await viiraa.send(
        "POST", "/rest/v1/glucose_readings", json: Self.reading("x", user: ViiRaaDemo.userID(ViiRaaDemo.dexcomEmail)),
        bearer: bearer)
      #expect(foreign.status == 403)
      #expect(try foreign.jsonObject()["code"] as? String == "42501")
      // A client-chosen id, inserted idempotently (`on_conflict` left to the primary key).
      let id = "6f1c1a52-1111-4d2b-9c1e-3b7d2a9e0c11"
      let manual = Self.reading("manual:-:manual:2026-11-25T07:00:00Z", id: id)
      let idempotent = [(name: "Prefer", value: "resolution=ignore-duplicates,return=representation")]
      let once = try await viiraa.send(
        "POST", "/rest/v1/glucose_readings?select=id", json: manual, bearer: bearer, headers: idempotent)
      #expect(try once.uuids() == [id])
      let twice = try await viiraa.send(
        "POST", "/rest/v1/glucose_readings?select=id", json: manual, bearer: bearer, headers: idempotent)
      #expect(twice.status == 201)
      #expect(twice.body == "[]")
    }
  }

  @Test func patchWithAVersionPreconditionAppliesOnce() async throws {
    try await withViiRaaSandbox { _, viiraa in
      let bearer = try await viiraa.signIn(ViiRaaDemo.dexcomEmail).accessToken
      let reminder = try #require(
        try await viiraa.get(
          "coaching_reminders", "select=id,version,updated_at&rrule=eq.FREQ%3DDAILY&active=is.true&limit=1",
          bearer: bearer
        )
        .jsonArray().first)
      let id = try #require(reminder["id"] as? String)
      let version = try #require(reminder["version"] as? Int)
      let prefer = [(name: "Prefer", value: "return=representation")]
      let path = "/rest/v1/coaching_reminders?id=eq.\(id)&version=eq.\(version)"
      let done = try await viiraa.send(
        "PATCH", path, json: #"{"last_completed_at":"2026-11-25T08:05:00Z"}"#, bearer: bearer, headers: prefer)
      #expect(done.status == 200, "\(done.body)")
      let row = try #require(try done.jsonArray().first)
      #expect(row["version"] as? Int == version + 1)
      #expect(row["last_completed_at"] as? String == "2026-11-25T08:05:00+00:00")
      #expect(row["updated_at"] as? String != reminder["updated_at"] as? String)
      let stale = try await viiraa.send(
        "PATCH", path, json: #"{"snoozed_until":"2026-11-25T09:00:00Z"}"#, bearer: bearer, headers: prefer)
      #expect(stale.status == 200)
      #expect(stale.body == "[]")
      // Another user's insight is invisible, so the PATCH matches nothing.
      let insight = try #require(
        try await viiraa.get("insights", "select=id,version&limit=1", bearer: bearer).jsonArray().first)
      let libre = try await viiraa.signIn().accessToken
      let foreign = try await viiraa.send(
        "PATCH", "/rest/v1/insights?id=eq.\(insight["id"] as? String ?? "")&version=eq.1",
        json: #"{"read_at":"2026-11-25T10:00:00Z"}"#, bearer: libre, headers: prefer)
      #expect(foreign.body == "[]")
      let notWritable = try await viiraa.send(
        "PATCH", "/rest/v1/insights?id=eq.\(insight["id"] as? String ?? "")", json: #"{"title":"x"}"#, bearer: bearer)
      #expect(notWritable.status == 403)
    }
  }

  /// On either engine: with the data on PostgreSQL the readings are made by the model and the
  /// copy catches up before each request (`SandboxDatabaseSlot`).
  @Test(arguments: [false, true])
  func liveModeAddsAReadingEveryFiveMinutesOfSandboxTime(postgres: Bool) async throws {
    try await withViiRaaSandbox(postgres: postgres) { server, viiraa in
      let bearer = try await viiraa.signIn().accessToken
      let before = await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      let latest = try #require(
        try await viiraa.get("glucose_readings", "select=measured_at&order=measured_at.desc&limit=1", bearer: bearer)
          .jsonArray().first?["measured_at"] as? String)
      #expect(latest == "2026-11-25T11:55:00+00:00")
      await server.advanceClock(seconds: 6 * 3600)
      // The hour-long token of the sign-in has expired meanwhile.
      let expired = try await viiraa.get("glucose_readings", "select=id&limit=1", bearer: bearer)
      #expect(expired.status == 401)
      let fresh = try await viiraa.signIn().accessToken
      let after = await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings")
      // 72 slots, less any gap that falls into them.
      #expect((before + 50...before + 72).contains(after), "\(after - before)")
      let newest = try await viiraa.get(
        "glucose_readings", "select=measured_at,updated_at&order=measured_at.desc&limit=1", bearer: fresh
      ).jsonArray().first
      #expect(newest?["measured_at"] as? String == "2026-11-25T17:55:00+00:00")
      #expect(newest?["updated_at"] as? String == "2026-11-25T17:56:00+00:00")
      let state = try await viiraa.admin()
      let users = try #require(state["users"] as? [[String: Any]])
      let libre = try #require(users.first { $0["email"] as? String == ViiRaaDemo.libreEmail })
      let tables = try #require(libre["tables"] as? [String: [String: Int]])
      #expect(tables["glucose_readings"]?["rows"] == after)
      #expect((libre["latestReading"] as? [String: Any])?["measured_at"] as? String == "2026-11-25T17:55:00+00:00")
      let live = try #require((state["counters"] as? [String: Any])?["liveReadings"] as? Int)
      #expect(live >= after - before)
      // An upstream soft delete shows up in the pull with a new version.
      let deleted = try await viiraa.client.postJSON(
        "/__admin/mutate", #"{"service":"viiraa","op":"soft-delete-reading","email":"libre@example.com"}"#)
      #expect(deleted.status == 200, "\(deleted.body)")
      let id = try #require(try deleted.jsonObject()["deleted"] as? String)
      let row = try await viiraa.get("glucose_readings", "id=eq.\(id)&select=deleted_at,version", bearer: fresh)
        .jsonArray().first
      #expect(row?["version"] as? Int == 2)
      #expect(!(row?["deleted_at"] is NSNull))
      #expect(await server.viiraa.rowCount(email: ViiRaaDemo.libreEmail, table: "glucose_readings") == after - 1)
    }
  }

  /// Today's activity totals grow through the day (a merge upsert upstream) and a new local day
  /// gets its row; `unique (user_id, day)` holds throughout.
  @Test(arguments: [false, true])
  func activityDaysAreUpdatedThroughTheDay(postgres: Bool) async throws {
    try await withViiRaaSandbox(lifetime: 86_400 * 3, postgres: postgres) { server, viiraa in
      let bearer = try await viiraa.signIn().accessToken
      // 2026-11-25T12:00Z is 06:00 in Chicago.
      let today = "day=eq.2026-11-25&select=steps,version,updated_at"
      let morning = try #require(try await viiraa.get("activity_days", today, bearer: bearer).jsonArray().first)
      await server.advanceClock(seconds: 3 * 3600)
      let noon = try #require(try await viiraa.get("activity_days", today, bearer: bearer).jsonArray().first)
      #expect((noon["steps"] as? Int ?? 0) > (morning["steps"] as? Int ?? 0))
      #expect((noon["version"] as? Int ?? 0) > (morning["version"] as? Int ?? 0))
      #expect(noon["updated_at"] as? String == "2026-11-25T15:00:00+00:00")
      let before = try await viiraa.get("activity_days", "select=day", bearer: bearer).jsonArray().count
      await server.advanceClock(seconds: 24 * 3600)
      let days = try await viiraa.get("activity_days", "select=day&order=day.asc", bearer: bearer).jsonArray()
        .compactMap { $0["day"] as? String }
      #expect(days.count == before + 1)
      #expect(days.last == "2026-11-26")
      #expect(Set(days).count == days.count)
    }
  }
}
