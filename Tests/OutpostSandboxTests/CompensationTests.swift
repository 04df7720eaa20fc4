import Foundation
import OutpostSandbox
import Testing

/// Compensations: the search's loose typing and the PUT's nested-identity rule.
@Suite struct CompensationTests {
  /// The demo user's compensations as the sandbox holds them.
  private func held(_ server: SandboxServer) async -> [SandboxCompensation] {
    await server.volleyManager.compensations(for: SandboxUser.demo.username)
  }

  @Test func searchListsPlayedGamesWithLooseTyping() async throws {
    try await withSandbox(dataConfiguration(assignments: 60)) { server, client in
      let referee = try await Referee.logIn(client)
      let (items, total) = try await referee.items(compensationSearchPath)
      let national = await held(server).filter { $0.association == "SV" }
      #expect(total == national.count)
      #expect(total >= 10)
      let starts = try items.map { try parseUpstream(try #require($0["compensationDate"] as? String)) }
      #expect(starts.allSatisfy { $0 < pinnedNow + 60 })
      #expect(starts == starts.sorted(by: >), "newest first by default")
      let compensations = items.compactMap { $0["convocationCompensation"] as? [String: Any] }
      #expect(compensations.count == items.count)
      #expect(compensations.contains { $0["paymentDone"] as? Bool == true })
      #expect(compensations.contains { $0["paymentDone"] as? Bool == false })
      #expect(compensations.contains { $0["paymentDone"] == nil }, "paymentDone is sometimes absent")
      #expect(compensations.contains { $0["paymentValueDate"] as? String == "" })
      for compensation in compensations {
        #expect((compensation["costFormatted"] as? String)?.wholeMatch(of: /\d+\.\d\d/) != nil)
        #expect(compensation["distanceInMetres"] is Int)
      }
      // The record's identity is the convocation's; the compensation has its own.
      let first = try #require(items.first)
      #expect(first["__identity"] as? String != dig(first, "convocationCompensation", "__identity") as? String)
      #expect((dig(first, "refereeGame", "game", "displayName") as? String)?.hasPrefix("#") == true)
      #expect(dig(first, "indoorAssociationReferee", "indoorReferee", "person", "associationId") is Int)

      let notNull = try await referee.items(
        compensationSearchPath,
        extra: [
          ("searchConfiguration[propertyFilters][0][propertyName]", "convocationCompensation.paymentDone"),
          ("searchConfiguration[propertyFilters][0][values][0]", "NOT_NULL"),
        ])
      #expect(notNull.total == compensations.count(where: { $0["paymentDone"] != nil }))
    }
  }

  @Test func putNeedsTheNestedIdentityAndAnEditableRecord() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let referee = try await Referee.logIn(client)
      let editable = try #require(await held(server).first { $0.association == "SV" && $0.editable })
      let body = [
        ("convocationCompensation[__identity]", editable.id),
        ("convocationCompensation[distanceInMetres]", "12345"),
        ("convocationCompensation[correctionReason]", "Umweg wegen Baustelle, Grüße"),
        ("convocationCompensation[payTravelExpenses]", "1"),
      ]
      let reply = try await referee.send("PUT", compensationPath, body)
      #expect(reply.status == 200)
      let updated = try #require(try reply.jsonObject()["convocationCompensation"] as? [String: Any])
      #expect(updated["__identity"] as? String == editable.id)
      #expect(updated["distanceInMetres"] as? Int == 12345)
      #expect(updated["correctionReason"] as? String == "Umweg wegen Baustelle, Grüße")
      let after = try #require(await held(server).first { $0.id == editable.id })
      #expect(after.distanceInMetres == 12345)
      #expect(after.travelExpenses != editable.travelExpenses || editable.distanceInMetres == 12345)
      let listed = try await referee.items(compensationSearchPath).items
      let distances = listed.map { dig($0, "convocationCompensation", "__identity") as? String == editable.id }
      let index = try #require(distances.firstIndex(of: true))
      #expect(dig(listed[index], "convocationCompensation", "distanceInMetres") as? Int == 12345)

      // A flat identity cannot be mapped: 500, and nothing changes.
      let flat = try await referee.send(
        "PUT", compensationPath, [("__identity", editable.id), ("distanceInMetres", "999")])
      #expect(flat.status == 500)
      let notANumber = try await referee.send(
        "PUT", compensationPath,
        [("convocationCompensation[__identity]", editable.id), ("convocationCompensation[distanceInMetres]", "12 km")])
      #expect(notANumber.status == 500)
      let unknown = try await referee.send(
        "PUT", compensationPath,
        [
          ("convocationCompensation[__identity]", UUID().uuidString),
          ("convocationCompensation[distanceInMetres]", "1"),
        ])
      #expect(unknown.status == 400)
      #expect(unknown.body.contains("No resource specified"))
      #expect(try await referee.send("PUT", compensationPath, body, csrf: false).status == 403)
      let unchanged = try #require(await held(server).first { $0.id == editable.id })
      #expect(unchanged.distanceInMetres == 12345)
    }
  }

  @Test func paidAndOnSiteCompensationsAreReadOnly() async throws {
    try await withSandbox(dataConfiguration()) { server, client in
      let referee = try await Referee.logIn(client)
      let records = await held(server)
      let paid = try #require(records.first { $0.association == "SV" && $0.paymentDone == true })
      let fields = [
        ("convocationCompensation[__identity]", paid.id), ("convocationCompensation[distanceInMetres]", "1"),
      ]
      let refused = try await referee.send("PUT", compensationPath, fields)
      #expect(refused.status == 400)
      #expect(refused.header("Content-Type")?.hasPrefix("text/html") == true)

      // Regional associations pay some games out on site; those are locked.
      let onSite = try #require(records.first { $0.association == "SVRZ" && $0.lockedOnSite && $0.paymentDone != true })
      let lockedFields = [("convocationCompensation[__identity]", onSite.id)]
      // Scoped to the active association: from SV the SVRZ record does not exist.
      #expect(try await referee.send("PUT", compensationPath, lockedFields).body.contains("No resource specified"))
      try await referee.switchTo("SVRZ")
      #expect(try await referee.send("PUT", compensationPath, lockedFields).status == 400)
      let after = await self.held(server)
      #expect(after.first { $0.id == paid.id } == paid)
      #expect(after.first { $0.id == onSite.id } == onSite)
    }
  }
}
