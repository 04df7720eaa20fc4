import Foundation
import NIOHTTP1
import Testing

@testable import OutpostSandbox

/// The sandbox's Data API on a real PostgreSQL 15 (issue 46), with the viiraa project's own SQL
/// (contrib/supabase/viiraa.sql) loaded as a backend team applies it. What is refused here is
/// refused by PostgreSQL — its row-level security, constraints and types — not by Swift code
/// that could agree with the connectors' mistakes.
@Suite struct PostgRESTEngineTests {
  static let alice = "6f1c1a52-aaaa-4d2b-9c1e-3b7d2a9e0c11"
  static let bob = "6f1c1a52-bbbb-4d2b-9c1e-3b7d2a9e0c11"

  struct World {
    let engine: PostgRESTEngine

    func send(
      _ method: HTTPMethod, _ target: String, json: String? = nil, as user: String? = PostgRESTEngineTests.alice,
      prefer: String? = nil, accept: String? = nil, asService: Bool = false
    ) async -> (status: Int, body: String, headers: [(String, String)]) {
      var headers = HTTPHeaders()
      if let prefer { headers.add(name: "Prefer", value: prefer) }
      if let accept { headers.add(name: "Accept", value: accept) }
      let request = SandboxRequest(
        method: method, uri: "/rest/v1/" + target, headers: headers, body: Array((json ?? "").utf8))
      let caller = asService ? .service : user.map { PostgRESTEngine.Caller.user($0) } ?? .anonymous
      let path = String(request.path)
      let reply = await engine.respond(request, path: path, caller: caller)
      return (Int(reply.status.code), String(decoding: reply.body, as: UTF8.self), reply.headers)
    }
  }

  func withEngine(_ body: (World) async throws -> Void) async throws {
    let (directory, database) = try await SandboxPostgres.shared.database(project: "viiraa")
    try await SandboxPostgres.shared.execute(
      "INSERT INTO auth.users (id, email) VALUES ('\(Self.alice)', 'alice@example.com'), ('\(Self.bob)', 'bob@example.com')",
      database: database)
    let engine = try await PostgRESTEngine.start(socketDirectory: directory, database: database)
    do {
      try await body(World(engine: engine))
    } catch {
      await engine.stop()
      await SandboxPostgres.shared.drop(database)
      throw error
    }
    await engine.stop()
    await SandboxPostgres.shared.drop(database)
  }

