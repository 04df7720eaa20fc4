import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The status bars' "next shoot" (issue 15: a snapshot block "next shoot" and "unread
/// messages"), computed from the synced orders and conversations: offline, like the agenda.
extension RPPConnector: StoreViewingConnector {
  public static let storeViews: [QueryDeclaration] = [
    QueryDeclaration(
      name: "rpp.next", service: descriptor.kind,
      summary: "the next shoot (time, address, photographer) and the unread messages, for the status bars",
      fromStore: StoreSource(kinds: [.order], pastDays: 1, futureDays: 120, undatedKinds: [.conversation]))
  ]

  public static func answer(
    _ name: String, params: [String: JSONValue], items: [Item], points: [SeriesPoint], options: [String: String],
    now: Date
  ) throws(ActionRefusal) -> JSONValue {
    guard name == "rpp.next" else { throw .notAllowed("RPP has no view \(name)") }
    let unread = items.filter { $0.kind == .conversation }.reduce(Int64(0)) {
      $0 + ($1.details["unreadCount"]?.int64Value ?? 0)
    }
    // Not over yet, not called off, and not done with (photos delivered or shot already).
    let next = items.filter { item in
      guard item.kind == .order, item.status == .active, let start = item.startsAt else { return false }
      let stage = item.details["stage"]?.stringValue ?? ""
      return (item.endsAt ?? start) > now && !["completed", "delivered", "in_progress"].contains(stage)
    }.min { ($0.startsAt ?? now, $0.upstreamID) < ($1.startsAt ?? now, $1.upstreamID) }
    let unreadText = unread == 0 ? nil : unread == 1 ? "1 unread message" : "\(unread) unread messages"
    guard let next, let start = next.startsAt else {
      return ["bar": .string(unreadText ?? "no shoot booked"), "block": ["unreadMessages": .int(unread)]]
    }
    // The shoot's own local time: the property's zone, where the agent meets the photographer.
    let zone = next.details["timeZone"]?.stringValue.flatMap(TimeZone.init(identifier:)) ?? .current
    let when = localTime(start, in: zone)
    let address = next.location?.split(separator: ",").first.map(String.init)
    let bar = ["Shoot \(when)", address, unreadText].compactMap(\.self).joined(separator: " · ")
    var shoot: [String: JSONValue] = [
      "title": .string(next.title), "startsAt": .string(UTCTimestamp.format(start)), "local": .string(when),
      "timeZone": .string(zone.identifier),
    ]
    shoot["address"] = next.location.map(JSONValue.string)
    shoot["photographer"] = next.details["photographer"]
    shoot["orderNumber"] = next.details["orderNumber"]
    shoot["stage"] = next.details["stage"]
    shoot["link"] = next.link.map(JSONValue.string)
    let end = next.endsAt ?? start
    return [
      "bar": .string(bar), "block": ["nextShoot": .object(shoot), "unreadMessages": .int(unread)],
      // The next one comes up by itself once this one is over.
      "validUntil": .string(UTCTimestamp.format(end)),
    ]
  }

  /// "Sat 14 Mar 09:00" in `zone`.
  static func localTime(_ date: Date, in zone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = zone
    let parts = calendar.dateComponents([.weekday, .day, .month, .hour, .minute], from: date)
    let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
    let day = days[((parts.weekday ?? 1) - 1) % 7]
    let month = months[((parts.month ?? 1) - 1) % 12]
    func two(_ number: Int?) -> String { (number ?? 0) < 10 ? "0\(number ?? 0)" : "\(number ?? 0)" }
    let time = "\(two(parts.hour)):\(two(parts.minute))"
    return "\(day) \(parts.day ?? 1) \(month) \(time)"
  }
}
