/// The rpp service on the shared admin API (`GET /__admin/state?service=rpp`,
/// `POST /__admin/mutate {"service":"rpp","op":…}`): ground truth for end-to-end tests and the
/// controls of a partner or administrator. Never shows a password or a token.
enum RPPAdmin {
  static let operations = [
    "config", "user", "revoke-tokens", "confirm-order", "life", "staff-message", "take-slot", "touch-order",
    "order-quirks", "fail-next", "policy", "scale-seed",
  ]

  // MARK: State

  static func state(_ sandbox: RPPSandbox) -> SandboxJSON {
    let now = sandbox.milliseconds(at: sandbox.clock.now())
    return sandbox.withLiveState(at: now) { state in
      let emails = state.users.mapValues(\.email)
      let email = { (id: String) in emails[id] ?? id }
      let orders = state.orders.values.sorted {
        ($0.customerID, $0.startMs, $0.id) < ($1.customerID, $1.startMs, $1.id)
      }
      return .object([
        ("now", .string(RPPTime.utc(now))), ("config", config(state.settings, holding: sandbox.writeGate.isClosed)),
        (
          "users",
          .array(
            state.users.values.sorted { $0.email < $1.email }.map { user in
              .object([
                ("email", .string(user.email)), ("id", .string(user.id)), ("role", .string(user.role)),
                ("partnerId", RPPJSON.optional(user.partnerID)), ("disabled", .bool(user.disabled)),
                ("mfa", .bool(user.mfa)), ("locked", .bool(user.lockedUntilMs > now)),
                ("liveRefreshTokens", .int(state.liveRefreshTokens(of: user.id))),
                ("refreshes", .int(state.counters.refreshesByUser[user.email] ?? 0)),
                ("orders", .int(state.orderIDsByCustomer[user.id]?.count ?? 0)),
                ("unreadNotifications", .int(state.unreadNotifications(of: user.id))),
              ])
            })
        ),
        (
          "orders",
          .array(
            orders.map { order in
              .object([
                ("id", .string(order.id)), ("orderNumber", .string(order.number)),
                ("customer", .string(email(order.customerID))), ("partnerId", .string(order.partnerID)),
                ("status", .string(order.status)), ("version", .int(order.version)),
                ("updatedAt", .string(RPPTime.utc(order.updatedMs))),
                ("start", .string(RPPTime.local(order.startMs, state.partner(of: order).zone))),
                ("rescheduleCount", .int(order.rescheduleCount)), ("assignedTo", RPPJSON.optional(order.assigneeID)),
                ("conversationId", .string(order.conversationID)),
              ])
            })
        ),
        (
          "conversations",
          .array(
            state.conversations.values.sorted { $0.id < $1.id }.map { conversation in
              let messages = state.messages[conversation.id] ?? []
              return .object([
                ("id", .string(conversation.id)), ("customer", .string(email(conversation.customerID))),
                ("kind", .string(conversation.kind)), ("orderId", RPPJSON.optional(conversation.orderID)),
                ("unreadCount", .int(conversation.unread)), ("version", .int(conversation.version)),
                ("updatedAt", .string(RPPTime.utc(conversation.updatedMs))),
                (
                  "messages",
                  .array(
                    messages.map { message in
                      .object([
                        ("id", .string(message.id)), ("senderRole", .string(message.senderRole)),
                        ("createdAt", .string(RPPTime.utc(message.createdMs))),
                        ("readAt", RPPJSON.stamp(message.readMs)),
                        ("version", .int(message.version)),
                      ])
                    })
                ),
              ])
            })
        ),
        (
          "notifications",
          .array(
            state.notifications.values.sorted { ($0.createdMs, $0.id) < ($1.createdMs, $1.id) }.map { notification in
              .object([
                ("id", .string(notification.id)), ("customer", .string(email(notification.customerID))),
                ("type", .string(notification.type)), ("orderId", RPPJSON.optional(notification.orderID)),
                ("read", .bool(notification.readMs != nil)), ("version", .int(notification.version)),
              ])
            })
        ),
        ("devices", .int(state.devices.count)),
        (
          "bookingsByIdempotencyKey",
          .object(state.bookingsByKey.sorted { $0.key < $1.key }.map { ($0.key, .int($0.value)) })
        ),
        (
          "counters",
          .object([
            ("signIns", .int(state.counters.signIns)), ("failedSignIns", .int(state.counters.failedSignIns)),
            ("mfaChallenges", .int(state.counters.mfaChallenges)), ("refreshes", .int(state.counters.refreshes)),
            ("passwordResetMails", .int(state.counters.passwordResetMails)),
            ("apiRequests", .int(state.counters.apiRequests)),
            ("unauthenticated", .int(state.counters.unauthenticated)),
            ("heldReplies", .int(state.counters.heldReplies)),
            ("idempotentReplays", .int(state.counters.idempotentReplays)),
          ])
        ),
      ])
    }
  }

