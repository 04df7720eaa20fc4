import OutpostCalendar
import OutpostModel

/// What an invoice shows as, reminds on and puts in the widget (agility.md §3 "Effective
/// status"): computed from the stored row and the local date, never taken from a stored
/// `overdue` (a server job may have stored it before the due date moved out).
public struct AgilityInvoiceStatus: Sendable, Equatable {
  public enum State: String, Sendable { case draft, sent, viewed, paid, overdue }

  public var state: State
  /// What is still open, in cents; 0 for a paid invoice.
  public var openCents: Int64
  /// Some but not all of it was paid.
  public var partiallyPaid: Bool

  public init(
    stored: String, totalCents: Int64, amountPaidCents: Int64, due: CivilDate?, viewed: Bool, today: CivilDate
  ) {
    openCents = max(0, totalCents - amountPaidCents)
    partiallyPaid = amountPaidCents > 0 && amountPaidCents < totalCents
    if stored == "draft" {
      state = .draft
    } else if stored == "paid" || amountPaidCents >= totalCents {
      state = .paid
      openCents = 0
      partiallyPaid = false
    } else if let due, due < today {
      state = .overdue
    } else if viewed {
      state = .viewed
    } else {
      state = .sent
    }
  }

  /// "overdue", "sent, partially paid, $120.00 open".
  public var label: String {
    partiallyPaid ? "\(state.rawValue), partially paid, \(AgilityMoney.display(openCents)) open" : state.rawValue
  }
}

/// The reminders of an unpaid invoice (agility.md §3): 3 days before the due day, on it, the
/// day after, then every 7 days until paid, each at 09:00 local. They are deadlines in the
/// item's details, each useful until 21:00 that day (a reminder missed while the computer was
/// off still shows that evening, not the next morning).
enum AgilityDeadlines {
  static let remindAt = 9 * 3600
  static let usefulFor = 12 * 3600
  /// Weekly reminders are given a few weeks ahead of `today`: invoices are read again every
  /// day, so the next ones are added as the weeks pass, and a list of reminders never fills
  /// with half a year of them.
  static let weeksAhead = 5

  static func invoice(due: CivilDate, today: CivilDate, days: AgilityDays) -> [JSONValue] {
    var when: [(String, CivilDate)] = [
      ("due-in-3", due.adding(days: -3)), ("due", due), ("overdue", due.adding(days: 1)),
    ]
    var week = 1
    while due.adding(days: 1 + 7 * week) <= today.adding(days: 7 * weeksAhead) {
      when.append(("overdue-week-\(week)", due.adding(days: 1 + 7 * week)))
      week += 1
    }
    return when.map { entry(name: $0.0, day: $0.1, days: days) }
  }

  /// 14 and 3 days before a tax due day and on it; "possibly underpaid" the day after when
  /// something is still open (agility.md §4.3).
  static func tax(due: CivilDate, stillOpen: Bool, days: AgilityDays) -> [JSONValue] {
    var when: [(String, CivilDate)] = [
      ("tax-in-14", due.adding(days: -14)), ("tax-in-3", due.adding(days: -3)), ("tax-due", due),
    ]
    if stillOpen { when.append(("tax-underpaid", due.adding(days: 1))) }
    return when.map { entry(name: $0.0, day: $0.1, days: days) }
  }

  static func entry(name: String, day: CivilDate, days: AgilityDays) -> JSONValue {
    let at = days.instant(day, secondsIntoDay: remindAt + usefulFor)
    return [
      "name": .string(name), "at": .string(UTCTimestamp.format(at)),
      "remind_before_minutes": .int(Int64(usefulFor / 60)),
    ]
  }
}
