import Foundation

/// The Windows zone names Outlook and Exchange write as TZIDs, mapped to the IANA zone CLDR
/// gives as their "001" (main) zone. Only the common ones: anything else falls back to the
/// feed's VTIMEZONE.
enum WindowsZones {
  static let iana: [String: String] = [
    "UTC": "Etc/UTC",
    "GMT Standard Time": "Europe/London",
    "Greenwich Standard Time": "Atlantic/Reykjavik",
    "W. Europe Standard Time": "Europe/Berlin",
    "Central Europe Standard Time": "Europe/Budapest",
    "Central European Standard Time": "Europe/Warsaw",
    "Romance Standard Time": "Europe/Paris",
    "E. Europe Standard Time": "Europe/Chisinau",
    "FLE Standard Time": "Europe/Kiev",
    "GTB Standard Time": "Europe/Bucharest",
    "Turkey Standard Time": "Europe/Istanbul",
    "Russian Standard Time": "Europe/Moscow",
    "Israel Standard Time": "Asia/Jerusalem",
    "South Africa Standard Time": "Africa/Johannesburg",
    "Egypt Standard Time": "Africa/Cairo",
    "Arabian Standard Time": "Asia/Dubai",
    "India Standard Time": "Asia/Calcutta",
    "SE Asia Standard Time": "Asia/Bangkok",
    "China Standard Time": "Asia/Shanghai",
    "Singapore Standard Time": "Asia/Singapore",
    "Tokyo Standard Time": "Asia/Tokyo",
    "Korea Standard Time": "Asia/Seoul",
    "AUS Eastern Standard Time": "Australia/Sydney",
    "E. Australia Standard Time": "Australia/Brisbane",
    "W. Australia Standard Time": "Australia/Perth",
    "New Zealand Standard Time": "Pacific/Auckland",
    "Hawaiian Standard Time": "Pacific/Honolulu",
    "Alaskan Standard Time": "America/Anchorage",
    "Pacific Standard Time": "America/Los_Angeles",
    "US Mountain Standard Time": "America/Phoenix",
    "Mountain Standard Time": "America/Denver",
    "Central Standard Time": "America/Chicago",
    "Eastern Standard Time": "America/New_York",
    "Atlantic Standard Time": "America/Halifax",
    "Canada Central Standard Time": "America/Regina",
    "SA Pacific Standard Time": "America/Bogota",
    "E. South America Standard Time": "America/Sao_Paulo",
    "Argentina Standard Time": "America/Buenos_Aires",
  ]
}

/// A guess at the zone a VTIMEZONE with an unknown name describes (Outlook's "Customized Time
/// Zone", a localised display name), from its observances.
enum VTimeZoneGuess {
  enum Guess {
    /// The component has no daylight observance: its fixed offset is exact.
    case exact(TimeZone)
    /// A well-known zone with the same standard and daylight offsets and change months.
    case sameRules(TimeZone)
    /// Only the standard offset is known to be right.
    case standardOffset(TimeZone)
  }

  /// The zones recognised by (standard offset, daylight offset, month DST starts, month it ends).
  private static let known: [[Int]: String] = [
    [0, 3600, 3, 10]: "Europe/London",
    [3600, 7200, 3, 10]: "Europe/Berlin",
    [7200, 10_800, 3, 10]: "Europe/Helsinki",
    [-18_000, -14_400, 3, 11]: "America/New_York",
    [-21_600, -18_000, 3, 11]: "America/Chicago",
    [-25_200, -21_600, 3, 11]: "America/Denver",
    [-28_800, -25_200, 3, 11]: "America/Los_Angeles",
    [36_000, 39_600, 10, 4]: "Australia/Sydney",
  ]

  static func zone(for definition: Component) -> Guess? {
    let standard = latest(definition.children("STANDARD"))
    let daylight = latest(definition.children("DAYLIGHT"))
    guard let standardOffset = standard.flatMap({ offset($0.first("TZOFFSETTO")?.value) }) else {
      // Only a daylight observance (or none with an offset): nothing trustworthy.
      return nil
    }
    guard let daylight, let daylightOffset = offset(daylight.first("TZOFFSETTO")?.value) else {
      return TimeZone(secondsFromGMT: standardOffset).map(Guess.exact)
    }
    if let startMonth = month(daylight), let endMonth = standard.flatMap(month),
      let name = known[[standardOffset, daylightOffset, startMonth, endMonth]], let zone = TimeZone(identifier: name)
    {
      return .sameRules(zone)
    }
    return TimeZone(secondsFromGMT: standardOffset).map(Guess.standardOffset)
  }

  /// The observance that applies now: the one with the latest DTSTART (older ones are history).
  private static func latest(_ observances: [Component]) -> Component? {
    observances.max { lhs, rhs in
      let left = lhs.first("DTSTART").flatMap { DateTimeValue($0.value) }?.civil.secondsAsIfUTC ?? .min
      let right = rhs.first("DTSTART").flatMap { DateTimeValue($0.value) }?.civil.secondsAsIfUTC ?? .min
      return left < right
    }
  }

  /// The month an observance's rule takes effect in (`RRULE:…;BYMONTH=3;…`, else its DTSTART).
  private static func month(_ observance: Component) -> Int? {
    if let rule = observance.first("RRULE")?.value.uppercased(),
      let part = rule.split(separator: ";").first(where: { $0.hasPrefix("BYMONTH=") })
    {
      return Int(part.dropFirst("BYMONTH=".count))
    }
    return observance.first("DTSTART").flatMap { DateTimeValue($0.value) }?.civil.date.month
  }

  /// `+0100`, `-0500`, `+013000` as seconds east of UTC.
  static func offset(_ raw: String?) -> Int? {
    guard let raw = raw?.trimmingSpaces(), raw.count == 5 || raw.count == 7, let signCharacter = raw.first,
      signCharacter == "+" || signCharacter == "-", let digits = Int(raw.dropFirst()), digits >= 0
    else { return nil }
    let (hours, minutes, seconds) =
      raw.count == 5 ? (digits / 100, digits % 100, 0) : (digits / 10_000, digits / 100 % 100, digits % 100)
    guard hours < 24, minutes < 60, seconds < 60 else { return nil }
    return (signCharacter == "-" ? -1 : 1) * (hours * 3600 + minutes * 60 + seconds)
  }
}