  private static func config(_ settings: SandboxRPPConfiguration, holding: Bool) -> SandboxJSON {
    .object([
      ("apiKey", .string(settings.apiKey)), ("projectId", .string(settings.projectID)),
      ("idTokenLifetimeSeconds", .int(settings.idTokenLifetimeSeconds)),
      ("rotateRefreshTokens", .bool(settings.rotateRefreshTokens)),
      ("enumerationProtection", .bool(settings.enumerationProtection)),
      ("maxFailedSignIns", .int(settings.maxFailedSignIns)), ("lockoutSeconds", .int(settings.lockoutSeconds)),
      ("rateLimitPerMinute", .int(settings.rateLimitPerMinute)), ("holdWriteReplies", .bool(holding)),
    ])
  }

  // MARK: Mutations

  static func mutate(_ operation: String, _ body: SandboxAdminBody, sandbox: RPPSandbox) throws(SandboxAdminError)
    -> SandboxJSON
  {
    let now = sandbox.milliseconds(at: sandbox.clock.now())
    switch operation {
    case "config": return try updateConfig(body, sandbox)
    case "user":
      try body.requireOnly(["service", "op", "email", "password", "disabled"])
      return try changeUser(
        sandbox, email: try body.requiredString("email"), password: try body.string("password"),
        disabled: try body.bool("disabled"))
    case "revoke-tokens":
      try body.requireOnly(["service", "op", "email"])
      let email = try body.requiredString("email")
      let revoked = sandbox.withState { state in
        state.user(email: email).map { state.revokeTokens(of: $0.id, idTokens: true) }
      }
      guard let revoked else { throw noUser(email) }
      return .object([("revokedRefreshTokens", .int(revoked))])
    case "confirm-order":
      try body.requireOnly(["service", "op", "orderId"])
      let id = try body.requiredString("orderId")
      guard sandbox.withLiveState(at: now, { $0.confirm(id, atMs: now, actor: "partner") }) else {
        throw SandboxAdminError("no pending order \(id)", status: .notFound)
      }
      return orderJSON(sandbox, id, now)
    case "life":
      try body.requireOnly(["service", "op", "advanceSeconds"])
      if let seconds = try body.double("advanceSeconds") {
        guard seconds > 0, seconds <= SandboxSharedClock.maximumAdvanceSeconds else {
          throw SandboxAdminError("advanceSeconds must be above 0")
        }
        sandbox.clock.advance(seconds: seconds)
      }
      let later = sandbox.milliseconds(at: sandbox.clock.now())
      let steps = sandbox.withState { $0.simulate(until: later) }
      return .object([("now", .string(RPPTime.utc(later))), ("steps", .int(steps))])
    case "staff-message": return try staffMessage(body, sandbox, now)
    case "take-slot": return try takeSlot(body, sandbox, now)
    case "touch-order":
      try body.requireOnly(["service", "op", "orderId", "at"])
      let id = try body.requiredString("orderId")
      var at = now
      if let text = try body.string("at") {
        guard let parsed = RPPTime.parse(text) else { throw SandboxAdminError("at must be RFC 3339 with a zone") }
        at = parsed
      }
      let found = sandbox.withLiveState(at: now) { state -> Bool in
        guard state.orders[id] != nil else { return false }
        state.change(order: id, atMs: at) { order in
          order.sharedNotes.append((author: "partner", body: "Updated by the partner.", atMs: at))
        }
        return true
      }
      guard found else { throw noOrder(id) }
      return orderJSON(sandbox, id, now)
    case "order-quirks":
      try body.requireOnly(["service", "op", "orderId", "status", "unknownField"])
      let id = try body.requiredString("orderId")
      let status = body.members["status"].map { $0.isNull ? nil : $0.stringValue }
      let extra = try body.bool("unknownField")
      let found = sandbox.withState { state -> Bool in
        guard state.orders[id] != nil else { return false }
        state.change(order: id, atMs: now) { order in
          if let status { order.quirkStatus = status }
          if let extra { order.quirkField = extra }
        }
        return true
      }
      guard found else { throw noOrder(id) }
      return orderJSON(sandbox, id, now)
    case "fail-next":
      try body.requireOnly(["service", "op", "count", "status"])
      let count = try body.int("count") ?? 1
      let status = try body.int("status") ?? 500
      guard (0...1000).contains(count), [500, 502].contains(status) else {
        throw SandboxAdminError("count must be 0…1000 and status 500 (JSON envelope) or 502 (an HTML page)")
      }
      sandbox.withState { $0.failNext = (status, count) }
      return .object([("status", .int(status)), ("count", .int(count))])
    case "policy": return try updatePolicy(body, sandbox, now)
    default:
      try body.requireOnly(["service", "op", "email", "orders", "messages"])
      return try scaleSeed(
        sandbox, email: try body.requiredString("email"), orders: try body.int("orders") ?? 0,
        messages: try body.int("messages") ?? 0)
    }
  }

