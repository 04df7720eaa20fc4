import Foundation
import OutpostSandbox
import Testing

/// A real Supabase client checks the dialect of the viiraa project: supabase-py (PyPI `supabase`,
/// installed by contrib/setup.sh, with its bundled GoTrue and PostgREST clients) signs in with a
/// password, refreshes (the refresh token rotates), reads `profiles` as a single object and the
/// newest `glucose_readings` with `gte`, `order` and `limit`, upserts one reading twice with
/// `on_conflict=user_id,dedup_key` and ignore-duplicates (the second answer is empty and a count
/// finds one row), and parses two errors: PostgREST's PGRST205 for an unknown table and GoTrue's
/// `invalid_credentials` for a wrong password.
///
/// The in-process sandbox's clock is pinned to 2026-11-25T12:00:00Z, so its `expires_at` lies in
/// the wall-clock past; the client's `get_session()` would then refresh on its own. The script
/// therefore passes tokens explicitly (`refresh_session(token)`, `get_user(jwt)`) and the test
/// checks that the sandbox saw exactly one refresh.
@Suite struct ViiRaaSupabasePyTests {
  static let script = #"""
    import json, sys
    from supabase import create_client, ClientOptions
    from supabase_auth.errors import AuthApiError
    from postgrest.exceptions import APIError

    url, key, email, password, since, other = sys.argv[1:7]
    options = lambda: ClientOptions(auto_refresh_token=False, persist_session=False)
    client = create_client(url, key, options())
    first = client.auth.sign_in_with_password({"email": email, "password": password}).session
    second = client.auth.refresh_session(first.refresh_token).session
    user = client.auth.get_user(second.access_token).user
    profile = client.table("profiles").select("id,time_zone,glucose_unit").single().execute().data
    latest = (client.table("glucose_readings").select("id,measured_at,value_mgdl,kind")
              .gte("measured_at", since).order("measured_at", desc=True).limit(5).execute().data)
    row = {"user_id": user.id, "measured_at": "2026-11-20T08:00:00Z", "value_mgdl": 123.0, "kind": "manual",
           "source": "manual", "dedup_key": "supabase-py:2026-11-20T08:00:00Z"}
    def upsert():
        return (client.table("glucose_readings")
                .upsert(row, on_conflict="user_id,dedup_key", ignore_duplicates=True).execute().data)
    inserted, again = upsert(), upsert()
    stored = (client.table("glucose_readings").select("id", count="exact")
              .eq("dedup_key", row["dedup_key"]).execute())
    def refusal(values):
        try:
            client.table("glucose_readings").insert(values).execute()
            return None
        except APIError as error:
            return {"code": error.code, "message": error.message}
    bare = refusal({k: v for k, v in row.items() if k != "user_id"} | {"dedup_key": "supabase-py:bare"})
    foreign = refusal(row | {"user_id": other, "dedup_key": "supabase-py:foreign"})
    try:
        client.table("no_such_table").select("*").execute()
        missing = None
    except APIError as error:
        missing = {"code": error.code, "message": error.message}
    try:
        create_client(url, key, options()).auth.sign_in_with_password({"email": email, "password": "wrong"})
        refused = None
    except AuthApiError as error:
        refused = {"code": error.code, "status": error.status, "message": error.message}
    print(json.dumps({
        "userId": first.user.id, "email": user.email, "expiresIn": first.expires_in,
        "rotated": first.refresh_token != second.refresh_token, "profile": profile, "latest": latest,
        "inserted": inserted, "again": again, "stored": stored.count, "missing": missing, "refused": refused,
        "bare": bare, "foreign": foreign}))
    """#

  /// `postgres`: against the project's tables on PostgreSQL (viiraa.sql), where the refusals
  /// are the database's.
  @Test(arguments: [false, true])
  func supabasePySignsInRefreshesReadsUpsertsAndParsesErrors(postgres: Bool) async throws {
    try await withViiRaaSandbox(postgres: postgres) { server, viiraa in
      let since = "2026-11-25T00:00:00Z"
      let (status, output) = try await RPPPyrebaseTests.python([
        "-c", Self.script, server.baseURL + "/viiraa", SandboxViiRaaConfiguration.defaultAPIKey,
        ViiRaaDemo.libreEmail, ViiRaaDemo.password, since, ViiRaaDemo.userID(ViiRaaDemo.dexcomEmail),
      ])
      if output.contains("No module named 'supabase'") {
        Issue.record("supabase-py is missing: run contrib/setup.sh")
      }
      #expect(status == 0, "\(output)")
      let result = try #require(
        try JSONSerialization.jsonObject(with: Data((output.split(separator: "\n").last ?? "").utf8)) as? [String: Any],
        "\(output)")
      let userID = ViiRaaDemo.userID(ViiRaaDemo.libreEmail)
      #expect(result["userId"] as? String == userID)
      #expect(result["email"] as? String == ViiRaaDemo.libreEmail)
      #expect(result["expiresIn"] as? Int == 3600)
      #expect(result["rotated"] as? Bool == true)

      let profile = try #require(result["profile"] as? [String: Any])
      #expect(profile["id"] as? String == userID)
      #expect(profile["time_zone"] as? String == "America/Chicago")
      #expect(profile["glucose_unit"] as? String == "mg/dL")

      // Newest first, none before `since`, five of them (timestamptz always renders +00:00 here).
      let latest = try #require(result["latest"] as? [[String: Any]])
      let times = latest.compactMap { $0["measured_at"] as? String }
      #expect(times.count == 5)
      #expect(times == times.sorted(by: >))
      #expect(times.allSatisfy { $0 >= "2026-11-25T00:00:00+00:00" && $0 <= "2026-11-25T12:00:00+00:00" })
      #expect(latest.allSatisfy { $0["value_mgdl"] as? Double != nil && $0["id"] as? String != nil })

      let inserted = try #require(result["inserted"] as? [[String: Any]])
      #expect(inserted.count == 1)
      #expect(inserted.first?["user_id"] as? String == userID)
      #expect(inserted.first?["value_mgdl"] as? Double == 123.0)
      #expect(inserted.first?["dedup_key"] as? String == "supabase-py:2026-11-20T08:00:00Z")
      #expect((result["again"] as? [Any])?.isEmpty == true)
      #expect(result["stored"] as? Int == 1)

      // A row without its user, and one with another user's id: refused by the policy
      // (auth.uid() = user_id), which PostgreSQL checks before NOT NULL.
      for key in ["bare", "foreign"] {
        let refusal = try #require(result[key] as? [String: Any], "\(key)")
        #expect(refusal["code"] as? String == "42501")
        #expect((refusal["message"] as? String)?.contains("row-level security policy") == true)
      }

      let missing = try #require(result["missing"] as? [String: Any])
      #expect(missing["code"] as? String == "PGRST205")
      #expect((missing["message"] as? String)?.contains("public.no_such_table") == true)
      let refused = try #require(result["refused"] as? [String: Any])
      #expect(refused["code"] as? String == "invalid_credentials")
      #expect(refused["status"] as? Int == 400)

      // One sign-in, one refused, one refresh: the client refreshed nothing on its own.
      let counters = try #require(try await viiraa.admin()["counters"] as? [String: Any])
      #expect(counters["logins"] as? Int == 1)
      #expect(counters["failedLogins"] as? Int == 1)
      #expect(counters["refreshes"] as? Int == 1)
    }
  }
}
