import Foundation

/// Writes one VEVENT (RFC 5545 §3.6.1) from its content. Property order is fixed, so that equal
/// content gives equal bytes.
struct EventWriter {
  let settings: CalendarSettings
  /// The zone's offsets for the years written (any other year asks the zone).
  let offsets: ZoneOffsetTable
  /// `BEGIN:VALARM` and `ACTION:DISPLAY`: what each alarm says before its DESCRIPTION.
  private let alarmOpening: [UInt8]
  /// Each alarm's `TRIGGER` and `END:VALARM` (`settings.normalizedAlarms`, in that order), one
  /// after the other; `alarmClosingEnds[i]` is where alarm `i`'s ends. Written once rather than
  /// line by line for every event (issue 20), and integers to walk, not an array per alarm that
  /// every thread writing a calendar would retain.
  private let alarmClosings: [UInt8]
  private let alarmClosingEnds: [Int]
  /// `;TZID=<zone>`, encoded once rather than for every DTSTART and DTEND.
  private let zoneParameter: [UInt8]
  /// `settings.writesUTC`, which upper-cases the zone's name and looks it up: asked once, not
  /// for every DTSTART and DTEND (issue 20).
  private let writesUTC: Bool

  init(settings: CalendarSettings, offsets: ZoneOffsetTable) {
    self.settings = settings
    self.offsets = offsets
    var opening = ContentLineWriter()
    opening.begin("VALARM")
    opening.line("ACTION", raw: "DISPLAY")
    alarmOpening = opening.bytes
    var closings = ContentLineWriter()
    var ends: [Int] = []
    for minutes in settings.normalizedAlarms {
      closings.startLine("TRIGGER")
      closings.appendRaw("-PT")
      closings.appendNumber(minutes)
      closings.appendByte(UInt8(ascii: "M"))
      closings.endLine()
      closings.end("VALARM")
      ends.append(closings.bytes.count)
    }
    alarmClosings = closings.bytes
    alarmClosingEnds = ends
    zoneParameter = ContentLineWriter.encodedParameter("TZID", settings.timeZone.identifier)
    writesUTC = settings.writesUTC
  }

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
      writer.startLine("SEQUENCE")
      writer.appendNumber(max(0, stamp.sequence))
      writer.endLine()
      let modified = civilReading(Self.wholeSeconds(stamp.lastModified))
      writeUTC("DTSTAMP", modified, into: &writer)
      writeUTC("LAST-MODIFIED", modified, into: &writer)
    }
    var start = Date.distantPast
    switch content.timing {
    case .timed(let from, let to):
      start = from
      writeDateTime("DTSTART", from, into: &writer)
      if let to { writeDateTime("DTEND", to, into: &writer) }
    case .allDay(let from, let to):
      start = Date(timeIntervalSince1970: Double(offsets.instant(of: CivilDateTime(date: from, secondOfDay: 0))))
      writer.startLine("DTSTART", parameter: "VALUE", "DATE")
      writer.appendBasic(from)
      writer.endLine()
      writer.startLine("DTEND", parameter: "VALUE", "DATE")
      writer.appendBasic(to)
      writer.endLine()
    }
    if let summary = content.summary { writer.text("SUMMARY", summary) }
    if let location = content.location { writer.text("LOCATION", location) }
    if let geo = content.geo { writer.line("GEO", raw: geo) }
    if let description = content.description { writer.text("DESCRIPTION", description) }
    if let url = content.url {
      writer.startLine("URL")
      writer.appendURI(url)
      writer.endLine()
    }
    writer.line("STATUS", raw: content.status)
    if !content.categories.isEmpty {
      writer.startLine("CATEGORIES")
      for (index, category) in content.categories.enumerated() {
        if index > 0 { writer.appendByte(UInt8(ascii: ",")) }
        writer.appendEscaped(category)
      }
      writer.endLine()
    }
    let isPast = asOf.map { start <= $0 } ?? false
    if !content.isCancelled && !isPast {
      let text = content.summary ?? CalendarLabels.forLanguage(settings.language).reminder
      var closingStart = 0
      for closingEnd in alarmClosingEnds {
        writer.append(alarmOpening)
        writer.text("DESCRIPTION", text)
        writer.append(alarmClosings, from: closingStart, to: closingEnd)
        closingStart = closingEnd
      }
    }
    writer.end("VEVENT")
  }

  /// Local time with TZID, as calendars show it; UTC where the local reading would be read back
  /// as another instant (the second 02:30 of an autumn night is read as the first, §3.3.5), or
  /// when the zone is UTC itself.
  private func writeDateTime(_ name: StaticString, _ instant: Date, into writer: inout ContentLineWriter) {
    let whole = Self.wholeSeconds(instant)
    if !writesUTC {
      let local = offsets.reading(whole)
      if offsets.instant(of: local) == whole {
        writer.startLine(name, encodedParameters: zoneParameter)
        writer.appendBasic(local)
        writer.endLine()
        return
      }
    }
    writeUTC(name, civilReading(whole), into: &writer)
  }

  /// `NAME:20260105T101500Z`: a UTC reading.
  private func writeUTC(_ name: StaticString, _ reading: CivilDateTime, into writer: inout ContentLineWriter) {
    writer.startLine(name)
    writer.appendBasic(reading)
    writer.appendByte(UInt8(ascii: "Z"))
    writer.endLine()
  }

  static func wholeSeconds(_ instant: Date) -> Int { Int(instant.timeIntervalSince1970.rounded(.down)) }
}

extension CivilDate {
  /// Midnight of this day in `zone`.
  func instant(in zone: TimeZone) -> Date { CivilDateTime(date: self, secondOfDay: 0).instant(in: zone) }
}
