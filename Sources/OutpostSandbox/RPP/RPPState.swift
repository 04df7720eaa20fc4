/// Everything the "rpp" service holds, behind `RPPSandbox`'s lock. Indexes by customer keep
/// list requests cheap with thousands of orders (the benchmark's scale seed).
struct RPPState {
  var settings: SandboxRPPConfiguration
  var users: [String: RPPUser] = [:]
  var userIDsByEmail: [String: String] = [:]
  var partners: [String: RPPPartner] = [:]
  var staff: [String: RPPStaff] = [:]
  var savedAddresses: [String: [RPPAddress]] = [:]
  var orders: [String: RPPOrder] = [:]
  var orderIDsByCustomer: [String: [String]] = [:]
  var conversations: [String: RPPConversation] = [:]
  var conversationIDsByCustomer: [String: [String]] = [:]
  var supportConversationByCustomer: [String: String] = [:]
  /// Per conversation, oldest first.
  var messages: [String: [RPPMessage]] = [:]
  var notifications: [String: RPPNotification] = [:]
  var notificationIDsByCustomer: [String: [String]] = [:]
  var devices: [String: RPPDevice] = [:]
  var refreshTokens: [String: RPPRefreshToken] = [:]
  /// ID tokens issued per user since their last revocation, so a revocation can name them.
  var issuedIDTokens: [String: [String]] = [:]
  var revokedIDTokens: Set<String> = []
  /// `userID|key` → the request and its answer.
  var idempotency: [String: RPPIdempotencyRecord] = [:]
  /// How many orders each `Idempotency-Key` created (ground truth: 1 each, never 2).
  var bookingsByKey: [String: Int] = [:]
  /// The client's messages the other side reads ten minutes later: (conversation, message).
  var pendingReceipts: [(conversationID: String, messageID: String, dueMs: Int64)] = []
  var counters = RPPCounters()
  /// The instant the life simulation last ran to: later stamps are never earlier than this.
  var simulatedMs: Int64 = .min
  /// `fail-next`: the status the next API requests answer instead of being served.
  var failNext: (status: Int, count: Int) = (500, 0)
  var requestTimes: [String: [Int64]] = [:]
  var usedOrderNumbers: Set<String> = []
  var rng: SplitMix64
  private var serial = 0

  init(settings: SandboxRPPConfiguration, seed: UInt64) {
    self.settings = settings
    rng = SplitMix64(seed: seed ^ SandboxIdentifiers.fnv1a("rpp"))
  }

  // MARK: Identifiers

  private static let idAlphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")
  /// `[0-9A-HJ-NP-Z]`, the order-number alphabet of rpp.md §4.3.
  static let orderNumberAlphabet = Array("0123456789ABCDEFGHJKLMNPQRSTUVWXYZ")

  /// `ord_…`, `cnv_…`: a type prefix and ten characters from the seeded generator.
  mutating func newID(_ prefix: String) -> String {
    serial += 1
    return prefix + "_" + String((0..<10).map { _ in Self.idAlphabet.randomElement(using: &rng)! })
  }

  mutating func newOrderNumber() -> String {
    while true {
      let number = "RPP-" + String((0..<6).map { _ in Self.orderNumberAlphabet.randomElement(using: &rng)! })
      if usedOrderNumbers.insert(number).inserted { return number }
    }
  }

  // MARK: Lookups

  func user(email: String) -> RPPUser? { userIDsByEmail[email.lowercased()].flatMap { users[$0] } }

  func name(of id: String) -> String { users[id]?.name ?? staff[id]?.name ?? id }

  func partner(of order: RPPOrder) -> RPPPartner { partners[order.partnerID]! }

  /// The customer's order with `id`; nil for another customer's or tenant's (answered 404).
  func order(_ id: String, of customerID: String) -> RPPOrder? {
    guard let order = orders[id], order.customerID == customerID else { return nil }
    return order
  }

  func conversation(_ id: String, of customerID: String) -> RPPConversation? {
    guard let conversation = conversations[id], conversation.customerID == customerID else { return nil }
    return conversation
  }

  /// Orders of the partner that hold a slot, for availability and booking.
  func blockingOrders(partnerID: String) -> [RPPOrder] {
    orders.values.filter { $0.partnerID == partnerID && $0.blocksSlot }
  }

  func unreadNotifications(of customerID: String) -> Int {
    (notificationIDsByCustomer[customerID] ?? []).reduce(0) { $0 + (notifications[$1]?.readMs == nil ? 1 : 0) }
  }

  // MARK: Changes

  mutating func insert(_ order: RPPOrder) {
    orders[order.id] = order
    orderIDsByCustomer[order.customerID, default: []].append(order.id)
  }

