import OutpostModel

/// The members of an item's details that its event reads, found in one walk over the members.
/// Looking each up by name hashed every key asked for, found or not (sixteen an event, most of
/// them absent): a fifth of building an event's content (issue 20).
struct EventDetails {
  var status: JSONValue?
  var allDay: JSONValue?
  var description: JSONValue?
  var categories: JSONValue?
  var geo: JSONValue?
  // An `assignment` item's, the members `EventContent` already read for that kind.
  var position: JSONValue?
  var positionLabel: JSONValue?
  var gameNumber: JSONValue?
  var league: JSONValue?
  var gender: JSONValue?
  var association: JSONValue?
  var hall: JSONValue?
  var coReferees: JSONValue?
  var postponed: JSONValue?
  var onExchange: JSONValue?
  var latitude: JSONValue?
  var longitude: JSONValue?

  /// Every name `take` knows.
  static let names = [
    "status", "allDay", "description", "categories", "geo", "position", "positionLabel", "gameNumber", "league",
    "gender", "association", "hall", "coReferees", "postponed", "onExchange", "latitude", "longitude",
  ]

  /// Above this many members, asking for each known name is cheaper than comparing every
  /// member with all of them.
  static let walkedMembers = 12

  init(_ details: JSONValue) {
    guard case .object(let members) = details else { return }
    if members.count <= Self.walkedMembers {
      for (name, value) in members { take(name, value) }
    } else {
      for name in Self.names {
        if let value = members[name] { take(name, value) }
      }
    }
  }

  private mutating func take(_ name: String, _ value: JSONValue) {
    switch name {
    case "status": status = value
    case "allDay": allDay = value
    case "description": description = value
    case "categories": categories = value
    case "geo": geo = value
    case "position": position = value
    case "positionLabel": positionLabel = value
    case "gameNumber": gameNumber = value
    case "league": league = value
    case "gender": gender = value
    case "association": association = value
    case "hall": hall = value
    case "coReferees": coReferees = value
    case "postponed": postponed = value
    case "onExchange": onExchange = value
    case "latitude": latitude = value
    case "longitude": longitude = value
    default: break
    }
  }
}
