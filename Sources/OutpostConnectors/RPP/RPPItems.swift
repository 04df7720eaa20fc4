import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

extension ItemKind {
  /// A property photo shoot booked with a partner (RPP).
  public static let order = ItemKind(rawValue: "order")
  /// An order's conversation with the photographer, or one with support (RPP).
  public static let conversation = ItemKind(rawValue: "conversation")
  /// One message in a conversation (RPP).
  public static let message = ItemKind(rawValue: "message")
  /// One of the service's own notifications (RPP's `/notifications`), kept only to mirror
  /// its read state: Outpost tells the news from the orders and messages themselves.
  public static let notice = ItemKind(rawValue: "notice")
}

/// RPP's JSON (rpp.md §4) as Outpost items. Unknown fields are ignored, an unknown status is
/// kept as it came (and the order stays active) rather than refused, so a new status upstream
/// never stops a sync.
enum RPPItems {
  static func order(_ json: JSONValue) -> Item? {
    guard let id = json["id"]?.stringValue, !id.isEmpty, let version = json["version"]?.int64Value else {
      return nil
    }
    let status = json["status"]?.stringValue ?? "unknown"
    let names = arrayOf(json["services"]).compactMap { $0["name"]?.stringValue }
    let address = json["address"]
    let street = address?["line1"]?.stringValue
    let title = [names.isEmpty ? "Photo shoot" : names.joined(separator: " + "), street].compactMap(\.self)
      .joined(separator: " · ")
    var details: [String: JSONValue] = [
      "id": .string(id), "status": .string(status), "version": .int(version),
      "stage": .string(stage(json)),
    ]
    details["orderNumber"] = json["orderNumber"]
    details["updatedAt"] = json["updatedAt"]
    details["timeZone"] = json["appointment"]?["timeZone"]
    details["conversationId"] = json["conversationId"]
    details["notes"] = json["notes"]
    details["rescheduleCount"] = json["rescheduleCount"]
    details["allowedActions"] = json["allowedActions"]
    details["timeline"] = json["timeline"]
    details["services"] = .array(arrayOf(json["services"]).compactMap { $0["id"] })
    if let photographer = json["assignedTo"]?["name"]?.stringValue { details["photographer"] = .string(photographer) }
    if let total = json["total"], let money = amount(total) {
      details["price"] = .string(money.value)
      details["currency"] = .string(money.currency)
      details["totalMinor"] = total["amountMinor"]
    }
    if json["delivery"]?["status"]?.stringValue == "ready", let url = json["delivery"]?["url"]?.stringValue {
      details["deliveryURL"] = .string(url)
      // The order's own web page, for `outpost open --web` and a notification's Open: the photos.
      details["url"] = .string(url)
    }
    if let lat = number(address?["lat"]), let lng = number(address?["lng"]) {
      details["mapLink"] = .string("https://www.openstreetmap.org/?mlat=\(lat)&mlon=\(lng)#map=18/\(lat)/\(lng)")
    }
    if let access = address?["accessInstructions"]?.stringValue, !access.isEmpty {
      details["accessInstructions"] = .string(access)
    }
    if let lat = address?["lat"], let lng = address?["lng"], lat != .null, lng != .null {
      details["geo"] = ["latitude": lat, "longitude": lng]
    }
    details["description"] = .string(description(json, details: details))
    for (key, value) in details where value == .null { details[key] = nil }
    return Item(
      kind: .order, upstreamID: id, title: title,
      startsAt: json["appointment"]?["start"]?.stringValue.flatMap(UTCTimestamp.parse),
      endsAt: json["appointment"]?["end"]?.stringValue.flatMap(UTCTimestamp.parse),
      location: address.flatMap(oneLine), status: status == "cancelled" ? .cancelled : .active,
      details: .object(details), link: "rpp://order/\(id)")
  }

