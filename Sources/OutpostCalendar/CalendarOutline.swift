/// What the check of an added feed reads (`ICalParser.parse(readingEvents: false)`): whether it
/// holds a calendar, its name and whether it was cut short, exactly as the whole parse finds
/// them, without making its content lines. Only BEGIN and END lines and the properties of the
/// top-level VCALENDARs are split; every other line is passed over by the bytes of its name.
/// The check made every line's strings and every component, and threw them away: the first
/// sync reads them again (issue 20).
struct CalendarOutline {
  /// Whether there is a VCALENDAR at the top level.
  var hasCalendar = false
  var name: String?
  var endedEarly = false

  /// A component being read: its name and, for a top-level VCALENDAR, the first values of the
  /// properties its name comes from.
  private struct Open {
    var name: String
    var calendarName: String?
    var nameProperty: String?
  }

  /// `ComponentBuilder.build` on BEGIN and END alone: the same stack, the same forgiveness.
  static func read(_ bytes: [UInt8]) -> CalendarOutline {
    var outline = CalendarOutline()
    var stack: [Open] = []
    var names: [String?] = []

    func close(_ component: Open, endedEarly: Bool) {
      guard stack.isEmpty, component.name == "VCALENDAR" else { return }
      outline.hasCalendar = true
      outline.endedEarly = outline.endedEarly || endedEarly
      // `ICalParser.name(of:)`: X-WR-CALNAME when the calendar has one, else NAME.
      names.append(
        (component.calendarName ?? component.nameProperty).map { TextValue.unescape($0).trimmingSpaces() })
    }

    let start = ContentLineReader.firstByte(of: bytes)
    ContentLineReader.forEachLine(bytes, from: start, to: bytes.count, firstLine: 1) { line, number in
      guard let line else { return }
      let inTopCalendar = stack.count == 1 && stack[0].name == "VCALENDAR"
      guard inTopCalendar || mayBeginOrEnd(line), let content = ContentLineReader.split(line, line: number) else {
        return
      }
      switch content.name {
      case "BEGIN":
        let name = content.value.trimmingSpaces().uppercased()
        guard !name.isEmpty, stack.count < ComponentBuilder.maximumDepth else { return }
        stack.append(Open(name: name))
      case "END":
        let name = content.value.trimmingSpaces().uppercased()
        guard let depth = stack.lastIndex(where: { $0.name == name }) else { return }
        while stack.count > depth + 1 { close(stack.removeLast(), endedEarly: false) }
        close(stack.removeLast(), endedEarly: false)
      case "X-WR-CALNAME" where inTopCalendar:
        stack[0].calendarName = stack[0].calendarName ?? content.value
      case "NAME" where inTopCalendar:
        stack[0].nameProperty = stack[0].nameProperty ?? content.value
      default: break
      }
    }
    while let unclosed = stack.popLast() { close(unclosed, endedEarly: true) }
    outline.name = names.lazy.compactMap { $0 }.first { !$0.isEmpty }
    return outline
  }

  /// Whether the line's name (what comes before its first `;` or `:`, spaces and tabs trimmed,
  /// upper-cased) may be BEGIN or END. A name of ASCII letters is compared as `split` would
  /// make it; one with any other byte is split to find out (a dotless ı upper-cases to I).
  static func mayBeginOrEnd(_ line: [UInt8]) -> Bool {
    var first = 0
    while first < line.count, line[first] == 0x20 || line[first] == 0x09 { first += 1 }
    var end = first
    while end < line.count, line[end] != UInt8(ascii: ";"), line[end] != UInt8(ascii: ":") {
      if line[end] >= 0x80 { return true }
      end += 1
    }
    while end > first, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
    func isWord(_ word: StaticString) -> Bool {
      guard end - first == word.utf8CodeUnitCount else { return false }
      return (0..<word.utf8CodeUnitCount).allSatisfy { line[first + $0] & 0xDF == word.utf8Start[$0] }
    }
    return isWord("BEGIN") || isWord("END")
  }
}
