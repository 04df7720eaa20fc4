import Foundation
import OutpostSandbox
import Testing

/// The Data API on the `tasks` table: reads with filters and paging, row-level security, and
/// PATCH with an `updated_at` precondition.
@Suite struct TasksRestTests {
  @Test func seededRowsListedInOrderWithContentRange() async throws {
    try await withTasksSandbox { server, tasks in
      let session = try await tasks.signIn()
      let reply = try await tasks.list(bearer: session.accessToken)
      #expect(reply.status == 200)
      #expect(reply.header("Content-Range") == "0-7/*")
      let rows = try reply.jsonArray()
      #expect(rows.map { $0["id"] as? Int } == Array(1...8))
      // The columns of contrib/supabase/tasks.sql.
      #expect(
        rows.allSatisfy {
          Set($0.keys) == [
            "id", "user_id", "title", "due_at", "done", "created_at", "updated_at", "deleted_at", "version",
          ]
        })
      #expect(rows.allSatisfy { $0["user_id"] as? String == SandboxTasksUser.demo.id && $0["version"] as? Int == 1 })
      #expect(rows.count(where: { $0["done"] as? Bool == true }) == 1)
      #expect(rows.count(where: { $0["due_at"] is NSNull }) == 1)
      let reference = tasksReferenceDate.timeIntervalSince1970
      for row in rows {
        let stamp = try #require(row["updated_at"] as? String)
        #expect(stamp.hasSuffix("+00:00"))
        guard let due = row["due_at"] as? String else { continue }
        let date = try #require(ISO8601DateFormatter().date(from: due))
        #expect((reference - 2 * 86_400...reference + 22 * 86_400).contains(date.timeIntervalSince1970))
      }
      // The Swift hook sees what the wire shows, and the same seed gives the same rows.
      let hook = await server.tasks.tasks(for: SandboxTasksUser.demo.email)
      #expect(hook.map(\.updatedAt) == rows.compactMap { $0["updated_at"] as? String })
      try await withTasksSandbox { again, _ in
        #expect(await again.tasks.tasks(for: SandboxTasksUser.demo.email).map(\.title) == hook.map(\.title))
      }
    }
  }

  @Test func filtersAndPaging() async throws {
    try await withTasksSandbox { server, tasks in
      let bearer = try await tasks.signIn().accessToken
      let page = try await tasks.list("select=id,title&order=id.asc&limit=3&offset=2", bearer: bearer)
      #expect(try page.ids() == [3, 4, 5])
      #expect(page.header("Content-Range") == "2-4/*")
      #expect(try page.jsonArray().allSatisfy { $0.count == 2 })
      let one = try await tasks.list("id=eq.4", bearer: bearer)
      #expect(try one.ids() == [4])
      #expect(one.header("Content-Range") == "0-0/*")
      let none = try await tasks.list("id=eq.999", bearer: bearer)
      #expect(none.body == "[]")
      #expect(none.header("Content-Range") == "*/*")
      let stamps = await server.tasks.tasks(for: SandboxTasksUser.demo.email).map(\.updatedAt)
      let newer = try await tasks.list("updated_at=gt.\(queryEscaped(stamps[4]))&order=id.asc", bearer: bearer)
      #expect(try newer.ids() == [6, 7, 8])
      let counted = try await tasks.send(
        "GET", "/rest/v1/tasks?order=id.desc&limit=2", bearer: bearer,
        headers: [(name: "Prefer", value: "count=exact")])
      #expect(counted.status == 206)
      #expect(counted.header("Content-Range") == "0-1/8")
      #expect(try counted.ids() == [8, 7])
      // A raw "+" decodes to a space, so the timestamp no longer parses (as upstream).
      let raw = try await tasks.list("updated_at=gt.\(stamps[4])", bearer: bearer)
      #expect(raw.status == 400)
      #expect(try raw.jsonObject()["code"] as? String == "22007")
      let unknown = try await tasks.list("colour=eq.red", bearer: bearer)
      #expect(unknown.status == 400)
      #expect(try unknown.jsonObject()["code"] as? String == "42703")
    }
  }

  @Test func rowLevelSecurityHidesOtherUsersRows() async throws {
    let other = SandboxTasksUser(email: "other@example.ch", password: "other-pass")
    let configuration = tasksConfiguration(tasks: SandboxTasksConfiguration(users: [.demo, other]))
    try await withTasksSandbox(configuration) { server, tasks in
      let anonymous = try await tasks.list(bearer: nil)
      #expect(anonymous.status == 200)
      #expect(anonymous.body == "[]")
      #expect(anonymous.header("Content-Range") == "*/*")
      // supabase-js signed out sends the anon key as the bearer: still the anonymous role.
      #expect(try await tasks.list(bearer: SandboxTasksConfiguration.defaultAPIKey).body == "[]")
      let theirs = try await tasks.signIn(email: other.email, password: other.password)
      #expect(try await tasks.list(bearer: theirs.accessToken).ids() == Array(9...16))
      let mine = try await tasks.signIn()
      let before = await server.tasks.tasks(for: other.email)
      let patched = try await tasks.patch("id=eq.10", #"{"done":true}"#, bearer: mine.accessToken)
      #expect(patched.status == 200)
      #expect(patched.body == "[]")
      #expect(await server.tasks.tasks(for: other.email) == before)
      let insert = try await tasks.send("POST", "/rest/v1/tasks", json: #"{"title":"x"}"#)
      #expect(insert.status == 401)
      #expect(try insert.jsonObject()["code"] as? String == "42501")
    }
  }

  @Test func patchWithAMatchingAndAStalePrecondition() async throws {
    try await withTasksSandbox { server, tasks in
      let bearer = try await tasks.signIn().accessToken
      let before = try #require(await server.tasks.tasks(for: SandboxTasksUser.demo.email).first { $0.id == 2 })
      let filter = "id=eq.2&updated_at=eq.\(queryEscaped(before.updatedAt))"
      let body = #"{"title":"Renewed","due_at":"2026-12-24T08:30:00Z","done":true}"#
      let changed = try await tasks.patch(filter, body, bearer: bearer)
      #expect(changed.status == 200)
      #expect(changed.header("Preference-Applied") == "return=representation")
      let row = try #require(try changed.jsonArray().first)
      #expect(row["title"] as? String == "Renewed")
      #expect(row["due_at"] as? String == "2026-12-24T08:30:00+00:00")
      #expect(row["done"] as? Bool == true)
      let stamp = try #require(row["updated_at"] as? String)
      #expect(stamp > before.updatedAt)
      // The same precondition again is stale now: nothing matches, nothing changes, no error.
      let stale = try await tasks.patch(filter, #"{"title":"Lost update"}"#, bearer: bearer)
      #expect(stale.status == 200)
      #expect(stale.body == "[]")
      #expect(await server.tasks.tasks(for: SandboxTasksUser.demo.email)[1].title == "Renewed")
      let minimal = try await tasks.patch(
        "id=eq.2&updated_at=eq.\(queryEscaped(stamp))", #"{"due_at":null}"#, bearer: bearer, representation: false)
      #expect(minimal.status == 204)
      let after = await server.tasks.tasks(for: SandboxTasksUser.demo.email)[1]
      #expect(after.dueAt == nil)
      #expect(after.updatedAt > stamp)
    }
  }

  @Test func badPatchesAreRefusedLikePostgREST() async throws {
    try await withTasksSandbox { server, tasks in
      let bearer = try await tasks.signIn().accessToken
      let unknown = try await tasks.patch("id=eq.1", #"{"colour":"red"}"#, bearer: bearer)
      #expect(unknown.status == 400)
      let object = try unknown.jsonObject()
      #expect(object["code"] as? String == "PGRST204")
      #expect(object["message"] as? String == "Could not find the 'colour' column of 'tasks' in the schema cache")
      for (body, code) in [
        (#"{"title":""}"#, "23514"), (#"{"done":"maybe"}"#, "22P02"), (#"{"due_at":"soon"}"#, "22007"),
        (#"{"id":5}"#, "428C9"), (#"{"title":null}"#, "23502"), ("not json", "PGRST102"),
      ] {
        let reply = try await tasks.patch("id=eq.1", body, bearer: bearer)
        #expect(reply.status == 400, "\(body)")
        #expect(try reply.jsonObject()["code"] as? String == code, "\(body)")
      }
      #expect(await server.tasks.tasks(for: SandboxTasksUser.demo.email)[0].title != "")
    }
  }

  @Test func insertAndDelete() async throws {
    try await withTasksSandbox { server, tasks in
      let bearer = try await tasks.signIn().accessToken
      let me = SandboxTasksUser.demo.id
      let inserted = try await tasks.send(
        "POST", "/rest/v1/tasks",
        json: #"[{"title":"New one","user_id":"\#(me)"},{"title":"Another","user_id":"\#(me)"}]"#, bearer: bearer,
        headers: [(name: "Prefer", value: "return=representation")])
      #expect(inserted.status == 201)
      #expect(try inserted.ids() == [9, 10])
      #expect(try inserted.jsonArray().first?["done"] as? Bool == false)
      let deleted = try await tasks.send("DELETE", "/rest/v1/tasks?id=in.(1,9)", bearer: bearer)
      #expect(deleted.status == 204)
      #expect(await server.tasks.tasks(for: SandboxTasksUser.demo.email).map(\.id) == [2, 3, 4, 5, 6, 7, 8, 10])
    }
  }

  /// `user_id` has no default (supabase.md §3.3: the client sends its own): a row without it, or
  /// with another user's, is refused by row-level security, on either engine.
  @Test(arguments: [true, false]) func insertsMustNameTheirOwnUser(postgres: Bool) async throws {
    var configuration = tasksConfiguration()
    configuration.tasks.postgres = postgres
    try await withTasksSandbox(configuration) { server, tasks in
      let bearer = try await tasks.signIn().accessToken
      let other = SandboxTasksUser(email: "someone@example.ch", password: "x").id
      for body in [#"{"title":"Mine"}"#, #"{"title":"Theirs","user_id":"\#(other)"}"#] {
        let reply = try await tasks.send("POST", "/rest/v1/tasks", json: body, bearer: bearer)
        #expect(reply.status == 403, "\(body): \(reply.body)")
        #expect(try reply.jsonObject()["code"] as? String == "42501", "\(body)")
      }
      #expect(await server.tasks.tasks(for: SandboxTasksUser.demo.email).count == 8)
    }
  }

  /// The keyset filter of supabase.md §7 on the tasks table (the shared logic-tree parser).
  @Test func keysetLogicTree() async throws {
    try await withTasksSandbox { server, tasks in
      let bearer = try await tasks.signIn().accessToken
      let stamps = await server.tasks.tasks(for: SandboxTasksUser.demo.email).map(\.updatedAt)
      // The row after id 5 (the 5th stamp), and the same stamp with a smaller id bound.
      for (bound, expected) in [(5, [6, 7, 8]), (4, [5, 6, 7, 8])] {
        let tree = "(updated_at.gt.\"\(stamps[4])\",and(updated_at.eq.\"\(stamps[4])\",id.gt.\(bound)))"
        let page = try await tasks.list("or=\(queryEscaped(tree))&order=updated_at.asc,id.asc", bearer: bearer)
        #expect(page.status == 200, "\(page.body)")
        #expect(try page.ids() == expected)
      }
      let negated = try await tasks.list("not.or=(id.lt.3,id.gt.4)&order=id.asc", bearer: bearer)
      #expect(try negated.ids() == [3, 4])
      let broken = try await tasks.list("or=(id.lt.3", bearer: bearer)
      #expect(broken.status == 400)
      #expect(try broken.jsonObject()["code"] as? String == "PGRST100")
    }
  }
}
