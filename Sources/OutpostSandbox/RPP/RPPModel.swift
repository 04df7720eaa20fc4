/// The entities of rpp.md §4 as the sandbox holds them. Times are Unix milliseconds on the
/// sandbox clock; `RPPJSON` turns them into the wire shapes.
struct RPPUser: Sendable {
  var id: String
  var email: String
  var name: String
  var role: String
  var partnerID: String?
  var phone: String
  var company: String
  var mfa = false
  var password = RPPSeed.password
  var disabled = false
  var failedSignIns = 0
  var lockedUntilMs: Int64 = 0
  var version = 1
  var updatedMs: Int64 = 0
}

/// Someone who shows up in orders and conversations (photographers, partner support).
struct RPPStaff: Sendable {
  var id: String
  var name: String
  var role: String
  var partnerID: String

  var photoURL: String? {
    role == "photographer" ? "https://media.rpp.example/staff/\(id.dropFirst(4)).jpg" : nil
  }
}

struct RPPPolicy: Sendable {
  var autoConfirm: Bool
  var minLeadHours: Int
  var horizonDays: Int
  var cutoffHours: Int
  var maxPerOrder: Int
  var freeCutoffHours: Int
  var lateFeePercent: Int
  var version = 1
  var updatedMs: Int64 = 0
}

struct RPPServiceItem: Sendable {
  var id: String
  var name: String
  var description: String
  var durationMinutes: Int
  var priceMinor: Int
  var active = true
}

struct RPPPartner: Sendable {
  var id: String
  var name: String
  var zone: RPPZone
  var currency: String
  /// Orders outside this country are outside the service area.
  var country: String
  var services: [RPPServiceItem]
  var policy: RPPPolicy

  func service(_ id: String) -> RPPServiceItem? { services.first { $0.id == id } }
}

struct RPPAddress: Sendable, Equatable {
  var id: String?
  var line1: String
  var line2: String?
  var city: String
  var region: String
  var postalCode: String
  var country: String
  var lat: Double?
  var lng: Double?
  var accessInstructions: String?
}

struct RPPTimelineEntry: Sendable {
  var event: String
  var atMs: Int64
  var actor: String
  var extra: [(String, SandboxJSON)] = []
}

/// What the life simulation does to an order next (`RPPLife`).
enum RPPLifeStage: Int, Sendable, Comparable {
  case assign, remind, enRoute, arrive, start, complete, deliver, done

  static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

struct RPPOrder: Sendable {
  var id: String
  var number: String
  var customerID: String
  var partnerID: String
  var status: String
  var startMs: Int64
  var endMs: Int64
  var services: [RPPServiceItem]
  var currency: String
  var address: RPPAddress
  var notes: String?
  var sharedNotes: [(author: String, body: String, atMs: Int64)] = []
  var assigneeID: String?
  var conversationID: String
  var timeline: [RPPTimelineEntry] = []
  var deliveryURL: String?
  var deliveryReadyMs: Int64?
  var rescheduleCount = 0
  var createdMs: Int64
  var updatedMs: Int64
  var version = 1
  var stage = RPPLifeStage.assign
  /// The start the day-before reminder was sent for (a reschedule earns a new one).
  var remindedStartMs: Int64?
  /// Fault knobs (admin `order-quirks`): a status value outside the contract, an extra field.
  var quirkStatus: String?
  var quirkField = false

  var totalMinor: Int { services.reduce(0) { $0 + $1.priceMinor } }
  var isOpen: Bool { status == "pending" || status == "scheduled" }
  var blocksSlot: Bool { status != "cancelled" }
}

struct RPPConversation: Sendable {
  var id: String
  var orderID: String?
  var kind: String
  var customerID: String
  var staffID: String
  var unread = 0
  var updatedMs: Int64
  var version = 1
}

struct RPPMessage: Sendable {
  var id: String
  var conversationID: String
  var senderID: String
  var senderRole: String
  var body: String
  var createdMs: Int64
  /// When the other side read it: the client for staff messages, staff for the client's.
  var readMs: Int64?
  var updatedMs: Int64
  var version = 1
}

struct RPPNotification: Sendable {
  var id: String
  var customerID: String
  var type: String
  var title: String
  var body: String
  var orderID: String?
  var conversationID: String?
  var readMs: Int64?
  var createdMs: Int64
  var updatedMs: Int64
  var version = 1

  var deepLink: String {
    if let orderID { return "rpp://order/\(orderID)" }
    if let conversationID { return "rpp://message/\(conversationID)" }
    return "rpp://book"
  }
}

struct RPPDevice: Sendable {
  var id: String
  var userID: String
  var token: String
  var platform: String
  var appVersion: String?
  var locale: String?
  var registeredMs: Int64
}

/// A refresh token and why it no longer works, if it does not.
struct RPPRefreshToken: Sendable {
  enum Death: String, Sendable {
    /// Password change, Admin SDK revocation, `/auth/revoke`: `TOKEN_EXPIRED`.
    case revoked
    /// Spent by a rotating refresh: `INVALID_REFRESH_TOKEN`.
    case rotated
  }

  var userID: String
  /// The sign-in this token descends from (`auth_time` of the ID tokens it yields).
  var authTime: Int
  var death: Death?
}

/// One `Idempotency-Key` of one user: the request it was first used with and, once answered,
/// the answer that every replay gets.
struct RPPIdempotencyRecord: Sendable {
  var fingerprint: String
  var createdMs: Int64
  var response: SandboxResponse?
}