  /// What a calendar event of the shoot says: the confirmation number and status, who comes,
  /// how to get in, the notes, the photos when ready, and the way back to the order.
  static func description(_ order: JSONValue, details: [String: JSONValue]) -> String {
    var lines: [String] = []
    let number = order["orderNumber"]?.stringValue ?? ""
    let status = (order["status"]?.stringValue ?? "").replacingOccurrences(of: "_", with: " ")
    lines.append(status.isEmpty ? number : "\(number) (\(status))")
    if let photographer = details["photographer"]?.stringValue { lines.append("Photographer: \(photographer)") }
    if let access = details["accessInstructions"]?.stringValue { lines.append("Access: \(access)") }
    if let notes = order["notes"]?.stringValue, !notes.isEmpty { lines.append("Notes: \(notes)") }
    if let photos = details["deliveryURL"]?.stringValue { lines.append("Photos: \(photos)") }
    if let map = details["mapLink"]?.stringValue { lines.append("Map: \(map)") }
    if let id = order["id"]?.stringValue { lines.append("rpp://order/\(id)") }
    return lines.filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// Where the shoot stands, as one word that changes once per step (for its news): the order's
  /// status, refined by the photographer's last move while it is scheduled.
  static func stage(_ order: JSONValue) -> String {
    let status = order["status"]?.stringValue ?? "unknown"
    guard status == "scheduled" else { return status }
    let events = arrayOf(order["timeline"]).compactMap { $0["event"]?.stringValue }
    if events.contains("photographer_arrived") { return "arrived" }
    if events.contains("photographer_en_route") { return "en_route" }
    if order["assignedTo"]?["name"]?.stringValue != nil { return "assigned" }
    return "scheduled"
  }

  static func conversation(_ json: JSONValue) -> Item? {
    guard let id = json["id"]?.stringValue, !id.isEmpty else { return nil }
    let others = arrayOf(json["participants"]).filter { $0["role"]?.stringValue != "client" }
      .compactMap { $0["name"]?.stringValue }
    let title =
      json["kind"]?.stringValue == "support" || others.isEmpty
      ? "RPP support" : "Conversation with \(others.joined(separator: ", "))"
    var details: [String: JSONValue] = [
      "id": .string(id), "unreadCount": .int(json["unreadCount"]?.int64Value ?? 0),
    ]
    if !others.isEmpty, json["kind"]?.stringValue != "support" {
      details["with"] = .string(others.joined(separator: ", "))
    }
    details["orderId"] = json["orderId"]
    details["kind"] = json["kind"]
    details["version"] = json["version"]
    details["lastMessage"] = json["lastMessage"]?["body"]
    details["lastMessageId"] = json["lastMessage"]?["id"]
    details["updatedAt"] = json["updatedAt"]
    for (key, value) in details where value == .null { details[key] = nil }
    return Item(
      kind: .conversation, upstreamID: id, title: title, details: .object(details), link: "rpp://message/\(id)")
  }

  static func message(_ json: JSONValue, userID: String, names: [String: String]) -> Item? {
    guard let id = json["id"]?.stringValue, !id.isEmpty, let body = json["body"]?.stringValue,
      let conversation = json["conversationId"]?.stringValue
    else { return nil }
    let sender = json["senderId"]?.stringValue ?? ""
    let fromMe = sender == userID || json["senderRole"]?.stringValue == "client"
    let firstLine = body.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? ""
    let name = fromMe ? "You" : names[sender] ?? json["senderRole"]?.stringValue?.capitalized ?? "RPP"
    var details: [String: JSONValue] = [
      "id": .string(id), "conversationId": .string(conversation), "body": .string(body), "fromMe": .bool(fromMe),
      "sender": .string(name),
    ]
    details["senderRole"] = json["senderRole"]
    details["createdAt"] = json["createdAt"]
    details["readAt"] = json["readAt"]
    details["version"] = json["version"]
    for (key, value) in details where value == .null { details[key] = nil }
    return Item(
      kind: .message, upstreamID: id, title: "\(name): \(firstLine.prefix(120))", details: .object(details),
      link: "rpp://message/\(conversation)")
  }

  /// A notification of RPP's centre (rpp.md §4.6): its type, what it is about, read or not.
  static func notice(_ json: JSONValue) -> Item? {
    guard let id = json["id"]?.stringValue, !id.isEmpty, let type = json["type"]?.stringValue, !type.isEmpty else {
      return nil
    }
    var details: [String: JSONValue] = [
      "id": .string(id), "type": .string(type), "read": .bool(json["read"] == .bool(true)),
    ]
    details["orderId"] = json["orderId"]
    details["conversationId"] = json["conversationId"]
    details["body"] = json["body"]
    details["readAt"] = json["readAt"]
    // In UTC, so that the newest of several compares as text.
    details["createdAt"] = json["createdAt"]?.stringValue.flatMap(UTCTimestamp.parse).map {
      .string(UTCTimestamp.format($0))
    }
    details["version"] = json["version"]
    for (key, value) in details where value == .null { details[key] = nil }
    let title = json["title"]?.stringValue ?? type.replacingOccurrences(of: "_", with: " ")
    return Item(
      kind: .notice, upstreamID: id, title: title, details: .object(details),
      link: json["deepLink"]?.stringValue ?? json["orderId"]?.stringValue.map { "rpp://order/\($0)" })
  }

  /// `{"amountMinor": 24900, "currency": "USD"}` as exact decimal text ("249.00"), never a float.
  static func amount(_ money: JSONValue) -> (value: String, currency: String)? {
    guard let minor = money["amountMinor"]?.int64Value, let currency = money["currency"]?.stringValue else {
      return nil
    }
    return (MinorUnits.decimal(minor, currency: currency), currency)
  }

  static func oneLine(_ address: JSONValue) -> String? {
    let region = [address["region"]?.stringValue, address["postalCode"]?.stringValue].compactMap(\.self)
      .filter { !$0.isEmpty }.joined(separator: " ")
    let parts = [
      address["line1"]?.stringValue, address["line2"]?.stringValue, address["city"]?.stringValue, region,
      address["country"]?.stringValue,
    ].compactMap(\.self).filter { !$0.isEmpty }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  static func arrayOf(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let values)? = value { return values }
    return []
  }

  private static func number(_ value: JSONValue?) -> String? {
    switch value {
    case .double(let number)?: String(number)
    case .int(let number)?: String(number)
    default: nil
    }
  }
}
