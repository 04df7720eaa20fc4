import Foundation
import OutpostSandbox
import Testing

/// The exchange board: search quirks, picking an entry, and putting one's own assignment on the
/// board and taking it off again.
@Suite struct ExchangeTests {
  @Test func searchIsEmptyWithoutADateRangeAndFiltersByStatus() async throws {
    try await withSandbox(dataConfiguration()) { _, client in
      let referee = try await Referee.logIn(client)
      let unfiltered = try await referee.items(exchangeSearchPath)
      #expect(unfiltered.items.isEmpty)
      #expect(unfiltered.total == 0)
      let all = try await referee.items(exchangeSearchPath, from: pinnedNow, to: pinnedNow + 300 * 86_400)
      let open = try await referee.openExchanges()
      #expect(all.total >= 6)
      #expect(open.allSatisfy { $0["status"] as? String == "open" })
      #expect(all.items.contains { $0["status"] as? String == "applied" })
      #expect(open.count == all.items.count(where: { $0["status"] as? String == "open" }))
      for entry in all.items {
        #expect(entry["requiredRefereeLevelGradationValue"] is String)
        #expect((entry["requiredRefereeLevel"] as? String)?.wholeMatch(of: /N[1-4]/) != nil)
        let position = try #require(entry["refereePosition"] as? String)
        // The slot on offer names its convocation: what removing one's own entry needs.
        let key = try #require(convocationKey[position])
        #expect(dig(entry, "refereeGame", "activeRefereeConvocation\(key)", "__identity") is String)
      }
      // Some entries are above the user's level; the web app reads the permission.
      let mayApply = open.map { dig($0, "_permissions", "properties", "appliedBy", "update") as? Bool }
      #expect(mayApply.contains(true))
      #expect(mayApply.contains(false))
      // Some entries are the user's own ("mine").
      #expect(open.contains { dig($0, "submittedByPerson", "__identity") as? String == referee.personID })
    }
  }

  @Test func pickAppliesOnceAndThenTheEntryIsGone() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let referee = try await Referee.logIn(client)
      let open = try await referee.openExchanges()
      let entry = try #require(
        open.first {
          dig($0, "_permissions", "properties", "appliedBy", "update") as? Bool == true
            && dig($0, "submittedByPerson", "__identity") as? String != referee.personID
        })
      let id = try #require(entry["__identity"] as? String)
      let reply = try await referee.send("PUT", pickPath, [("refereeGameExchange[__identity]", id)])
      #expect(reply.status == 200)
      let picked = try #require(try reply.jsonObject()["refereeGameExchange"] as? [String: Any])
      #expect(picked["__identity"] as? String == id)
      #expect(picked["status"] as? String == "applied")
      _ = try parseUpstream(try #require(picked["appliedAt"] as? String))
      #expect(picked["requiredRefereeLevelGradationValue"] is Int)

      let again = try await referee.send("PUT", pickPath, [("refereeGameExchange[__identity]", id)])
      #expect(again.status == 400)
      #expect(again.body.contains("No resource specified"))
      #expect(!(try await referee.openExchanges()).contains { $0["__identity"] as? String == id })
      let held = try #require(
        await server.volleyManager.exchanges(for: SandboxUser.demo.username).first { $0.id == id })
      #expect(held.status == "applied")
      #expect(held.appliedByUser)

      let unknown = try await referee.send("PUT", pickPath, [("refereeGameExchange[__identity]", UUID().uuidString)])
      #expect(unknown.status == 400)
      // Entries above the user's level and the user's own cannot be taken; they stay open.
      for refused in open where dig(refused, "_permissions", "properties", "appliedBy", "update") as? Bool == false {
        let refusedID = try #require(refused["__identity"] as? String)
        let reply = try await referee.send("PUT", pickPath, [("refereeGameExchange[__identity]", refusedID)])
        #expect(reply.status == 400)
        #expect(reply.header("Content-Type")?.hasPrefix("text/html") == true)
      }
      #expect(try await referee.openExchanges().count == open.count - 1)
    }
  }

  @Test func puttingOnTheBoardAndTakingOffToggleTheFlag() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let referee = try await Referee.logIn(client)
      let assignment = try #require(
        try await referee.assignments().first {
          $0["refereeConvocationStatus"] as? String == "active"
            && $0["isOpenEntryInRefereeGameExchange"] as? String == "0"
            && dig($0, "refereeGame", "isGameInFuture") as? String == "1"
        })
      let id = try #require(assignment["__identity"] as? String)
      func flag() async throws -> String? {
        try await referee.assignments().first { $0["__identity"] as? String == id }?["isOpenEntryInRefereeGameExchange"]
          as? String
      }
      #expect(try await referee.send("POST", offerPath, [("refereeConvocation", id)]).status == 200)
      #expect(try await flag() == "1")
      let mine = try #require(
        try await referee.openExchanges().first {
          dig($0, "refereeGame", "game", "number") as? Int == gameNumber(assignment)
        })
      #expect(dig(mine, "submittedByPerson", "__identity") as? String == referee.personID)
      let key = try #require(convocationKey[mine["refereePosition"] as? String ?? ""])
      #expect(dig(mine, "refereeGame", "activeRefereeConvocation\(key)", "__identity") as? String == id)
      #expect(
        await server.volleyManager.assignments(for: SandboxUser.demo.username).first { $0.id == id }?
          .isOpenEntryInRefereeGameExchange == true)

      let twice = try await referee.send("POST", offerPath, [("refereeConvocation", id)])
      #expect(twice.status == 400)
      let withdrawn = try await referee.send("POST", withdrawPath, [("refereeConvocations[0][__identity]", id)])
      #expect(withdrawn.status == 200)
      #expect(try await flag() == "0")
      #expect(try await referee.send("POST", withdrawPath, [("refereeConvocations[0][__identity]", id)]).status == 400)
      #expect(try await referee.send("POST", offerPath, [("refereeConvocation", UUID().uuidString)]).status == 400)

      // Cancelled or past convocations cannot go on the board.
      let all = try await referee.assignments()
      for refused in all
      where refused["refereeConvocationStatus"] as? String == "cancelled"
        || dig(refused, "refereeGame", "isGameInFuture") as? String == "0"
      {
        let reply = try await referee.send(
          "POST", offerPath, [("refereeConvocation", refused["__identity"] as? String ?? "")])
        #expect(reply.status == 400)
      }
    }
  }
}

/// `refereePosition` → the `<Pos>` of `activeRefereeConvocation<Pos>`.
let convocationKey = [
  "head-one": "FirstHeadReferee", "head-two": "SecondHeadReferee", "linesman-one": "FirstLinesman",
  "linesman-two": "SecondLinesman", "linesman-three": "ThirdLinesman", "linesman-four": "FourthLinesman",
]
