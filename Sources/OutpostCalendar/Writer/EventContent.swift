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
  init?(_ item: Item, settings: borrowing CalendarSettings, labels: borrowing CalendarLabels) {
    guard let content = withUnsafePointer(to: item, { EventContent(at: $0, settings: settings, labels: labels) })
    else { return nil }
    self = content
  }

  /// The same from an item where it is (in an array of entries), read field by field. Passing the
  /// item as an argument copied it whole from there, a retain and a release for each of its
  /// strings; and an initialiser owns its arguments unless they are borrowed, which made the
  /// caller copy the settings and labels too, every event (issue 20).
  init?(at item: UnsafePointer<Item>, settings: borrowing CalendarSettings, labels: borrowing CalendarLabels) {
    guard let start = item.pointee.startsAt else { return nil }
    let details = EventDetails(item.pointee.details)
    isCancelled = item.pointee.status == .cancelled
    // A feed's own TENTATIVE is kept; everything else that takes place is CONFIRMED.
    let isTentative = details.status?.stringValue.map(Self.isTentative) ?? false
    status = isCancelled ? "CANCELLED" : isTentative ? "TENTATIVE" : "CONFIRMED"
    location = item.pointee.location.flatMap(Self.nonEmpty)
    url = item.pointee.link.flatMap(Self.nonEmpty)
    timing = Self.timing(
      start: start, end: item.pointee.endsAt, allDay: details.allDay == .bool(true), in: settings.timeZone)
    var title = Self.nonEmpty(item.pointee.title) ?? ""
    var text: String?
    if item.pointee.kind == .assignment {
      // The code's label in the calendar's language; the connector's English label otherwise.
      // Looked up in place: a closure capturing `labels` (or its table) retained what every
      // thread writing a calendar shares.
      var position = Self.text(details.positionLabel)
      if let code = Self.text(details.position), let label = labels.positions[code] { position = label }
      if let position {
        title += " ("
        title += position
        title += ")"
      }
      text = Self.assignmentText(
        details: details, position: position, address: item.pointee.location, isCancelled: isCancelled, link: url,
        labels: labels)
      categories = Self.text(details.league).map { [$0] } ?? []
      geo = Self.geo(latitude: details.latitude, longitude: details.longitude)
    } else {
      text = Self.text(details.description).map {
        settings.includeContactDetails ? $0 : ContactRedaction.redacted($0)
      }
      categories = []
      if case .array(let values) = details.categories { categories = values.compactMap(Self.text) }
      geo = Self.geo(latitude: details.geo?["latitude"], longitude: details.geo?["longitude"])
    }
    if isCancelled { title = "[\(labels.cancelled)] " + title }
    summary = Self.nonEmpty(title)
    description = text.flatMap(Self.nonEmpty)
  }

  /// The timing of the event `init` builds from the entry's item, without the rest of it; nil
  /// without a start. (A calendar's VTIMEZONE, written before its events, needs their years.)
  /// The entry's item is read in place, field by field: passing it as an argument copied it
  /// whole, a retain and a release for each of its strings (issue 20).
  static func timing(of entry: UnsafePointer<CalendarEntry>, settings: CalendarSettings) -> Timing? {
    guard let start = entry.pointee.item.startsAt else { return nil }
    // One name hashed: cheaper, for one member, than walking them as `EventDetails` does.
    let allDay = entry.pointee.item.details["allDay"] == .bool(true)
    return timing(start: start, end: entry.pointee.item.endsAt, allDay: allDay, in: settings.timeZone)
  }

  static func timing(start: Date, end: Date?, allDay: Bool, in zone: TimeZone) -> Timing {
    guard allDay else { return .timed(start: start, end: end.map { max($0, start) }) }
    let first = nearestDay(start, in: zone)
    let last = end.map { nearestDay($0, in: zone) } ?? first.adding(days: 1)
    return .allDay(start: first, end: last > first ? last : first.adding(days: 1))
  }

  /// `TENTATIVE` in any case, without the string `uppercased()` would make.
  private static func isTentative(_ value: String) -> Bool {
    value.utf8.count == 9 && value.utf8.elementsEqual("TENTATIVE".utf8) { $0 & 0xDF == $1 }
  }

  /// Labelled lines, in the order a referee looks for them: which game, which league, which role,
  /// for whom, where, with whom; then anything unusual, and the way back to the assignment.
  /// Written as UTF-8 into one buffer (a line each), made a string once: appending to a string
  /// piece by piece cost a tenth of building an event (issue 20). `address` is the item's
  /// location as stored (its hall cut off the front here), `link` the event's URL.
  private static func assignmentText(
    details: EventDetails, position: String?, address: String?, isCancelled: Bool, link: String?,
    labels: borrowing CalendarLabels
  ) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(256)
    func line(_ value: String) {
      if !text.isEmpty { text.append(0x0A) }
      text += value.utf8
    }
    func add(_ label: String, _ value: String?, prefix: UInt8? = nil) {
      guard let value = value.flatMap(nonEmpty) else { return }
      line(label)
      text.append(UInt8(ascii: ":"))
      text.append(UInt8(ascii: " "))
      if let prefix { text.append(prefix) }
      text += value.utf8
    }
    add(labels.game, Self.text(details.gameNumber), prefix: UInt8(ascii: "#"))
    let gender: String? =
      switch Self.text(details.gender) {
      case "f": labels.women
      case "m": labels.men
      case let other: other
      }
    switch (Self.text(details.league), gender) {
    case (let league?, let gender?): add(labels.league, league + " (" + gender + ")")
    case (let league?, nil): add(labels.league, league)
    case (nil, let gender?): add(labels.league, "(" + gender + ")")
    case (nil, nil): break
    }
    add(labels.position, position)
    add(labels.association, Self.text(details.association))
    let hall = Self.text(details.hall)
    add(labels.hall, hall)
    var address = address
    if let hall, let location = address, location.hasPrefix(hall + ", ") {
      address = String(location.dropFirst(hall.count + 2))
    }
    add(labels.address, address)
    if case .array(let names) = details.coReferees {
      add(labels.coReferees, names.compactMap(Self.text).joined(separator: ", "))
    }
    if isCancelled { line(labels.cancelled) }
    if details.postponed == .bool(true) { line(labels.postponed) }
    if details.onExchange == .bool(true) { line(labels.onExchange) }
    // Many clients show no URL property; the link in the text can still be followed.
    if let link { line(link) }
    return String(decoding: text, as: UTF8.self)
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
