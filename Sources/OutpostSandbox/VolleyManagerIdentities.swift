/// The identifiers VolleyManager hands out for a user, derived from the username so they are the
/// same in every run (tests and fixtures can rely on them) yet differ between users.
extension SandboxUser {
  /// The person's `__identity`, which clients use as the user id.
  var personID: String { SandboxIdentifiers.stableUUID("person:\(username)") }

  /// The personal iCal code (`uniqueId`): 6 alphanumeric characters.
  var calendarCode: String { SandboxIdentifiers.stableCode("calendar:\(username)", count: 6) }

  /// One referee occupation per association: the attribute values `switchRoleAndAttribute` takes.
  var occupations: [VolleyManagerOccupation] {
    associations.map { association in
      VolleyManagerOccupation(
        id: SandboxIdentifiers.stableUUID("occupation:\(username):\(association.shortName)"), association: association)
    }
  }

  func occupation(withID id: String) -> VolleyManagerOccupation? {
    occupations.first { $0.id == id }
  }
}

/// "Referee for association X": an eligible attribute value of the user's party.
struct VolleyManagerOccupation: Sendable, Equatable {
  static let refereeRole = "Indoorvolleyball.RefAdmin:Referee"
  /// The PHP class name, with the backslashes that JSON escapes as `\\`.
  static let associationType = "SportManager\\Volleyball\\Domain\\Model\\AbstractAssociation"

  var id: String
  var association: SandboxAssociation

  /// One item of `eligibleAttributeValues` / `groupedEligibleAttributeValues`.
  var json: SandboxJSON {
    .object([
      ("__identity", .string(id)),
      ("attributeIdentifier", "association"),
      ("roleIdentifier", .string(Self.refereeRole)),
      ("type", .string(Self.associationType)),
      ("value", .string(association.id)),
      ("inflatedValue", association.json),
    ])
  }
}

extension SandboxAssociation {
  /// The association's `__identity`, shared by every user who referees for it.
  var id: String { SandboxIdentifiers.stableUUID("association:\(shortName)") }

  var json: SandboxJSON {
    .object([
      ("__identity", .string(id)),
      ("name", .string(name)),
      ("shortName", .string(shortName)),
      ("identifier", .string(shortName)),
      ("originId", .int(originId)),
    ])
  }
}
