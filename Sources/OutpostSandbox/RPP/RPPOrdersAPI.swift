/// Orders (rpp.md §4.3–4.4): the list, the detail with its `ETag`, and `PATCH` (reschedule or
/// cancel) under `If-Match` and the partner's policy. Another customer's or tenant's order is
/// 404, never 403.
enum RPPOrdersAPI {
  static let statuses = ["pending", "scheduled", "in_progress", "completed", "delivered", "cancelled"]

  static func list(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    let fields = context.request.queryFields
    let requestID = context.requestID
    if fields["mine"] == "false" {
      return RPPReplies.error(
        .forbidden, "ROLE_NOT_ALLOWED", "Clients may only list their own orders.", requestID: requestID)
    }
    let query: RPPListQuery
    switch RPPListQuery.parse(context, key: context.sandbox.cursorKey) {
    case .failure(let refusal): return refusal.response
    case .success(let parsed): query = parsed
    }
    var wanted: Set<String>?
    if let text = fields["status"] {
      let names = Set(text.split(separator: ",").map(String.init))
      guard names.isSubset(of: statuses), !names.isEmpty else {
        return RPPReplies.validation(
          "status", "must be a comma list of \(statuses.joined(separator: ", "))", requestID: requestID)
      }
      wanted = names
    }
    var from: Int64?
    var to: Int64?
    for (name, target) in [("from", 0), ("to", 1)] {
      guard let text = fields[name] else { continue }
      guard let value = RPPTime.parse(text) else {
        return RPPReplies.validation(name, "must be RFC 3339 with a zone", requestID: requestID)
      }
      if target == 0 { from = value } else { to = value }
    }
    return context.sandbox.withLiveState(at: context.nowMs) { state in
      let orders = (state.orderIDsByCustomer[caller.user.id] ?? []).compactMap { state.orders[$0] }.filter { order in
        (wanted?.contains(order.status) ?? true) && (from.map { order.startMs >= $0 } ?? true)
          && (to.map { order.startMs < $0 } ?? true)
      }
      return query.page(
        orders, sortKey: \.startMs, updatedAt: \.updatedMs, id: \.id,
        render: { RPPJSON.order($0, in: state, nowMs: context.nowMs) }, context: context,
        key: context.sandbox.cursorKey)
    }
  }

  static func detail(_ context: RPPContext, _ caller: RPPAuthGate.Caller, id: String) -> SandboxResponse {
    context.sandbox.withLiveState(at: context.nowMs) { state in
      guard let order = state.order(id, of: caller.user.id) else {
        return RPPReplies.notFound(requestID: context.requestID)
      }
      return .json(.ok, RPPJSON.order(order, in: state, nowMs: context.nowMs)).adding("ETag", "\"v\(order.version)\"")
    }
  }

  static func change(_ context: RPPContext, _ caller: RPPAuthGate.Caller, id: String) async -> SandboxResponse {
    await RPPIdempotency.run(context, caller: caller, required: false) { state, _ in
      apply(context, caller, id: id, &state)
    }
  }

  private static func conflict(
    _ code: String, _ message: String, _ context: RPPContext, details: [(String, SandboxJSON)] = []
  ) -> SandboxResponse {
    RPPReplies.error(.conflict, code, message, requestID: context.requestID, details: details)
  }

