import Foundation
import OutpostSandbox
import Testing

/// The viiraa project's Data API: the tables of viiraa.md §2 under row-level security, the
/// generated data, keyset paging (supabase.md §7), the row cap and the error bodies of §4.3.
@Suite struct ViiRaaSandboxRestTests {
  @Test func rowLevelSecurityShowsEachUserOnlyTheirRows() async throws {
    try await withViiRaaSandbox { _, viiraa in
      for email in [ViiRaaDemo.libreEmail, ViiRaaDemo.dexcomEmail] {
        let bearer = try await viiraa.signIn(email).accessToken
        for table in [
          "profiles", "glucose_readings", "weight_readings", "activity_days", "coaching_reminders", "insights",
        ] {
          let rows = try await viiraa.get(table, "select=user_id&limit=1000", bearer: bearer).jsonArray()
          #expect(!rows.isEmpty, "\(table)")
          #expect(Set(rows.compactMap { $0["user_id"] as? String }) == [ViiRaaDemo.userID(email)], "\(table)")
        }
      }
      // Anonymous: empty, not an error.
      let anonymous = try await viiraa.get("glucose_readings", "select=id", bearer: nil)
      #expect(anonymous.status == 200)
      #expect(anonymous.body == "[]")
      let google = try await viiraa.get("profiles", "select=id", bearer: nil)
      #expect(google.body == "[]")
    }
  }

  @Test func generatedDataHasTheShapesOfTheChecklist() async throws {
    try await withViiRaaSandbox(historyDays: 35) { _, viiraa in
      let bearer = try await viiraa.signIn().accessToken
      let profile = try await viiraa.get("profiles", "select=*", bearer: bearer).jsonArray()
      #expect(profile.count == 1)
      #expect(profile.first?["time_zone"] as? String == "America/Chicago")
      #expect(profile.first?["glucose_unit"] as? String == "mg/dL")
      var readings: [[String: Any]] = []
      for offset in stride(from: 0, to: 20_000, by: 1000) {
        let page = try await viiraa.get(
          "glucose_readings", "select=*&order=measured_at.asc,id.asc&limit=1000&offset=\(offset)", bearer: bearer)
        let rows = try page.jsonArray()
        readings += rows
        if rows.count < 1000 { break }
      }
      // 35 days of 5-minute readings, less the gaps.
      #expect((8000..<10_080).contains(readings.count), "\(readings.count)")
      #expect(readings.contains { $0["range_flag"] as? String == "below" && $0["value_mgdl"] as? Double == 40 })
      #expect(readings.contains { $0["range_flag"] as? String == "above" && $0["value_mgdl"] as? Double == 400 })
      #expect(readings.contains { $0["trend"] is NSNull })
      #expect(readings.contains { $0["trend"] as? String == "rising" })
      let stamps = readings.compactMap { $0["measured_at"] as? String }.compactMap {
        ISO8601DateFormatter().date(from: $0.replacingOccurrences(of: "+00:00", with: "Z"))
      }
      #expect(stamps.count == readings.count)
      let gaps = zip(stamps.dropFirst(), stamps).map { $0.timeIntervalSince($1) }
      #expect(gaps.contains { $0 >= 3900 }, "a sensor warm-up gap")
      #expect(gaps.contains { $0 > 300 && $0 < 3600 }, "a signal-loss gap")
      let keys = readings.compactMap { $0["dedup_key"] as? String }
      #expect(Set(keys).count == readings.count)
      #expect(keys.allSatisfy { $0.wholeMatch(of: /libre:0M[A-Za-z0-9]{8}:cgm:\d{4}-\d\d-\d\dT\d\d:\d\d:00Z/) != nil })
      let reminders = try await viiraa.get("coaching_reminders", "select=*", bearer: bearer).jsonArray()
      #expect(reminders.count == 6)
      #expect(reminders.contains { $0["rrule"] as? String == "FREQ=WEEKLY;BYDAY=MO,TH" })
      #expect(reminders.contains { $0["rrule"] is NSNull })
      #expect(reminders.contains { $0["active"] as? Bool == false })
      #expect(reminders.count { !($0["deleted_at"] is NSNull) } == 1)
      let insights = try await viiraa.get("insights", "select=published_at", bearer: bearer).jsonArray()
      let now = tasksReferenceDate
      let published = insights.compactMap { $0["published_at"] as? String }.compactMap {
        ISO8601DateFormatter().date(from: $0.replacingOccurrences(of: "+00:00", with: "Z"))
      }
      #expect(published.count { $0 > now } == 1)
      #expect(published.count >= 5)
      let weights = try await viiraa.get("weight_readings", "select=measured_at", bearer: bearer).jsonArray()
      #expect((9...18).contains(weights.count), "\(weights.count)")
      let dexcom = try await viiraa.signIn(ViiRaaDemo.dexcomEmail).accessToken
      let dexcomKey = try await viiraa.get("glucose_readings", "select=dedup_key&limit=1", bearer: dexcom).jsonArray()
      #expect((dexcomKey.first?["dedup_key"] as? String)?.hasPrefix("dexcom:8G") == true)
    }
  }

