import Foundation

/// Turns the TZID of a date-time into a time zone (RFC 5545 §3.2.19). A TZID is only a name
/// that the feed's VTIMEZONE defines; in practice it is an IANA name (Google, Apple), a Windows
/// name (Outlook/Exchange), or a prefixed IANA name (`/mozilla.org/20050126_1/Europe/Berlin`).
/// The system's zone database is preferred over the feed's VTIMEZONE: it knows the real rules,
/// past and future, while a VTIMEZONE often only describes the current ones.
struct ZoneResolver {
  /// The zone of all-day dates: the user's (a holiday is that day wherever one is).
  let days: TimeZone
  /// The zone of floating date-times: the feed's `X-WR-TIMEZONE` when it names a known zone (as
  /// Apple and Google read it), else the user's.
  let floating: TimeZone
  /// The feed's VTIMEZONE components, by TZID.
  let definitions: [String: Component]
  private var cache: [String: TimeZone] = [:]

  static let utc = TimeZone(secondsFromGMT: 0)!

  init(days: TimeZone, floating: TimeZone? = nil, definitions: [String: Component]) {
    self.days = days
    self.floating = floating ?? days
    self.definitions = definitions
  }

  /// The zone a value is read in.
  mutating func zone(of form: DateTimeValue.Form, warnings: inout Warnings) -> TimeZone {
    switch form {
    case .date: return days
    case .floating: return floating
    case .utc: return Self.utc
    case .zoned(let tzid):
      if let known = cache[tzid] { return known }
      let zone = resolve(tzid, warnings: &warnings)
      cache[tzid] = zone
      return zone
    }
  }

  mutating func instant(_ value: DateTimeValue, warnings: inout Warnings) -> Date {
    value.civil.instant(in: zone(of: value.form, warnings: &warnings))
  }

  private func resolve(_ tzid: String, warnings: inout Warnings) -> TimeZone {
    let name = ComponentBuilder.sanitizedZone(tzid)
    if let zone = Self.systemZone(named: tzid) { return zone }
    if let definition = definitions[tzid], let guess = VTimeZoneGuess.zone(for: definition) {
      switch guess {
      case .exact(let zone): return zone
      case .sameRules(let zone):
        warnings.add("time zone '\(name)' is not a known name; using \(zone.identifier), which has the same offsets")
        return zone
      case .standardOffset(let zone):
        warnings.add(
          "time zone '\(name)' is not a known name; using its standard offset \(zone.identifier) "
            + "(daylight saving time ignored)")
        return zone
      }
    }
    warnings.add("time zone '\(name)' is unknown and not defined in the feed; its times are read as UTC")
    return Self.utc
  }

  /// A zone by name from the system database, the UTC aliases, the Windows names, or the tail
  /// of a prefixed name.
  static func systemZone(named raw: String) -> TimeZone? {
    let name = raw.trimmingSpaces()
    if utcNames.contains(name.uppercased()) { return utc }
    if let windows = WindowsZones.iana[name], let zone = TimeZone(identifier: windows) { return zone }
    if name.contains("/"), !name.hasPrefix("/"), let zone = TimeZone(identifier: name) { return zone }
    // A prefixed or path-like name: try its last three, then two path components.
    let parts = name.split(separator: "/").map(String.init)
    for count in [3, 2] where parts.count >= count {
      if let zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/")) { return zone }
    }
    // Single names (CET, EST5EDT, Japan): only as they are, never a path's last part ("Berlin").
    if !name.contains("/"), let zone = TimeZone(identifier: name) { return zone }
    return nil
  }

  /// Names that mean UTC, whatever the zone database calls them (VolleyManager writes
  /// `TZID=UTC` with no VTIMEZONE: that is UTC, not the local time).
  static let utcNames: Set<String> = [
    "UTC", "ETC/UTC", "GMT", "ETC/GMT", "Z", "ZULU", "UCT", "ETC/UCT", "UNIVERSAL", "ETC/UNIVERSAL", "GMT+0", "GMT-0",
    "ETC/GMT+0", "ETC/GMT-0", "ETC/GMT0", "GMT0", "ETC/ZULU", "COORDINATED UNIVERSAL TIME",
    "(UTC) COORDINATED UNIVERSAL TIME", "UTC+00:00", "(UTC) MONROVIA, REYKJAVIK",
  ]
}

extension ComponentBuilder {
  /// A TZID fit for a warning: printable ASCII, bounded.
  static func sanitizedZone(_ name: String) -> String {
    let kept = name.prefix(60).filter { $0.isASCII && !$0.isNewline && ($0.asciiValue ?? 0) >= 0x20 }
    return kept.isEmpty ? "?" : String(kept)
  }
}