  mutating func insert(_ conversation: RPPConversation) {
    conversations[conversation.id] = conversation
    conversationIDsByCustomer[conversation.customerID, default: []].append(conversation.id)
    if conversation.kind == "support" { supportConversationByCustomer[conversation.customerID] = conversation.id }
  }

  /// The customer's support conversation, made on first need.
  mutating func supportConversation(of customerID: String, partnerID: String, atMs: Int64) -> String {
    if let id = supportConversationByCustomer[customerID] { return id }
    let conversation = RPPConversation(
      id: newID("cnv"), orderID: nil, kind: "support", customerID: customerID,
      staffID: "usr_support_\(partnerID.dropFirst(4))",
      updatedMs: atMs)
    insert(conversation)
    return conversation.id
  }

  /// Appends a message; a staff message raises the conversation's unread count, a client's is
  /// read by staff ten minutes later (the read receipt).
  @discardableResult
  mutating func addMessage(
    conversationID: String, senderID: String, senderRole: String, body: String, atMs: Int64, readMs: Int64? = nil
  ) -> RPPMessage {
    let message = RPPMessage(
      id: newID("msg"), conversationID: conversationID, senderID: senderID, senderRole: senderRole, body: body,
      createdMs: atMs, readMs: readMs, updatedMs: readMs ?? atMs)
    messages[conversationID, default: []].append(message)
    if var conversation = conversations[conversationID] {
      if senderRole != "client" && readMs == nil { conversation.unread += 1 }
      conversation.updatedMs = max(conversation.updatedMs, atMs)
      conversation.version += 1
      conversations[conversationID] = conversation
    }
    if senderRole == "client" && readMs == nil {
      pendingReceipts.append((conversationID, message.id, atMs + 10 * .minuteMs))
    }
    return message
  }

  @discardableResult
  mutating func notify(
    _ customerID: String, type: String, title: String, body: String, orderID: String? = nil,
    conversationID: String? = nil, atMs: Int64
  ) -> RPPNotification {
    let notification = RPPNotification(
      id: newID("ntf"), customerID: customerID, type: type, title: title, body: body, orderID: orderID,
      conversationID: conversationID, readMs: nil, createdMs: atMs, updatedMs: atMs)
    notifications[notification.id] = notification
    notificationIDsByCustomer[customerID, default: []].append(notification.id)
    return notification
  }

  /// Applies `change` to the order and stamps it: version + 1, `updatedAt` = `atMs`.
  mutating func change(order id: String, atMs: Int64, _ change: (inout RPPOrder) -> Void) {
    guard var order = orders[id] else { return }
    change(&order)
    order.version += 1
    order.updatedMs = atMs
    orders[id] = order
  }

  /// Marks the staff messages up to `lastMessageID` read by the client; the new unread count.
  mutating func markRead(conversationID: String, through lastMessageID: String, atMs: Int64) -> Int? {
    guard var list = messages[conversationID], let last = list.firstIndex(where: { $0.id == lastMessageID }) else {
      return nil
    }
    var changed = 0
    for index in 0...last where list[index].senderRole != "client" && list[index].readMs == nil {
      list[index].readMs = atMs
      list[index].updatedMs = atMs
      list[index].version += 1
      changed += 1
    }
    messages[conversationID] = list
    let unread = list.reduce(0) { $0 + ($1.senderRole != "client" && $1.readMs == nil ? 1 : 0) }
    if changed > 0, var conversation = conversations[conversationID] {
      conversation.unread = unread
      conversation.updatedMs = atMs
      conversation.version += 1
      conversations[conversationID] = conversation
    }
    return unread
  }

  // MARK: Tokens

  /// Kills every refresh token of the user (`TOKEN_EXPIRED` from then on); with `idTokens`,
  /// the ID tokens issued so far are refused by the API too (`token_revoked`).
  mutating func revokeTokens(of userID: String, idTokens: Bool) -> Int {
    var killed = 0
    for (token, record) in refreshTokens where record.userID == userID && record.death == nil {
      refreshTokens[token]?.death = .revoked
      killed += 1
    }
    if idTokens {
      revokedIDTokens.formUnion(issuedIDTokens[userID] ?? [])
      issuedIDTokens[userID] = []
    }
    return killed
  }

  func liveRefreshTokens(of userID: String) -> Int {
    refreshTokens.values.reduce(0) { $0 + ($1.userID == userID && $1.death == nil ? 1 : 0) }
  }
}

/// Counters of the rpp service, for tests and `GET /__admin/state?service=rpp`.
public struct RPPCounters: Sendable, Equatable {
  public var signIns = 0
  public var failedSignIns = 0
  public var mfaChallenges = 0
  public var refreshes = 0
  public var refreshesByUser: [String: Int] = [:]
  public var passwordResetMails = 0
  public var apiRequests = 0
  public var unauthenticated = 0
  public var heldReplies = 0
  public var idempotentReplays = 0
}
