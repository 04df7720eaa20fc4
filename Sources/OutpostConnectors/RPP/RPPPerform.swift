import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Performing the queued RPP actions. Safe to call again for an action that may already have
/// happened: the stored idempotency key makes the service answer with the first reply, and a
/// stale version is checked against what the order holds now before calling it a conflict.
extension RPPConnector {
  public func perform(_ action: ActionRequest, session: RPPSession) async throws(ConnectorError) -> ActionOutcome {
    try usable(session)
    // Marking read is idempotent by nature; the rest carry their key.
    let readReceipt = action.type == .rppRead || action.type == .rppNoticeRead
    guard let key = action.params["idempotencyKey"]?.stringValue ?? (readReceipt ? "" : nil) else {
      throw .unsupported("\(action.type.rawValue): the queued action lacks its idempotency key")
    }
    let keyed: [(name: String, value: String)] = key.isEmpty ? [] : [("Idempotency-Key", key)]
    switch action.type {
    case .rppBook:
      guard let body = action.params["body"] else { throw .unsupported("rpp.book: the queued action lacks its body") }
      let reply = try await api.exchange("POST", "/orders", session: session, json: body, headers: keyed)
      if reply.status == 409, RPPAPI.envelope(reply).code == "SLOT_UNAVAILABLE" {
        let nearest = await nearestSlots(body, session: session)
        return .conflict(.verbatim("that time is no longer available" + nearest), serverState: nil)
      }
      let created = try RPPAPI.reply(reply, activity: "booking")
      return .done(Self.summary(created.json))
    case .rppReschedule, .rppCancel:
      return try await change(action, key: keyed, session: session)
    case .rppSend:
      guard let text = action.params["text"]?.stringValue else { throw .unsupported("rpp.send: no text") }
      let path = "/conversations/\(FormEncoding.percentEncode(action.target))/messages"
      let sent = try await api.send(
        "POST", path, session: session, json: ["body": .string(text)], headers: keyed, activity: "sending")
      // Sent before (the daemon stopped before it recorded the answer): the service replays it.
      if sent.replayed { return .alreadyDone }
      return .done(sent.json["id"].map { ["id": $0] })
    case .rppRead:
      guard let last = action.params["lastReadMessageId"] else { throw .unsupported("rpp.read: no message") }
      let path = "/conversations/\(FormEncoding.percentEncode(action.target))/read"
      _ = try await api.send(
        "POST", path, session: session, json: ["lastReadMessageId": last], activity: "marking read")
      return .done(nil)
    case .rppNoticeRead:
      let path = "/notifications/\(FormEncoding.percentEncode(action.target))/read"
      let reply = try await api.exchange("PATCH", path, session: session, json: ["read": true], headers: [])
      // Gone at the service (cleared there): there is nothing left to mark, and no failure
      // to tell of a receipt the user never asked for by name.
      if reply.status == 404 { return .alreadyDone }
      _ = try RPPAPI.reply(reply, activity: "marking a notification read")
      return .done(nil)
    default:
      throw .unsupported("RPP has no action \(action.type.rawValue)")
    }
  }

