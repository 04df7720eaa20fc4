import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The service's JSON (upstreams/volleymanager.md §3) turned into items. Lenient: a missing or
/// oddly typed field leaves a gap, never a failure; only an entry without an id is skipped.
enum VolleyManagerItems {
  /// Games last about two hours; the service's own calendar says so too.
  static let gameDuration: TimeInterval = 2 * 3600

  static let positions: [String: String] = [
    "head-one": "1st referee", "head-two": "2nd referee", "linesman-one": "line judge 1",
    "linesman-two": "line judge 2", "linesman-three": "line judge 3", "linesman-four": "line judge 4",
    "standby-head": "standby referee", "standby-linesman": "standby line judge",
  ]

  static let convocationSlots = [
    "FirstHeadReferee", "SecondHeadReferee", "FirstLinesman", "SecondLinesman", "ThirdLinesman", "FourthLinesman",
    "StandbyHeadReferee", "StandbyLinesman",
  ]

  static func assignment(_ entry: JSONValue, association: VolleyManagerAssociation) -> Item? {
    guard let id = entry["__identity"]?.lenientString else { return nil }
    let game = entry[path: "refereeGame.game"] ?? [:]
    let start = game["startingDateTime"]?.lenientDate
    let status: ItemStatus =
      switch entry["refereeConvocationStatus"]?.lenientString {
      case "cancelled": .cancelled
      case "archived": .closed
      default: .active
      }
    var details = gameDetails(game).merging(roleDetails(entry, association)) { _, role in role }
    details["confirmationStatus"] = entry["confirmationStatus"]?.lenientString.map(JSONValue.string) ?? .null
    details["onExchange"] = .bool(entry["isOpenEntryInRefereeGameExchange"]?.lenientBool ?? false)
    details["coReferees"] = .array(
      coReferees(entry[path: "refereeGame"] ?? [:], except: entry["refereePosition"]?.lenientString).map(
        JSONValue.string))
    if let compensation = entry["convocationCompensation"] {
      details["gameCompensation"] = compensation["gameCompensation"]?.lenientInt.map(JSONValue.int) ?? .null
      details["travelExpenses"] = compensation["travelExpenses"]?.lenientInt.map(JSONValue.int) ?? .null
      details["distanceInMetres"] = compensation["distanceInMetres"]?.lenientInt.map(JSONValue.int) ?? .null
    }
    return Item(
      kind: .assignment, upstreamID: id, title: teams(game), startsAt: start,
      endsAt: start?.addingTimeInterval(gameDuration), location: location(game), status: status,
      details: .object(details), link: "volleykit://assignment/\(id)")
  }

  static func exchange(_ entry: JSONValue, personID: String, association: VolleyManagerAssociation) -> Item? {
    guard let id = entry["__identity"]?.lenientString else { return nil }
    let game = entry[path: "refereeGame.game"] ?? [:]
    let start = game["startingDateTime"]?.lenientDate
    let status: ItemStatus =
      switch entry["status"]?.lenientString {
      case "applied": .applied
      case "closed": .closed
      default: .active
      }
    var details = gameDetails(game).merging(roleDetails(entry, association)) { _, role in role }
    let position = entry["refereePosition"]?.lenientString
    details["requiredLevel"] = entry["requiredRefereeLevel"]?.lenientString.map(JSONValue.string) ?? .null
    details["submittedBy"] = entry[path: "submittedByPerson.displayName"]?.lenientString.map(JSONValue.string) ?? .null
    details["mine"] = .bool(entry[path: "submittedByPerson.__identity"]?.lenientString == personID)
    // `_permissions.properties.appliedBy.update` is the service's own "you may apply" (§3.1);
    // absent means unknown, not no.
    if let mayApply = entry[path: "_permissions.properties.appliedBy.update"]?.lenientBool {
      details["mayApply"] = .bool(mayApply)
    }
    details["appliedBy"] =
      entry[path: "appliedBy.indoorReferee.person.displayName"]?.lenientString.map(JSONValue.string) ?? .null
    // Taking one's own entry off the board needs the convocation's id, found in the slot the
    // entry is for (§3.2).
    if let slot = position.flatMap(slotName),
      let convocation = entry[path: "refereeGame.activeRefereeConvocation\(slot).__identity"]?.lenientString
    {
      details["convocationID"] = .string(convocation)
    }
    return Item(
      kind: .exchange, upstreamID: id, title: teams(game), startsAt: start,
      endsAt: start?.addingTimeInterval(gameDuration), location: location(game), status: status,
      details: .object(details), link: "volleykit://exchange/\(id)")
  }