  private static func orderJSON(_ sandbox: RPPSandbox, _ id: String, _ now: Int64) -> SandboxJSON {
    sandbox.withState { state in .object([("order", RPPJSON.order(state.orders[id]!, in: state, nowMs: now))]) }
  }

  private static func noUser(_ email: String) -> SandboxAdminError {
    SandboxAdminError("no rpp user \(email)", status: .notFound)
  }

  private static func noOrder(_ id: String) -> SandboxAdminError {
    SandboxAdminError("no order \(id)", status: .notFound)
  }

  private static func updateConfig(_ body: SandboxAdminBody, _ sandbox: RPPSandbox) throws(SandboxAdminError)
    -> SandboxJSON
  {
    try body.requireOnly([
      "service", "op", "apiKey", "idTokenLifetimeSeconds", "rotateRefreshTokens", "enumerationProtection",
      "maxFailedSignIns", "lockoutSeconds", "rateLimitPerMinute", "holdWriteReplies",
    ])
    let lifetime = try body.int("idTokenLifetimeSeconds")
    if let lifetime, !SandboxRPPConfiguration.lifetimes.contains(lifetime) {
      throw SandboxAdminError("idTokenLifetimeSeconds must be 5…\(SandboxRPPConfiguration.lifetimes.upperBound)")
    }
    let apiKey = try body.string("apiKey")
    if let apiKey, apiKey.isEmpty { throw SandboxAdminError("apiKey must not be empty") }
    let rotate = try body.bool("rotateRefreshTokens")
    let protection = try body.bool("enumerationProtection")
    let counts: [(String, Int?)] = [
      ("maxFailedSignIns", try body.int("maxFailedSignIns")), ("lockoutSeconds", try body.int("lockoutSeconds")),
      ("rateLimitPerMinute", try body.int("rateLimitPerMinute")),
    ]
    for (name, value) in counts where value.map({ !(0...86_400).contains($0) }) ?? false {
      throw SandboxAdminError("\(name) must be 0…86400")
    }
    let hold = try body.bool("holdWriteReplies")
    if let hold { sandbox.writeGate.set(closed: hold) }
    return sandbox.withState { state in
      if let lifetime { state.settings.idTokenLifetimeSeconds = lifetime }
      if let apiKey { state.settings.apiKey = apiKey }
      if let rotate { state.settings.rotateRefreshTokens = rotate }
      if let protection { state.settings.enumerationProtection = protection }
      if let value = counts[0].1 { state.settings.maxFailedSignIns = value }
      if let value = counts[1].1 { state.settings.lockoutSeconds = value }
      if let value = counts[2].1 { state.settings.rateLimitPerMinute = value }
      return config(state.settings, holding: sandbox.writeGate.isClosed)
    }
  }

  /// A password change revokes the user's refresh tokens (`TOKEN_EXPIRED`), as Firebase does;
  /// disabling makes refreshes and sign-ins fail with `USER_DISABLED`.
  static func changeUser(_ sandbox: RPPSandbox, email: String, password: String?, disabled: Bool?)
    throws(SandboxAdminError) -> SandboxJSON
  {
    if let password, password.count < 6 { throw SandboxAdminError("password must have at least 6 characters") }
    let result = sandbox.withState { state -> SandboxJSON? in
      guard var user = state.user(email: email) else { return nil }
      var revoked = 0
      if let password {
        user.password = password
        user.lockedUntilMs = 0
        revoked = state.revokeTokens(of: user.id, idTokens: false)
      }
      if let disabled { user.disabled = disabled }
      state.users[user.id] = user
      return .object([
        ("email", .string(user.email)), ("disabled", .bool(user.disabled)), ("revokedRefreshTokens", .int(revoked)),
      ])
    }
    guard let result else { throw noUser(email) }
    return result
  }

