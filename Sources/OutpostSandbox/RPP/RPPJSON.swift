/// The wire shapes of rpp.md §4, built from the state at one instant (`allowedActions` is
/// computed at response time).
enum RPPJSON {
  static func money(_ minor: Int, _ currency: String) -> SandboxJSON {
    .object([("amountMinor", .int(minor)), ("currency", .string(currency))])
  }

  static func optional(_ text: String?) -> SandboxJSON { text.map { .string($0) } ?? .null }

  static func optional(_ value: Double?) -> SandboxJSON { value.map { .double($0) } ?? .null }

  static func stamp(_ milliseconds: Int64?) -> SandboxJSON { milliseconds.map { .string(RPPTime.utc($0)) } ?? .null }

  static func address(_ address: RPPAddress) -> SandboxJSON {
    .object([
      ("id", optional(address.id)), ("line1", .string(address.line1)), ("line2", optional(address.line2)),
      ("city", .string(address.city)), ("region", .string(address.region)),
      ("postalCode", .string(address.postalCode)), ("country", .string(address.country)),
      ("lat", optional(address.lat)), ("lng", optional(address.lng)),
      ("accessInstructions", optional(address.accessInstructions)),
    ])
  }

  static func service(_ service: RPPServiceItem, currency: String, full: Bool) -> SandboxJSON {
    var members: [(String, SandboxJSON)] = [("id", .string(service.id)), ("name", .string(service.name))]
    if full { members.append(("description", .string(service.description))) }
    members += [
      ("durationMinutes", .int(service.durationMinutes)), ("price", money(service.priceMinor, currency)),
    ]
    if full { members.append(("active", .bool(service.active))) }
    return .object(members)
  }

  static func me(_ user: RPPUser, _ partner: RPPPartner, saved: [RPPAddress]) -> SandboxJSON {
    .object([
      ("id", .string(user.id)), ("name", .string(user.name)), ("email", .string(user.email)),
      ("phone", .string(user.phone)), ("company", .string(user.company)), ("partnerId", .string(partner.id)),
      ("partnerName", .string(partner.name)), ("timeZone", .string(partner.zone.rawValue)),
      ("savedAddresses", .array(saved.map(address))), ("updatedAt", stamp(user.updatedMs)),
      ("version", .int(user.version)),
    ])
  }

  static func policy(_ partner: RPPPartner) -> SandboxJSON {
    let policy = partner.policy
    return .object([
      ("partnerId", .string(partner.id)), ("timeZone", .string(partner.zone.rawValue)),
      (
        "booking",
        .object([
          ("autoConfirm", .bool(policy.autoConfirm)), ("minLeadHours", .int(policy.minLeadHours)),
          ("horizonDays", .int(policy.horizonDays)),
        ])
      ),
      ("reschedule", .object([("cutoffHours", .int(policy.cutoffHours)), ("maxPerOrder", .int(policy.maxPerOrder))])),
      (
        "cancel",
        .object([("freeCutoffHours", .int(policy.freeCutoffHours)), ("lateFeePercent", .int(policy.lateFeePercent))])
      ),
      ("updatedAt", stamp(policy.updatedMs)), ("version", .int(policy.version)),
    ])
  }

  static func person(_ id: String, in state: RPPState) -> SandboxJSON {
    if let staff = state.staff[id] {
      return .object([
        ("id", .string(id)), ("name", .string(staff.name)), ("role", .string(staff.role)),
        ("photoUrl", optional(staff.photoURL)),
      ])
    }
    let user = state.users[id]
    return .object([
      ("id", .string(id)), ("name", .string(user?.name ?? id)), ("role", .string(user?.role ?? "client")),
    ])
  }

