/// Creating, confirming, rescheduling and cancelling orders: one code path for the seed, the
/// API and the admin controls, so seeded history looks exactly like live history.
extension RPPState {
  /// A new order, `scheduled` when the partner confirms automatically, else `pending`.
  @discardableResult
  mutating func book(
    customerID: String, partnerID: String, services: [RPPServiceItem], startMs: Int64, address: RPPAddress,
    notes: String?, atMs: Int64
  ) -> RPPOrder {
    let partner = partners[partnerID]!
    let duration = Int64(services.reduce(0) { $0 + $1.durationMinutes }) * .minuteMs
    let id = newID("ord")
    var order = RPPOrder(
      id: id, number: newOrderNumber(), customerID: customerID, partnerID: partnerID, status: "pending",
      startMs: startMs, endMs: startMs + duration, services: services, currency: partner.currency, address: address,
      notes: notes, conversationID: supportConversation(of: customerID, partnerID: partnerID, atMs: atMs),
      createdMs: atMs, updatedMs: atMs)
    order.timeline.append(RPPTimelineEntry(event: "created", atMs: atMs, actor: "client"))
    insert(order)
    if partner.policy.autoConfirm { confirm(id, atMs: atMs, actor: "system") }
    return orders[id]!
  }

  /// `pending` → `scheduled`, with a `booking_confirmed` notification. False when not pending.
  @discardableResult
  mutating func confirm(_ id: String, atMs: Int64, actor: String) -> Bool {
    guard let order = orders[id], order.status == "pending" else { return false }
    let partner = partner(of: order)
    orders[id]?.status = "scheduled"
    orders[id]?.timeline.append(RPPTimelineEntry(event: "confirmed", atMs: atMs, actor: actor))
    orders[id]?.updatedMs = atMs
    if actor != "system" { orders[id]?.version += 1 }
    notify(
      order.customerID, type: "booking_confirmed", title: "Booking confirmed",
      body:
        "\(order.number) on \(RPPTime.local(order.startMs, partner.zone).prefix(16).replacingOccurrences(of: "T", with: " "))",
      orderID: id, atMs: atMs)
    return true
  }

  mutating func reschedule(_ id: String, toMs startMs: Int64, reason: String?, atMs: Int64) {
    guard let order = orders[id] else { return }
    let partner = partner(of: order)
    let duration = order.endMs - order.startMs
    change(order: id, atMs: atMs) { order in
      var extra: [(String, SandboxJSON)] = [
        ("from", .string(RPPTime.local(order.startMs, partner.zone))),
        ("to", .string(RPPTime.local(startMs, partner.zone))),
      ]
      if let reason { extra.append(("reason", .string(reason))) }
      order.timeline.append(RPPTimelineEntry(event: "rescheduled", atMs: atMs, actor: "client", extra: extra))
      order.startMs = startMs
      order.endMs = startMs + duration
      order.rescheduleCount += 1
      order.stage = order.assigneeID == nil ? .assign : .remind
    }
    notify(
      order.customerID, type: "booking_changed", title: "Appointment moved",
      body:
        "\(order.number) now starts \(RPPTime.local(startMs, partner.zone).prefix(16).replacingOccurrences(of: "T", with: " "))",
      orderID: id, atMs: atMs)
  }

  mutating func cancel(_ id: String, reason: String?, feeMinor: Int?, atMs: Int64, actor: String = "client") {
    guard let order = orders[id] else { return }
    change(order: id, atMs: atMs) { order in
      order.status = "cancelled"
      order.stage = .done
      order.timeline.append(
        RPPTimelineEntry(
          event: "cancelled", atMs: atMs, actor: actor,
          extra: [
            ("reason", RPPJSON.optional(reason)),
            ("fee", feeMinor.map { RPPJSON.money($0, order.currency) } ?? .null),
          ]))
    }
    notify(
      order.customerID, type: "booking_cancelled", title: "Booking cancelled",
      body: feeMinor == nil ? "\(order.number) was cancelled." : "\(order.number) was cancelled with a late fee.",
      orderID: id, atMs: atMs)
  }

  /// Whether a slot of `durationMs` from `startMs` collides with another booking of the
  /// partner (one photographer's diary per partner), `except` the order being moved.
  func isTaken(partnerID: String, startMs: Int64, durationMs: Int64, except: String? = nil) -> Bool {
    orders.values.contains { order in
      order.partnerID == partnerID && order.blocksSlot && order.id != except && order.startMs < startMs + durationMs
        && startMs < order.endMs
    }
  }
}
