import Foundation

/// Reads one VEVENT into an `ICalEvent`: resolves its times, unescapes its text, reads its
/// alarms and recurrence. A VEVENT without a usable DTSTART is skipped with a warning; anything
/// else that is broken is dropped field by field.
struct EventReader {
  var resolver: ZoneResolver
  var warnings = Warnings()

  init(resolver: ZoneResolver) { self.resolver = resolver }

  mutating func read(_ component: Component) -> ICalEvent? {
    let at = "line \(component.line)"
    guard let startLine = component.first("DTSTART"), let start = dateTime(startLine) else {
      warnings.add("\(at): VEVENT without a valid DTSTART, skipped")
      return nil
    }
    let zone = resolver.zone(of: start.form, warnings: &warnings)
    let span = span(of: component, start: start, zone: zone, at: at)
    let timing = Timing(start: start.civil, zone: zone, span: span)
    let startInstant = start.civil.instant(in: zone)
    var event = ICalEvent(
      uid: uid(of: component, at: at), summary: text(component, "SUMMARY"),
      description: text(component, "DESCRIPTION"), location: text(component, "LOCATION"),
      status: component.first("STATUS").flatMap { ICalEventStatus(rawValue: $0.value.trimmingSpaces().uppercased()) },
      start: startInstant, end: timing.end(of: start.civil), isAllDay: start.isDate,
      geo: component.first("GEO").flatMap { geo($0.value) },
      url: component.first("URL").map { $0.value.trimmingSpaces() },
      sequence: component.first("SEQUENCE").flatMap { Int($0.value.trimmingSpaces()) } ?? 0,
      lastModified: component.first("LAST-MODIFIED").flatMap(dateTime).map {
        resolver.instant($0, warnings: &warnings)
      },
      categories: component.all("CATEGORIES").flatMap { TextValue.list($0.value) },
      alarms: component.children("VALARM").compactMap { alarm($0) }, timing: timing)
    if let line = component.first("RECURRENCE-ID"), let value = dateTime(line) {
      let instant = self.instant(value, near: timing)
      event.recurrenceID = instant
      event.recurrenceKey = value.isDate ? value.civil.date.basicFormat : utcBasicFormat(instant)
      if line.parameter("RANGE")?.uppercased() == "THISANDFUTURE" {
        warnings.add("\(at): RECURRENCE-ID;RANGE=THISANDFUTURE is not supported; only that one instance is changed")
      }
      if component.first("RRULE") != nil { warnings.add("\(at): an RRULE on an override is ignored") }
    } else {
      event.recurrence = recurrence(of: component, timing: timing, at: at)
    }
    return event
  }

  private mutating func recurrence(of component: Component, timing: Timing, at: String) -> Recurrence? {
    var recurrence = Recurrence()
    let rules = component.all("RRULE")
    if let first = rules.first {
      if rules.count > 1 { warnings.add("\(at): only the first of several RRULEs is used") }
      switch RecurrenceRule.parse(first.value, start: timing.start) {
      case .success(let rule): recurrence.rule = rule
      case .failure(.malformed): warnings.add("\(at): malformed RRULE; only the first instance is kept")
      case .failure(.unsupported(let part)):
        warnings.add("\(at): RRULE with \(part) is not supported; only the first instance is kept")
      }
    }
    for line in component.all("RDATE") {
      guard line.parameter("VALUE")?.uppercased() != "PERIOD" else {
        warnings.add("\(at): RDATE periods are not supported, skipped")
        continue
      }
      recurrence.extraStarts += DateTimeValue.list(line).map { instant($0, near: timing) }
    }
    for line in component.all("EXDATE") {
      for value in DateTimeValue.list(line) {
        if value.isDate { recurrence.excludedDays.insert(value.civil.date) }
        recurrence.excluded.insert(instant(value, near: timing))
      }
    }
    return recurrence.rule == nil && recurrence.extraStarts.isEmpty ? nil : recurrence
  }

