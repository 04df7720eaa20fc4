/// The life of an order on the sandbox clock (rpp.md §5): a photographer is assigned two days
/// ahead, a reminder comes the day before, the photographer is en route 30 minutes before the
/// start (with a message) and arrives 5 minutes before, the shoot is in progress from the start,
/// completed at the end and delivered (an https link) six hours later. Staff read the client's
/// messages ten minutes after they were sent (the `readAt` receipt).
///
/// It runs before every request, so whatever was due by the request's instant has happened.
/// Each change is stamped with the instant it was due, but never earlier than the previous run:
/// a change-feed watermark handed out before can never skip it.
extension RPPState {
  static let assignLeadMs: Int64 = 48 * .hourMs
  static let reminderLeadMs: Int64 = 24 * .hourMs
  static let enRouteLeadMs: Int64 = 30 * .minuteMs
  static let arrivalLeadMs: Int64 = 5 * .minuteMs
  static let deliveryDelayMs: Int64 = 6 * .hourMs

  /// When the order's next step is due; nil when nothing more happens to it (for now).
  func due(_ order: RPPOrder) -> Int64? {
    guard ["scheduled", "in_progress", "completed"].contains(order.status) else { return nil }
    switch order.stage {
    case .assign: return max(order.createdMs, order.startMs - Self.assignLeadMs)
    case .remind: return order.startMs - Self.reminderLeadMs
    case .enRoute: return order.startMs - Self.enRouteLeadMs
    case .arrive: return order.startMs - Self.arrivalLeadMs
    case .start: return order.startMs
    case .complete: return order.endMs
    case .deliver: return order.endMs + Self.deliveryDelayMs
    case .done: return nil
    }
  }

  /// Runs every step due by `nowMs`; returns how many happened.
  @discardableResult
  mutating func simulate(until nowMs: Int64) -> Int {
    let floor = simulatedMs
    var steps = 0
    // Only the orders with a step due, in id order so a run is reproducible.
    let dueIDs = orders.compactMap { id, order in due(order).flatMap { $0 <= nowMs ? id : nil } }.sorted()
    for id in dueIDs {
      while let order = orders[id], let due = due(order), due <= nowMs {
        step(id, atMs: max(due, floor))
        steps += 1
      }
    }
    if !pendingReceipts.isEmpty {
      var waiting: [(conversationID: String, messageID: String, dueMs: Int64)] = []
      for receipt in pendingReceipts {
        guard receipt.dueMs <= nowMs else {
          waiting.append(receipt)
          continue
        }
        let at = max(receipt.dueMs, floor)
        if var list = messages[receipt.conversationID],
          let index = list.firstIndex(where: { $0.id == receipt.messageID }), list[index].readMs == nil
        {
          list[index].readMs = at
          list[index].updatedMs = at
          list[index].version += 1
          messages[receipt.conversationID] = list
          steps += 1
        }
      }
      pendingReceipts = waiting
    }
    simulatedMs = max(simulatedMs, nowMs)
    return steps
  }

  private mutating func step(_ id: String, atMs at: Int64) {
    guard let order = orders[id] else { return }
    let partner = partner(of: order)
    let photographer = staff.values.filter { $0.partnerID == partner.id && $0.role == "photographer" }
      .min { $0.id < $1.id }!
    let firstName = photographer.name.split(separator: " ").first.map(String.init) ?? photographer.name
    let startText = String(RPPTime.local(order.startMs, partner.zone).dropFirst(11).prefix(5))
    switch order.stage {
    case .assign:
      let conversation = RPPConversation(
        id: newID("cnv"), orderID: id, kind: "order", customerID: order.customerID, staffID: photographer.id,
        updatedMs: at)
      if order.assigneeID == nil { insert(conversation) }
      change(order: id, atMs: at) { order in
        if order.assigneeID == nil {
          order.assigneeID = photographer.id
          order.conversationID = conversation.id
          order.timeline.append(RPPTimelineEntry(event: "photographer_assigned", atMs: at, actor: "partner"))
        }
        order.stage = .remind
      }
    case .remind:
      // Not for a booking made less than a day ahead, nor twice for the same start.
      if order.remindedStartMs != order.startMs && order.startMs - Self.reminderLeadMs >= order.createdMs
        && at < order.startMs - Self.enRouteLeadMs
      {
        notify(
          order.customerID, type: "appointment_reminder", title: "Shoot tomorrow at \(startText)",
          body: "\(order.number) at \(order.address.line1)", orderID: id, atMs: at)
      }
      orders[id]?.remindedStartMs = order.startMs
      orders[id]?.stage = .enRoute
    case .enRoute:
      addMessage(
        conversationID: order.conversationID, senderID: photographer.id, senderRole: photographer.role,
        body: "On my way! See you at \(startText).", atMs: at)
      notify(
        order.customerID, type: "photographer_en_route", title: "\(firstName) is on the way",
        body: "ETA \(startText) at \(order.address.line1)", orderID: id, atMs: at)
      change(order: id, atMs: at) { order in
        order.timeline.append(RPPTimelineEntry(event: "photographer_en_route", atMs: at, actor: "photographer"))
        order.stage = .arrive
      }
    case .arrive:
      addMessage(
        conversationID: order.conversationID, senderID: photographer.id, senderRole: photographer.role,
        body: "I'm here and starting with the exterior.", atMs: at)
      notify(
        order.customerID, type: "photographer_arrived", title: "\(firstName) has arrived",
        body: "At \(order.address.line1)", orderID: id, atMs: at)
      change(order: id, atMs: at) { order in
        order.timeline.append(RPPTimelineEntry(event: "photographer_arrived", atMs: at, actor: "photographer"))
        order.stage = .start
      }
    case .start:
      change(order: id, atMs: at) { order in
        order.status = "in_progress"
        order.timeline.append(RPPTimelineEntry(event: "in_progress", atMs: at, actor: "photographer"))
        order.stage = .complete
      }
    case .complete:
      notify(
        order.customerID, type: "order_status_updated", title: "Shoot complete",
        body: "\(order.number): editing has started.", orderID: id, atMs: at)
      change(order: id, atMs: at) { order in
        order.status = "completed"
        order.timeline.append(RPPTimelineEntry(event: "completed", atMs: at, actor: "photographer"))
        order.stage = .deliver
      }
    case .deliver:
      notify(
        order.customerID, type: "order_status_updated", title: "Your photos are ready",
        body: "\(order.number) is delivered.", orderID: id, atMs: at)
      change(order: id, atMs: at) { order in
        order.status = "delivered"
        order.deliveryURL = "https://delivery.rpp.example/\(order.number)?t=\(order.id.dropFirst(4))"
        order.deliveryReadyMs = at
        order.timeline.append(RPPTimelineEntry(event: "delivered", atMs: at, actor: "partner"))
        order.stage = .done
      }
    case .done: break
    }
  }
}