  private static func apply(_ context: RPPContext, _ caller: RPPAuthGate.Caller, id: String, _ state: inout RPPState)
    -> SandboxResponse
  {
    let requestID = context.requestID
    let now = context.nowMs
    guard let order = state.order(id, of: caller.user.id) else { return RPPReplies.notFound(requestID: requestID) }
    guard let ifMatch = context.request.headers.first(name: "if-match") else {
      return RPPReplies.error(
        .preconditionRequired, "PRECONDITION_REQUIRED", "PATCH needs If-Match: \"v<version>\".", requestID: requestID)
    }
    let presented = ifMatch.trimmingCharacters(in: .whitespaces)
    guard presented == "\"v\(order.version)\"" || presented == "W/\"v\(order.version)\"" else {
      return RPPReplies.error(
        .preconditionFailed, "VERSION_MISMATCH", "The order has changed since you read it.", requestID: requestID,
        details: [("current", RPPJSON.order(order, in: state, nowMs: now))])
    }
    guard let body = context.jsonBody, let action = body["action"]?.stringValue else {
      return RPPReplies.validation("action", "must be reschedule or cancel", requestID: requestID)
    }
    let partner = state.partner(of: order)
    let zone = partner.zone
    let reason = body["reason"]?.stringValue
    switch action {
    case "reschedule":
      let rule = RPPRules.reschedule(order, partner.policy, nowMs: now)
      switch rule.reason {
      case "INVALID_STATE"?: return conflict("INVALID_STATE", "Only pending or scheduled orders can move.", context)
      case "POLICY_CUTOFF_PASSED"?:
        return conflict(
          "POLICY_CUTOFF_PASSED", "Rescheduling closes \(partner.policy.cutoffHours) hours before the appointment.",
          context, details: [("cutoffAt", .string(RPPTime.local(rule.untilMs, zone)))])
      case "RESCHEDULE_LIMIT_REACHED"?:
        return conflict(
          "RESCHEDULE_LIMIT_REACHED", "This order was rescheduled as often as the policy allows.", context,
          details: [("maxPerOrder", .int(partner.policy.maxPerOrder))])
      default: break
      }
      guard let text = body["appointment"]?.members?["start"]?.stringValue, let start = RPPTime.parse(text) else {
        return RPPReplies.validation("appointment.start", "must be RFC 3339 with a zone", requestID: requestID)
      }
      let duration = order.endMs - order.startMs
      guard start != order.startMs,
        RPPSlots.isOnGrid(start, zone: zone, durationMinutes: Int(duration / .minuteMs))
      else {
        return RPPReplies.validation(
          "appointment.start", "is not on a slot boundary or is the current start", requestID: requestID)
      }
      guard RPPSlots.isWithinWindow(start, policy: partner.policy, nowMs: now),
        !state.isTaken(partnerID: partner.id, startMs: start, durationMs: duration, except: id)
      else {
        return conflict(
          "SLOT_UNAVAILABLE", "This slot is no longer available.", context,
          details: [("start", .string(RPPTime.local(start, zone)))])
      }
      state.reschedule(id, toMs: start, reason: reason, atMs: now)
    case "cancel":
      let rule = RPPRules.cancel(order, partner.policy, nowMs: now)
      switch rule.reason {
      case "INVALID_STATE"?:
        return conflict("INVALID_STATE", "Only pending or scheduled orders can be cancelled.", context)
      case "POLICY_CUTOFF_PASSED"?:
        return conflict(
          "POLICY_CUTOFF_PASSED", "The appointment has begun.", context,
          details: [("cutoffAt", .string(RPPTime.local(order.startMs, zone)))])
      default: break
      }
      if let fee = rule.feeNowMinor {
        let accepted = body["acceptFee"]?.members
        guard accepted?["amountMinor"]?.intValue == fee, accepted?["currency"]?.stringValue == order.currency else {
          return conflict(
            "FEE_ACCEPTANCE_REQUIRED",
            "Cancelling now costs a late fee of \(partner.policy.lateFeePercent) %; send acceptFee to agree.", context,
            details: [
              ("fee", RPPJSON.money(fee, order.currency)),
              ("freeUntil", .string(RPPTime.local(rule.freeUntilMs, zone))),
            ])
        }
      }
      state.cancel(id, reason: reason, feeMinor: rule.feeNowMinor, atMs: now)
    default:
      return RPPReplies.validation("action", "must be reschedule or cancel", requestID: requestID)
    }
    let changed = state.orders[id]!
    return .json(.ok, RPPJSON.order(changed, in: state, nowMs: now)).adding("ETag", "\"v\(changed.version)\"")
  }
}
