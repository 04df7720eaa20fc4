import Foundation
import OutpostCalendar
import OutpostModel

/// Turns a parsed feed into `.event` items: one per instance inside the sync window. Contents
/// (DESCRIPTION lists other people's e-mail addresses and phone numbers in VolleyManager feeds)
/// go only into the item, never into a message or a log.
enum ICalFeedItems {
  /// VolleyManager's personal referee feed names each game this way (one UID per game number).
  static let volleyManagerPrefix = "referee-convocation-for-game-"

  /// The items are built on all cores, in parts of at least 1,000 instances (issue 20).
  static func items(from calendar: ICalendar, window: SyncWindow, parallelism: Parallelism = .machine) -> [Item] {
    let range = min(window.from, window.to)...max(window.from, window.to)
    let occurrences = calendar.occurrences(in: range)
    let built = ParallelChunks.array(occurrences.count, parallelism) { index in
      item(for: occurrences[index], calendarName: calendar.name)
    }
    var seen: Set<String> = []
    // The parser de-duplicates events; this only guards the store's unique key.
    return built.filter { seen.insert($0.upstreamID).inserted }
  }

  static func item(for occurrence: ICalOccurrence, calendarName: String?) -> Item {
    let event = occurrence.event
    // A recurring instance is named by its original start, so moving it keeps its identity.
    let upstreamID = occurrence.recurrenceKey.map { event.uid + "/" + $0 } ?? event.uid
    return Item(
      kind: .event, upstreamID: upstreamID, title: event.summary ?? "", startsAt: occurrence.start,
      endsAt: occurrence.end, location: event.location.map(oneLine),
      status: event.status == .cancelled ? .cancelled : .active,
      details: details(of: occurrence, calendarName: calendarName), link: event.url)
  }

  private static func details(of occurrence: ICalOccurrence, calendarName: String?) -> JSONValue {
    let event = occurrence.event
    var details: [String: JSONValue] = [
      "uid": .string(event.uid),
      "allDay": .bool(event.isAllDay),
      "sequence": .int(Int64(event.sequence)),
      "recurring": .bool(occurrence.recurrenceKey != nil),
      "alarms": .array(
        event.alarms.map { alarm in
          let before = occurrence.start.timeIntervalSince(alarm.fireDate(start: occurrence.start, end: occurrence.end))
          return .int(Int64((before / 60).rounded()))
        }),
    ]
    if let description = event.description { details["description"] = .string(description) }
    if let geo = event.geo {
      details["geo"] = ["latitude": .double(geo.latitude), "longitude": .double(geo.longitude)]
    }
    if let url = event.url { details["url"] = .string(url) }
    if let calendarName { details["calendar"] = .string(calendarName) }
    if !event.categories.isEmpty { details["categories"] = .array(event.categories.map(JSONValue.string)) }
    if let status = event.status { details["status"] = .string(status.rawValue) }
    if let gameNumber = gameNumber(event.uid) { details["gameNumber"] = gameNumber }
    return .object(details)
  }

  /// The game number of a VolleyManager UID, as a number when it is one.
  static func gameNumber(_ uid: String) -> JSONValue? {
    guard uid.hasPrefix(volleyManagerPrefix) else { return nil }
    let number = uid.dropFirst(volleyManagerPrefix.count)
    guard !number.isEmpty else { return nil }
    if let value = Int64(number) { return .int(value) }
    return .string(String(number))
  }

  /// Item locations are one line, as typed into a map search.
  static func oneLine(_ text: String) -> String {
    // Mostly one line already: then only trimmed, without a split by characters (issue 20). Every
    // newline character (LF, VT, FF, CR, NEL, U+2028, U+2029) holds one of these bytes.
    let mayBreak = text.utf8.contains { (0x0A...0x0D).contains($0) || $0 == 0x85 || $0 == 0xA8 || $0 == 0xA9 }
    guard mayBreak else { return text.trimmingWhitespace() }
    return text.split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
      .joined(separator: ", ")
  }
}
