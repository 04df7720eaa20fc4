import Foundation
import OutpostModel
import OutpostStore

/// The reminders the rules want for items: pure, so it can be re-run after every sync and its
/// result handed to `Store.reconcileReminders`, which changes only what differs.
public enum ReminderPlanner {
  /// The desired reminders of `items`. Gives none for items removed, not active (cancelled,
  /// closed, …) or over (their end, or start when they have no end, is not after `now`): the
  /// reconciliation withdraws what such items had pending. Start rules need a start; a
  /// reminder whose time already passed is still given while its item has not ended, so that
  /// a re-plan never withdraws a reminder that is due this very moment (the catch-up decides
  /// whether a late one is shown or recorded missed).
  ///
  /// - Parameters:
  ///   - rules: for every account without rules of its own in `accountRules` (keyed by id).
  ///   - timeZone: the user's, for "the evening before at 20:00" (daylight saving included).
  public static func plan(
    items: [StoredItem], rules: ReminderRules, accountRules: [String: ReminderRules] = [:], timeZone: TimeZone,
    now: Date
  ) -> [DesiredReminder] {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    var desired: [DesiredReminder] = []
    for stored in items {
      let kindRules = (accountRules[stored.accountID] ?? rules)[stored.item.kind]
      desired += reminders(for: stored, rules: kindRules, calendar: calendar, now: now)
    }
    return desired
  }

  /// The reminders one item is given under `rules`.
  public static func reminders(for stored: StoredItem, rules: ReminderRules.KindRules, calendar: Calendar, now: Date)
    -> [DesiredReminder]
  {
    let item = stored.item
    guard stored.removedAt == nil, item.status == .active else { return [] }
    var desired: [DesiredReminder] = []
    if let start = item.startsAt, (item.endsAt ?? start) > now {
      if let evening = rules.eveningBefore, let due = eveningBefore(start: start, rule: evening, calendar: calendar) {
        desired.append(
          DesiredReminder(itemNumber: stored.number, rule: ReminderRuleKind.eveningBefore.rawValue, dueAt: due))
      }
      if let lead = rules.beforeStart {
        desired.append(
          DesiredReminder(
            itemNumber: stored.number, rule: ReminderRuleKind.beforeStart.rawValue,
            dueAt: start.addingTimeInterval(-lead.timeInterval)))
      }
    }
    if let lead = rules.deadlineLead {
      for deadline in deadlines(of: item) where deadline.at > now {
        desired.append(
          DesiredReminder(
            itemNumber: stored.number, rule: ReminderRuleKind.deadline(deadline.name),
            dueAt: deadline.at.addingTimeInterval(-(deadline.lead ?? lead).timeInterval)))
      }
    }
    return desired
  }

  /// `rule.time` on the local day before the start's local day, or nil when that is less than
  /// `rule.minimumLead` before the start. Computed on the calendar, not by subtracting 24 h,
  /// so the night daylight saving changes is no different.
  public static func eveningBefore(start: Date, rule: ReminderRules.EveningBefore, calendar: Calendar) -> Date? {
    let day = calendar.dateComponents([.year, .month, .day], from: start)
    guard let midday = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12)),
      let previous = calendar.date(byAdding: .day, value: -1, to: midday)
    else { return nil }
    var components = calendar.dateComponents([.year, .month, .day], from: previous)
    components.hour = rule.time.hour
    components.minute = rule.time.minute
    components.second = 0
    guard let due = calendar.date(from: components), start.timeIntervalSince(due) >= rule.minimumLead.timeInterval
    else {
      return nil
    }
    return due
  }

  /// A deadline a connector gives an item, in its details:
  /// `"deadlines": [{"name": "report", "at": "2026-11-22T18:00:00Z", "remind_before_minutes": 1440}]`
  /// (`remind_before_minutes` optional: the rules' `deadlineLead` otherwise). `name` must start
  /// with a lowercase letter and is the stable half of the reminder's key.
  public struct Deadline: Sendable, Equatable {
    public var name: String
    public var at: Date
    public var lead: Duration?
  }

  /// The members of an item's details a plan reads (`deadlines(of:)`).
  public static let detailKeys: Set<String> = ["deadlines"]

  public static func deadlines(of item: Item) -> [Deadline] {
    guard case .array(let entries)? = item.details["deadlines"] else { return [] }
    return entries.compactMap { entry in
      guard let name = entry["name"]?.stringValue, let first = name.unicodeScalars.first,
        ("a"..."z").contains(first), name.count <= 100,
        let at = entry["at"]?.stringValue.flatMap(UTCTimestamp.parse)
      else { return nil }
      let lead = entry["remind_before_minutes"]?.int64Value.flatMap { $0 > 0 ? Duration.seconds($0 * 60) : nil }
      return Deadline(name: name, at: at, lead: lead)
    }
  }
}

extension Duration {
  /// In seconds, for `Date` arithmetic.
  var timeInterval: TimeInterval {
    let (seconds, attoseconds) = components
    return TimeInterval(seconds) + TimeInterval(attoseconds) / 1e18
  }
}

extension ReminderPlanner {
  /// Plans the reminders of `itemNumbers` (nil: of every item) from the store and reconciles
  /// them: what the daemon runs after a sync (with the numbers of its `ItemChange`s) and after
  /// the rules changed (nil). Items the store no longer has are in scope too, so their
  /// pending reminders are withdrawn.
  @discardableResult
  public static func replan(
    in store: Store, itemNumbers: Set<Int64>?, rules: ReminderRules, accountRules: [String: ReminderRules] = [:],
    timeZone: TimeZone, now: Date
  ) async throws(StoreError) -> ReminderReconciliation {
    if let itemNumbers, itemNumbers.isEmpty { return ReminderReconciliation() }
    // Only the details a plan reads: after every sync that changed anything this reads every
    // item, and parsing their details whole was most of it (issue 20).
    var items = try await store.items(includeRemoved: true, detailKeys: detailKeys)
    if let itemNumbers { items.removeAll { !itemNumbers.contains($0.number) } }
    let desired = plan(items: items, rules: rules, accountRules: accountRules, timeZone: timeZone, now: now)
    return try await store.reconcileReminders(desired, for: itemNumbers, now: now)
  }
}
