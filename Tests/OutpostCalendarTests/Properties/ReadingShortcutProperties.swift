import Foundation
import OutpostModel
import PropertyBased
import Testing

@testable import OutpostCalendar
@testable import OutpostConnectors

/// A feed's first sync reads each event's text on the bytes where it used to walk characters
/// (issue 20): the content line's split, TEXT unescaping, the trimming of names and parameters,
/// the redaction of contact details, a location's one line, an event's UID and the instant of a
/// wall-clock time. Each is compared with the implementation it replaced, kept here.
@Suite struct ReadingShortcutProperties {
  /// Texts that sit on every edge the shortcuts take: spaces and tabs at the ends, combining
  /// marks after a space or a digit, CR LF against a lone LF or CR, every newline character, the
  /// delimiters of a content line, carets, escapes, digits in phone-like and date-like runs,
  /// addresses, non-ASCII letters and a byte of a character that is not its own character.
  static let pieces = [
    "a", "Zürich", "Halle", " ", "\t", "  ", "\u{301}", " \u{301}", "0\u{301}", "\n", "\r\n", "\r", "\u{0B}",
    "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}", ";", ":", ",", "=", "\"", "^", "^n", "^'", "^^", "\\", "\\n", "\\N",
    "\\,", "\\;", "\\\\", "0", "7", "079", " 123 45 67", "+41", "(0)", "-", "/", ".", "#", "@", "anna@example.ch",
    "mail@verein.ch.", "01.09.2025 20:15", "8645", "é", "€", "😀", "\u{600}", "x",
  ]

  static let text = FoldingProperties.text(from: pieces, upTo: 120)

  @Test func contactsAreRedactedAsByCharacters() async {
    await propertyCheck(count: 3000, input: Self.text) { text in
      #expect(ContactRedaction.redacted(text) == ReferenceRedaction.redacted(text), "\(text.debugDescription)")
    }
  }

  @Test func textIsUnescapedAsByteByByte() async {
    await propertyCheck(count: 3000, input: Self.text) { text in
      #expect(TextValue.unescape(text) == Self.referenceUnescape(text), "\(text.debugDescription)")
    }
  }

  @Test func spacesAreTrimmedAsByCharacters() async {
    await propertyCheck(count: 3000, input: Self.text) { text in
      #expect(text.trimmingSpaces() == Self.referenceTrimmingSpaces(text), "\(text.debugDescription)")
      let inner = text.dropFirst().dropLast()
      #expect(inner.trimmingSpaces() == Self.referenceTrimmingSpaces(inner), "\(text.debugDescription)")
    }
  }

  @Test func contentLinesSplitAsBefore() async {
    let line = FoldingProperties.text(
      from: [
        "DTSTART", "x-name", ";TZID=", "Europe/Zurich", ";", ":", "=", ",", "\"", "\"a;b:c\"", " ", "^n", "^'",
        "^^", "^", "value", "ü", "\u{301}",
      ], upTo: 80)
    await propertyCheck(count: 3000, input: line) { text in
      let bytes = Array(text.utf8)
      let split = ContentLineReader.split(bytes, line: 3)
      let reference = ReferenceSplit.split(bytes, line: 3)
      #expect(split == reference, "\(text.debugDescription)")
    }
  }

  @Test func locationsAreOneLineAsBefore() async {
    await propertyCheck(count: 3000, input: Self.text) { text in
      let reference = text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
        .joined(separator: ", ")
      #expect(ICalFeedItems.oneLine(text) == reference, "\(text.debugDescription)")
    }
  }

  @Test func uidsAreMadeAsBefore() async {
    let ids = FoldingProperties.text(from: Self.pieces + ["game-380002@referee.example.ch", "%", "_", "Z"], upTo: 260)
    await propertyCheck(count: 2000, input: ids) { id in
      var item = WriterFixtures.feedEvent
      item.upstreamID = id
      #expect(CalendarEntry.uid(for: item) == Self.referenceUID(item), "\(id.debugDescription)")
    }
  }

