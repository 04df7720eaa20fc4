import Foundation
import OutpostModel

/// How a calendar is written: what the user configured for it. Everything the output depends on
/// besides the entries is here, so that the same entries and settings give the same bytes.
public struct CalendarSettings: Sendable, Equatable {
  /// `NAME` (RFC 7986) and `X-WR-CALNAME` (what Apple, Google and Thunderbird read).
  public var name: String
  /// A CSS3 colour name (`turquoise`) or `#rrggbb`. RFC 7986's COLOR takes only names, so a hex
  /// value is written as the nearest name, and exactly in `X-APPLE-CALENDAR-COLOR`.
  public var color: String?
  /// The zone of DTSTART/DTEND (with TZID and a matching VTIMEZONE) and of all-day dates.
  public var timeZone: TimeZone
  /// The language of the labels in SUMMARY and DESCRIPTION.
  public var language: Language
  /// One VALARM per value, that many minutes before the start; negative values are ignored.
  public var alarmsMinutesBefore: [Int]
  /// Third-party e-mail addresses and phone numbers (in feed descriptions) are written only when
  /// true: a calendar is easily shared, and those people did not choose to be in it.
  public var includeContactDetails: Bool
  /// `REFRESH-INTERVAL` and `X-PUBLISHED-TTL`: how often subscribers should poll; at least a minute.
  public var refreshInterval: Duration
  public var productID: String
  /// The item kinds that become events: what the connectors declare as appointments (a game,
  /// a feed's event, a task's due time), not money or someone else's offers.
  public var eventKinds: Set<ItemKind> = CalendarSettings.defaultEventKinds

  public static let defaultEventKinds: Set<ItemKind> = [.assignment, .event]

  public static let defaultTimeZone = TimeZone(identifier: "Europe/Zurich")!
  public static let defaultProductID = "-//Outpost//Outpost 0.1.0//EN"

  public init(
    name: String = "Outpost", color: String? = nil, timeZone: TimeZone = CalendarSettings.defaultTimeZone,
    language: Language = .en, alarmsMinutesBefore: [Int] = [60], includeContactDetails: Bool = false,
    refreshInterval: Duration = .seconds(15 * 60), productID: String = CalendarSettings.defaultProductID
  ) {
    self.name = name
    self.color = color
    self.timeZone = timeZone
    self.language = language
    self.alarmsMinutesBefore = alarmsMinutesBefore
    self.includeContactDetails = includeContactDetails
    self.refreshInterval = refreshInterval
    self.productID = productID
  }

  /// Every setting, as text: equal for equal settings. What the daemon's calendar files record
  /// they were written with (`CalendarGeneration`); kept here so that a new setting joins it.
  public var identity: String {
    [
      name, color ?? "-", timeZone.identifier, language.rawValue,
      alarmsMinutesBefore.map(String.init).joined(separator: ","), "\(includeContactDetails)",
      "\(refreshInterval)", productID, eventKinds.map(\.rawValue).sorted().joined(separator: ","),
    ].joined(separator: "\u{1F}")
  }

  /// The alarms as written: without duplicates or negatives, earliest reminder first, so that
  /// the same reminders in another order give the same bytes.
  var normalizedAlarms: [Int] { Set(alarmsMinutesBefore.filter { $0 >= 0 }).sorted(by: >) }

  /// Whether times are written in UTC (`…Z`, no VTIMEZONE): for a zone that is UTC by name.
  var writesUTC: Bool { ZoneResolver.utcNames.contains(timeZone.identifier.uppercased()) }
}

/// DURATION values (RFC 5545 §3.3.6).
enum DurationText {
  /// `PT15M`, `PT1H30M`, `P1D`, `P1DT12H`; whole seconds, at least `minimum`.
  static func format(_ duration: Duration, minimum: Int = 60) -> String {
    format(seconds: max(minimum, Int(duration.components.seconds)))
  }

  static func format(seconds total: Int) -> String {
    let days = total / 86_400
    let hours = total % 86_400 / 3600
    let minutes = total % 3600 / 60
    let seconds = total % 60
    var text = "P"
    if days > 0 { text += "\(days)D" }
    if hours > 0 || minutes > 0 || seconds > 0 || days == 0 {
      text += "T"
      if hours > 0 { text += "\(hours)H" }
      if minutes > 0 { text += "\(minutes)M" }
      if seconds > 0 || (hours == 0 && minutes == 0) { text += "\(seconds)S" }
    }
    return text
  }
}