  static func reading(_ key: String, user: String? = alice, minute: Int = 0) -> String {
    let owner = user.map { #""user_id":"\#($0)","# } ?? ""
    return #"{\#(owner)"measured_at":"2026-11-20T08:\#(String(format: "%02d", minute)):00Z","value_mgdl":123.4,"#
      + #""kind":"cgm","source":"libreview_csv","dedup_key":"\#(key)"}"#
  }

  static func json(_ text: String) throws -> Any { try JSONSerialization.jsonObject(with: Data(text.utf8)) }

  @Test func anInsertWithoutItsUserOrWithAnotherUsersIsRefusedByPostgreSQL() async throws {
    try await withEngine { world in
      let upload = "glucose_readings?on_conflict=user_id,dedup_key&select=id,user_id"
      let prefer = "resolution=ignore-duplicates,return=representation"
      // No user_id: the policy's WITH CHECK (auth.uid() = user_id) is NULL, checked before NOT NULL.
      let bare = await world.send(.POST, upload, json: "[" + Self.reading("k1", user: nil) + "]", prefer: prefer)
      #expect(bare.status == 403, "\(bare.body)")
      let refusal = try #require(try Self.json(bare.body) as? [String: Any])
      #expect(refusal["code"] as? String == "42501")
      #expect(
        refusal["message"] as? String == #"new row violates row-level security policy for table "glucose_readings""#)
      #expect(bare.headers.contains { $0.0 == "Proxy-Status" && $0.1 == "PostgREST; error=42501" })
      // Bob's rows sent with Alice's token: the same policy.
      let foreign = await world.send(.POST, upload, json: Self.reading("k1", user: Self.bob), prefer: prefer)
      #expect(foreign.status == 403)
      // Anonymous: 401, as PostgREST answers a 42501 without a signed-in user.
      let anonymous = await world.send(.POST, upload, json: Self.reading("k1"), as: nil, prefer: prefer)
      #expect(anonymous.status == 401)
      // Her own: inserted once; the same key again is skipped and absent from the answer.
      let own = await world.send(.POST, upload, json: Self.reading("k1"), prefer: prefer)
      #expect(own.status == 201, "\(own.body)")
      let rows = try #require(try Self.json(own.body) as? [[String: Any]])
      #expect(rows.count == 1)
      #expect(rows.first?["user_id"] as? String == Self.alice)
      let again = await world.send(.POST, upload, json: Self.reading("k1", minute: 5), prefer: prefer)
      #expect(again.status == 201)
      #expect(again.body == "[]")
      // Without the resolution the unique key is PostgreSQL's 23505, 409.
      let plain = await world.send(.POST, "glucose_readings", json: Self.reading("k1"))
      #expect(plain.status == 409)
      #expect((try Self.json(plain.body) as? [String: Any])?["code"] as? String == "23505")
      // A check constraint and a bad value: 400 with PostgreSQL's codes.
      let high = await world.send(
        .POST, "glucose_readings", json: Self.reading("k2").replacingOccurrences(of: "123.4", with: "700"))
      #expect(high.status == 400)
      #expect((try Self.json(high.body) as? [String: Any])?["code"] as? String == "23514")
      let notATime = await world.send(
        .POST, "glucose_readings",
        json: Self.reading("k3").replacingOccurrences(of: "2026-11-20T08:00:00Z", with: "yesterday-ish"))
      #expect(notATime.status == 400)
      #expect((try Self.json(notATime.body) as? [String: Any])?["code"] as? String == "22007")
      // Keys that differ between objects, and a column the table lacks: PostgREST's own answers.
      let mixed = await world.send(
        .POST, "glucose_readings", json: "[" + Self.reading("k4") + "," + Self.reading("k5", user: nil) + "]")
      #expect(mixed.status == 400)
      #expect((try Self.json(mixed.body) as? [String: Any])?["code"] as? String == "PGRST102")
      let unknown = await world.send(
        .POST, "glucose_readings", json: Self.reading("k6").replacingOccurrences(of: "\"kind\"", with: "\"sort\""))
      #expect((try Self.json(unknown.body) as? [String: Any])?["code"] as? String == "PGRST204")
    }
  }

  @Test func rowsAreTheirOwnersAloneAndTheKeysetPullPagesThroughThem() async throws {
    try await withEngine { world in
      let batch = (0..<7).map { Self.reading("r\($0)", minute: $0) }.joined(separator: ",")
      let inserted = await world.send(.POST, "glucose_readings", json: "[" + batch + "]")
      #expect(inserted.status == 201)
      #expect(inserted.body.isEmpty)
      // Bob sees none of them, without an error; his update and delete touch nothing.
      let theirs = await world.send(.GET, "glucose_readings?select=id", as: Self.bob)
      #expect(theirs.status == 200)
      #expect(theirs.body == "[]")
      let patched = await world.send(
        .PATCH, "glucose_readings?dedup_key=eq.r0", json: #"{"value_mgdl":99}"#, as: Self.bob,
        prefer: "return=representation")
      #expect(patched.body == "[]")
      // One transaction, one updated_at: the keyset pull pages on (updated_at, id).
      var seen: [String] = []
      var last: (at: String, id: String)?
      while true {
        var query = "glucose_readings?select=id,updated_at,dedup_key&order=updated_at.asc,id.asc&limit=3"
        if let last {
          let stamp = "%22\(last.at.replacingOccurrences(of: "+", with: "%2B"))%22"
          query += "&or=(updated_at.gt.\(stamp),and(updated_at.eq.\(stamp),id.gt.\(last.id)))"
        }
        let page = await world.send(.GET, query, prefer: "count=exact")
        #expect(page.status == 200 || page.status == 206, "\(page.body)")
        let rows = try #require(try Self.json(page.body) as? [[String: Any]])
        if rows.isEmpty { break }
        seen += rows.compactMap { $0["dedup_key"] as? String }
        last = (rows.last?["updated_at"] as? String ?? "", rows.last?["id"] as? String ?? "")
      }
      #expect(seen.sorted() == (0..<7).map { "r\($0)" })
      let counted = await world.send(.GET, "glucose_readings?select=id&limit=2", prefer: "count=exact")
      #expect(counted.status == 206)
      #expect(counted.headers.contains { $0.0 == "Content-Range" && $0.1 == "0-1/7" })
      let past = await world.send(.GET, "glucose_readings?select=id&offset=9", prefer: "count=exact")
      #expect(past.status == 416)
    }
  }

  @Test func anUpdatePreconditionedOnVersionAppliesOnceAndBumpsTheVersion() async throws {
    try await withEngine { world in
      let reminder =
        #"{"user_id":"\#(Self.alice)","title":"Check","category":"glucose_check","starts_at":"2026-11-20T08:00:00Z","#
        + #""time_zone":"Europe/Zurich","created_by":"coach"}"#
      // The coach writes reminders (the service role); the user only marks them done or snoozed.
      let own = await world.send(.POST, "coaching_reminders", json: reminder)
      #expect(own.status == 403, "\(own.body)")
      let made = await world.send(
        .POST, "coaching_reminders?select=id,version", json: reminder, prefer: "return=representation",
        asService: true)
      #expect(made.status == 201, "\(made.body)")
      let row = try #require((try Self.json(made.body) as? [[String: Any]])?.first)
      let id = try #require(row["id"] as? String)
      #expect(row["version"] as? Int == 1)
      let change = #"{"snoozed_until":"2026-11-20T09:00:00Z"}"#
      let first = await world.send(
        .PATCH, "coaching_reminders?id=eq.\(id)&version=eq.1&select=version", json: change,
        prefer: "return=representation")
      #expect(first.body == #"[{"version":2}]"#)
      let stale = await world.send(
        .PATCH, "coaching_reminders?id=eq.\(id)&version=eq.1", json: change, prefer: "return=representation")
      #expect(stale.status == 200)
      #expect(stale.body == "[]")
      let single = await world.send(
        .GET, "coaching_reminders?id=eq.\(id)&select=id,version", accept: "application/vnd.pgrst.object+json")
      #expect(single.body == #"{"id":"\#(id)","version":2}"#)
      let none = await world.send(
        .GET, "coaching_reminders?id=eq.\(Self.bob)", accept: "application/vnd.pgrst.object+json")
      #expect(none.status == 406)
      let badFilter = await world.send(.GET, "coaching_reminders?version=between.1")
      #expect(badFilter.status == 400)
      #expect((try Self.json(badFilter.body) as? [String: Any])?["code"] as? String == "PGRST100")
      let badID = await world.send(.GET, "coaching_reminders?id=eq.not-a-uuid")
      #expect((try Self.json(badID.body) as? [String: Any])?["code"] as? String == "22P02")
      let noTable = await world.send(.GET, "glucose_reading")
      #expect(noTable.status == 404)
    }
  }
}