  /// Every quarter hour over days that hold a transition, in zones with DST (both
  /// hemispheres, a half-hour shift, a zone that moved its date line) and without.
  @Test func instantsAreFoundAsBefore() throws {
    let zones = [
      "Europe/Zurich", "America/New_York", "Australia/Lord_Howe", "Pacific/Apia", "Asia/Kolkata", "UTC",
      "America/Santiago",
    ]
    var compared = 0
    for identifier in zones {
      let zone = try #require(TimeZone(identifier: identifier))
      for (year, month, day) in [
        (2026, 3, 29), (2026, 10, 25), (2026, 3, 8), (2026, 11, 1), (2026, 4, 5),
        (2026, 10, 4), (2011, 12, 29), (2011, 12, 30), (2011, 12, 31), (2026, 9, 6), (2026, 6, 15),
      ] {
        let date = try #require(CivilDate(year: year, month: month, day: day))
        for quarter in 0..<96 {
          let civil = CivilDateTime(date: date, secondOfDay: quarter * 900)
          #expect(civil.instant(in: zone) == Self.referenceInstant(civil, in: zone), "\(identifier) \(civil)")
          compared += 1
        }
      }
    }
    #expect(compared == 7 * 11 * 96)
  }

  /// A feed's check when it is added reads no events: it must find what the whole parse finds
  /// (a calendar or none, its name, whether it was cut short) for whole feeds, every cut of
  /// them, and inputs that are no calendar.
  @Test func aFeedIsCheckedWithoutItsEventsAsWithThem() throws {
    let zone = try #require(TimeZone(identifier: "Europe/Zurich"))
    var inputs = [Fixtures.volleyManager, Fixtures.outlook, Fixtures.google].map(Fixtures.crlf)
    inputs += [Array("<html>Not found</html>".utf8), [], Fixtures.wrapped("X-WR-CALNAME:  \n\nNAME:Club")]
    for feed in inputs.prefix(3) {
      inputs += stride(from: 0, to: feed.count, by: 97).map { Array(feed[..<$0]) }
    }
    var calendars = 0
    for input in inputs {
      let whole = Result { () throws(ICalParseError) in try ICalParser.parse(input, floatingTimeZone: zone) }
      let checked = Result { () throws(ICalParseError) in
        try ICalParser.parse(input, floatingTimeZone: zone, readingEvents: false)
      }
      switch (whole, checked) {
      case (.success(let whole), .success(let checked)):
        #expect(checked.name == whole.name && checked.endedEarly == whole.endedEarly)
        #expect(checked.events.isEmpty && checked.warnings.isEmpty)
        calendars += 1
      case (.failure(let whole), .failure(let checked)): #expect(whole == checked)
      default: Issue.record("one read found a calendar, the other none: \(String(decoding: input, as: UTF8.self))")
      }
    }
    #expect(calendars > 50)
  }

  // MARK: - The implementations these replaced

  static func referenceUnescape(_ raw: String) -> String {
    let backslash = UInt8(ascii: "\\")
    guard raw.utf8.contains(backslash) else { return raw }
    var result: [UInt8] = []
    var escaped = false
    for byte in raw.utf8 {
      if escaped {
        result.append(byte == UInt8(ascii: "n") || byte == UInt8(ascii: "N") ? 0x0A : byte)
        escaped = false
      } else if byte == backslash {
        escaped = true
      } else {
        result.append(byte)
      }
    }
    if escaped { result.append(backslash) }
    return String(decoding: result, as: UTF8.self)
  }

  static func referenceTrimmingSpaces(_ text: some StringProtocol) -> String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = text.firstIndex(where: { !isSpace($0) }), let last = text.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(text[first...last])
  }

  static func referenceUID(_ item: Item) -> String {
    func sanitized(_ text: String) -> String {
      var result = ""
      for byte in text.utf8 {
        let isKept =
          (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
          || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
          || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
          || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
        if isKept {
          result.unicodeScalars.append(Unicode.Scalar(byte))
        } else {
          let hex = Array("0123456789ABCDEF")
          result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
        }
      }
      return result
    }
    let local = sanitized(item.kind.rawValue) + "-" + sanitized(item.upstreamID)
    let limit = CalendarEntry.maximumUIDLength - "@outpost".count
    guard local.utf8.count > limit else { return local + "@outpost" }
    var cut = String(local.prefix(limit - 17))
    if let percent = cut.suffix(2).firstIndex(of: "%") { cut = String(cut[..<percent]) }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in local.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    let digits = String(hash, radix: 16)
    return cut + "-" + String(repeating: "0", count: 16 - digits.count) + digits + "@outpost"
  }

  static func referenceInstant(_ civil: CivilDateTime, in zone: TimeZone) -> Date {
    let local = civil.secondsAsIfUTC
    let before = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local - 86_400)))
    let after = zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(local + 86_400)))
    for offset in [before, after].sorted(by: >) {
      let instant = Date(timeIntervalSince1970: Double(local - offset))
      if zone.secondsFromGMT(for: instant) == offset { return instant }
    }
    return Date(timeIntervalSince1970: Double(local - before))
  }
}