  /// A reschedule or cancel, under `If-Match`. A 412 looks at the order as it is now: the
  /// change already there (a crash after sending) is done; anything else is the user's call.
  private func change(_ action: ActionRequest, key: [(name: String, value: String)], session: RPPSession)
    async throws(ConnectorError) -> ActionOutcome
  {
    guard let version = action.params["version"]?.int64Value else {
      throw .unsupported("\(action.type.rawValue): the queued action lacks the order's version")
    }
    var body: [String: JSONValue]
    let wanted: @Sendable (JSONValue) -> Bool
    let stillAllowed: @Sendable (JSONValue) -> String?
    if action.type == .rppReschedule {
      guard let slot = action.params["slot"]?.stringValue, let start = UTCTimestamp.parse(slot) else {
        throw .unsupported("rpp.reschedule: the queued action lacks its slot")
      }
      body = ["action": "reschedule", "appointment": ["start": .string(slot)]]
      wanted = { order in
        order["appointment"]?["start"]?.stringValue.flatMap(UTCTimestamp.parse) == start
      }
      stillAllowed = { order in
        guard let rule = order["allowedActions"]?["reschedule"], rule["allowed"] == .bool(false) else { return nil }
        return RPPAPI.explain(rule["reason"]?.stringValue ?? "POLICY_CUTOFF_PASSED")
      }
    } else {
      body = ["action": "cancel"]
      body["acceptFee"] = action.params["acceptFee"]
      wanted = { $0["status"]?.stringValue == "cancelled" }
      let accepted = action.params["acceptFee"]
      let now = now()
      stillAllowed = { order in
        guard let rule = order["allowedActions"]?["cancel"] else { return nil }
        if rule["allowed"] == .bool(false) { return RPPAPI.explain(rule["reason"]?.stringValue ?? "INVALID_STATE") }
        guard let fee = rule["lateFee"], fee != .null,
          let freeUntil = rule["freeUntil"]?.stringValue.flatMap(UTCTimestamp.parse), now >= freeUntil, fee != accepted
        else { return nil }
        let shown = RPPItems.amount(fee).map { "\($0.currency) \($0.value)" } ?? "a late fee"
        return "a late fee of \(shown) applies now, which you had not accepted"
      }
    }
    body["reason"] = action.params["reason"]
    let path = "/orders/\(FormEncoding.percentEncode(action.target))"
    let reply = try await api.exchange(
      "PATCH", path, session: session, json: .object(body), headers: key + [("If-Match", "\"v\(version)\"")])
    switch reply.status {
    case 200..<300:
      let changed = try RPPAPI.reply(reply, activity: "changing the order")
      if changed.replayed { return .alreadyDone }
      return .done(Self.summary(changed.json))
    case 412:
      let current = RPPAPI.envelope(reply).details?["current"]
      if let current, wanted(current) { return .alreadyDone }
      // The order moved on meanwhile; say what matters most: the rule it now breaks, if any.
      let reason =
        current.flatMap(stillAllowed)
        ?? "the order changed at RPP since Outpost last saw it; look at it again before deciding"
      return .conflict(.verbatim(reason), serverState: current.map(Self.summary))
    case 409:
      let (code, details) = RPPAPI.envelope(reply)
      if code == "IDEMPOTENCY_KEY_IN_USE" { throw .transient("the first attempt is still running") }
      var reason = RPPAPI.explain(code)
      if code == "FEE_ACCEPTANCE_REQUIRED", let fee = details?["fee"].flatMap(RPPItems.amount) {
        reason = "a late fee of \(fee.currency) \(fee.value) applies now, which you had not accepted"
      }
      let current = try? await api.send("GET", path, session: session, activity: "reading the order").json
      return .conflict(.verbatim(reason), serverState: current.map(Self.summary))
    default:
      _ = try RPPAPI.reply(reply, activity: "changing the order")
      throw .unexpectedReply("changing the order: HTTP \(reply.status)")
    }
  }

  /// "; free nearby: 10:30, 12:00" from the day's availability, best effort.
  private func nearestSlots(_ body: JSONValue, session: RPPSession) async -> String {
    guard case .array(let ids)? = body["serviceIds"], let start = body["appointment"]?["start"]?.stringValue,
      let instant = UTCTimestamp.parse(start)
    else { return "" }
    let services = ids.compactMap(\.stringValue).joined(separator: ",")
    let date = String(start.prefix(10))
    guard
      let reply = try? await api.send(
        "GET", "/availability?serviceId=\(FormEncoding.percentEncode(services))&date=\(date)&days=2",
        session: session, activity: "reading availability")
    else { return "" }
    var free: [(distance: TimeInterval, start: String)] = []
    for day in RPPItems.arrayOf(reply.json["days"]) {
      for slot in RPPItems.arrayOf(day["slots"]) where slot["available"] == .bool(true) {
        guard let text = slot["start"]?.stringValue, let at = UTCTimestamp.parse(text) else { continue }
        free.append((abs(at.timeIntervalSince(instant)), text))
      }
    }
    let nearest = free.sorted { $0.distance < $1.distance }.prefix(3).map(\.start)
    return nearest.isEmpty ? "; no other slot is free that day" : "; free nearby: " + nearest.joined(separator: ", ")
  }

  /// What is worth keeping of an order with the action: who, when, the confirmation number.
  static func summary(_ order: JSONValue) -> JSONValue {
    var kept: [String: JSONValue] = [:]
    for key in ["id", "orderNumber", "status", "version", "appointment", "total", "allowedActions", "updatedAt"] {
      if let value = order[key], value != .null { kept[key] = value }
    }
    return kept.isEmpty ? order : .object(kept)
  }
}
