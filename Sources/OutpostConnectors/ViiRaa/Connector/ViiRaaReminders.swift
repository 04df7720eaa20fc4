import OutpostCalendar
import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Coaching reminders expanded into occurrences (viiraa.md §6): from `starts_at`, `rrule` and
/// `time_zone` up to `ends_at`, over the next 14 days (and the last day, so this morning's is
/// still there to mark done). Inactive and deleted rows give none.
enum ViiRaaReminders {
  static let horizon: TimeInterval = 14 * 86_400
  static let lookBack: TimeInterval = 86_400
  /// How long after its time an occurrence is still worth a notification.
  static let usefulFor: TimeInterval = 3600

  struct Expansion {
    var items: [Item] = []
    /// Rows whose rule cannot be expanded, with the reason, for the log.
    var refused: [String] = []
  }

  static func occurrences(_ rows: [JSONValue], now: Date) -> Expansion {
    var expansion = Expansion()
    for row in rows {
      guard let id = row["id"]?.stringValue, let title = row["title"]?.stringValue,
        let first = row["starts_at"]?.stringValue.flatMap(UTCTimestamp.parse),
        row["deleted_at"]?.stringValue == nil, row["active"] != .bool(false)
      else { continue }
      let zone = row["time_zone"]?.stringValue.flatMap(TimeZone.init(identifier:)) ?? .gmt
      var upper = now.addingTimeInterval(horizon)
      if let end = row["ends_at"]?.stringValue.flatMap(UTCTimestamp.parse) { upper = min(upper, end) }
      let lower = now.addingTimeInterval(-lookBack)
      guard lower <= upper else { continue }
      let starts: [Date]
      switch RuleExpansion.starts(rrule: row["rrule"]?.stringValue, first: first, zone: zone, in: lower...upper) {
      case .success(let found): starts = found
      case .failure(let failure):
        expansion.refused.append("\(id): \(failure)")
        continue
      }
      let completed = row["last_completed_at"]?.stringValue.flatMap(UTCTimestamp.parse)
      let snoozed = row["snoozed_until"]?.stringValue.flatMap(UTCTimestamp.parse)
      // The snooze moves the next occurrence still ahead of the moment it was set for.
      let snoozedIndex = snoozed.flatMap { until in
        starts.firstIndex { $0.addingTimeInterval(usefulFor) > now && $0 < until }
      }
      for (index, start) in starts.enumerated() {
        // Done when marked done nearer to this occurrence than to the one before or after
        // (a day either side for the first and last): a 08:00 check done at 06:30 or 10:00.
        let previous = index > 0 ? starts[index - 1] : start.addingTimeInterval(-86_400)
        let next = index + 1 < starts.count ? starts[index + 1] : start.addingTimeInterval(86_400)
        let from = start.addingTimeInterval(-start.timeIntervalSince(previous) / 2)
        let until = start.addingTimeInterval(next.timeIntervalSince(start) / 2)
        let done = completed.map { $0 >= from && $0 < until } ?? false
        let due = index == snoozedIndex ? snoozed! : start
        var details: [String: JSONValue] = [
          "reminderId": .string(id), "version": row["version"] ?? .null,
          "occurrence": .string(UTCTimestamp.format(start)),
          "deadlines": [
            [
              "name": "coaching", "at": .string(UTCTimestamp.format(due.addingTimeInterval(usefulFor))),
              "remind_before_minutes": .int(Int64(usefulFor / 60)),
            ]
          ],
        ]
        for (column, name) in [
          ("body", "body"), ("category", "category"), ("rrule", "rrule"), ("created_by", "createdBy"),
        ] {
          if let text = row[column]?.stringValue { details[name] = .string(text) }
        }
        if index == snoozedIndex { details["snoozedUntil"] = .string(UTCTimestamp.format(due)) }
        // From then on "done" counts for this occurrence (and not for the one before).
        details["doneFrom"] = .string(UTCTimestamp.format(from))
        expansion.items.append(
          Item(
            kind: .coachingReminder, upstreamID: "\(id)@\(UTCTimestamp.format(start))", title: title, startsAt: start,
            status: done ? .closed : .active, details: .object(details),
            link: row["link"]?.stringValue.flatMap { $0.hasPrefix("https://") || $0.hasPrefix("http://") ? $0 : nil }))
      }
    }
    return expansion
  }
}