/// `ContactRedaction.redacted` as it was before it split lines on bytes and looked for
/// phone-like runs; the redaction of one line, which did not change, is the module's own.
private enum ReferenceRedaction {
  static func redacted(_ text: String) -> String {
    guard mayHoldContact(text.utf8) else { return text }
    return text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { mayHoldContact($0.utf8) ? ContactRedaction.redactedLine(Array($0)) : String($0) }
      .joined(separator: "\n")
  }

  private static func mayHoldContact(_ bytes: some Sequence<UInt8>) -> Bool {
    var digits = 0
    for byte in bytes {
      if byte == UInt8(ascii: "@") { return true }
      if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
        digits += 1
        if digits >= 9 { return true }
      }
    }
    return false
  }
}

/// `ContentLineReader.split` as it was before its delimiters were compared one by one and its
/// checks for carets and spaces were made on the bytes.
private enum ReferenceSplit {
  static func split(_ bytes: [UInt8], line: Int) -> ContentLine? {
    var index = 0
    while index < bytes.count, bytes[index] != UInt8(ascii: ";"), bytes[index] != UInt8(ascii: ":") { index += 1 }
    guard index < bytes.count, index > 0 else { return nil }
    let name = trimmed(decode(bytes[0..<index])).uppercased()
    var parameters: [String: [String]] = [:]
    while index < bytes.count, bytes[index] == UInt8(ascii: ";") {
      index += 1
      let nameStart = index
      while index < bytes.count, ![UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(bytes[index]) {
        index += 1
      }
      let parameterName = trimmed(decode(bytes[nameStart..<index])).uppercased()
      var values: [String] = []
      if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
        repeat {
          index += 1
          values.append(readParameterValue(bytes, &index))
        } while index < bytes.count && bytes[index] == UInt8(ascii: ",")
      }
      if !parameterName.isEmpty { parameters[parameterName, default: []] += values }
    }
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { return nil }
    return ContentLine(name: name, parameters: parameters, value: decode(bytes[(index + 1)...]), line: line)
  }

  private static func readParameterValue(_ bytes: [UInt8], _ index: inout Int) -> String {
    if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
      let start = index + 1
      index = start
      while index < bytes.count, bytes[index] != UInt8(ascii: "\"") { index += 1 }
      let value = decode(bytes[start..<min(index, bytes.count)])
      if index < bytes.count { index += 1 }
      while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(bytes[index]) {
        index += 1
      }
      return caretDecoded(value)
    }
    let start = index
    while index < bytes.count, ![UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: ":")].contains(bytes[index]) {
      index += 1
    }
    return caretDecoded(trimmed(decode(bytes[start..<index])))
  }

  private static func caretDecoded(_ value: String) -> String {
    guard value.contains("^") else { return value }
    var result = ""
    var pending = false
    for character in value {
      if pending {
        switch character {
        case "n", "N": result.append("\n")
        case "'": result.append("\"")
        case "^": result.append("^")
        default: result.append("^" + String(character))
        }
        pending = false
      } else if character == "^" {
        pending = true
      } else {
        result.append(character)
      }
    }
    if pending { result.append("^") }
    return result
  }

  private static func trimmed(_ text: String) -> String { ReadingShortcutProperties.referenceTrimmingSpaces(text) }

  private static func decode(_ bytes: ArraySlice<UInt8>) -> String { String(decoding: bytes, as: UTF8.self) }
}
