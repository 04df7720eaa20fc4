import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Agile Network GraphQL objects as items (agile-network.md §6). Ids are the service's;
/// links use the brand's own scheme (`<scheme>://content/<id>`), which `outpost open` turns
/// into the brand's web page, where videos play.
struct AgileItems: Sendable {
  /// The brand's app scheme (`deep_link.scheme`), nil when its configuration names none.
  let scheme: String?
  /// Days before a renewal that the reminder comes (default 3).
  let renewalLeadDays: Int

  func link(_ route: String, _ key: String) -> String? {
    scheme.map { "\($0)://\(route)/\(key)" }
  }

  func expert(_ json: JSONValue) -> Item? {
    guard let id = json["id"]?.stringValue, let slug = json["slug"]?.stringValue else { return nil }
    var details: [String: JSONValue] = [
      "slug": .string(slug), "following": json["viewerIsFollowing"] ?? .bool(true),
    ]
    details["category"] = json["category"]?["name"]
    details["categorySlug"] = json["category"]?["slug"]
    if let count = json["subscriberCount"]?.int64Value {
      details["subscriberCount"] = .int(count)
      details["subscribers"] = .string("\(count) subscribers")
    }
    details["url"] = json["webUrl"]
    return Item(
      kind: .expert, upstreamID: id, title: json["name"]?.stringValue ?? slug, details: .object(details.compacted),
      link: link("expert", slug))
  }

  func content(_ json: JSONValue) -> Item? {
    guard let id = json["id"]?.stringValue, let title = json["title"]?.stringValue else { return nil }
    let type = (json["type"]?.stringValue ?? "").lowercased()
    var details: [String: JSONValue] = [
      "type": .string(type), "premium": json["isPremium"] ?? .bool(false),
      "locked": .bool(json["viewerCanAccess"] == .bool(false)),
    ]
    details["expert"] = json["expert"]?["name"]
    details["expertSlug"] = json["expert"]?["slug"]
    details["expertId"] = json["expert"]?["id"]
    details["summary"] = json["summary"]
    details["url"] = json["webUrl"]
    details["publishedAt"] = json["publishedAt"]
    details["durationSeconds"] = json["durationSeconds"]
    var label = type == "video" ? "Video" : type == "article" ? "Article" : type
    if let seconds = json["durationSeconds"]?.int64Value, seconds > 0 {
      label += " · \(seconds / 60):\(seconds % 60 < 10 ? "0" : "")\(seconds % 60)"
    }
    if json["isPremium"] == .bool(true) {
      label += json["viewerCanAccess"] == .bool(false) ? " · locked" : " · premium"
    }
    details["kindLabel"] = .string(label)
    return Item(
      kind: .content, upstreamID: id, title: title, details: .object(details.compacted), link: link("content", id))
  }

  /// A subscription; its renewal (when it renews) is a deadline the reminders take.
  func subscription(_ json: JSONValue) -> Item? {
    guard let id = json["id"]?.stringValue, let status = json["status"]?.stringValue else { return nil }
    let expert = json["expert"]?["name"]?.stringValue ?? "an expert"
    var details: [String: JSONValue] = ["status": .string(status.lowercased())]
    details["expert"] = json["expert"]?["name"]
    details["expertSlug"] = json["expert"]?["slug"]
    if let minor = json["price"]?["amountMinor"]?.int64Value, let currency = json["price"]?["currency"]?.stringValue {
      details["price"] = .string(MinorUnits.decimal(minor, currency: currency))
      details["currency"] = .string(currency)
    }
    details["interval"] = json["interval"].flatMap { $0.stringValue.map { .string($0.lowercased()) } }
    let provider = json["provider"]?.stringValue ?? "STRIPE"
    details["provider"] = .string(provider.lowercased())
    details["storeManaged"] = .bool(provider != "STRIPE")
    for key in ["currentPeriodEnd", "nextBillingDate", "graceEndsAt", "canceledAt", "startedAt", "manageUrl"] {
      if let value = json[key], value != .null { details[key] = value }
    }
    details["statusLabel"] = .string(Self.statusLabel(status))
    let next = json["nextBillingDate"]?.stringValue
    let end = json["currentPeriodEnd"]?.stringValue
    switch status {
    case "ACTIVE": details["billing"] = next.map { .string("renews \(String($0.prefix(10)))") }
    case "GRACE":
      details["billing"] = json["graceEndsAt"]?.stringValue.map { .string("access until \(String($0.prefix(10)))") }
    case "CANCELED_AT_PERIOD_END": details["billing"] = end.map { .string("ends \(String($0.prefix(10)))") }
    default: break
    }
    // The reminder before a renewal: only one that will charge.
    if status == "ACTIVE" || status == "GRACE", let next, UTCTimestamp.parse(next) != nil {
      details["deadlines"] = [
        ["name": "renewal", "at": .string(next), "remind_before_minutes": .int(Int64(renewalLeadDays) * 1440)]
      ]
    }
    return Item(
      kind: .subscription, upstreamID: id, title: expert,
      status: status == "EXPIRED" ? .closed : .active, details: .object(details.compacted))
  }

  static func statusLabel(_ status: String) -> String {
    switch status {
    case "ACTIVE": "active"
    case "GRACE": "payment failed, in grace period"
    case "CANCELED_AT_PERIOD_END": "cancelled, ends with the period"
    case "EXPIRED": "expired"
    default: status.lowercased()
    }
  }

  func promotion(_ json: JSONValue) -> Item? {
    guard let id = json["id"]?.stringValue, let title = json["title"]?.stringValue else { return nil }
    var details: [String: JSONValue] = [:]
    details["body"] = json["body"]
    details["url"] = json["webUrl"]
    details["expiresAt"] = json["expiresAt"]
    return Item(kind: .promotion, upstreamID: id, title: title, details: .object(details.compacted))
  }

  static let settingsID = "notification-settings"

  func settings(_ json: JSONValue) -> Item {
    var details: [String: JSONValue] = [:]
    for key in ["newContent", "subscriptionUpdates", "promotions"] { details[key] = json[key] ?? .bool(true) }
    return Item(
      kind: .notificationSettings, upstreamID: Self.settingsID, title: "Notification settings",
      details: .object(details))
  }
}

extension Dictionary where Key == String, Value == JSONValue {
  /// Without the null values (absent and null read the same in details).
  fileprivate var compacted: [String: JSONValue] { filter { $0.value != .null } }
}