  static func order(_ order: RPPOrder, in state: RPPState, nowMs: Int64) -> SandboxJSON {
    let partner = state.partner(of: order)
    let zone = partner.zone
    let reschedule = RPPRules.reschedule(order, partner.policy, nowMs: nowMs)
    let cancel = RPPRules.cancel(order, partner.policy, nowMs: nowMs)
    var members: [(String, SandboxJSON)] = [
      ("id", .string(order.id)), ("orderNumber", .string(order.number)), ("customerId", .string(order.customerID)),
      ("partnerId", .string(order.partnerID)), ("status", .string(order.quirkStatus ?? order.status)),
      (
        "appointment",
        .object([
          ("start", .string(RPPTime.local(order.startMs, zone))), ("end", .string(RPPTime.local(order.endMs, zone))),
          ("timeZone", .string(zone.rawValue)),
        ])
      ),
      ("services", .array(order.services.map { service($0, currency: order.currency, full: false) })),
      ("total", money(order.totalMinor, order.currency)), ("address", address(order.address)),
      ("notes", optional(order.notes)),
      (
        "sharedNotes",
        .array(
          order.sharedNotes.map {
            .object([("author", .string($0.author)), ("body", .string($0.body)), ("createdAt", stamp($0.atMs))])
          })
      ),
      ("assignedTo", order.assigneeID.map { person($0, in: state) } ?? .null),
      ("conversationId", .string(order.conversationID)),
      (
        "timeline",
        .array(
          order.timeline.map { entry in
            .object(
              [("event", .string(entry.event)), ("at", stamp(entry.atMs)), ("actor", .string(entry.actor))]
                + entry.extra)
          })
      ),
      (
        "delivery",
        .object([
          ("status", .string(order.deliveryURL == nil ? "not_ready" : "ready")), ("url", optional(order.deliveryURL)),
          ("readyAt", stamp(order.deliveryReadyMs)),
        ])
      ),
      (
        "allowedActions",
        .object([
          (
            "reschedule",
            .object([
              ("allowed", .bool(reschedule.allowed)), ("until", .string(RPPTime.local(reschedule.untilMs, zone))),
              ("reason", optional(reschedule.reason)),
            ])
          ),
          (
            "cancel",
            .object([
              ("allowed", .bool(cancel.allowed)), ("freeUntil", .string(RPPTime.local(cancel.freeUntilMs, zone))),
              ("lateFee", money(cancel.lateFeeMinor, order.currency)), ("reason", optional(cancel.reason)),
            ])
          ),
        ])
      ),
      ("rescheduleCount", .int(order.rescheduleCount)), ("createdAt", stamp(order.createdMs)),
      ("updatedAt", stamp(order.updatedMs)), ("version", .int(order.version)),
    ]
    if order.quirkField {
      members.append(("priorityLane", .object([("tier", "gold"), ("since", stamp(order.createdMs))])))
    }
    return .object(members)
  }

  static func conversation(_ conversation: RPPConversation, in state: RPPState) -> SandboxJSON {
    let last = state.messages[conversation.id]?.last
    return .object([
      ("id", .string(conversation.id)), ("orderId", optional(conversation.orderID)),
      ("kind", .string(conversation.kind)),
      (
        "participants",
        .array([person(conversation.customerID, in: state), person(conversation.staffID, in: state)])
      ),
      (
        "lastMessage",
        last.map {
          .object([
            ("id", .string($0.id)), ("senderId", .string($0.senderID)), ("body", .string($0.body)),
            ("createdAt", stamp($0.createdMs)),
          ])
        } ?? .null
      ),
      ("unreadCount", .int(conversation.unread)), ("updatedAt", stamp(conversation.updatedMs)),
      ("version", .int(conversation.version)),
    ])
  }

  static func message(_ message: RPPMessage) -> SandboxJSON {
    .object([
      ("id", .string(message.id)), ("conversationId", .string(message.conversationID)),
      ("senderId", .string(message.senderID)), ("senderRole", .string(message.senderRole)),
      ("body", .string(message.body)), ("createdAt", stamp(message.createdMs)), ("readAt", stamp(message.readMs)),
      ("updatedAt", stamp(message.updatedMs)), ("version", .int(message.version)),
    ])
  }

  static func notification(_ notification: RPPNotification) -> SandboxJSON {
    .object([
      ("id", .string(notification.id)), ("type", .string(notification.type)), ("title", .string(notification.title)),
      ("body", .string(notification.body)), ("orderId", optional(notification.orderID)),
      ("conversationId", optional(notification.conversationID)), ("deepLink", .string(notification.deepLink)),
      ("read", .bool(notification.readMs != nil)), ("readAt", stamp(notification.readMs)),
      ("createdAt", stamp(notification.createdMs)), ("updatedAt", stamp(notification.updatedMs)),
      ("version", .int(notification.version)),
    ])
  }
}
