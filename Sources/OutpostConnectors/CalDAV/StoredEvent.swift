import Foundation
import OutpostCalendar

/// What the pusher reads in a resource it finds on the server: whether it is Outpost's event,
/// and whether it already says what Outpost would write. Both read the iCalendar data, since
/// hrefs and bytes prove neither.
enum StoredEvent {
  /// Whether a resource read back says what `body` says. Not byte equality: servers store
  /// events re-serialized (Radicale reorders properties and rewrites `-PT60M` as `-PT1H`), so
  /// both are parsed and compared on everything the parser reads.
  static func says(_ stored: [UInt8], _ body: [UInt8]) -> Bool {
    if stored == body { return true }
    let utc = TimeZone(identifier: "UTC")!
    guard let theirs = try? ICalParser.parse(stored, floatingTimeZone: utc).events,
      let ours = try? ICalParser.parse(body, floatingTimeZone: utc).events, !ours.isEmpty
    else { return false }
    return theirs.map(EventEssence.init) == ours.map(EventEssence.init)
  }

  /// What a calendar shows of an event: the public fields of the parsed event (its internal
  /// timing holds the zone object, which a re-serialized VTIMEZONE may rebuild differently).
  private struct EventEssence: Equatable {
    var uid: String
    var recurrenceID: Date?
    var summary: String?
    var description: String?
    var location: String?
    var url: String?
    var status: ICalEventStatus?
    var start: Date
    var end: Date
    var isAllDay: Bool
    var geo: ICalGeo?
    var sequence: Int
    var lastModified: Date?
    var categories: [String]
    var alarms: [ICalAlarm]

    init(_ event: ICalEvent) {
      uid = event.uid
      recurrenceID = event.recurrenceID
      summary = event.summary
      description = event.description
      location = event.location
      url = event.url
      status = event.status
      start = event.start
      end = event.end
      isAllDay = event.isAllDay
      geo = event.geo
      sequence = event.sequence
      lastModified = event.lastModified
      categories = event.categories
      alarms = event.alarms
    }
  }

  /// Whether a calendar object resource is Outpost's event with this UID: every component in
  /// it has the UID (an event and its moved occurrences share one). Anything unreadable is
  /// not Outpost's.
  static func holds(_ uid: String, _ body: [UInt8]) -> Bool {
    guard let calendar = try? ICalParser.parse(body, floatingTimeZone: TimeZone(identifier: "UTC")!) else {
      return false
    }
    return !calendar.events.isEmpty && calendar.events.allSatisfy { $0.uid == uid }
  }
}