  /// The keyset pull of supabase.md §7 returns every row once, although whole upload batches
  /// share one `updated_at` (ties that straddle page boundaries).
  @Test func keysetPagingReturnsEveryRowExactlyOnce() async throws {
    try await withViiRaaSandbox(historyDays: 35) { _, viiraa in
      let bearer = try await viiraa.signIn(ViiRaaDemo.dexcomEmail).accessToken
      let counted = try await viiraa.send(
        "GET", "/rest/v1/glucose_readings?select=id&limit=1", bearer: bearer,
        headers: [(name: "Prefer", value: "count=exact")])
      #expect(counted.status == 206)
      let total = try #require(counted.header("Content-Range")?.split(separator: "/").last.flatMap { Int($0) })
      var seen: [String] = []
      var stamps: [String] = []
      var query = "updated_at=gte.2000-01-01T00:00:00Z"
      for _ in 0..<100 {
        let page = try await viiraa.get(
          "glucose_readings", "select=id,updated_at&\(query)&order=updated_at.asc,id.asc&limit=500", bearer: bearer)
        #expect(page.status == 200, "\(page.body)")
        let rows = try page.jsonArray()
        guard let last = rows.last else { break }
        seen += rows.compactMap { $0["id"] as? String }
        stamps += rows.compactMap { $0["updated_at"] as? String }
        let t = try #require(last["updated_at"] as? String)
        let id = try #require(last["id"] as? String)
        query = "or=" + queryEscaped("(updated_at.gt.\"\(t)\",and(updated_at.eq.\"\(t)\",id.gt.\(id)))")
      }
      #expect(seen.count == total)
      #expect(Set(seen).count == total)
      let largestTie = Dictionary(grouping: stamps, by: { $0 }).values.map(\.count).max() ?? 0
      #expect(largestTie >= 40)
    }
  }

  @Test func rowCapAndErrorBodies() async throws {
    try await withViiRaaSandbox(historyDays: 35) { _, viiraa in
      let bearer = try await viiraa.signIn().accessToken
      let capped = try await viiraa.get("glucose_readings", "select=id&limit=5000", bearer: bearer)
      #expect(try capped.jsonArray().count == 1000)
      #expect(capped.header("Content-Range") == "0-999/*")
      let unknown = try await viiraa.get("glucose", "select=id", bearer: bearer)
      #expect(unknown.status == 404)
      #expect(try unknown.jsonObject()["code"] as? String == "PGRST205")
      let badFilter = try await viiraa.get("glucose_readings", "value_mgdl=about.100", bearer: bearer)
      #expect(badFilter.status == 400)
      #expect(try badFilter.jsonObject()["code"] as? String == "PGRST100")
      let badTree = try await viiraa.get("glucose_readings", "or=(value_mgdl.gt.1", bearer: bearer)
      #expect(try badTree.jsonObject()["code"] as? String == "PGRST100")
      let filtered = try await viiraa.get(
        "glucose_readings", "select=value_mgdl,range_flag&range_flag=eq.below&limit=1000", bearer: bearer)
      let lows = try filtered.jsonArray()
      #expect(!lows.isEmpty)
      #expect(lows.allSatisfy { $0["value_mgdl"] as? Double == 40 && $0.count == 2 })
      let ranged = try await viiraa.send(
        "GET", "/rest/v1/insights?select=id&order=published_at.asc", bearer: bearer,
        headers: [
          (name: "Range-Unit", value: "items"), (name: "Range", value: "2-3"), (name: "Prefer", value: "count=exact"),
        ])
      #expect(ranged.status == 206)
      #expect(ranged.header("Content-Range") == "2-3/6")
      #expect(try ranged.uuids().count == 2)
      let pastEnd = try await viiraa.send(
        "GET", "/rest/v1/insights?select=id&offset=50", bearer: bearer,
        headers: [(name: "Prefer", value: "count=exact")])
      #expect(pastEnd.status == 416)
      let single = try await viiraa.send(
        "GET", "/rest/v1/profiles?select=display_name", bearer: bearer,
        headers: [(name: "Accept", value: "application/vnd.pgrst.object+json")])
      #expect(try single.jsonObject()["display_name"] as? String == "Libre Demo")
      let several = try await viiraa.send(
        "GET", "/rest/v1/insights?select=id", bearer: bearer,
        headers: [(name: "Accept", value: "application/vnd.pgrst.object+json")])
      #expect(several.status == 406)
      let inList = try await viiraa.get(
        "coaching_reminders", "select=id&category=in.(weigh_in,coaching)", bearer: bearer)
      #expect(try inList.uuids().count == 2)
    }
  }

  /// The same seed gives the same data; another seed gives other data.
  @Test func dataIsDeterministicFromTheSeed() async throws {
    func snapshot(seed: UInt64) async throws -> [String] {
      var configuration = SandboxConfiguration(referenceDate: tasksReferenceDate, services: [.viiraa])
      configuration.manualClock = true
      configuration.seed = seed
      configuration.viiraa.historyDays = 2
      var values: [String] = []
      try await withSandbox(configuration) { server, _ in
        let viiraa = ViiRaaClient(server)
        let bearer = try await viiraa.signIn(ViiRaaDemo.dexcomEmail).accessToken
        let rows = try await viiraa.get(
          "glucose_readings", "select=id,value_mgdl,trend&order=measured_at.desc&limit=50", bearer: bearer
        ).jsonArray()
        values = rows.map { "\($0["id"] ?? "")|\($0["value_mgdl"] ?? "")|\($0["trend"] ?? "")" }
      }
      return values
    }
    let first = try await snapshot(seed: 7)
    #expect(first.count == 50)
    #expect(try await snapshot(seed: 7) == first)
    #expect(try await snapshot(seed: 8) != first)
  }
}
