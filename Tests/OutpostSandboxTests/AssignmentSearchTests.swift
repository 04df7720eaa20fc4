import Foundation
import OutpostSandbox
import Testing

/// searchMyRefereeConvocations: paging, the upstream shape, scoping to the active association,
/// the request checks, and determinism.
@Suite struct AssignmentSearchTests {
  @Test func pagesWithOffsetAndLimitCappedAt100() async throws {
    try await withSandbox(dataConfiguration(assignments: 130)) { _, client in
      let referee = try await Referee.logIn(client)
      let capped = try await referee.items(assignmentSearchPath, limit: 500)
      #expect(capped.items.count == 100)
      #expect(capped.total == 130)
      let rest = try await referee.items(assignmentSearchPath, offset: 100, limit: 100)
      #expect(rest.items.count == 30)
      #expect(rest.total == 130)
      #expect(try await referee.items(assignmentSearchPath, offset: 130).items.isEmpty)
      // Without a limit the page is the real UI's 10.
      #expect(try await referee.items(assignmentSearchPath, limit: nil).items.count == 10)

      var all: [[String: Any]] = []
      for offset in stride(from: 0, to: 130, by: 45) {
        all += try await referee.items(assignmentSearchPath, offset: offset, limit: 45).items
      }
      let ids = all.compactMap { $0["__identity"] as? String }
      #expect(Set(ids).count == 130)
      let starts = try all.map {
        try parseUpstream(try #require(dig($0, "refereeGame", "game", "startingDateTime") as? String))
      }
      #expect(starts == starts.sorted())
      let descending = try await referee.items(
        assignmentSearchPath, limit: 5,
        extra: [
          ("searchConfiguration[propertyOrderings][0][propertyName]", "refereeGame.game.startingDateTime"),
          ("searchConfiguration[propertyOrderings][0][descending]", "true"),
        ])
      #expect(descending.items.first?["__identity"] as? String == ids.last)

      // A date range keeps exactly the games inside it.
      let from = starts[40]
      let to = starts[90]
      let ranged = try await referee.items(assignmentSearchPath, from: from, to: to)
      #expect(ranged.total == starts.count(where: { $0 >= from && $0 <= to }))
      #expect(ranged.total >= 51)
    }
  }

  @Test func itemsHaveTheUpstreamShape() async throws {
    try await withSandbox(dataConfiguration()) { _, client in
      let referee = try await Referee.logIn(client)
      let items = try await referee.assignments()
      #expect(items.count == 25)
      let positions = Set(["head-one", "head-two", "linesman-one", "linesman-two", "linesman-three", "linesman-four"])
      for item in items {
        #expect(positions.contains(item["refereePosition"] as? String ?? ""))
        #expect(["0", "1"].contains(item["isOpenEntryInRefereeGameExchange"] as? String))
        #expect(["0", "1"].contains(dig(item, "refereeGame", "isGameInFuture") as? String))
        #expect(gameNumber(item) != nil, "number must be an integer")
        _ = try parseUpstream(try #require(dig(item, "refereeGame", "game", "startingDateTime") as? String))
        let address = try #require(dig(item, "refereeGame", "game", "hall", "primaryPostalAddress") as? [String: Any])
        #expect((address["postalCode"] as? String)?.count == 4)
        let plusCode = try #require(dig(address, "geographicalLocation", "plusCode") as? String)
        #expect(plusCode.wholeMatch(of: /8F[23456789CFGHJMPQRVWX]{6}\+[23456789CFGHJMPQRVWX]{2}/) != nil)
        #expect(dig(item, "convocationCompensation", "__identity") is String)
        #expect(dig(item, "refereeGame", "activeRefereeConvocationFirstHeadReferee", "__identity") is String)
        let teams = try #require(dig(item, "refereeGame", "game", "encounter") as? [String: Any])
        #expect(dig(teams, "teamHome", "name") as? String != dig(teams, "teamAway", "name") as? String)
      }
      // The variety clients must handle is there even in a small data set.
      #expect(items.contains { $0["refereeConvocationStatus"] as? String == "cancelled" })
      #expect(items.contains { dig($0, "refereeGame", "game", "lastPostponement", "createdAt") is String })
      #expect(items.contains { dig($0, "refereeGame", "game", "scoresheet", "closedAt") is String })
      #expect(items.contains { $0["isOpenEntryInRefereeGameExchange"] as? String == "1" })
      #expect(items.contains { dig($0, "refereeGame", "isGameInFuture") as? String == "0" })
      #expect(items.contains { dig($0, "refereeGame", "isGameInFuture") as? String == "1" })
      let categories = Set(
        items.compactMap {
          dig($0, "refereeGame", "game", "group", "phase", "league", "leagueCategory", "name") as? String
        })
      #expect(categories.isSubset(of: ["NLA", "NLB", "1L", "Mobilière Volley Cup"]))
      #expect(categories.count >= 2)
    }
  }

  @Test func dataIsScopedToTheActiveAssociation() async throws {
    try await withSandbox(dataConfiguration()) { _, client in
      let referee = try await Referee.logIn(client)
      let national = try await referee.assignments()
      try await referee.switchTo("SVRZ")
      let regional = try await referee.assignments()
      #expect(regional.count == 25)
      let nationalIDs = Set(national.compactMap { $0["__identity"] as? String })
      let regionalIDs = Set(regional.compactMap { $0["__identity"] as? String })
      #expect(nationalIDs.isDisjoint(with: regionalIDs))
      // The Zürich region plays in Zürich-area halls and its own leagues.
      for item in regional {
        let postalCode = dig(item, "refereeGame", "game", "hall", "primaryPostalAddress", "postalCode") as? String
        #expect(postalCode?.hasPrefix("8") == true)
        let category = dig(item, "refereeGame", "game", "group", "phase", "league", "leagueCategory", "name") as? String
        #expect(category == nil || ["2L", "3L", "4L"].contains(category!))
      }
      try await referee.switchTo("SV")
      #expect(Set(try await referee.assignments().compactMap { $0["__identity"] as? String }) == nationalIDs)
    }
  }

  @Test func theRequestMustBeAFormWithTheTokenAndASession() async throws {
    try await withSandbox(dataConfiguration()) { _, client in
      let referee = try await Referee.logIn(client)
      #expect(try await client.send("POST", assignmentSearchPath, body: "").status == 406)
      #expect(try await referee.send("POST", assignmentSearchPath, [], csrf: false).status == 403)
      let json = try await client.send(
        "POST", assignmentSearchPath, session: referee.session, body: #"{"__csrfToken":"\#(referee.token)"}"#,
        contentType: "application/json")
      #expect(json.status == 500)
      let badDate = try await referee.send(
        "POST", assignmentSearchPath,
        [
          ("searchConfiguration[propertyFilters][0][propertyName]", "refereeGame.game.startingDateTime"),
          ("searchConfiguration[propertyFilters][0][dateRange][from]", "yesterday"),
        ])
      #expect(badDate.status == 500)
      // text/plain is what the real UI sends; lower-case %5c is what VolleyKit sends.
      let plain = try await client.send(
        "POST", assignmentSearchPath.replacingOccurrences(of: "%5C", with: "%5c"), session: referee.session,
        body: formEncode([("__csrfToken", referee.token)]), contentType: "text/plain;charset=UTF-8")
      #expect(plain.status == 200)
      let decoded = assignmentSearchPath.replacingOccurrences(of: "%5C", with: "/")
      #expect(try await referee.send("POST", decoded, []).status == 404)
    }
  }

  @Test func theSameSeedGivesIdenticalRepliesAndAnotherSeedOtherData() async throws {
    func replies(seed: UInt64) async throws -> [String] {
      var bodies: [String] = []
      try await withSandbox(dataConfiguration(seed: seed)) { _, client in
        let referee = try await Referee.logIn(client)
        bodies.append(try await referee.search(assignmentSearchPath).body)
        bodies.append(try await referee.search(compensationSearchPath).body)
        bodies.append(try await referee.search(exchangeSearchPath, from: pinnedNow, to: pinnedNow + 300 * 86_400).body)
        try await referee.switchTo("SVRZ")
        bodies.append(try await referee.search(assignmentSearchPath).body)
        bodies.append(try await client.get("/indoor/iCal/referee/\(referee.calendarCode)").body)
      }
      return bodies
    }
    let first = try await replies(seed: 7)
    #expect(first.allSatisfy { $0.count > 200 })
    #expect(try await replies(seed: 7) == first)
    let other = try await replies(seed: 8)
    for (one, two) in zip(first, other) { #expect(one != two) }
  }
}
