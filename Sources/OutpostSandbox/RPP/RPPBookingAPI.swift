/// Booking (rpp.md §4.2–4.3): live availability per partner time zone and `POST /orders`.
enum RPPBookingAPI {
  /// The services named, all active at the caller's partner; nil when one is not, or none is named.
  private static func services(_ ids: [String], _ partner: RPPPartner) -> [RPPServiceItem]? {
    var found: [RPPServiceItem] = []
    for id in ids {
      guard let service = partner.service(id), service.active else { return nil }
      found.append(service)
    }
    return found.isEmpty ? nil : found
  }

  static func availability(_ context: RPPContext, _ caller: RPPAuthGate.Caller) -> SandboxResponse {
    let fields = context.request.queryFields
    let requestID = context.requestID
    let ids = (fields["serviceId"] ?? "").split(separator: ",").map(String.init)
    guard let chosen = services(ids, caller.partner) else {
      return RPPReplies.validation("serviceId", "must name active services of your partner", requestID: requestID)
    }
    guard let firstDay = fields["date"].flatMap(RPPTime.parseDay) else {
      return RPPReplies.validation("date", "must be YYYY-MM-DD", requestID: requestID)
    }
    var dayCount = 1
    if let text = fields["days"] {
      guard let days = Int(text), (1...14).contains(days) else {
        return RPPReplies.validation("days", "must be 1…14", requestID: requestID)
      }
      dayCount = days
    }
    let duration = chosen.reduce(0) { $0 + $1.durationMinutes }
    let zone = caller.partner.zone
    let days = context.sandbox.withLiveState(at: context.nowMs) { state -> [SandboxJSON] in
      let partner = state.partners[caller.partner.id]!
      let blocking = state.blockingOrders(partnerID: partner.id)
      return (firstDay..<firstDay + dayCount).map { day in
        let slots = RPPSlots.starts(day: day, zone: zone, durationMinutes: duration).filter {
          RPPSlots.isWithinWindow($0, policy: partner.policy, nowMs: context.nowMs)
        }.map { start -> SandboxJSON in
          let end = start + Int64(duration) * .minuteMs
          let free = !blocking.contains { $0.startMs < end && start < $0.endMs }
          return .object([
            ("start", .string(RPPTime.local(start, zone))), ("end", .string(RPPTime.local(end, zone))),
            ("available", .bool(free)),
          ])
        }
        return .object([("date", .string(RPPTime.day(day))), ("slots", .array(slots))])
      }
    }
    return .json(
      .ok,
      .object([
        ("serviceIds", .array(chosen.map { .string($0.id) })), ("timeZone", .string(zone.rawValue)),
        ("generatedAt", .string(RPPTime.utc(context.nowMs))), ("days", .array(days)),
      ])
    ).adding("ETag", RPPListQuery.etag(SandboxJSON.array(days).serialized))
  }

  static func create(_ context: RPPContext, _ caller: RPPAuthGate.Caller) async -> SandboxResponse {
    await RPPIdempotency.run(context, caller: caller, required: true) { state, key in
      let response = book(context, caller, &state)
      if response.status == .created, let key { state.bookingsByKey["\(caller.user.email)|\(key)", default: 0] += 1 }
      return response
    }
  }

  private static func book(_ context: RPPContext, _ caller: RPPAuthGate.Caller, _ state: inout RPPState)
    -> SandboxResponse
  {
    let requestID = context.requestID
    guard let body = context.jsonBody else {
      return RPPReplies.validation("body", "must be a JSON object", requestID: requestID)
    }
    let partner = state.partners[caller.partner.id]!
    guard
      let ids = body["serviceIds"].flatMap({ json -> [String]? in
        guard case .array(let items) = json else { return nil }
        let strings = items.compactMap(\.stringValue)
        return strings.count == items.count ? strings : nil
      }), let chosen = services(ids, partner)
    else {
      return RPPReplies.validation("serviceIds", "must name active services of your partner", requestID: requestID)
    }
    guard let startText = body["appointment"]?.members?["start"]?.stringValue, let start = RPPTime.parse(startText)
    else {
      return RPPReplies.validation("appointment.start", "must be RFC 3339 with a zone", requestID: requestID)
    }
    let address: RPPAddress
    switch self.address(body, saved: state.savedAddresses[caller.user.id] ?? [], partner: partner) {
    case .success(let found): address = found
    case .failure(let issue): return RPPReplies.validation(issue.field, issue.text, requestID: requestID)
    }
    var notes: String?
    if let value = body["notes"], !value.isNull {
      guard let text = value.stringValue, text.count <= 2000 else {
        return RPPReplies.validation("notes", "must be text of at most 2000 characters", requestID: requestID)
      }
      notes = text
    }
    let duration = chosen.reduce(0) { $0 + $1.durationMinutes }
    guard RPPSlots.isOnGrid(start, zone: partner.zone, durationMinutes: duration) else {
      return RPPReplies.validation("appointment.start", "is not on a slot boundary", requestID: requestID)
    }
    guard RPPSlots.isWithinWindow(start, policy: partner.policy, nowMs: context.nowMs),
      !state.isTaken(partnerID: partner.id, startMs: start, durationMs: Int64(duration) * .minuteMs)
    else {
      return RPPReplies.error(
        .conflict, "SLOT_UNAVAILABLE", "This slot is no longer available.", requestID: requestID,
        details: [("start", .string(RPPTime.local(start, partner.zone)))])
    }
    let order = state.book(
      customerID: caller.user.id, partnerID: partner.id, services: chosen, startMs: start, address: address,
      notes: notes, atMs: context.nowMs)
    return .json(.created, RPPJSON.order(order, in: state, nowMs: context.nowMs))
      .adding("Location", "\(RPPAPI.base)/orders/\(order.id)").adding("ETag", "\"v\(order.version)\"")
  }

  private struct Issue: Error {
    var field: String
    var text: String
  }

  /// `addressId` (a saved address) or `address` (line1, city, postalCode, country required; in
  /// the partner's country, else outside the service area).
  private static func address(_ body: [String: SandboxJSON], saved: [RPPAddress], partner: RPPPartner) -> Result<
    RPPAddress, Issue
  > {
    if let id = body["addressId"]?.stringValue {
      guard let found = saved.first(where: { $0.id == id }) else {
        return .failure(Issue(field: "addressId", text: "is not one of your saved addresses"))
      }
      return .success(found)
    }
    guard let fields = body["address"]?.members else {
      return .failure(Issue(field: "address", text: "or addressId is required"))
    }
    func text(_ key: String) -> String? { fields[key]?.stringValue.flatMap { $0.isEmpty ? nil : $0 } }
    for key in ["line1", "city", "postalCode", "country"] where text(key) == nil {
      return .failure(Issue(field: "address.\(key)", text: "is required"))
    }
    guard text("country") == partner.country else {
      return .failure(Issue(field: "address.country", text: "is outside the service area"))
    }
    return .success(
      RPPAddress(
        id: nil, line1: text("line1")!, line2: text("line2"), city: text("city")!, region: text("region") ?? "",
        postalCode: text("postalCode")!, country: text("country")!, lat: fields["lat"]?.doubleValue,
        lng: fields["lng"]?.doubleValue, accessInstructions: text("accessInstructions")))
  }
}
