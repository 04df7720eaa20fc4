/// The data side of the fake VolleyManager, as plain values. Times are Unix seconds (UTC).
/// Relations follow §3.2 of the upstream notes: an assignment *is* a referee convocation, its
/// compensation has its own identity, and an exchange entry points at the convocation of the
/// slot on offer. Games are shared by number between a user's assignments and board entries.

/// `refereePosition`: a slot on a game.
enum VolleyManagerPosition: String, Sendable, CaseIterable {
  case headOne = "head-one"
  case headTwo = "head-two"
  case linesmanOne = "linesman-one"
  case linesmanTwo = "linesman-two"
  case linesmanThree = "linesman-three"
  case linesmanFour = "linesman-four"
  case standbyHead = "standby-head"
  case standbyLinesman = "standby-linesman"

  /// The `<Pos>` of `activeRefereeConvocation<Pos>`.
  var convocationKey: String {
    switch self {
    case .headOne: "FirstHeadReferee"
    case .headTwo: "SecondHeadReferee"
    case .linesmanOne: "FirstLinesman"
    case .linesmanTwo: "SecondLinesman"
    case .linesmanThree: "ThirdLinesman"
    case .linesmanFour: "FourthLinesman"
    case .standbyHead: "StandbyHeadReferee"
    case .standbyLinesman: "StandbyLinesman"
    }
  }

  /// The `<Pos>` of the exchange's flat `active<Pos>RefereeName`; standby slots have none.
  var nameKey: String? {
    switch self {
    case .headOne: "FirstHead"
    case .headTwo: "SecondHead"
    case .linesmanOne: "FirstLinesman"
    case .linesmanTwo: "SecondLinesman"
    case .linesmanThree: "ThirdLinesman"
    case .linesmanFour: "FourthLinesman"
    case .standbyHead, .standbyLinesman: nil
    }
  }

  /// The German role label of the iCal feed ("1. SR", "2. LR", …).
  var germanLabel: String {
    switch self {
    case .headOne: "1. SR"
    case .headTwo: "2. SR"
    case .linesmanOne: "1. LR"
    case .linesmanTwo: "2. LR"
    case .linesmanThree: "3. LR"
    case .linesmanFour: "4. LR"
    case .standbyHead: "Pikett SR"
    case .standbyLinesman: "Pikett LR"
    }
  }

  var isHead: Bool { self == .headOne || self == .headTwo || self == .standbyHead }
}

struct VolleyManagerPerson: Sendable, Equatable {
  var id: String
  var firstName: String
  var lastName: String
  var displayName: String { lastName.isEmpty ? firstName : "\(firstName) \(lastName)" }

  /// A made-up but well-formed contact, as the feed's description lists them (third-party PII
  /// upstream; here obviously fake: example.ch, and 555 numbers).
  var email: String {
    let spelled = "\(firstName).\(lastName)".lowercased().map { Self.ascii[$0] ?? String($0) }.joined()
    return spelled.filter { $0.isASCII && $0.isLetter || $0 == "." } + "@example.ch"
  }

  private static let ascii: [Character: String] = [
    "ä": "ae", "ö": "oe", "ü": "ue", "é": "e", "è": "e", "ê": "e", "ë": "e", "à": "a", "â": "a", "ï": "i",
    "î": "i", "ô": "o", "ç": "c",
  ]

  var phone: String {
    let digits = SandboxIdentifiers.fnv1a(id) % 10_000
    return "+41 79 555 \(digits / 100 < 10 ? "0" : "")\(digits / 100) \(digits % 100 < 10 ? "0" : "")\(digits % 100)"
  }
}

struct VolleyManagerTeam: Sendable, Equatable {
  var id: String
  var identifier: Int
  var name: String
  var manager: VolleyManagerPerson
}

struct VolleyManagerLeague: Sendable, Equatable {
  var id: Int
  var category: String
  var gender: String
  var groupName: String
  var phaseName: String
  var associationCode: String
}

/// A referee in a slot: the convocation's `__identity` and who holds it.
struct VolleyManagerSlot: Sendable, Equatable {
  var convocationID: String
  var referee: VolleyManagerPerson
}

struct VolleyManagerGame: Sendable, Equatable {
  var id: String
  var refereeGameID: String
  var number: Int
  var start: Int
  var league: VolleyManagerLeague
  var home: VolleyManagerTeam
  var away: VolleyManagerTeam
  var hallIndex: Int
  var hallID: String
  var convener: VolleyManagerPerson?
  /// The convened referees; a position missing here is an open slot (`null` upstream).
  var slots: [VolleyManagerPosition: VolleyManagerSlot]
  /// When the last accepted postponement was recorded, and the convocations active then.
  var postponedAt: Int?
  var postponementConvocations: [String] = []
  /// Set once the score sheet is closed (the game is validated).
  var scoresheetClosedAt: Int?

  var hall: VolleyManagerCatalog.Hall { VolleyManagerCatalog.halls[hallIndex] }
  var positions: [VolleyManagerPosition] { VolleyManagerCatalog.positions(category: league.category) }
}

struct VolleyManagerCompensation: Sendable, Equatable {
  var id: String
  var gameCompensation: Int
  var distanceInMetres: Int
  var transportationMode: String
  /// nil: the key is absent from the reply (upstream leaves it out at times).
  var paymentDone: Bool?
  /// `YYYY-MM-DD`, a full timestamp, `""`, or nil (JSON null).
  var paymentValueDate: String?
  var paidBy: String?
  var lockedOnSite: Bool
  var correctionReason: String?

  /// VolleyKit's edit rule: neither paid nor paid out on site.
  var isEditable: Bool { paymentDone != true && !lockedOnSite }

  /// CHF 0.70 per km by car, half by public transport; whole francs as upstream.
  var travelExpenses: Int {
    let kilometres = Double(distanceInMetres) / 1000
    return Int((kilometres * (transportationMode == "car" ? 0.7 : 0.35)).rounded())
  }
}

struct VolleyManagerAssignment: Sendable, Equatable {
  var id: String
  var gameNumber: Int
  var position: VolleyManagerPosition
  var cancelled: Bool
  var confirmedAt: Int?
  var hasMessage: Bool
  var compensation: VolleyManagerCompensation
}

enum VolleyManagerExchangeStatus: String, Sendable {
  case open
  case applied
  case closed
}

struct VolleyManagerExchange: Sendable, Equatable {
  var id: String
  var gameNumber: Int
  var position: VolleyManagerPosition
  /// The convocation of the slot on offer (`activeRefereeConvocation<Pos>.__identity`).
  var convocationID: String
  var status: VolleyManagerExchangeStatus
  var submittedAt: Int
  var submittedBy: VolleyManagerPerson
  var submittingType: String
  /// 1 (N1, highest) … 4 (N4).
  var requiredLevel: Int
  var appliedBy: VolleyManagerPerson?
  var appliedAt: Int?
  var updatedAt: Int

  var levelName: String { "N\(requiredLevel)" }
  /// Higher for higher levels: N1 is 4, N4 is 1 (the pick reply shows 4 for a top level).
  var gradation: Int { 5 - requiredLevel }
}

/// One user's data in one association: what `switchRoleAndAttribute` scopes the lists to.
struct VolleyManagerBook: Sendable {
  var association: SandboxAssociation
  /// The user's referee level here (1 = N1 … 4 = N4); board entries above it cannot be taken.
  var refereeLevel: Int
  var games: [Int: VolleyManagerGame]
  var assignments: [VolleyManagerAssignment]
  var exchanges: [VolleyManagerExchange]
}