  /// RDATE, EXDATE and RECURRENCE-ID written without a zone are in the event's own zone:
  /// producers often drop the TZID there while keeping it on DTSTART.
  private mutating func instant(_ value: DateTimeValue, near timing: Timing) -> Date {
    value.form == .floating ? value.civil.instant(in: timing.zone) : resolver.instant(value, warnings: &warnings)
  }

  /// How long each instance lasts: DTEND, else DURATION, else a day (DATE) or nothing.
  private mutating func span(of component: Component, start: DateTimeValue, zone: TimeZone, at: String) -> DurationValue
  {
    if let endLine = component.first("DTEND"), let end = dateTime(endLine) {
      if start.isDate {
        return DurationValue(days: max(1, end.civil.date.dayNumber - start.civil.date.dayNumber), seconds: 0)
      }
      let seconds = resolver.instant(end, warnings: &warnings).timeIntervalSince(start.civil.instant(in: zone))
      if seconds < 0 { warnings.add("\(at): DTEND before DTSTART; the event is read as having no length") }
      return DurationValue(days: 0, seconds: max(0, Int(seconds)))
    }
    if let durationLine = component.first("DURATION") {
      if let duration = DurationValue(durationLine.value), duration.days >= 0, duration.seconds >= 0 {
        return duration
      }
      warnings.add("\(at): invalid DURATION, ignored")
    }
    return start.isDate ? DurationValue(days: 1, seconds: 0) : .zero
  }

  /// DATE or DATE-TIME; `VALUE=DATE` keeps only the day even when a time is written.
  private func dateTime(_ line: ContentLine) -> DateTimeValue? {
    guard var value = DateTimeValue(line.value, parameters: line.parameters) else { return nil }
    if line.parameter("VALUE")?.uppercased() == "DATE" {
      value = DateTimeValue(civil: CivilDateTime(date: value.civil.date, secondOfDay: 0), form: .date)
    }
    return value
  }

  private func text(_ component: Component, _ name: String) -> String? {
    guard let line = component.first(name) else { return nil }
    // Outlook ends DESCRIPTIONs with an escaped newline; edges carry nothing.
    let text = TextValue.unescape(line.value).trimmingWhitespace()
    return text.isEmpty ? nil : text
  }

  /// The UID, or a stable stand-in (from DTSTART and SUMMARY) when the producer left it out.
  private mutating func uid(of component: Component, at: String) -> String {
    if let uid = component.first("UID")?.value.trimmingSpaces(), !uid.isEmpty { return uid }
    warnings.add("\(at): VEVENT without UID; an identifier is derived from its start and summary")
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    let seed = (component.first("DTSTART")?.value ?? "") + "\u{1F}" + (component.first("SUMMARY")?.value ?? "")
    for byte in seed.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return "outpost-derived-" + String(hash, radix: 16)
  }

  /// `GEO:47.37;8.54` (some producers write a comma).
  private func geo(_ raw: String) -> ICalGeo? {
    let parts = raw.split(whereSeparator: { $0 == ";" || $0 == "," }).map { Double($0.trimmingSpaces()) }
    guard parts.count == 2, let latitude = parts[0], let longitude = parts[1], abs(latitude) <= 90,
      abs(longitude) <= 180
    else { return nil }
    return ICalGeo(latitude: latitude, longitude: longitude)
  }

  private mutating func alarm(_ component: Component) -> ICalAlarm? {
    guard let trigger = component.first("TRIGGER") else { return nil }
    let action = component.first("ACTION").map { $0.value.trimmingSpaces().uppercased() }
    if trigger.parameter("VALUE")?.uppercased() == "DATE-TIME" {
      guard let value = DateTimeValue(trigger.value, parameters: trigger.parameters) else { return nil }
      return ICalAlarm(action: action, trigger: .absolute(resolver.instant(value, warnings: &warnings)))
    }
    guard let duration = DurationValue(trigger.value) else {
      warnings.add("line \(component.line): VALARM with an invalid TRIGGER, skipped")
      return nil
    }
    let toEnd = trigger.parameter("RELATED")?.uppercased() == "END"
    return ICalAlarm(action: action, trigger: .relative(seconds: duration.approximateSeconds, toEnd: toEnd))
  }
}
