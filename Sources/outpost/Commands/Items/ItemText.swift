import OutpostModel
import OutpostRPC

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

#if canImport(Glibc)
  import Glibc
#endif
#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// How items read in a terminal: local times, dates in the language's order.
enum ItemText {
  static let weekdays: [Language: [String]] = [
    .en: ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"], .de: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
    .fr: ["dim", "lun", "mar", "mer", "jeu", "ven", "sam"], .it: ["dom", "lun", "mar", "mer", "gio", "ven", "sab"],
  ]

  /// The month names, one table for the CLI and the views (a chart the daemon draws).
  static let months = ViewLocale.months

  /// "2026-12" as the user's language names it: "December 2026", "Dezember 2026"; anything
  /// else as it came.
  static func month(iso text: String) -> String {
    let parts = text.split(separator: "-")
    guard text.count == 7, parts.count == 2, let month = Int(parts[1]), (1...12).contains(month),
      parts[0].count == 4, parts[0].allSatisfy(\.isNumber)
    else { return text }
    return (months[localized.language] ?? months[.en]!)[month - 1] + " " + parts[0]
  }

  static func parts(_ date: Date) -> tm {
    var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
    var parts = tm()
    localtime_r(&seconds, &parts)
    return parts
  }

  static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }

  /// "Sat 2026-12-05" (en) or "Sa 05.12.2026" (de, fr, it), in the local time zone.
  static func day(_ date: Date) -> String {
    let weekday = (weekdays[localized.language] ?? weekdays[.en]!)[Int(parts(date).tm_wday)]
    return weekday + " " + Self.date(date)
  }

  /// "2026-12-05" (en) or "05.12.2026" (de, fr, it), in the local time zone.
  static func date(_ date: Date) -> String {
    let p = parts(date)
    if localized.language == .en { return "\(p.tm_year + 1900)-\(two(p.tm_mon + 1))-\(two(p.tm_mday))" }
    return "\(two(p.tm_mday)).\(two(p.tm_mon + 1)).\(p.tm_year + 1900)"
  }

  /// A calendar day the service gives as "2026-10-24" (a due date: no time, no zone), in the
  /// order of the user's language, "24.10.2026"; anything else as it came.
  static func day(iso text: String) -> String {
    let parts = text.prefix(10).split(separator: "-")
    guard localized.language != .en, text.count == 10, parts.count == 3, parts[0].count == 4,
      parts.allSatisfy({ $0.allSatisfy(\.isNumber) })
    else { return text }
    return "\(parts[2]).\(parts[1]).\(parts[0])"
  }

  static func time(_ date: Date) -> String {
    let p = parts(date)
    return "\(two(p.tm_hour)):\(two(p.tm_min))"
  }

  /// When an item is: "Sat 2026-12-05 19:30–21:30", or for an all-day item (an invoice's due
  /// day) its day and "all day". The day of an all-day item is the local midnight nearest to
  /// its start: it was made at midnight in the zone of its service, which may not be this one.
  static func when(_ line: ItemLine, showDay: Bool) -> String {
    guard let start = line.startsAt else { return "" }
    if line.allDay == true { return allDay(start) + " " + localized(.itemAllDay) }
    return (showDay ? day(start) + " " : "") + time(start) + (line.endsAt.map { "–" + time($0) } ?? "")
  }

  /// The day of an all-day item starting at `start`: the local midnight nearest to it.
  static func allDay(_ start: Date) -> String { day(start.addingTimeInterval(12 * 3600)) }

  /// One line: number, time, title, what kind-specific details say, where.
  static func line(_ line: ItemLine, showDay: Bool) -> String {
    let when = when(line, showDay: showDay)
    let number = "#\(line.number)"
    var text = number + String(repeating: " ", count: max(1, 6 - number.count)) + when + "  " + line.title
    if let subtitle = line.subtitle { text += " (\(subtitle))" }
    if let amount = amountText(line) { text += "  " + amount }
    if line.status == .cancelled { text += "  [\(localized(.itemCancelled))]" }
    if let location = line.location { text += "\n      " + location }
    return text
  }

  static func line(_ listed: ListedItem, showDay: Bool) -> String { line(ItemLine(listed), showDay: showDay) }

  /// One item in full, as a person reads it: the labelled rows every item has, then the
  /// fields its kind declares, in the user's language; the service's other details are only
  /// counted (`--json` has them all), a raw key says nothing to a person (issue 48 §3).
  static func detail(_ listed: ListedItem) -> String {
    let item = listed.item
    let line = ItemLine(listed)
    var rows: [(String, String)] = [("", "#\(listed.number)  \(item.title)")]
    rows.append((localized(.itemFieldKind), "\(listed.display?.noun ?? item.kind.rawValue) (\(listed.account))"))
    if let subtitle = listed.display?.subtitle { rows.append((localized(.itemFieldAbout), subtitle)) }
    if let amount = amountText(line) { rows.append((localized(.itemFieldAmount), amount)) }
    if item.startsAt != nil { rows.append((localized(.itemFieldWhen), when(line, showDay: true))) }
    if let location = item.location { rows.append((localized(.itemFieldWhere), location)) }
    rows.append((localized(.itemFieldStatus), statusText(item.status)))
    if listed.removedAt != nil { rows.append((localized(.itemFieldNote), localized(.itemRemoved))) }
    for field in listed.display?.fields ?? [] {
      rows.append((field.label, fieldValue(field, currency: listed.display?.currency)))
    }
    if let link = item.link { rows.append((localized(.itemFieldLink), link)) }
    let width = rows.map(\.0.count).max()! + 2
    var text = rows.map { $0.0.isEmpty ? $0.1 : $0.0 + String(repeating: " ", count: width - $0.0.count) + $0.1 }
      .joined(separator: "\n")
    // What `display` and the rows above already say is not counted again.
    let shown = (listed.display?.fields?.count ?? 0) + (listed.display?.subtitle == nil ? 0 : 1)
    if case .object(let details) = item.details, details.count > shown {
      text += "\n" + localized(.itemMoreDetails, "\(details.count - shown)", "\(listed.number)")
    }
    return text
  }

  static func statusText(_ status: ItemStatus) -> String {
    switch status {
    case .active: localized(.itemStatusActive)
    case .cancelled: localized(.itemCancelled)
    case .applied: localized(.itemStatusApplied)
    case .closed: localized(.itemStatusClosed)
    }
  }

  /// A field's value in the reader's order and zone: a day "05.11.2026", an instant
  /// "05.11.2026 14:05" (no seconds), anything else as the daemon wrote it.
  static func fieldValue(_ field: ItemDisplay.Field, currency: String? = nil) -> String {
    switch field.format {
    case "money": return numberStyle.money(decimal: field.value, currency: currency)
    case "day": return day(iso: field.value)
    case "decimal": return numberStyle.decimal(field.value)
    case "time":
      guard let date = instant(field.value) else { return field.value }
      return Terminal.localTime(date)
    default: return field.value
    }
  }

  /// "2026-12-16T18:00" (a person's wall-clock time, no zone) with this machine's offset at that
  /// time, "2026-12-16T18:00:00+01:00"; anything else as it came (a zone given, not a time).
  static func withLocalOffset(_ text: String) -> String {
    let pattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/
    guard let match = text.wholeMatch(of: pattern), let year = Int(match.1), let month = Int(match.2),
      let day = Int(match.3), let hour = Int(match.4), let minute = Int(match.5)
    else { return text }
    let second = match.6.flatMap { Int($0) } ?? 0
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    guard let instant = calendar.date(from: components) else { return text }
    let offset = TimeZone.current.secondsFromGMT(for: instant)
    let sign = offset < 0 ? "-" : "+"
    let magnitude = abs(offset) / 60
    let date = "\(year)-\(two(Int32(month)))-\(two(Int32(day)))"
    let time = "\(two(Int32(hour))):\(two(Int32(minute))):\(two(Int32(second)))"
    return date + "T" + time + sign + two(Int32(magnitude / 60)) + ":" + two(Int32(magnitude % 60))
  }

  /// The local midnight that starts the day "2026-12-05" (`daysLater` days after it), in this
  /// machine's time zone; nil for anything that is no such day.
  static func localMidnight(_ text: String, daysLater: Int = 0) -> Date? {
    guard let match = text.wholeMatch(of: /(\d{4})-(\d{2})-(\d{2})/), let year = Int(match.1),
      let month = Int(match.2), let day = Int(match.3), (1...12).contains(month), (1...31).contains(day)
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = .current
    let components = DateComponents(year: year, month: month, day: day)
    // No rolling over: 2026-02-30 is no day.
    guard components.isValidDate(in: calendar), let start = calendar.date(from: components) else { return nil }
    return calendar.date(byAdding: .day, value: daysLater, to: start)
  }

  /// An RFC 3339 instant as services write them, with or without fractions of a second.
  static func instant(_ text: String) -> Date? {
    if let date = ISO8601Seconds.parseAnyForm(text) { return date }
    return try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
  }

  /// `CHF 120.00`, when the item's kind carries money and the item says how much.
  static func amountText(_ line: ItemLine) -> String? {
    guard let amount = line.amount else { return nil }
    return numberStyle.money(decimal: amount, currency: line.currency)
  }
}
