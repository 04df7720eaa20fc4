import OutpostModel

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The pull of viiraa.md §3. Each table is read with the keyset pull from its own cursor (the
/// largest `updated_at` seen), a first sync only over the initial windows (35 days of
/// readings, 90 of insights). Coaching reminders are read whole every time (a handful of rows)
/// and re-expanded. Once a day the data tables are listed whole over the sync window instead,
/// so rows deleted outright at the service (which a change listing cannot show) leave too;
/// only a listing that completed without error removes anything.
extension ViiRaaConnector {
  static let readingsWindow: TimeInterval = 35 * 86_400
  static let insightsWindow: TimeInterval = 90 * 86_400
  static let reconcileEvery: TimeInterval = 86_400

  /// The tables pulled by keyset, with the column a first pull is limited by.
  struct Table: Sendable {
    var name: String
    var kinds: ItemKind
    var firstWindow: TimeInterval?
    var windowColumn: String?
  }

  static let tables: [Table] = [
    Table(name: "profiles", kinds: .healthProfile),
    Table(name: "glucose_readings", kinds: .glucoseReading, firstWindow: readingsWindow, windowColumn: "measured_at"),
    Table(name: "weight_readings", kinds: .weightReading, firstWindow: readingsWindow, windowColumn: "measured_at"),
    Table(name: "activity_days", kinds: .activityDay, firstWindow: readingsWindow, windowColumn: "day"),
    Table(name: "insights", kinds: .insight, firstWindow: insightsWindow, windowColumn: "published_at"),
  ]

  public func fetch(_ session: SupabaseSession, window: SyncWindow, cursor: SyncCursor?) async throws(ConnectorError)
    -> FetchResult
  {
    try usable(session)
    let started = now()
    var marks = cursor?.values ?? [:]
    let reconciling =
      marks["reconciledAt"].flatMap(UTCTimestamp.parse).map {
        started.timeIntervalSince($0) >= Self.reconcileEvery
      } ?? false
    // An insight published later than it was written only shows from then on: when that time
    // has come, insights are read whole again.
    let insightsDue = marks["insights.nextPublished"].flatMap(UTCTimestamp.parse).map { $0 <= started } ?? false
    let pull = KeysetPull(data: data)
    var rowsByTable: [String: [JSONValue]] = [:]
    var complete: Set<ItemKind> = []
    for table in Self.tables {
      var since = marks[table.name]
      var filter: String?
      let whole = reconciling && table.windowColumn != nil || (table.name == "insights" && insightsDue)
      if whole || since == nil, let column = table.windowColumn, let span = table.firstWindow {
        var from = started.addingTimeInterval(-span)
        if whole { from = min(from, window.from) }
        // On the hour: two first listings an instant apart list the same rows.
        from = Date(timeIntervalSince1970: (from.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        let value = column == "day" ? Self.day(from, timeZone: .gmt) : UTCTimestamp.format(from)
        filter = "\(column)=gte.\(FormEncoding.percentEncode(value))"
      }
      if whole {
        since = nil
        complete.insert(table.kinds)
      }
      let (rows, newest) = try await pull.changes(table.name, since: since, filter: filter, session: session)
      rowsByTable[table.name] = rows
      if let newest { marks[table.name] = newest }
    }
    let reminderRows = try await data.rows("coaching_reminders", query: "select=*&order=id.asc", session: session)

    let profileRow = rowsByTable["profiles"]?.last
    let zone = Self.timeZone(
      option: account.options["timeZone"], profile: profileRow?["time_zone"]?.stringValue ?? marks["profile.timeZone"])
    if let name = profileRow?["time_zone"]?.stringValue { marks["profile.timeZone"] = name }
    var items: [Item] = []
    var points: [SeriesPoint] = []
    var removed: [ItemKey] = []
    // A row that is not what its table promises (no dedup key, no time) is left out rather than
    // failing the whole sync; the rest of the page still counts.
    func take(_ parsed: ViiRaaItems.Parsed?) {
      switch parsed {
      case .item(let item)?: items.append(item)
      case .point(let point)?: points.append(point)
      case .deleted(let key)?: removed.append(key)
      case nil: break
      }
    }
    for row in rowsByTable["profiles"] ?? [] { take(ViiRaaItems.profile(row)) }
    for row in rowsByTable["glucose_readings"] ?? [] { take(ViiRaaItems.glucose(row)) }
    for row in rowsByTable["weight_readings"] ?? [] { take(ViiRaaItems.weight(row)) }
    for row in rowsByTable["activity_days"] ?? [] {
      take(ViiRaaItems.activity(row, timeZone: zone))
    }
    var nextPublished: Date?
    for row in rowsByTable["insights"] ?? [] {
      if row["deleted_at"]?.stringValue == nil, let at = row["published_at"]?.stringValue.flatMap(UTCTimestamp.parse),
        at > started
      {
        nextPublished = min(nextPublished ?? at, at)
      }
      take(ViiRaaItems.insight(row, now: started))
    }
    if insightsDue { marks["insights.nextPublished"] = nil }
    if let nextPublished {
      let kept = marks["insights.nextPublished"].flatMap(UTCTimestamp.parse)
      marks["insights.nextPublished"] = UTCTimestamp.format(min(kept ?? nextPublished, nextPublished))
    }
    let expansion = ViiRaaReminders.occurrences(reminderRows, now: started)
    items += expansion.items
    complete.insert(.coachingReminder)
    if reconciling || marks["reconciledAt"] == nil { marks["reconciledAt"] = UTCTimestamp.format(started) }
    return FetchResult(
      items: Item.newestVersions(items), points: Self.lastOfEachKey(points), complete: complete,
      cursor: SyncCursor(marks), removed: removed)
  }

  /// The overlap lists a row twice; pages come in `updated_at` order, so the last copy is the
  /// newest.
  static func lastOfEachKey(_ points: [SeriesPoint]) -> [SeriesPoint] {
    var position: [String: Int] = [:]
    var kept: [SeriesPoint] = []
    for point in points {
      if let index = position[point.key] {
        kept[index] = point
      } else {
        position[point.key] = kept.count
        kept.append(point)
      }
    }
    return kept
  }

  static func day(_ instant: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let parts = calendar.dateComponents([.year, .month, .day], from: instant)
    func padded(_ number: Int, _ width: Int) -> String {
      String(repeating: "0", count: max(0, width - String(number).count)) + String(number)
    }
    return "\(padded(parts.year ?? 1970, 4))-\(padded(parts.month ?? 1, 2))-\(padded(parts.day ?? 1, 2))"

  }
}
