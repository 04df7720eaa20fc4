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
    let locale = ViewLocale(params: params)
    let unreadText = unread == 0 ? nil : locale.say(Words.unread, String(unread))
    guard let next, let start = next.startsAt else {
      return ["bar": .string(unreadText ?? locale.say(Words.noShoot)), "block": ["unreadMessages": .int(unread)]]
    }
    // The shoot's own local time: the property's zone, where the agent meets the photographer.
    let zone = next.details["timeZone"]?.stringValue.flatMap(TimeZone.init(identifier:)) ?? .current
    let when = localTime(start, in: zone)
    let address = next.location?.split(separator: ",").first.map(String.init)
    let bar = [locale.say(Words.shoot, barTime(start, zone: zone, locale: locale)), address, unreadText]
      .compactMap(\.self).joined(separator: " · ")
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

  /// The bar's words.
  enum Words {
    static let shoot = LocalizedText(en: "Shoot {0}", de: "Shooting {0}", fr: "Séance {0}", it: "Servizio {0}")
    static let noShoot = LocalizedText(
      en: "no shoot booked", de: "kein Shooting gebucht", fr: "aucune séance réservée", it: "nessun servizio prenotato")
    static let unread = LocalizedText(
      en: "{0} {0?unread message|unread messages}", de: "{0} {0?ungelesene Nachricht|ungelesene Nachrichten}",
      fr: "{0} {0?message non lu|messages non lus}", it: "{0} {0?messaggio non letto|messaggi non letti}")
  }

  /// "Sa 14.03.2026 18:00 (09:00 Los Angeles)": the reader's own time first (one clock across
  /// the bar, the agenda and the tooltip), the property's beside it when that reads another.
  static func barTime(_ date: Date, zone: TimeZone, locale: ViewLocale) -> String {
    let own = locale.day(date) + " " + locale.clock(date)
    guard zone.secondsFromGMT(for: date) != locale.timeZone.secondsFromGMT(for: date) else { return own }
    var there = locale
    there.timeZone = zone
    return own + " (" + there.clock(date) + " " + ViewLocale.city(zone) + ")"
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
