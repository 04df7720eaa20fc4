import Foundation
import OutpostModel
import Testing

@testable import OutpostConnectors

/// The service's loosely typed JSON, as upstreams/volleymanager.md §3 shows it, into items.
struct VolleyManagerItemsTests {
  static let association = VolleyManagerAssociation(
    occupationID: "occ", name: "Swiss Volley", shortName: "SV", originID: 0)

  static let assignmentJSON = #"""
    {"__identity":"3f0c2a9e-0000-4000-8000-000000000101","refereeConvocationStatus":"active","refereePosition":"head-one",
     "confirmationStatus":"confirmed","isOpenEntryInRefereeGameExchange":"1",
     "refereeGame":{"isGameInFuture":"1",
      "activeRefereeConvocationFirstHeadReferee":{"indoorAssociationReferee":{"indoorReferee":{"person":{"displayName":"Lena Graf"}}}},
      "activeRefereeConvocationSecondHeadReferee":{"indoorAssociationReferee":{"indoorReferee":{"person":{"displayName":"Jonas Meier"}}}},
      "activeRefereeConvocationFirstLinesman":null,
      "game":{"__identity":"g-1","number":"391234","startingDateTime":"2026-02-14T16:30:00.000000+00:00",
       "encounter":{"teamHome":{"name":"VBC Seeland H1"},"teamAway":{"name":"Volley Aarau H2"}},
       "group":{"name":"Herren 2. Liga","phase":{"league":{"gender":"m","leagueCategory":{"name":"2L"}}}},
       "hall":{"name":"Sporthalle Mitte","primaryPostalAddress":{"combinedAddress":"Turnweg 3","postalCode":"2502","city":"Biel/Bienne",
        "geographicalLocation":{"plusCode":"8FR94Q7X+2C","latitude":47.137,"longitude":7.247}}},
       "lastPostponement":null,"scoresheet":null}},
     "convocationCompensation":{"gameCompensation":60,"travelExpenses":"17","distanceInMetres":24500}}
    """#

  @Test func anAssignmentKeepsWhatARefereeNeeds() throws {
    let entry = try JSONParser.parse(Array(Self.assignmentJSON.utf8))
    let item = try #require(VolleyManagerItems.assignment(entry, association: Self.association))
    #expect(item.title == "VBC Seeland H1 – Volley Aarau H2")
    #expect(item.startsAt == UTCTimestamp.parse("2026-02-14T16:30:00Z"))
    #expect(item.endsAt == item.startsAt?.addingTimeInterval(7200))
    #expect(item.location == "Sporthalle Mitte, Turnweg 3, 2502 Biel/Bienne")
    #expect(item.status == .active)
    #expect(item.link == "volleykit://assignment/3f0c2a9e-0000-4000-8000-000000000101")
    #expect(item.details["gameNumber"] == .int(391234))
    #expect(item.details["league"] == "2L")
    #expect(item.details["positionLabel"] == "1st referee")
    #expect(item.details["onExchange"] == .bool(true))
    // Lena Graf holds the user's own slot (head-one): only the others are co-referees.
    #expect(item.details["coReferees"] == ["Jonas Meier"])
    #expect(item.details["travelExpenses"] == .int(17))
    #expect(item.details["postponed"] == .bool(false))
  }

  @Test func datesInEveryFormTheServiceUses() {
    let utc = UTCTimestamp.parse("2025-12-08T19:30:00.000000+00:00")
    #expect(utc == UTCTimestamp.parse("2025-12-08T19:30:00Z"))
    #expect(UTCTimestamp.parse("2025-12-08T20:30:00.000+01:00") == utc)
    #expect(UTCTimestamp.parse("2025-12-08T19:30:00.5Z") == utc?.addingTimeInterval(0.5))
    #expect(UTCTimestamp.parse("8.12.2025") == nil)
    #expect(UTCTimestamp.parse("") == nil)
    #expect(UTCTimestamp.format(utc!) == "2025-12-08T19:30:00.000Z")
  }

  @Test func compensationsAndExchangesReadTheirLooseFields() throws {
    let compensation = try JSONParser.parse(
      Array(
        #"""
        {"__identity":"c-1","compensationDate":"2025-11-22T18:00:00.000000+00:00",
         "refereeGame":{"game":{"number":388001,"encounter":{"teamHome":{"name":"A"},"teamAway":{"name":"B"}}}},
         "convocationCompensation":{"__identity":"cc-1","costFormatted":"72.00","paymentValueDate":"","lockPayoutOnSiteCompensation":false}}
        """#.utf8))
    let paid = try #require(VolleyManagerItems.compensation(compensation))
    #expect(paid.status == .active)  // paymentDone absent: not paid
    #expect(paid.details["editable"] == .bool(true))
    #expect(paid.details["paymentValueDate"] == .null)
    #expect(paid.details["compensationID"] == "cc-1")
    #expect(paid.details["cost"] == "72.00")

    let exchange = try JSONParser.parse(
      Array(
        #"""
        {"__identity":"x-1","status":"open","refereePosition":"head-one","requiredRefereeLevel":"N3",
         "submittedByPerson":{"__identity":"me","displayName":"Max Muster"},
         "refereeGame":{"activeRefereeConvocationFirstHeadReferee":{"__identity":"conv-9"},
          "game":{"number":389555,"startingDateTime":"2026-01-24T13:00:00.000000+00:00"}}}
        """#.utf8))
    let offered = try #require(VolleyManagerItems.exchange(exchange, personID: "me", association: Self.association))
    #expect(offered.details["mine"] == .bool(true))
    #expect(offered.details["convocationID"] == "conv-9")
    #expect(offered.status == .active)
    #expect(VolleyManagerItems.exchange(["status": "open"], personID: "me", association: Self.association) == nil)
  }
}