  /// A message from the order's photographer (or support) to the customer: unread, with a
  /// `new_message` notification.
  private static func staffMessage(_ body: SandboxAdminBody, _ sandbox: RPPSandbox, _ now: Int64)
    throws(SandboxAdminError) -> SandboxJSON
  {
    try body.requireOnly(["service", "op", "conversationId", "body"])
    let id = try body.requiredString("conversationId")
    let text = try body.string("body") ?? "Quick question about the shoot: is there parking on site?"
    let message = sandbox.withLiveState(at: now) { state -> RPPMessage? in
      guard let conversation = state.conversations[id] else { return nil }
      let role = state.staff[conversation.staffID]?.role ?? "partner"
      let message = state.addMessage(
        conversationID: id, senderID: conversation.staffID, senderRole: role, body: text, atMs: now)
      state.notify(
        conversation.customerID, type: "new_message", title: "New message from \(state.name(of: conversation.staffID))",
        body: String(text.prefix(80)), orderID: conversation.orderID, conversationID: id, atMs: now)
      return message
    }
    guard let message else { throw SandboxAdminError("no conversation \(id)", status: .notFound) }
    return .object([("message", RPPJSON.message(message))])
  }

  /// Another customer books a slot: it disappears between availability and `POST /orders`.
  private static func takeSlot(_ body: SandboxAdminBody, _ sandbox: RPPSandbox, _ now: Int64)
    throws(SandboxAdminError) -> SandboxJSON
  {
    try body.requireOnly(["service", "op", "partnerId", "start", "durationMinutes"])
    let partnerID = try body.requiredString("partnerId")
    guard let start = RPPTime.parse(try body.requiredString("start")) else {
      throw SandboxAdminError("start must be RFC 3339 with a zone")
    }
    let minutes = try body.int("durationMinutes") ?? 90
    guard (15...600).contains(minutes) else { throw SandboxAdminError("durationMinutes must be 15…600") }
    let id = sandbox.withLiveState(at: now) { state -> String? in
      guard let partner = state.partners[partnerID] else { return nil }
      var service = partner.services[0]
      service.durationMinutes = minutes
      let address = RPPSeed.addresses[partnerID]![1]
      let customer = "usr_walkin_\(partnerID.dropFirst(4))"
      return state.book(
        customerID: customer, partnerID: partnerID, services: [service], startMs: start, address: address,
        notes: "Booked by another customer.", atMs: now
      ).id
    }
    guard let id else { throw SandboxAdminError("no partner \(partnerID)", status: .notFound) }
    return .object([("orderId", .string(id))])
  }

  private static func updatePolicy(_ body: SandboxAdminBody, _ sandbox: RPPSandbox, _ now: Int64)
    throws(SandboxAdminError) -> SandboxJSON
  {
    let numbers: [(String, WritableKeyPath<RPPPolicy, Int>)] = [
      ("minLeadHours", \.minLeadHours), ("horizonDays", \.horizonDays), ("cutoffHours", \.cutoffHours),
      ("maxPerOrder", \.maxPerOrder), ("freeCutoffHours", \.freeCutoffHours), ("lateFeePercent", \.lateFeePercent),
    ]
    try body.requireOnly(["service", "op", "partnerId", "autoConfirm"] + numbers.map(\.0))
    let partnerID = try body.requiredString("partnerId")
    var changes: [(WritableKeyPath<RPPPolicy, Int>, Int)] = []
    for (name, path) in numbers {
      guard let value = try body.int(name) else { continue }
      guard (0...1000).contains(value) else { throw SandboxAdminError("\(name) must be 0…1000") }
      changes.append((path, value))
    }
    let autoConfirm = try body.bool("autoConfirm")
    let policy = sandbox.withState { state -> SandboxJSON? in
      guard var partner = state.partners[partnerID] else { return nil }
      for (path, value) in changes { partner.policy[keyPath: path] = value }
      if let autoConfirm { partner.policy.autoConfirm = autoConfirm }
      partner.policy.version += 1
      partner.policy.updatedMs = now
      state.partners[partnerID] = partner
      return RPPJSON.policy(partner)
    }
    guard let policy else { throw SandboxAdminError("no partner \(partnerID)", status: .notFound) }
    return .object([("policy", policy)])
  }

