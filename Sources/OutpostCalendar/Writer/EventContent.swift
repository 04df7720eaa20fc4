import Foundation
import OutpostModel

/// What one VEVENT says, derived from an item and the settings: the part of an event that
/// `contentDigest` covers. Kept apart from the bytes so that the rules about what a referee
/// needs to see live in one place.
struct EventContent {
  enum Timing: Equatable {
    case timed(start: Date, end: Date?)
    /// Days in the settings' zone; `end` is exclusive (DTEND of an all-day event, §3.6.1).
    case allDay(start: CivilDate, end: CivilDate)
  }

  var timing: Timing
  var summary: String?
  var location: String?
  /// `47.3769;8.5098`, already in the FLOAT form of §3.8.1.6.
  var geo: String?
  var description: String?
  var url: String?
  var status: String
  var categories: [String]
  var isCancelled: Bool

  /// Nil for an item without a start: a VEVENT needs a DTSTART.
  init?(_ item: Item, settings: CalendarSettings) {
    self.init(item, settings: settings, labels: CalendarLabels.forLanguage(settings.language))
  }

  /// The same with the labels given: a calendar looks them up once, not once per event.
  init?(_ item: Item, settings: CalendarSettings, labels: CalendarLabels) {
    guard let start = item.startsAt else { return nil }
    let details = item.details
    isCancelled = item.status == .cancelled
    // A feed's own TENTATIVE is kept; everything else that takes place is CONFIRMED.
    let isTentative = details["status"]?.stringValue.map(Self.isTentative) ?? false
    status = isCancelled ? "CANCELLED" : isTentative ? "TENTATIVE" : "CONFIRMED"
    location = item.location.flatMap(Self.nonEmpty)
    url = item.link.flatMap(Self.nonEmpty)
    if details["allDay"] == .bool(true) {
      let first = Self.nearestDay(start, in: settings.timeZone)
      let last = item.endsAt.map { Self.nearestDay($0, in: settings.timeZone) } ?? first.adding(days: 1)
      timing = .allDay(start: first, end: last > first ? last : first.adding(days: 1))
    } else {
      timing = .timed(start: start, end: item.endsAt.map { max($0, start) })
    }
    var title = Self.nonEmpty(item.title) ?? ""
    var text: String?
    if item.kind == .assignment {
      // The code's label in the calendar's language; the connector's English label otherwise.
      let position =
        Self.text(details["position"]).flatMap { labels.positions[$0] } ?? Self.text(details["positionLabel"])
      if let position {
        title += " ("
        title += position
        title += ")"
      }
      text = Self.assignmentText(item, position: position, labels: labels)
      categories = Self.text(details["league"]).map { [$0] } ?? []
      geo = Self.geo(latitude: details["latitude"], longitude: details["longitude"])
    } else {
      text = Self.text(details["description"]).map {
        settings.includeContactDetails ? $0 : ContactRedaction.redacted($0)
      }
      categories = []
      if case .array(let values) = details["categories"] { categories = values.compactMap(Self.text) }
      geo = Self.geo(latitude: details["geo"]?["latitude"], longitude: details["geo"]?["longitude"])
    }
    if isCancelled { title = "[\(labels.cancelled)] " + title }
    summary = Self.nonEmpty(title)
    description = text.flatMap(Self.nonEmpty)
  }

  /// `TENTATIVE` in any case, without the string `uppercased()` would make.
  private static func isTentative(_ value: String) -> Bool {
    value.utf8.count == 9 && value.utf8.elementsEqual("TENTATIVE".utf8) { $0 & 0xDF == $1 }
  }

  /// Labelled lines, in the order a referee looks for them: which game, which league, which role,
  /// for whom, where, with whom; then anything unusual, and the way back to the assignment.
  /// Written into one string (a line each), not a string per line joined afterwards.
  private static func assignmentText(_ item: Item, position: String?, labels: CalendarLabels) -> String {
    let details = item.details
    var text = ""
    text.reserveCapacity(256)
    func line(_ value: String) {
      if !text.isEmpty { text += "\n" }
      text += value
    }
    func add(_ label: String, _ value: String?) {
      guard let value = value.flatMap(nonEmpty) else { return }
      line(label)
      text += ": "
      text += value
    }
    add(labels.game, Self.text(details["gameNumber"]).map { "#" + $0 })
    let gender: String? =
      switch Self.text(details["gender"]) {
      case "f": labels.women
      case "m": labels.men
      case let other: other
      }
    switch (Self.text(details["league"]), gender) {
    case (let league?, let gender?): add(labels.league, league + " (" + gender + ")")
    case (let league?, nil): add(labels.league, league)
    case (nil, let gender?): add(labels.league, "(" + gender + ")")
    case (nil, nil): break
    }
    add(labels.position, position)
    add(labels.association, Self.text(details["association"]))
    let hall = Self.text(details["hall"])
    add(labels.hall, hall)
    var address = item.location
    if let hall, let location = address, location.hasPrefix(hall + ", ") {
      address = String(location.dropFirst(hall.count + 2))
    }
    add(labels.address, address)
    if case .array(let names) = details["coReferees"] {
      add(labels.coReferees, names.compactMap(Self.text).joined(separator: ", "))
    }
    if item.status == .cancelled { line(labels.cancelled) }
    if details["postponed"] == .bool(true) { line(labels.postponed) }
    if details["onExchange"] == .bool(true) { line(labels.onExchange) }
    // Many clients show no URL property; the link in the text can still be followed.
    if let link = item.link.flatMap(nonEmpty) { line(link) }
    return text
  }

  /// Strings as they are, numbers in their usual form: details are lenient JSON.
  static func text(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text): nonEmpty(text)
    case .int(let number): String(number)
    case .double(let number): number.rounded() == number && abs(number) < 1e15 ? String(Int64(number)) : String(number)
    default: nil
    }
  }

  static func number(_ value: JSONValue?) -> Double? {
    switch value {
    case .int(let number): Double(number)
    case .double(let number): number.isFinite ? number : nil
    case .string(let text): Double(text.trimmingSpaces())
    default: nil
    }
  }

  /// `lat;lon` with at most six decimals (§3.8.1.6), written without exponent; nil when absent or
  /// out of range.
  static func geo(latitude: JSONValue?, longitude: JSONValue?) -> String? {
    guard let latitude = number(latitude), let longitude = number(longitude), abs(latitude) <= 90,
      abs(longitude) <= 180
    else { return nil }
    return decimal(latitude) + ";" + decimal(longitude)
  }

  private static func decimal(_ value: Double) -> String {
    let micro = Int64((abs(value) * 1_000_000).rounded())
    var fraction = pad(Int(micro % 1_000_000), 6)
    while fraction.count > 1, fraction.hasSuffix("0") { fraction.removeLast() }
    return (value < 0 && micro != 0 ? "-" : "") + String(micro / 1_000_000) + "." + fraction
  }

  /// The day an all-day instant stands for: the nearest midnight in `zone`. The feed was read with
  /// midnights in the user's zone, which may be a few hours off this one.
  private static func nearestDay(_ instant: Date, in zone: TimeZone) -> CivilDate {
    CivilDateTime(instant.addingTimeInterval(12 * 3600), in: zone).date
  }

  /// Without surrounding whitespace and newlines; nil when nothing is left.
  static func nonEmpty(_ text: String) -> String? {
    let trimmed = text.trimmingWhitespace()
    return trimmed.isEmpty ? nil : trimmed
  }
}
