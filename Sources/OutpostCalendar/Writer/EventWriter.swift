import Foundation

/// Writes one VEVENT (RFC 5545 §3.6.1) from its content. Property order is fixed, so that equal
/// content gives equal bytes.
struct EventWriter {
  let settings: CalendarSettings

  /// The bookkeeping of a written event; `contentDigest` leaves it out.
  struct Stamp {
    var sequence: Int
    var lastModified: Date
  }

  /// `stamp` nil writes no DTSTAMP, SEQUENCE or LAST-MODIFIED (for the digest). Alarms are left
  /// out of cancelled events and of events that start at or before `asOf`: a client must not
  /// pop up reminders for games long played when the calendar is first subscribed.
  func write(
    uid: String, content: EventContent, stamp: Stamp?, asOf: Date?, into writer: inout ContentLineWriter
  ) {
    writer.begin("VEVENT")
    writer.text("UID", uid)
    if let stamp {
      writer.line("SEQUENCE", raw: String(max(0, stamp.sequence)))
      writer.line("DTSTAMP", raw: utcText(stamp.lastModified))
      writer.line("LAST-MODIFIED", raw: utcText(stamp.lastModified))
    }
    var start = Date.distantPast
    switch content.timing {
    case .timed(let from, let to):
      start = from
      writeDateTime("DTSTART", from, into: &writer)
      if let to { writeDateTime("DTEND", to, into: &writer) }
    case .allDay(let from, let to):
      start = from.instant(in: settings.timeZone)
      writer.line("DTSTART", [("VALUE", "DATE")], raw: from.basicFormat)
      writer.line("DTEND", [("VALUE", "DATE")], raw: to.basicFormat)
    }
    if let summary = content.summary { writer.text("SUMMARY", summary) }
    if let location = content.location { writer.text("LOCATION", location) }
    if let geo = content.geo { writer.line("GEO", raw: geo) }
    if let description = content.description { writer.text("DESCRIPTION", description) }
    if let url = content.url { writer.line("URL", raw: ContentLineWriter.uri(url)) }
    writer.line("STATUS", raw: content.status)
    if !content.categories.isEmpty {
      writer.line("CATEGORIES", raw: content.categories.map(ContentLineWriter.escapeText).joined(separator: ","))
    }
    let isPast = asOf.map { start <= $0 } ?? false
    if !content.isCancelled && !isPast {
      let text = content.summary ?? CalendarLabels.forLanguage(settings.language).reminder
      for minutes in settings.normalizedAlarms {
        writer.begin("VALARM")
        writer.line("ACTION", raw: "DISPLAY")
        writer.text("DESCRIPTION", text)
        writer.line("TRIGGER", raw: "-PT\(minutes)M")
        writer.end("VALARM")
      }
    }
    writer.end("VEVENT")
  }

  /// Local time with TZID, as calendars show it; UTC where the local reading would be read back
  /// as another instant (the second 02:30 of an autumn night is read as the first, §3.3.5), or
  /// when the zone is UTC itself.
  private func writeDateTime(_ name: String, _ instant: Date, into writer: inout ContentLineWriter) {
    let whole = Date(timeIntervalSince1970: instant.timeIntervalSince1970.rounded(.down))
    let zone = settings.timeZone
    let local = CivilDateTime(whole, in: zone)
    if settings.writesUTC || local.instant(in: zone) != whole {
      writer.line(name, raw: utcText(whole))
    } else {
      writer.line(name, [("TZID", zone.identifier)], raw: local.basicFormat)
    }
  }

  /// `20260105T101500Z`.
  func utcText(_ instant: Date) -> String {
    civilReading(Int(instant.timeIntervalSince1970.rounded(.down))).basicFormat + "Z"
  }
}

extension CivilDate {
  /// Midnight of this day in `zone`.
  func instant(in zone: TimeZone) -> Date { CivilDateTime(date: self, secondOfDay: 0).instant(in: zone) }
}