  static func compensation(_ entry: JSONValue) -> Item? {
    guard let id = entry["__identity"]?.lenientString else { return nil }
    let game = entry[path: "refereeGame.game"] ?? [:]
    let compensation = entry["convocationCompensation"] ?? [:]
    let paid = compensation["paymentDone"]?.lenientBool == true
    let locked =
      compensation["lockPayoutOnSiteCompensation"]?.lenientBool == true
      || compensation["lockPayoutCentralPayoutCompensation"]?.lenientBool == true
    var details = gameDetails(game)
    details["compensationID"] = compensation["__identity"]?.lenientString.map(JSONValue.string) ?? .null
    for key in ["gameCompensationFormatted", "travelExpensesFormatted", "costFormatted", "distanceFormatted"] {
      details[String(key.dropLast("Formatted".count))] = compensation[key]?.lenientString.map(JSONValue.string) ?? .null
    }
    details["distanceInMetres"] = compensation["distanceInMetres"]?.lenientInt.map(JSONValue.int) ?? .null
    details["transportationMode"] = compensation["transportationMode"]?.lenientString.map(JSONValue.string) ?? .null
    details["paid"] = .bool(paid)
    details["paymentValueDate"] = compensation["paymentValueDate"]?.lenientString.map(JSONValue.string) ?? .null
    details["editable"] = .bool(!paid && !locked)
    let start = entry["compensationDate"]?.lenientDate ?? game["startingDateTime"]?.lenientDate
    return Item(
      kind: .compensation, upstreamID: id, title: teams(game), startsAt: start, location: location(game),
      status: paid ? .closed : .active, details: .object(details), link: "volleykit://compensation/\(id)")
  }

  /// The slot and the association, shared by assignments and exchange entries.
  static func roleDetails(_ entry: JSONValue, _ association: VolleyManagerAssociation) -> [String: JSONValue] {
    let position = entry["refereePosition"]?.lenientString
    return [
      "position": position.map(JSONValue.string) ?? .null,
      "positionLabel": position.flatMap { positions[$0] }.map(JSONValue.string) ?? .null,
      "association": .string(association.shortName),
    ]
  }

  static func gameDetails(_ game: JSONValue) -> [String: JSONValue] {
    var details: [String: JSONValue] = [:]
    details["gameNumber"] = game["number"]?.lenientInt.map(JSONValue.int) ?? .null
    details["gameID"] = game["__identity"]?.lenientString.map(JSONValue.string) ?? .null
    details["league"] =
      game[path: "group.phase.league.leagueCategory.name"]?.lenientString.map(JSONValue.string) ?? .null
    details["gender"] = game[path: "group.phase.league.gender"]?.lenientString.map(JSONValue.string) ?? .null
    details["group"] = game[path: "group.name"]?.lenientString.map(JSONValue.string) ?? .null
    details["hall"] = game[path: "hall.name"]?.lenientString.map(JSONValue.string) ?? .null
    if let geo = game[path: "hall.primaryPostalAddress.geographicalLocation"] {
      details["latitude"] = geo["latitude"] ?? .null
      details["longitude"] = geo["longitude"] ?? .null
      details["plusCode"] = geo["plusCode"]?.lenientString.map(JSONValue.string) ?? .null
    }
    details["postponed"] = .bool(game["lastPostponement"] != nil && game["lastPostponement"] != .null)
    details["validated"] = .bool(game[path: "scoresheet.closedAt"] != nil)
    return details
  }

  static func teams(_ game: JSONValue) -> String {
    let home = game[path: "encounter.teamHome.name"]?.lenientString ?? "?"
    let away = game[path: "encounter.teamAway.name"]?.lenientString ?? "?"
    return "\(home) – \(away)"
  }

  /// "Hall, street, postcode city": `combinedAddress` is often only the street (§3.1).
  static func location(_ game: JSONValue) -> String? {
    let address = game[path: "hall.primaryPostalAddress"]
    let city = [address?["postalCode"]?.lenientString, address?["city"]?.lenientString].compactMap { $0 }
      .joined(separator: " ")
    let parts = [game[path: "hall.name"]?.lenientString, address?["combinedAddress"]?.lenientString, city]
      .compactMap { $0 }.filter { !$0.isEmpty }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// The others convened for the game: every slot but the user's own.
  static func coReferees(_ refereeGame: JSONValue, except position: String?) -> [String] {
    let own = position.flatMap(slotName)
    return convocationSlots.filter { $0 != own }.compactMap { slot in
      refereeGame[path: "activeRefereeConvocation\(slot).indoorAssociationReferee.indoorReferee.person.displayName"]?
        .lenientString
    }
  }

  static func slotName(_ position: String) -> String? {
    [
      "head-one": "FirstHeadReferee", "head-two": "SecondHeadReferee", "linesman-one": "FirstLinesman",
      "linesman-two": "SecondLinesman", "linesman-three": "ThirdLinesman", "linesman-four": "FourthLinesman",
      "standby-head": "StandbyHeadReferee", "standby-linesman": "StandbyLinesman",
    ][position]
  }
}
