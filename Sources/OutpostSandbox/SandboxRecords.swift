import Foundation

/// A user's assignment as the sandbox holds it, for tests to check that an action reached
/// "upstream" (and for `GET /__sandbox/volleymanager/data`). Flat and typed, unlike the wire
/// shape. `id` is the convocation `__identity`.
public struct SandboxAssignment: Sendable, Equatable, Codable {
  public var id: String
  /// The association's short name ("SV", "SVRZ").
  public var association: String
  public var gameNumber: Int
  public var startingDateTime: Date
  /// `head-one`, `head-two`, `linesman-one`, …
  public var position: String
  /// `active` or `cancelled`.
  public var status: String
  public var isOpenEntryInRefereeGameExchange: Bool
  /// When the game was last moved; nil if never.
  public var postponedAt: Date?
  /// The score sheet is closed.
  public var validated: Bool
  public var homeTeam: String
  public var awayTeam: String
  /// The league category ("NLA", "3L", "Mobilière Volley Cup").
  public var league: String
  public var hall: String
  /// The `convocationCompensation.__identity`, for the compensation PUT.
  public var compensationID: String
}

/// An entry of an exchange board the user sees. `id` is the exchange `__identity`.
public struct SandboxExchange: Sendable, Equatable, Codable {
  public var id: String
  public var association: String
  public var gameNumber: Int
  public var startingDateTime: Date
  public var position: String
  /// `open`, `applied` or `closed`.
  public var status: String
  /// The convocation of the slot on offer (needed to take one's own entry off the board).
  public var convocationID: String
  /// "Mine": the user put it on the board.
  public var submittedByUser: Bool
  public var submittedBy: String
  /// `N1` (highest) … `N4`.
  public var requiredRefereeLevel: String
  public var appliedBy: String?
  public var appliedByUser: Bool
}

/// A compensation. `id` is the `convocationCompensation.__identity`.
public struct SandboxCompensation: Sendable, Equatable, Codable {
  public var id: String
  public var convocationID: String
  public var association: String
  public var gameNumber: Int
  public var gameCompensation: Int
  public var travelExpenses: Int
  public var distanceInMetres: Int
  public var correctionReason: String?
  /// nil when upstream would leave the key out.
  public var paymentDone: Bool?
  public var paymentValueDate: String?
  public var lockedOnSite: Bool
  /// VolleyKit's rule: not paid and not paid out on site.
  public var editable: Bool
}

extension VolleyManagerData {
  /// Everything of the user, across all associations, in the records above.
  mutating func records(of user: SandboxUser, now: Int) -> (
    assignments: [SandboxAssignment], exchanges: [SandboxExchange], compensations: [SandboxCompensation]
  ) {
    var assignments: [SandboxAssignment] = []
    var exchanges: [SandboxExchange] = []
    var compensations: [SandboxCompensation] = []
    func date(_ seconds: Int) -> Date { Date(timeIntervalSince1970: TimeInterval(seconds)) }
    for book in books(of: user) {
      let code = book.association.shortName
      let onBoard = book.openEntryConvocations
      for assignment in book.assignments {
        guard let game = book.games[assignment.gameNumber] else { continue }
        assignments.append(
          SandboxAssignment(
            id: assignment.id, association: code, gameNumber: game.number, startingDateTime: date(game.start),
            position: assignment.position.rawValue, status: assignment.cancelled ? "cancelled" : "active",
            isOpenEntryInRefereeGameExchange: onBoard.contains(assignment.id), postponedAt: game.postponedAt.map(date),
            validated: game.scoresheetClosedAt != nil, homeTeam: game.home.name, awayTeam: game.away.name,
            league: game.league.category, hall: game.hall.name, compensationID: assignment.compensation.id))
        let record = assignment.compensation
        guard game.start < now, !assignment.cancelled else { continue }
        compensations.append(
          SandboxCompensation(
            id: record.id, convocationID: assignment.id, association: code, gameNumber: game.number,
            gameCompensation: record.gameCompensation, travelExpenses: record.travelExpenses,
            distanceInMetres: record.distanceInMetres, correctionReason: record.correctionReason,
            paymentDone: record.paymentDone, paymentValueDate: record.paymentValueDate,
            lockedOnSite: record.lockedOnSite, editable: record.isEditable))
      }
      for entry in book.exchanges {
        guard let game = book.games[entry.gameNumber] else { continue }
        exchanges.append(
          SandboxExchange(
            id: entry.id, association: code, gameNumber: game.number, startingDateTime: date(game.start),
            position: entry.position.rawValue, status: entry.status.rawValue, convocationID: entry.convocationID,
            submittedByUser: entry.submittedBy.id == user.personID, submittedBy: entry.submittedBy.displayName,
            requiredRefereeLevel: entry.levelName, appliedBy: entry.appliedBy?.displayName,
            appliedByUser: entry.appliedBy?.id == user.personID))
      }
    }
    let byStart: (SandboxAssignment, SandboxAssignment) -> Bool = {
      ($0.startingDateTime, $0.gameNumber) < ($1.startingDateTime, $1.gameNumber)
    }
    return (assignments.sorted(by: byStart), exchanges, compensations)
  }
}
