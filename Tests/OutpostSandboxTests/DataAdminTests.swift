import Foundation
import OutpostSandbox
import Testing

/// The admin hooks that create conflicts under a running client, the data snapshot, and the
/// rate-limit and malformed-reply knobs.
@Suite struct DataAdminTests {
  @Test func moveCancelAndTakeShowUpInTheNextSearch() async throws {
    try await withSandbox(dataConfiguration()) { _, client in
      let referee = try await Referee.logIn(client)
      let upcoming = try await referee.assignments().filter {
        $0["refereeConvocationStatus"] as? String == "active"
          && dig($0, "refereeGame", "game", "lastPostponement") is NSNull
          && dig($0, "refereeGame", "isGameInFuture") as? String == "1"
      }
      #expect(upcoming.count >= 2)
      let moved = try #require(gameNumber(upcoming[0]))
      let cancelled = try #require(gameNumber(upcoming[1]))

      let move = try await client.postJSON(
        "/__sandbox/volleymanager/games/move", #"{"number":\#(moved),"startingDateTime":"2026-02-07T17:30:00Z"}"#)
      #expect(move.status == 200)
      let cancel = try await client.postJSON("/__sandbox/volleymanager/games/cancel", #"{"number":\#(cancelled)}"#)
      #expect(cancel.status == 200)
      let after = try await referee.assignments()
      let movedItem = try #require(after.first { gameNumber($0) == moved })
      #expect(
        dig(movedItem, "refereeGame", "game", "startingDateTime") as? String == "2026-02-07T17:30:00.000000+00:00")
      _ = try parseUpstream(
        try #require(dig(movedItem, "refereeGame", "game", "lastPostponement", "createdAt") as? String))
      #expect(after.first { gameNumber($0) == cancelled }?["refereeConvocationStatus"] as? String == "cancelled")

      let entry = try #require(
        try await referee.openExchanges().first {
          dig($0, "submittedByPerson", "__identity") as? String != referee.personID
        })
      let id = try #require(entry["__identity"] as? String)
      let take = try await client.postJSON("/__sandbox/volleymanager/exchanges/take", #"{"__identity":"\#(id)"}"#)
      #expect(take.status == 200)
      #expect(!(try await referee.openExchanges()).contains { $0["__identity"] as? String == id })
      let all = try await referee.items(exchangeSearchPath, from: pinnedNow, to: pinnedNow + 300 * 86_400).items
      let taken = try #require(all.first { $0["__identity"] as? String == id })
      #expect(taken["status"] as? String == "applied")
      let applicant = try #require(dig(taken, "appliedBy", "indoorReferee", "person", "displayName") as? String)
      #expect(applicant != "Lena Graf")
      // The user's pick now meets a stale entry.
      let pick = try await referee.send("PUT", pickPath, [("refereeGameExchange[__identity]", id)])
      #expect(pick.status == 400)

      #expect(
        try await client.postJSON("/__sandbox/volleymanager/exchanges/take", #"{"__identity":"\#(id)"}"#).status == 409)
      #expect(
        try await client.postJSON("/__sandbox/volleymanager/exchanges/take", #"{"__identity":"nope"}"#).status == 404)
      #expect(try await client.postJSON("/__sandbox/volleymanager/games/cancel", #"{"number":1}"#).status == 404)
      let badDate = #"{"number":\#(moved),"startingDateTime":"soon"}"#
      #expect(try await client.postJSON("/__sandbox/volleymanager/games/move", badDate).status == 400)
      #expect(try await client.postJSON("/__sandbox/volleymanager/games/move", #"{"number":1}"#).status == 400)
    }
  }

  @Test func ownEntryTakenBySomeoneElseCannotBeWithdrawn() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let referee = try await Referee.logIn(client)
      let held = await server.volleyManager.exchanges(for: SandboxUser.demo.username)
      let mine = try #require(held.first { $0.submittedByUser && $0.status == "open" && $0.association == "SV" })
      #expect(await server.volleyManager.takeExchange(id: mine.id))
      #expect(await !server.volleyManager.takeExchange(id: mine.id))
      let reply = try await referee.send(
        "POST", withdrawPath, [("refereeConvocations[0][__identity]", mine.convocationID)])
      #expect(reply.status == 400)
      let assignment = await server.volleyManager.assignments(for: SandboxUser.demo.username).first {
        $0.id == mine.convocationID
      }
      #expect(assignment?.isOpenEntryInRefereeGameExchange == false)
      #expect(await server.volleyManager.cancelGame(number: mine.gameNumber))
      #expect(await !server.volleyManager.moveGame(number: -1, to: pinnedNow))
    }
  }

  @Test func dataEndpointMatchesTheInProcessRecords() async throws {
    struct Snapshot: Decodable {
      var username: String
      var assignments: [SandboxAssignment]
      var exchanges: [SandboxExchange]
      var compensations: [SandboxCompensation]
    }
    try await withSandbox(dataConfiguration()) { server, client in
      let username = SandboxUser.demo.username
      let query = try #require(username.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
      let reply = try await client.get("/__sandbox/volleymanager/data?username=\(query)")
      #expect(reply.status == 200)
      let decoder = JSONDecoder()
      decoder.dateDecodingStrategy = .iso8601
      let snapshot = try decoder.decode(Snapshot.self, from: Data(reply.body.utf8))
      #expect(snapshot.username == username)
      #expect(snapshot.assignments == (await server.volleyManager.assignments(for: username)))
      #expect(snapshot.exchanges == (await server.volleyManager.exchanges(for: username)))
      #expect(snapshot.compensations == (await server.volleyManager.compensations(for: username)))
      #expect(Set(snapshot.assignments.map(\.association)) == ["SV", "SVRZ"])
      #expect(snapshot.assignments.count == 50)
      #expect(try await client.get("/__sandbox/volleymanager/data").status == 400)
      #expect(try await client.get("/__sandbox/volleymanager/data?username=nobody").status == 404)
      #expect(await server.volleyManager.assignments(for: "nobody").isEmpty)
    }
  }

  @Test func everyNthRequestIsRateLimited() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let referee = try await Referee.logIn(client)
      let config = try await client.postJSON("/__sandbox/volleymanager/config", #"{"rateLimitEvery":3}"#)
      #expect(try config.jsonObject()["rateLimitEvery"] as? Int == 3)
      var statuses: [Int] = []
      for _ in 0..<6 {
        let reply = try await referee.search(assignmentSearchPath)
        statuses.append(reply.status)
        if reply.status == 429 { #expect(reply.header("Retry-After") == "2") }
      }
      #expect(statuses == [200, 200, 429, 200, 200, 429])
      #expect(await server.volleyManager.stats().rateLimitedReplies == 2)
      await server.volleyManager.setRateLimitEvery(0)
      #expect(try await referee.search(assignmentSearchPath).status == 200)
      #expect(try await client.postJSON("/__sandbox/volleymanager/config", #"{"rateLimitEvery":-1}"#).status == 400)
    }
  }

  @Test func malformedRepliesAreCutShort() async throws {
    var configuration = dataConfiguration()
    configuration.malformedRate = 1
    try await withSandbox(configuration) { server, client in
      let referee = try await Referee.logIn(client)
      let reply = try await referee.search(assignmentSearchPath)
      #expect(reply.status == 200)
      #expect(reply.body.hasPrefix(#"{"items":["#))
      #expect((try? JSONSerialization.jsonObject(with: Data(reply.body.utf8))) == nil)
      // Only list replies are affected.
      #expect(try await client.get(seasonPath, session: referee.session).jsonObject()["name"] is String)
      #expect(await server.volleyManager.stats().malformedReplies == 1)
      _ = try await client.postJSON("/__sandbox/volleymanager/config", #"{"malformedRate":0}"#)
      #expect(try await referee.search(assignmentSearchPath).jsonObject()["items"] is [Any])
      #expect(try await client.postJSON("/__sandbox/volleymanager/config", #"{"malformedRate":1.5}"#).status == 400)
    }
  }

  /// The volume knob (the benchmark asks for thousands; kept smaller here because a debug
  /// build generates slowly and other suites' timing tests run alongside).
  @Test func hundredsOfAssignmentsInOneAssociation() async throws {
    let user = SandboxUser(
      username: "bench@example.ch", password: "bench-2026", displayName: "Bench Referee",
      associations: [.swissVolley])
    try await withSandbox(dataConfiguration(assignments: 500, users: [user])) { _, client in
      let referee = try await Referee.logIn(client, username: user.username, password: user.password)
      let page = try await referee.items(assignmentSearchPath, offset: 450)
      #expect(page.total == 500)
      #expect(page.items.count == 50)
      let numbers = Set((try await referee.items(assignmentSearchPath, limit: 100)).items.compactMap(gameNumber))
      #expect(numbers.count == 100)
    }
  }
}