  /// `orders` delivered orders, one every ~105 minutes back from yesterday, each with its own
  /// conversation, and `messages` messages dealt round-robin over them (alternately client and
  /// photographer, all read). Built directly, without the life simulation, so 5,000 orders and
  /// 50,000 messages take well under a second. Seed before the client's first sync: the
  /// records carry their historical `updatedAt`.
  static func scaleSeed(_ sandbox: RPPSandbox, email: String, orders count: Int, messages messageCount: Int)
    throws(SandboxAdminError) -> SandboxJSON
  {
    guard (0...100_000).contains(count), (0...1_000_000).contains(messageCount) else {
      throw SandboxAdminError("orders must be 0…100000 and messages 0…1000000")
    }
    guard messageCount == 0 || count > 0 else { throw SandboxAdminError("messages need at least one order") }
    let now = sandbox.milliseconds(at: sandbox.clock.now())
    let result = sandbox.withLiveState(at: now) { state -> SandboxJSON? in
      guard let user = state.user(email: email), let partnerID = user.partnerID, let partner = state.partners[partnerID]
      else { return nil }
      let photographer = state.staff.values.filter { $0.partnerID == partnerID && $0.role == "photographer" }
        .min { $0.id < $1.id }!
      let addresses = RPPSeed.addresses[partnerID]!
      var conversationIDs: [String] = []
      conversationIDs.reserveCapacity(count)
      for index in 0..<count {
        let service = partner.services[index % 3 == 2 ? 1 : 0]
        let start = (now - .dayMs - Int64(index) * 105 * .minuteMs).flooredDivision(by: 30 * .minuteMs) * 30 * .minuteMs
        let end = start + Int64(service.durationMinutes) * .minuteMs
        let created = start - 7 * .dayMs
        let delivered = end + RPPState.deliveryDelayMs
        let id = state.newID("ord")
        let conversation = RPPConversation(
          id: state.newID("cnv"), orderID: id, kind: "order", customerID: user.id, staffID: photographer.id,
          updatedMs: delivered)
        state.insert(conversation)
        conversationIDs.append(conversation.id)
        var order = RPPOrder(
          id: id, number: state.newOrderNumber(), customerID: user.id, partnerID: partnerID, status: "delivered",
          startMs: start, endMs: end, services: [service], currency: partner.currency,
          address: addresses[index % addresses.count], notes: nil, assigneeID: photographer.id,
          conversationID: conversation.id, createdMs: created, updatedMs: delivered, version: 6)
        order.timeline = [
          RPPTimelineEntry(event: "created", atMs: created, actor: "client"),
          RPPTimelineEntry(event: "confirmed", atMs: created, actor: "system"),
          RPPTimelineEntry(event: "photographer_assigned", atMs: start - RPPState.assignLeadMs, actor: "partner"),
          RPPTimelineEntry(event: "in_progress", atMs: start, actor: "photographer"),
          RPPTimelineEntry(event: "completed", atMs: end, actor: "photographer"),
          RPPTimelineEntry(event: "delivered", atMs: delivered, actor: "partner"),
        ]
        order.deliveryURL = "https://delivery.rpp.example/\(order.number)?t=\(id.dropFirst(4))"
        order.deliveryReadyMs = delivered
        order.stage = .done
        order.remindedStartMs = start
        state.insert(order)
      }
      for index in 0..<messageCount {
        let conversationID = conversationIDs[index % count]
        let order = state.orders[state.conversations[conversationID]!.orderID!]!
        let fromClient = index % 2 == 0
        let at = order.startMs - 2 * .dayMs + Int64(index / count) * 7 * .minuteMs
        state.addMessage(
          conversationID: conversationID, senderID: fromClient ? user.id : photographer.id,
          senderRole: fromClient ? "client" : "photographer",
          body: fromClient
            ? "Message \(index + 1): is the slot still fine for you?" : "Message \(index + 1): yes, see you then!",
          atMs: at, readMs: at + 20 * .minuteMs)
      }
      return .object([
        ("email", .string(user.email)), ("orders", .int(state.orderIDsByCustomer[user.id]?.count ?? 0)),
        ("messages", .int(messageCount)),
      ])
    }
    guard let result else { throw SandboxAdminError("no client \(email) with a partner", status: .notFound) }
    return result
  }
}
